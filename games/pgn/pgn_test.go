package pgn

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mcarena/games"
	_ "mcarena/games/all"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

func randomGame(t testing.TB, spec string, seed uint64, plies int) *Record {
	g := gametest.MustGame(t, spec)
	r := &Record{Game: g, Start: g.NewState(), Tags: []Tag{{"First", "human"}, {"Second", "uct 1s"}, {"Note", `say "hi"`}}}
	s := g.NewState()
	rr := rng.New(seed)
	for i := 0; i < plies && !s.Terminal(); i++ {
		ms := s.Legal(nil)
		m := ms[rr.Intn(len(ms))]
		r.Moves = append(r.Moves, m)
		s.Play(m)
	}
	return r
}

// A saved game reads back the same: its game, every move in order, its end
// and its text, and the tags it had.
func TestRoundTrip(t *testing.T) {
	for _, spec := range []string{"tictactoe", "breakthrough:size=6x6", "kalah", "nogo", "domineering:misere"} {
		for seed := uint64(1); seed <= 20; seed++ {
			r := randomGame(t, spec, seed, 200)
			text := Format(r)
			back, err := Parse("x.pgn", text)
			if err != nil {
				t.Fatalf("%s seed %d: %v\n%s", spec, seed, err, text)
			}
			if back.Game.Spec() != r.Game.Spec() || !slices.Equal(back.Moves, r.Moves) || back.End().String() != r.End().String() || Format(back) != text {
				t.Fatalf("%s seed %d: round trip differs\n%s", spec, seed, text)
			}
			if back.Get("Note") != `say "hi"` || back.Get("Second") != "uct 1s" {
				t.Fatalf("tags lost: %+v", back.Tags)
			}
		}
	}
}

func TestFormat(t *testing.T) {
	g := gametest.MustGame(t, "tictactoe")
	r := &Record{Game: g, Start: g.NewState()}
	s := g.NewState()
	for _, name := range []string{"a1", "b2", "a2", "b1", "a3"} {
		m, _ := s.ParseMove(name)
		r.Moves = append(r.Moves, m)
		s.Play(m)
	}
	want := "[Game \"tictactoe\"]\n[Result \"1-0\"]\n\n1. a1 b2 2. a2 b1 3. a3 1-0\n"
	if got := Format(r); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	// A position start and an unfinished game.
	start, _ := g.ParsePosition("3/1x1/3 o")
	r = &Record{Game: g, Start: start}
	m, _ := start.ParseMove("a1")
	r.Moves = []games.Move{m}
	want = "[Game \"tictactoe\"]\n[Position \"3/1x1/3 o\"]\n[Result \"*\"]\n\n1... a1 *\n"
	if got := Format(r); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// A game that ended off the board (a flag fall, a resignation: mcarena's
// Termination tags) keeps its Result though the position goes on, in the
// text written and read back; a byte-order mark before the tags is skipped.
func TestResultOffTheBoard(t *testing.T) {
	for _, termination := range []string{"resignation", "time forfeit"} {
		text := "\ufeff[Game \"tictactoe\"]\n[Termination \"" + termination + "\"]\n[Result \"0-1\"]\n\n1. a1 0-1\n"
		r, err := Parse("x.pgn", text)
		if err != nil {
			t.Fatalf("%s: %v", termination, err)
		}
		if got := r.Get("Result"); got != "0-1" {
			t.Errorf("%s: read Result %q, want 0-1", termination, got)
		}
		if out := Format(r); !strings.Contains(out, `[Result "0-1"]`) || !strings.HasSuffix(out, "1. a1 0-1\n") {
			t.Errorf("%s: written as\n%s", termination, out)
		}
	}
}

func TestDamagedFiles(t *testing.T) {
	tests := []struct{ text, want string }{
		{"[Game \"tictactoe\"]\n[Result \"*\"]\n\n1. a1 b2 2. a1 *\n", "x.pgn:4: ply 3: a1: the cell is taken"},
		{"[Game \"shogi\"]\n\n1. e4 *\n", `x.pgn: Game tag: unknown game "shogi"`},
		{"1. a1 *\n", "x.pgn:1: no [Game \"...\"] tag before the moves: not an mcarena save"},
		{"[Game tictactoe]\n", "x.pgn:1: \"[Game tictactoe]\" is not a tag"},
		{"[Game \"tictactoe\"]\n\n1. a1 * b2\n", "x.pgn:3: \"b2\" after the result"},
		{"[Game \"tictactoe\"]\n[Result \"1-0\"]\n\n1. a1 b2 1-0\n", "the Result tag says 1-0 but the moves do not end so"},
		{"[Game \"tictactoe\"]\n[Position \"3/3 x\"]\n\n*\n", "x.pgn: Position tag: position"},
		{"%PDF-1.4 binary junk\n", "x.pgn:1: no [Game"},
		{"[Game \"tictactoe\"]\n[Result \"*\"]\n\n1. a1 b2 2. a2 b1 3. a3 1-0\n", "x.pgn:4: the moves end with 1-0 but the Result tag says *"},
		{"[Game \"tictactoe\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n*\n", "x.pgn: a FEN tag in a save of tictactoe: only chess has FEN"},
		{"[Game \"tictactoe\"]\n[Termination \"checkmate\"]\n[Result \"0-1\"]\n\n1. a1 0-1\n", "the Result tag says 0-1 but the moves do not end so"},
	}
	for _, tt := range tests {
		_, err := Parse("x.pgn", tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error %v, want %q", tt.text, err, tt.want)
		}
	}
}

func TestSaveIsAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "saves", "g.pgn")
	r := randomGame(t, "breakthrough", 1, 10)
	if err := Save(path, r); err != nil {
		t.Fatal(err)
	}
	back, err := Load(path)
	if err != nil || len(back.Moves) != 10 {
		t.Fatalf("%v %v", back, err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Fatalf("temporary files left: %v", entries)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(Format(randomGame(f, "kalah", 1, 30)))
	f.Add(Format(randomGame(f, "breakthrough", 2, 30)))
	f.Add("[Game \"nogo:size=3\"]\n\n1. b2 *\n")
	f.Add(Format(randomGame(f, "chess", 3, 60)))
	f.Add("[Event \"?\"]\n\n1.e4 {c} (1. d4 $1) e5 ; x\n% esc\n2. Nf3 1-0\n")
	f.Add("[Event \"?\"]\n\n1. e4 {[%clk 0:04:58.3]} e5 { [%clk 1:00:00] } 2. Nf3 *\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := Parse("f.pgn", text)
		if err != nil {
			return
		}
		if r.Clocks != nil && len(r.Clocks) != len(r.Moves) {
			t.Fatalf("%d clocks for %d moves", len(r.Clocks), len(r.Moves))
		}
		back, err := Parse("f.pgn", Format(r))
		if err != nil || back.End().String() != r.End().String() {
			t.Fatalf("accepted save does not round-trip: %v", err)
		}
	})
}

