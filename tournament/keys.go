package tournament

import (
	"fmt"
	"reflect"
	"strings"
)

// Go's JSON decoder takes a key in any case for a field ("INDEX" for
// "index"), lets the last of two equal keys win and skips keys it does not
// know, so a line edited by hand or damaged in a key could be read as
// another game than any tool that reads keys exactly (jq, Python) sees.
// checkKeys refuses such a line: every key of a record, and of each of its
// moves, is one its field has, written as a run writes it, at most once.

// fieldSet is the keys of a struct's JSON fields, by their tags.
type fieldSet map[string]int

func jsonFields(t reflect.Type) fieldSet {
	s := fieldSet{}
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			s[name] = len(s)
		}
	}
	return s
}

var (
	recordFields = jsonFields(reflect.TypeFor[Record]())
	moveFields   = jsonFields(reflect.TypeFor[MoveSummary]())
)

// keyScope is what an open object or array of a record's line holds.
type keyScope uint8

const (
	scopeRecord keyScope = iota // the record's own object
	scopeMoves                  // the moves array
	scopeMove                   // one move's object
	scopeFree                   // a map (ends), whose keys are data, or a plain value's array
)

// checkKeys reports the first key of line, one JSON value that the decoder
// has read without error (and nothing after it), that is not a field of a
// record (or of a move) as a run writes it, or that is given twice.
func checkKeys(line []byte) error {
	type open struct {
		scope keyScope
		seen  uint64 // the fields given so far, by their numbers
		moves bool   // the last key read is the record's moves
	}
	var stack [8]open
	depth := 0
	move := -1 // the number of the move object being read
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case '{', '[':
			scope := scopeFree
			switch {
			case depth == 0:
				scope = scopeRecord
			case stack[depth-1].scope == scopeRecord && stack[depth-1].moves && c == '[':
				scope = scopeMoves
			case stack[depth-1].scope == scopeMoves && c == '{':
				scope = scopeMove
				move++
			}
			if depth == len(stack) {
				return fmt.Errorf("values nested %d deep, deeper than any record", depth+1)
			}
			stack[depth] = open{scope: scope}
			depth++
		case '}', ']':
			if depth == 0 {
				return fmt.Errorf("%q closes no value", c)
			}
			depth--
		case '"':
			start := i + 1
			escaped := false
			for i++; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' {
					escaped = true
					i++
				}
			}
			key := line[start:i]
			j := i + 1
			for j < len(line) && (line[j] == ' ' || line[j] == '\t' || line[j] == '\n' || line[j] == '\r') {
				j++
			}
			if j == len(line) || line[j] != ':' || depth == 0 {
				continue // a string value, not a key
			}
			top := &stack[depth-1]
			fields := recordFields
			switch top.scope {
			case scopeRecord:
			case scopeMove:
				fields = moveFields
			default:
				continue
			}
			what := func() string {
				if top.scope == scopeMove {
					return fmt.Sprintf("a move (move %d)", move+1)
				}
				return "a record"
			}
			n, ok := fields[string(key)]
			if !ok || escaped {
				return unknownKey(string(key), fields, what())
			}
			if top.seen&(1<<n) != 0 {
				return fmt.Errorf("field %s: given twice in %s", key, what())
			}
			top.seen |= 1 << n
			top.moves = string(key) == "moves"
		}
	}
	return nil
}

// unknownKey names a key that no field of what has, and the field it
// differs from only in case, if one does.
func unknownKey(key string, fields fieldSet, what string) error {
	for name := range fields {
		if strings.EqualFold(name, key) {
			return fmt.Errorf("field %q: not a field of %s (keys are written %q)", key, what, name)
		}
	}
	return fmt.Errorf("field %q: not a field of %s", key, what)
}
