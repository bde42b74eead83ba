package config

import "strings"

// lineIndex finds the line of a key in TOML text, for error messages: the
// decoder keeps key positions to itself. It follows [table] headers and
// dotted headers; it does not need to understand inline tables, which the
// schema does not use.
type lineIndex struct{ lines []string }

func newLineIndex(text string) lineIndex { return lineIndex{strings.Split(text, "\n")} }

// find returns the 1-based line where key is set in the table named by path
// (nil for the top level), or where the table [path.key] starts; 0 if not
// found.
func (x lineIndex) find(path []string, key string) int {
	want := strings.Join(path, ".")
	sub := key
	if want != "" {
		sub = want + "." + key
	}
	current := ""
	for i, raw := range x.lines {
		line := strings.TrimSpace(raw)
		if strings.HasPrefix(line, "[") {
			name := strings.Trim(line, "[] \t")
			if j := strings.Index(name, "#"); j >= 0 {
				name = strings.TrimSpace(strings.Trim(name[:j], "] "))
			}
			name = unquote(name)
			if name == sub || strings.HasPrefix(name, sub+".") {
				return i + 1
			}
			current = name
			continue
		}
		if current != want {
			continue
		}
		k, _, ok := strings.Cut(line, "=")
		if ok && unquote(strings.TrimSpace(k)) == key {
			return i + 1
		}
	}
	return 0
}

func unquote(s string) string {
	parts := strings.Split(s, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}
