package tournament

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"mcarena/config"
	"mcarena/games"
)

// An accepted line passes every check and survives a round trip.
func FuzzParseRecord(f *testing.F) {
	f.Add([]byte(strings.TrimSpace(goodLine("m", 3))))
	f.Add([]byte(`{"kind":"analysis","preset":"t1","match":"analysis|n2","index":0,"game":"tictactoe","names":["n2",""],"specs":["nmcs:level=2",""],"seed":1,"winner":-1,"moves":[{"move":"a3","states":300}]}`))
	f.Add([]byte(strings.Replace(strings.TrimSpace(goodLine("m", 0)), `"winner":0`, `"winner":5`, 1)))
	f.Add([]byte(strings.TrimSpace(goodLine("m", 0)) + "{}"))
	f.Fuzz(func(t *testing.T, line []byte) {
		rec, err := ParseRecord(line)
		if err != nil {
			return
		}
		if err := rec.Check(); err != nil {
			t.Fatalf("accepted a record that fails its check: %v", err)
		}
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseRecord(b)
		if err != nil || !reflect.DeepEqual(back, rec) {
			t.Fatalf("round trip: got %+v, %v; want %+v", back, err, rec)
		}
	})
}

// Whatever a results file holds, reading it fails only by naming a damaged
// line, and the repair's sorting of its lines leaves good lines that read
// cleanly with each game once.
func FuzzResultsFile(f *testing.F) {
	f.Add(goodLine("a", 0) + goodLine("b", 1))
	f.Add(goodLine("a", 0) + "{not json\n" + goodLine("a", 0) + goodLine("c", 0)[:30])
	f.Add("\n\n" + goodLine("a", 0))
	f.Fuzz(func(t *testing.T, content string) {
		recs, goodEnd, tail, readErr := readRecords("f.jsonl", strings.NewReader(content))
		var damaged *DamagedError
		if readErr != nil && !errors.As(readErr, &damaged) {
			t.Fatalf("an error that names no line: %v", readErr)
		}
		if readErr == nil && (goodEnd < 0 || goodEnd > int64(len(content)) || (tail == nil && goodEnd != int64(len(content)))) {
			t.Fatalf("good part ends at %d of %d bytes, tail %v", goodEnd, len(content), tail)
		}
		var good, moved strings.Builder
		rep, _, err := sortLines("f.jsonl", strings.NewReader(content), &good, &moved, func(*Record) string { return "" })
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Moved) == 0 && moved.Len() != 0 || len(rep.Moved) > 0 && moved.Len() == 0 {
			t.Fatalf("%d lines moved, %d bytes written aside", len(rep.Moved), moved.Len())
		}
		after, _, tail2, err := readRecords("f.jsonl", strings.NewReader(good.String()))
		if err != nil || tail2 != nil {
			t.Fatalf("after the repair: %v %v", err, tail2)
		}
		if u, dups := Unique(after); dups != 0 || len(u) != rep.Kept {
			t.Fatalf("after the repair: %d records, %d repeats; want %d and none", len(u), dups, rep.Kept)
		}
		if u, _ := Unique(recs); readErr == nil && tail == nil && len(u) != rep.Kept {
			t.Fatalf("a clean file of %d games kept %d", len(u), rep.Kept)
		}
	})
}

// Whatever a record says, replaying it under the rules answers without a
// panic, and a record of a game the registry does not know is refused.
func FuzzCheckerReplay(f *testing.F) {
	f.Add([]byte(strings.TrimSpace(goodLine("m", 3))))
	f.Add([]byte(`{"preset":"p","match":"kalah:start=random|a|b|","index":0,"game":"kalah:start=random","start":"4,4,4,4,4,4,0,4,4,4,4,4,4,0 s","names":["a","b"],"result":"1-0","winner":0,"plies":1,"moves":[{"move":"a1"}]}`))
	f.Add([]byte(`{"preset":"p","match":"chess|a|b|","index":0,"game":"chess","names":["a","b"],"result":"0-1","winner":1,"reason":"resignation","plies":2,"moves":[{"move":"e4"},{"move":"Ke7"}]}`))
	f.Add([]byte(`{"kind":"simulations","preset":"p","match":"simulations|0","index":0,"game":"loa","start":"x","names":["uniform",""],"winner":-1,"playouts":1,"outcomes":[1,0,0]}`))
	f.Add([]byte(`{"kind":"analysis","preset":"a","match":"analysis|u|iterations=20","index":0,"game":"tictactoe","budget":"iterations=20","names":["u",""],"specs":["uct",""],"seed":0,"winner":-1,"moves":[{"move":"c1"}]}`))
	cfg, err := config.Parse("verify.toml", []byte(verifyConfig))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		rec, err := ParseRecord(line)
		if err != nil {
			return
		}
		// Against a configuration: its presets' plans, and the analysis
		// move in a preset's position, meet whatever the record says.
		withConfig := NewChecker(cfg)
		withConfig.Learn([]Record{rec})
		withConfig.Check(&rec)
		msg := NewChecker(nil).Check(&rec)
		if _, gerr := games.New(rec.Game); gerr != nil && msg == "" {
			t.Fatalf("a record of game %q, which does not build (%v), passed", rec.Game, gerr)
		}
	})
}
