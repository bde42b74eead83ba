package tournament

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recordEdit is a record line with one edit (from replaced by to) and part
// of the error ParseRecord must give for it, "" for none.
type recordEdit struct{ name, from, to, want string }

// checkEdits parses good with each edit and checks the error.
func checkEdits(t *testing.T, good string, tests []recordEdit) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRecord([]byte(strings.Replace(good, tt.from, tt.to, 1)))
			got := ""
			if err != nil {
				got = err.Error()
			}
			if (tt.want == "") != (err == nil) || !strings.Contains(got, tt.want) {
				t.Fatalf("got error %q, want %q", got, tt.want)
			}
		})
	}
}

// A line that is a JSON array is no record, said in a results file's words.
func TestParseRecordOfAnArray(t *testing.T) {
	_, err := ParseRecord([]byte("[1,2]"))
	if err == nil || err.Error() != `not a record: the line holds a JSON array, where a record is an object {"preset": ...}` {
		t.Fatalf("got %v", err)
	}
}

// Every field is checked on read: a record no run writes is refused with
// the field named, never counted (a winner of 5 used to count as a draw).
func TestParseRecordChecks(t *testing.T) {
	good := strings.TrimSpace(goodLine("m", 0))
	tests := []recordEdit{
		{"good", "", "", ""},
		{"winner 5", `"winner":0`, `"winner":5`, "field winner: 5 is not -1 (a draw), 0 or 1"},
		{"index a string", `"index":0`, `"index":"0"`, "field index: a JSON string, where a record holds a whole number"},
		{"a move's states a string", `"states":0`, `"states":"0"`, "field moves.states: a JSON string, where a record holds a whole number"},
		{"winner against result", `"winner":0`, `"winner":1`, "field winner: 1, but the result 1-0 with first_seat 0 makes it 0"},
		{"first seat 2", `"first_seat":0`, `"first_seat":2`, "field first_seat: 2 is not 0 or 1"},
		{"negative index", `"index":0`, `"index":-1`, "field index: -1 is not in 0..9999999"},
		{"no match", `"match":"tictactoe|a|b|iterations=m"`, `"match":""`, "field match: missing"},
		{"no preset", `"preset":"p"`, `"preset":""`, "field preset: missing"},
		{"no game", `"game":"tictactoe"`, `"game":""`, "field game: missing"},
		{"one name", `"names":["a","b"]`, `"names":["a",""]`, `field names: ["a" ""]: a game names both engines`},
		{"three names", `"names":["a","b"]`, `"names":["a","b","c"]`, "field names: 3 entries, a record has two"},
		{"three specs", `"specs":["random","random"]`, `"specs":["random","random","x"]`, "field specs: 3 entries, a record has two"},
		{"another match's key", `"match":"tictactoe|a|b|iterations=m"`, `"match":"kalah|a|b|iterations=m"`, `field match: "kalah|a|b|iterations=m", but its game, engines and budget make it "tictactoe|a|b|iterations=m"`},
		{"another budget", `"budget":"iterations=m"`, `"budget":"iterations=n"`, `field match: "tictactoe|a|b|iterations=m", but its game, engines and budget make it "tictactoe|a|b|iterations=n"`},
		{"plies", `"plies":1`, `"plies":7`, "field plies: 7, but 1 moves are listed"},
		{"result", `"result":"1-0"`, `"result":"2-0"`, `field result: "2-0" is not 1-0, 0-1 or 1/2-1/2`},
		{"kind", `"preset"`, `"kind":"x","preset"`, `field kind: "x" is not empty (a game), "analysis" or "simulations"`},
		{"playouts in a game", `"seed":1`, `"seed":1,"playouts":5,"outcomes":[5,0,0]`, "field playouts: 5 playouts, outcomes [5 0 0]: only a batch of a simulations preset has them"},
		{"seconds", `"seconds":0`, `"seconds":-1`, "field seconds: -1 is not a time of 0 or more"},
		{"scale", `"seconds":0`, `"seconds":0,"budget_scale":1e9`, "field budget_scale: 1e+09 is not 0 (none) or a factor up to 1000"},
		{"move states", `"states":0`, `"states":-3`, "field moves[0]: negative states (-3)"},
		{"protocol", `"seed":1`, `"seed":1,"protocol":"pair"`, `field protocol: "pair" is not empty (games scored one by one) or "pairs"`},
		{"pair seats", `"index":0`, `"index":1,"protocol":"pairs"`, "field first_seat: 0 in game 1 of a seat-swapped pair"},
		{"pair good", `"seed":1`, `"seed":1,"protocol":"pairs","start":"1,2,3/3,2,1 0 0 s"`, ""},
		{"time forfeit", `"seed":1`, `"seed":1,"reason":"time forfeit"`, ""},
		{"resignation", `"seed":1`, `"seed":1,"reason":"resignation"`, ""},
		{"resignation drawn", `"result":"1-0"`, `"result":"1/2-1/2","reason":"resignation"`, `field reason: "resignation", but the result 1/2-1/2 is a draw`},
		{"clock", `"states":0`, `"states":0,"clock_ms":299.5`, ""},
		{"negative clock", `"states":0`, `"states":0,"clock_ms":-1`, "field moves[0].clock_ms: -1 is not a time of 0 or more"},
		{"reason unknown", `"seed":1`, `"seed":1,"reason":"flag"`, `field reason: "flag" is not empty (the game's rules ended it), "time forfeit", "time forfeit, opponent cannot win" or "resignation"`},
		{"time forfeit drawn", `"seed":1`, `"seed":1,"reason":"time forfeit, opponent cannot win"`, `field reason: "time forfeit, opponent cannot win", but the result 1-0 is not a draw`},
		{"winner not a number", `"winner":0`, `"winner":"x"`, "field winner: a JSON string, where a record holds a whole number"},
		{"two values", `}]}`, `}]}{}`, "more than one value"},
	}
	checkEdits(t, good, tests)
}

