package tournament

import (
	"strings"
	"testing"
)

// A key the decoder would take in another case, a key given twice (the
// last would win) and a key no record has are refused, in the record and
// in its moves; a map's keys (ends) are data, and a string value that looks
// like a key is no key.
func TestParseRecordRefusesKeysARunNeverWrites(t *testing.T) {
	good := strings.TrimSuffix(goodLine("1", 0), "\n")
	if _, err := ParseRecord([]byte(good)); err != nil {
		t.Fatalf("the good line: %v", err)
	}
	tests := []struct {
		name, line, want string // want "" for a line that reads
	}{
		{"a key in capitals", strings.Replace(good, `"index":0`, `"INDEX":0`, 1), `field "INDEX": not a field of a record (keys are written "index")`},
		{"a capitalised key added", strings.Replace(good, `}]}`, `}],"Result":"0-1"}`, 1), `field "Result": not a field of a record (keys are written "result")`},
		{"a key given twice", strings.Replace(good, `}]}`, `}],"result":"0-1"}`, 1), "field result: given twice in a record"},
		{"an unknown key", strings.Replace(good, `}]}`, `}],"zzz":1}`, 1), `field "zzz": not a field of a record`},
		{"an escaped key", strings.Replace(good, `"index":0`, `"ind\u0065x":0`, 1), `field "ind\\u0065x": not a field of a record`},
		{"a move's key in capitals", strings.Replace(good, `{"move":"a1"`, `{"MOVE":"a1"`, 1), `field "MOVE": not a field of a move (move 1) (keys are written "move")`},
		{"a move's key twice", strings.Replace(good, `"ms":0}`, `"ms":0,"ms":1}`, 1), "field ms: given twice in a move (move 1)"},
		{"a move's unknown key", strings.Replace(good, `"ms":0}`, `"ms":0,"note":"x"}`, 1), `field "note": not a field of a move (move 1)`},
		{"a brace after the record", good + `}{`, `more than one value on the line: "}{" follows the record`},
		{"brackets after the record", good + `]]] anything`, `more than one value on the line: "]]] anything" follows the record`},
		{"spaces after the record", good + "  \t", ""},
		{"spaces around the colon", strings.Replace(good, `"index":0`, `"index" : 0`, 1), ""},
		{"a value that looks like a key", strings.Replace(good, `"move":"a1"`, `"move":"index\":\"x"`, 1), ""},
	}
	for _, tt := range tests {
		_, err := ParseRecord([]byte(tt.line))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v, want the line read", tt.name, err)
		case tt.want != "" && (err == nil || err.Error() != tt.want):
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// The fields fit the scan's bit set of the fields given.
func TestRecordFieldsFitTheKeyScan(t *testing.T) {
	if len(recordFields) > 64 || len(moveFields) > 64 {
		t.Fatalf("%d record fields and %d move fields: the key scan keeps at most 64", len(recordFields), len(moveFields))
	}
}
