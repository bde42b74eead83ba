package pgn

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"mcarena/games/gametest"
	"mcarena/internal/tools"
)

// A chess game is written as standard PGN: the Seven Tag Roster in its
// order, mcarena's tags after, SAN with move numbers.
func TestFormatChess(t *testing.T) {
	g := gametest.MustGame(t, "chess")
	r := &Record{Game: g, Start: g.NewState()}
	r.Set("First", "human")
	r.Set("Second", "uct 1s")
	r.Set("SecondSpec", "uct")
	r.Set("Date", "2026.11.25")
	s := g.NewState()
	for _, san := range []string{"f3", "e5", "g4", "Qh4"} {
		m, err := s.ParseMove(san)
		if err != nil {
			t.Fatal(err)
		}
		r.Moves = append(r.Moves, m)
		s.Play(m)
	}
	want := `[Event "?"]
[Site "?"]
[Date "2026.11.25"]
[Round "-"]
[White "human"]
[Black "uct 1s"]
[Result "0-1"]
[Game "chess"]
[First "human"]
[Second "uct 1s"]
[SecondSpec "uct"]

1. f3 e5 2. g4 Qh4# 0-1
`
	if got := Format(r); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}

	// A set-up start with Black to move: SetUp and FEN, and the move
	// numbers continue the FEN's.
	start, err := g.ParsePosition("4k3/8/8/8/8/8/4P3/4K3 b - - 3 40")
	if err != nil {
		t.Fatal(err)
	}
	r = &Record{Game: g, Start: start}
	s = start.Clone()
	for _, san := range []string{"Kd7", "e4", "Kc6"} {
		m, _ := s.ParseMove(san)
		r.Moves = append(r.Moves, m)
		s.Play(m)
	}
	want = `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "-"]
[White "?"]
[Black "?"]
[Result "*"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40"]
[Game "chess"]

40... Kd7 41. e4 Kc6 *
`
	if got := Format(r); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestChessRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		r := randomGame(t, "chess", seed, 400)
		text := Format(r)
		back, err := Parse("x.pgn", text)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, text)
		}
		if len(back.Moves) != len(r.Moves) || back.End().String() != r.End().String() {
			t.Fatalf("seed %d: round trip differs\n%s", seed, text)
		}
		if back.Get("Note") != `say "hi"` || back.Get("Second") != "uct 1s" || back.Get("Black") != "uct 1s" {
			t.Fatalf("tags lost: %+v", back.Tags)
		}
		if text2 := Format(back); text2 != text {
			t.Fatalf("seed %d: written again differs\n%s\nthen\n%s", seed, text, text2)
		}
	}
}

// Games from other tools load: no Game tag, comments, NAGs, nested
// variations, escape lines, glued move numbers, castling with zeros, a
// resignation, and a second game after the first.
func TestReadForeignChess(t *testing.T) {
	text := `% written by some other program
[Event "Casual game"]
[Site "London"]
[Date "1851.06.21"]
[Round "-"]
[White "Anderssen, Adolf"]
[Black "Kieseritzky, Lionel"]
[Result "1-0"]

1.e4 e5 2. f4 exf4 {the King's Gambit accepted} 3. Bc4 Qh4+ $6 4. Kf1 b5
(4... Nf6 5. Nf3 (5. d3 {a comment (with a parenthesis}) Qh6) 5.Bxb5 ; a comment to the end of the line
%an escape line
Nf6 6. Nf3 Qh6 7. d3 Nh5 8. Nh4 Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6
13. h5 Qg5 14. Qf3 Ng8 15. Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1
19. e5 Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8 22. Qf6+ Nxf6 23. Be7# 1-0

[Event "the next game"]
[Result "*"]

1. d4 *
`
	r, err := Parse("immortal.pgn", text)
	if err != nil {
		t.Fatal(err)
	}
	if r.Game.Name() != "chess" || len(r.Moves) != 45 {
		t.Fatalf("game %s, %d moves; want chess, 45", r.Game.Spec(), len(r.Moves))
	}
	if end := r.End(); end.Outcome().String() != "1-0" {
		t.Fatalf("end %s", end)
	}

	// Resigned, from a FEN, castling written with zeros.
	text = "[Event \"?\"]\n[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n[Result \"0-1\"]\n\n1. 0-0-0 0-0 0-1\n"
	r, err = Parse("resigned.pgn", text)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != 2 || !strings.Contains(Format(r), "1. O-O-O O-O 0-1") {
		t.Fatalf("resigned game written as\n%s", Format(r))
	}
}

