package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// docFiles are the project's documents: README.md and every file of docs/.
func docFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("docs/ holds no .md files")
	}
	return append([]string{"README.md"}, files...)
}

var (
	linkPattern    = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	headingPattern = regexp.MustCompile(`(?m)^#+ (.+)$`)
)

// slug is the anchor GitHub gives a heading: lower case, backticks and
// punctuation other than hyphens dropped, spaces as hyphens.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors are the slugs of a document's headings, outside indented and
// fenced code, a repeated slug numbered -1, -2... as GitHub numbers it.
func anchors(text string) map[string]bool {
	set := map[string]bool{}
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		m := headingPattern.FindStringSubmatch(line)
		if fenced || m == nil {
			continue
		}
		s := slug(m[1])
		for n := 1; set[s]; n++ {
			s = fmt.Sprintf("%s-%d", slug(m[1]), n)
		}
		set[s] = true
	}
	return set
}

// TestDocLinksResolve checks that every relative link of the documents
// names a file that exists and, with a #fragment, a heading of that file.
func TestDocLinksResolve(t *testing.T) {
	texts := map[string]string{}
	for _, f := range docFiles(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts[filepath.Clean(f)] = string(b)
	}
	for file, text := range texts {
		for _, m := range linkPattern.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, fragment, _ := strings.Cut(target, "#")
			dest := file
			if path != "" {
				dest = filepath.Clean(filepath.Join(filepath.Dir(file), path))
				if _, err := os.Stat(dest); err != nil {
					t.Errorf("%s: link %q: %v", file, target, err)
					continue
				}
			}
			if fragment == "" {
				continue
			}
			destText, ok := texts[dest]
			if !ok {
				t.Errorf("%s: link %q: an anchor into a file that is not a document", file, target)
				continue
			}
			if !anchors(destText)[fragment] {
				t.Errorf("%s: link %q: %s has no heading with that anchor", file, target, dest)
			}
		}
	}
}

// TestRunsTableNamesSections checks the README's "Where the runs stand":
// every row that links a document names, in quotes, only sections (or the
// bold openings of paragraphs) that document has.
func TestRunsTableNamesSections(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(b), "\n## Where the runs stand\n")
	if !ok {
		t.Fatal(`README.md has no "Where the runs stand"`)
	}
	table, _, _ = strings.Cut(table, "\n## ")
	cell := regexp.MustCompile(`\| \[(docs/[a-z-]+\.md)\]\(docs/[a-z-]+\.md\): ([^|]*) \|$`)
	quoted := regexp.MustCompile(`"([^"]+)"`)
	rows := 0
	for _, line := range strings.Split(table, "\n") {
		m := cell.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		rows++
		doc, err := os.ReadFile(m[1])
		if err != nil {
			t.Errorf("%s: %v", line, err)
			continue
		}
		var titles []string
		for _, l := range strings.Split(string(doc), "\n") {
			if strings.HasPrefix(l, "#") || strings.HasPrefix(l, "**") {
				titles = append(titles, strings.ReplaceAll(l, "`", ""))
			}
		}
		for _, q := range quoted.FindAllStringSubmatch(m[2], -1) {
			found := false
			for _, title := range titles {
				if strings.Contains(title, strings.ReplaceAll(q[1], "`", "")) {
					found = true
					break
				}
			}
			if !found {
				t.Errorf("README.md's runs table names %q, which %s has no section for", q[1], m[1])
			}
		}
	}
	if rows < 40 {
		t.Errorf("the runs table links %d rows to documents; want every played row (40 or more)", rows)
	}
}