// An analysis run's key names its engine and budget; under an empty budget
// text a preset that lists budgets writes "analysis|u|", one without them
// "analysis|u", and both read back.
func TestParseAnalysisRecordKeys(t *testing.T) {
	good := `{"kind":"analysis","preset":"a","match":"analysis|u|iterations=5","index":0,"game":"tictactoe","budget":"iterations=5","names":["u",""],"specs":["uct",""],"seed":1,"winner":-1,"moves":[{"move":"a3","states":30}]}`
	checkEdits(t, good, []recordEdit{
		{"good", "", "", ""},
		{"empty budget listed", `"match":"analysis|u|iterations=5","index":0,"game":"tictactoe","budget":"iterations=5"`, `"match":"analysis|u|","index":0,"game":"tictactoe","budget":""`, ""},
		{"no budgets", `"match":"analysis|u|iterations=5","index":0,"game":"tictactoe","budget":"iterations=5"`, `"match":"analysis|u","index":0,"game":"tictactoe","budget":""`, ""},
		{"another engine", `"match":"analysis|u|iterations=5"`, `"match":"analysis|v|iterations=5"`, `field match: "analysis|v|iterations=5", but its game, engines and budget make it "analysis|u|iterations=5"`},
	})
}

// A batch of playouts is checked too: its playouts within a batch, three
// outcome counts that add up to them, end reasons (when kept) that add up
// to them, no moves.
func TestParseSimulationsRecordChecks(t *testing.T) {
	good := `{"kind":"simulations","preset":"s","match":"simulations|0","index":0,"game":"tictactoe","budget":"","names":["random",""],"specs":["",""],"first_seat":0,"seed":7,"start":"3/3/3 x","result":"","winner":-1,"score":0,"plies":0,"seconds":0.5,"moves":null,"playouts":10,"outcomes":[6,1,3]}`
	tests := []recordEdit{
		{"good", "", "", ""},
		{"no playouts", `"playouts":10`, `"playouts":0`, "field playouts: 0 is not in 1..10000 (a batch)"},
		{"too many playouts", `"playouts":10`, `"playouts":10001`, "field playouts: 10001 is not in 1..10000 (a batch)"},
		{"two outcomes", `[6,1,3]`, `[6,4]`, "field outcomes: [6 4] is not three counts of 0 or more"},
		{"negative outcome", `[6,1,3]`, `[12,-1,-1]`, "field outcomes: [12 -1 -1] is not three counts of 0 or more"},
		{"outcomes short", `[6,1,3]`, `[6,1,2]`, "field outcomes: [6 1 2] add up to 9, not the batch's 10 playouts"},
		{"moves", `"moves":null`, `"moves":[{"move":"a1","states":0,"iterations":0,"ms":0}]`, "field moves: 1 moves in a batch of playouts"},
		{"ends", `[6,1,3]`, `[6,1,3],"ends":{"three in a row":9,"full board":1}`, ""},
		{"ends short", `[6,1,3]`, `[6,1,3],"ends":{"three in a row":8,"full board":1}`, "field ends: the reasons count 9 playouts, not the batch's 10"},
		{"ends zero", `[6,1,3]`, `[6,1,3],"ends":{"three in a row":10,"full board":0}`, `field ends: "full board": 0 is not a named reason with a count of 1 or more`},
		{"ends unnamed", `[6,1,3]`, `[6,1,3],"ends":{"":10}`, `field ends: "": 10 is not a named reason`},
	}
	checkEdits(t, good, tests)
}