func TestDamagedChess(t *testing.T) {
	tests := []struct{ text, want string }{
		{"[Event \"?\"]\n\n1. e4 e5 2. Ke3 *\n", "x.pgn:3: ply 3: Ke3"},
		{"[Event \"?\"]\n\n1. e4 {never closed\n2. d4 *\n", "x.pgn:3: the comment '{' opened here is not closed"},
		{"[Event \"?\"]\n\n1. e4 (1. d4\n*\n", "x.pgn:3: the variation '(' opened here is not closed"},
		{"[Event \"?\"]\n\n1. e4 ) *\n", "x.pgn:3: ')' closes no variation"},
		{"[Event \"?\"]\n\n1. e4 } *\n", "x.pgn:3: '}' closes no comment"},
		{"[Event \"?\"]\n\n1. e4 * e5\n", "x.pgn:3: \"e5\" after the result"},
		{"[Event \"?\"]\n[FEN \"8/8 w\"]\n\n*\n", "x.pgn: FEN tag: "},
		{"[Event \"?\"]\n[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n", "the Result tag says 1/2-1/2 but the moves do not end so"},
		{"[Event \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 1/2-1/2\n", "x.pgn:4: the moves end with 1/2-1/2 but the Result tag says 1-0"},
		{"[Event \"?\"]\n[Result \"2-0\"]\n\n1. e4 e5 *\n", `x.pgn: the Result tag says "2-0", which is no result: want 1-0, 0-1, 1/2-1/2 or *`},
	}
	for _, tt := range tests {
		_, err := Parse("x.pgn", tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error %v, want %q", tt.text, err, tt.want)
		}
	}
}

// pgn-extract, a PGN checker packaged by Debian, accepts a saved chess
// game without an error or a warning.
func TestPGNExtractAcceptsChess(t *testing.T) {
	bin := tools.Find(t, "pgn-extract", "pgn-extract")
	dir := t.TempDir()
	path := filepath.Join(dir, "game.pgn")
	r := randomGame(t, "chess", 7, 300)
	r.Set("Date", "2026.11.25")
	start, _ := r.Game.ParsePosition("r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R b KQkq - 5 12")
	set := &Record{Game: r.Game, Start: start}
	s := start.Clone()
	for _, san := range []string{"O-O-O", "O-O", "Qxd2", "Rad1", "Qxd1", "Rxd1", "Rxd1#"} {
		m, err := s.ParseMove(san)
		if err != nil {
			t.Fatal(err)
		}
		set.Moves = append(set.Moves, m)
		s.Play(m)
	}
	for _, rec := range []*Record{r, set} {
		if err := Save(path, rec); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out.pgn")
		cmd := exec.Command(bin, "-s", "-o", out, path)
		msg, err := cmd.CombinedOutput()
		if err != nil || strings.TrimSpace(string(msg)) != "" {
			data, _ := os.ReadFile(path)
			t.Fatalf("pgn-extract: %v\n%s\non\n%s", err, msg, data)
		}
		got, _ := os.ReadFile(out)
		if !strings.Contains(string(got), "[Event ") {
			t.Fatalf("pgn-extract wrote no game:\n%s", got)
		}
	}
}

// Clock comments: written after each move that has a clock, read back
// from ours and from other tools' (spaces, tenths, other commands beside
// it), -1 for a move without one.
func TestChessClocks(t *testing.T) {
	r := randomGame(t, "chess", 3, 4)
	s := time.Second
	r.Clocks = []time.Duration{298 * s, 299500 * time.Millisecond, 3723 * s, -1}
	text := Format(r)
	for _, want := range []string{"1. ", " {[%clk 0:04:58]} ", " {[%clk 0:04:59.5]} 2. ", " {[%clk 1:02:03]} "} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	back, err := Parse("x.pgn", text)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Clocks, r.Clocks) {
		t.Errorf("read back %v, want %v", back.Clocks, r.Clocks)
	}
	for _, tc := range []struct {
		movetext string
		want     []time.Duration
	}{
		{"1. e4 { [%clk 0:03:00] } e5 { [%eval 0.2] [%clk 0:02:59.9] } 2. Nf3 *", []time.Duration{180 * s, 179900 * time.Millisecond, -1}},
		{"1. e4 {no clock} e5 {[%clk\n0:01:00]} *", []time.Duration{-1, 60 * s}},
		{"1. e4 e5 *", nil},
		{"1. e4 (1. d4 {[%clk 0:09:00]}) e5 *", nil},
	} {
		r, err := Parse("x.pgn", "[Event \"?\"]\n\n"+tc.movetext+"\n")
		if err != nil {
			t.Fatalf("%q: %v", tc.movetext, err)
		}
		if !slices.Equal(r.Clocks, tc.want) {
			t.Errorf("%q: clocks %v, want %v", tc.movetext, r.Clocks, tc.want)
		}
	}
}
