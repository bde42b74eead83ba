package config

import (
	"strings"

	"github.com/BurntSushi/toml"
)

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

// syntaxPlace returns the line and key of a TOML syntax error. The decoder
// reports the line after a broken table header and the last key it read,
// which may belong to the table before; the line is taken from the error's
// byte offset instead, and a key outside the table that encloses that line
// is replaced by the table's name (or by the broken header, as typed).
func syntaxPlace(text string, pe toml.ParseError) (int, string) {
	line := pe.Position.Line
	if start := pe.Position.Start; start >= 0 && start <= len(text) {
		line = strings.Count(text[:start], "\n") + 1
	}
	lines := strings.Split(text, "\n")
	if line < 1 || line > len(lines) {
		return line, pe.LastKey
	}
	if here := strings.TrimSpace(lines[line-1]); strings.HasPrefix(here, "[") {
		return line, here
	}
	table := ""
	for i := line - 2; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); strings.HasPrefix(l, "[") {
			table = unquote(strings.Trim(l, "[] \t"))
			break
		}
	}
	if table == "" || pe.LastKey == table || strings.HasPrefix(pe.LastKey, table+".") {
		return line, pe.LastKey
	}
	return line, table
}