// A bad field in the middle of a file stops the reader with the line number
// and the way out, and so does one on the last line, with its newline or
// without: a crash cuts a record short, it does not change a field.
func TestBadFieldOnRead(t *testing.T) {
	dir := t.TempDir()
	five := strings.Replace(goodLine("b", 0), `"winner":0`, `"winner":5`, 1)
	middle := filepath.Join(dir, "middle.jsonl")
	os.WriteFile(middle, []byte(goodLine("a", 0)+five+goodLine("c", 0)), 0o644)
	_, _, _, err := ReadResults(middle)
	var damaged *DamagedError
	if !errors.As(err, &damaged) || damaged.Line != 2 || !strings.Contains(err.Error(), "middle.jsonl:2: damaged record in the middle of the file: field winner: 5") ||
		!strings.Contains(err.Error(), "'mcarena repair "+middle+"'") {
		t.Fatalf("got %v, want a *DamagedError at line 2 naming the field and mcarena repair", err)
	}
	last := filepath.Join(dir, "last.jsonl")
	os.WriteFile(last, []byte(goodLine("a", 0)+five), 0o644)
	if _, _, _, err := ReadResults(last); !errors.As(err, &damaged) || damaged.Line != 2 {
		t.Fatalf("a complete last line with a bad field: got %v, want a *DamagedError at line 2", err)
	}
	os.WriteFile(last, []byte(goodLine("a", 0)+strings.TrimSuffix(five, "\n")), 0o644)
	if _, _, tail, err := ReadResults(last); !errors.As(err, &damaged) || damaged.Line != 2 || !damaged.Last ||
		!strings.Contains(err.Error(), "last.jsonl:2: damaged last line, not a record's write cut off by a crash: field winner: 5") {
		t.Fatalf("a last line without its newline with a bad field: got tail %+v, %v; want a *DamagedError at line 2, the last", tail, err)
	}
}

// A line longer than any record is refused without being read whole.
func TestLongLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	long := strings.Repeat("x", MaxRecordBytes+10)
	os.WriteFile(path, []byte(goodLine("a", 0)+long+"\n"+goodLine("b", 0)), 0o644)
	_, _, _, err := ReadResults(path)
	if err == nil || !strings.Contains(err.Error(), "r.jsonl:2: damaged record in the middle of the file: line longer than any record") {
		t.Fatalf("got %v, want line 2 refused as too long", err)
	}
}