// The example of the package documentation reads as it says: the seats'
// players and engine specs from First, Second and SecondSpec, and the seed.
func TestDocumentedExample(t *testing.T) {
	text := `[Game "breakthrough:size=6x6"]
[First "human"]
[Second "uct 1s"]
[SecondSpec "uct:c=0.4"]
[Date "2026.11.25"]
[Seed "12345"]
[Result "*"]

1. a2-a3 b5-b4 2. c2-c3 *
`
	r, err := Parse("doc.pgn", text)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p          games.Player
		text, spec string
	}{{games.First, "human", ""}, {games.Second, "uct 1s", "uct:c=0.4"}} {
		if text, spec := r.Player(tc.p); text != tc.text || spec != tc.spec {
			t.Errorf("Player(%v) = %q, %q; want %q, %q", tc.p, text, spec, tc.text, tc.spec)
		}
	}
	if got := r.Get("Seed"); got != "12345" {
		t.Errorf("Seed %q", got)
	}
	if len(r.Moves) != 3 {
		t.Errorf("%d moves, want 3", len(r.Moves))
	}
}

// Saves written before the seat tags name a seat by the game's player name.
func TestPlayerFromOlderTags(t *testing.T) {
	r, err := Parse("old.pgn", "[Game \"breakthrough\"]\n[WhitePlayer \"human\"]\n[BlackPlayer \"nmcd1\"]\n[BlackSpec \"nmcs:level=1,discount\"]\n\n*\n")
	if err != nil {
		t.Fatal(err)
	}
	if text, spec := r.Player(games.Second); text != "nmcd1" || spec != "nmcs:level=1,discount" {
		t.Fatalf("Player(Second) = %q, %q", text, spec)
	}
	if text, _ := r.Player(games.First); text != "human" {
		t.Fatalf("Player(First) = %q", text)
	}
}
