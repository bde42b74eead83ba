package all_test

import (
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"mcarena/games"
	_ "mcarena/games/all"
	"mcarena/games/rng"
)

func TestRegistered(t *testing.T) {
	want := "atarigo breakthrough chess domineering havannah kalah knightthrough loa nogo tictactoe"
	if got := strings.Join(games.Names(), " "); got != want {
		t.Fatalf("games %q, want %q", got, want)
	}
}

// Every game says why it ended, in its own words: the reasons seen over many
// random games of each game.
func TestEndReasons(t *testing.T) {
	tests := []struct {
		spec string
		want []string
	}{
		{"tictactoe", []string{"full board", "three in a row"}},
		{"breakthrough", []string{"far row"}},
		{"knightthrough", []string{"far row"}},
		{"domineering", []string{"no move"}},
		{"nogo", []string{"no move"}},
		{"atarigo", []string{"capture", "no move"}},
		{"atarigo:suicide=loses", []string{"capture", "suicide"}},
		{"knightthrough:capture=diagonal", []string{"far row"}}, // stuck with pieces: no game in 20,000 (2 with home=1)
		{"kalah", []string{"store count"}},
		{"loa", []string{"connection", "simultaneous connection"}},
		{"loa:maxplies=100", []string{"connection", "ply limit"}},
		{"havannah", []string{"bridge", "bridge, fork", "fork", "full board", "ring", "ring, bridge", "ring, bridge, fork", "ring, fork"}},
	}
	for _, tt := range tests {
		g, err := games.New(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := g.NewState().(games.Reasoner); !ok {
			t.Errorf("%s: the state is not a games.Reasoner", tt.spec)
		}
		seen := map[string]bool{}
		for seed := range uint64(3000) {
			s := g.NewState()
			r := rng.New(seed)
			if games.EndReason(s) != "" {
				t.Fatalf("%s: a reason at the start", tt.spec)
			}
			s.Playout(&r, games.NoLimit)
			seen[games.EndReason(s)] = true
		}
		var got []string
		for k := range seen {
			got = append(got, k)
		}
		sort.Strings(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: reasons %q, want %q", tt.spec, got, tt.want)
		}
	}
}

// The rarer reasons, from positions.
func TestEndReasonPositions(t *testing.T) {
	tests := []struct {
		spec, pos, want string
	}{
		{"breakthrough", "5/5/5/5/w4 b", "no pieces"},
		{"breakthrough", "5/5/5/5/w4 w", ""},
		{"breakthrough:stuck=draw", "5/5/5/5/w4 b", "no pieces"},
		{"knightthrough:capture=diagonal", "5/5/1b3/2b2/w4 w", "no move"},
		{"atarigo:suicide=loses", "5/5/5/w4/bw3 w", "suicide"},
		{"loa:nomove=lose", "6wb/6ww/8/8/8/8/ww6/bw6 b", "no move"},
		{"loa", "ww6/8/8/8/8/8/8/bb6 w", "simultaneous connection"},
		{"loa:maxplies=10", "w6w/8/8/8/8/8/8/b1b5 b 10", "ply limit"},
		{"havannah:base=4", "wbbb/bwwww/bwbbwb/bwwbbbw/wwbwwb/wbwbw/bwbw b", "full board"},
		{"havannah:base=4", "wwww/b.b.b/....../......./....../...../.... b", "bridge"},
	}
	for _, tt := range tests {
		g, err := games.New(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.ParsePosition(tt.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := games.EndReason(s); got != tt.want {
			t.Errorf("%s %q: reason %q, want %q", tt.spec, tt.pos, got, tt.want)
		}
	}
}

func TestSpecs(t *testing.T) {
	tests := []struct {
		spec, canonical string
	}{
		{"breakthrough", "breakthrough"},
		{"Breakthrough:size=6x6,misere", "breakthrough:size=6x6,misere"},
		{"breakthrough:misere,size=5x5", "breakthrough:misere"},
		{"breakthrough:size=6", "breakthrough:size=6x6"},
		{"breakthrough:misere=false", "breakthrough"},
		{"knightthrough:size=8x8,home=3", "knightthrough:size=8x8,home=3"},
		{"domineering:size=5x5", "domineering"},
		{"domineering:size=4x6,misere", "domineering:size=4x6,misere"},
		{"nogo:size=7,misere", "nogo:size=7,misere"},
		{"nogo:misere", "nogo:misere"},
		{"atarigo:crosscut", "atarigo:crosscut"},
		{"atarigo:size=6,crosscut", "atarigo:size=6,crosscut"},
		{"atarigo:suicide=illegal", "atarigo"},
		{"atarigo:suicide=loses,crosscut", "atarigo:crosscut,suicide=loses"},
		{"breakthrough:stuck=loss", "breakthrough"},
		{"breakthrough:stuck=draw,misere", "breakthrough:misere,stuck=draw"},
		{"knightthrough:capture=leap,stuck=loss", "knightthrough"},
		{"knightthrough:stuck=draw,capture=diagonal,size=8x8", "knightthrough:size=8x8,capture=diagonal,stuck=draw"},
		{"kalah:houses=4,seeds=3,empty_capture", "kalah:houses=4,seeds=3,empty_capture"},
		{" kalah : seeds=4 ", "kalah"},
		{"tictactoe", "tictactoe"},
		{"loa", "loa"},
		{"loa:simultaneous=mover,nomove=pass,maxplies=1000", "loa"},
		{"loa:maxplies=300,nomove=LOSE,simultaneous=draw", "loa:simultaneous=draw,nomove=lose,maxplies=300"},
		{"havannah", "havannah"},
		{"havannah:base=5,swap=false", "havannah"},
		{"havannah:swap,base=10", "havannah:base=10,swap"},
		{"chess:draws=fide,order=native", "chess"},
		{"chess:draws=stockfish", "chess:draws=stockfish"},
		{"chess:draws=stockfish,order=stockfish,maxplies=300", "chess:maxplies=300,order=stockfish,draws=stockfish"},
	}
	for _, tt := range tests {
		g, err := games.New(tt.spec)
		if err != nil {
			t.Errorf("New(%q): %v", tt.spec, err)
			continue
		}
		if g.Spec() != tt.canonical {
			t.Errorf("New(%q).Spec() = %q, want %q", tt.spec, g.Spec(), tt.canonical)
		}
		again, err := games.New(g.Spec())
		if err != nil || again.Spec() != g.Spec() {
			t.Errorf("spec %q does not round-trip: %v", g.Spec(), err)
		}
	}
}

func TestSpecErrors(t *testing.T) {
	tests := []struct {
		spec, want string
	}{
		{"shogi", `unknown game "shogi": valid games are atarigo, breakthrough, chess, domineering, havannah, kalah, knightthrough, loa, nogo, tictactoe`},
		{"breakthrough:colour=red", `game "breakthrough": unknown option "colour": valid options are size=RxC (5..8 each), home=1..3, misere, stuck=loss|draw, order=native|rowmajor|colmajor|rowmajor-reversed|colmajor-reversed|gameframe`},
		{"breakthrough:size=9x9", `game "breakthrough": option "size": 9x9 is out of range (want size=RxC (5..8 each))`},
		{"breakthrough:size=big", `game "breakthrough": option "size": "big" is not a size like 5x5 (want size=RxC (5..8 each))`},
		{"breakthrough:size", `game "breakthrough": option "size" needs a value: size=RxC (5..8 each)`},
		{"breakthrough:misere=maybe", `game "breakthrough": option "misere": "maybe" is not true or false (1 or 0, yes or no, on or off)`},
		{"breakthrough:misere,misere", `game "breakthrough": option "misere" given twice`},
		{"breakthrough:", `game "breakthrough": empty option`},
		{"kalah:houses=0", `game "kalah": option "houses": 0 is out of range (want houses=1..10)`},
		{"kalah:seeds=x", `game "kalah": option "seeds": "x" is not a whole number (want seeds=1..12)`},
		{"tictactoe:size=4", `game "tictactoe": unknown option "size": valid options are none`},
		{"loa:simultaneous=both", `game "loa": option "simultaneous": "both" is not one of mover, draw`},
		{"knightthrough:capture=straight", `game "knightthrough": option "capture": "straight" is not one of leap, diagonal`},
		{"breakthrough:capture=diagonal", `game "breakthrough": unknown option "capture": valid options are size=RxC (5..8 each), home=1..3, misere, stuck=loss|draw, order=native|rowmajor|colmajor|rowmajor-reversed|colmajor-reversed|gameframe`},
		{"atarigo:suicide=legal", `game "atarigo": option "suicide": "legal" is not one of illegal, loses`},
		{"loa:maxplies=0", `game "loa": option "maxplies": 0 is out of range (want maxplies=1..1000000)`},
		{"havannah:base=11", `game "havannah": option "base": 11 is out of range (want base=4..10)`},
		{"breakthrough:size=5x5,home=3", `game "breakthrough:size=5x5,home=3": 3 home rows do not fit a board of 5 ranks (at most 2)`},
	}
	for _, tt := range tests {
		_, err := games.New(tt.spec)
		if err == nil || err.Error() != tt.want {
			t.Errorf("New(%q) error:\n got %v\nwant %s", tt.spec, err, tt.want)
		}
	}
}

// allSpecs are the games the parser fuzzers work on.
var allSpecs = []string{
	"tictactoe", "breakthrough", "breakthrough:size=8x8", "knightthrough:size=6x7,misere",
	"domineering:size=4x6", "nogo", "atarigo:crosscut", "kalah", "kalah:houses=3,seeds=2",
	"loa", "loa:nomove=lose,maxplies=40", "havannah:base=4", "havannah:swap",
	"knightthrough:capture=diagonal,stuck=draw", "atarigo:suicide=loses", "breakthrough:stuck=draw",
}

func FuzzSpec(f *testing.F) {
	for _, s := range allSpecs {
		f.Add(s)
	}
	f.Add("breakthrough:size=5x5,home=1,misere=true")
	f.Fuzz(func(t *testing.T, spec string) {
		g, err := games.New(spec)
		if err != nil {
			if !utf8.ValidString(spec) {
				return
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error for %q: %v", spec, err)
			}
			return
		}
		again, err := games.New(g.Spec())
		if err != nil || again.Spec() != g.Spec() {
			t.Fatalf("accepted %q but its spec %q does not round-trip: %v", spec, g.Spec(), err)
		}
	})
}

// FuzzPosition feeds arbitrary text to every game's position parser: it must
// refuse or accept without panicking, and an accepted position must write
// back to text that reads to the same position, with a consistent hash and a
// playout that ends.
func FuzzPosition(f *testing.F) {
	for i, spec := range allSpecs {
		g, _ := games.New(spec)
		s := g.NewState()
		f.Add(uint8(i), s.String())
		r := rng.New(uint64(i))
		s.Playout(&r, games.NoLimit)
		f.Add(uint8(i), s.String())
	}
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		g, err := games.New(allSpecs[int(which)%len(allSpecs)])
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		back, err := g.ParsePosition(s.String())
		if err != nil || back.String() != s.String() || back.Hash() != s.Hash() {
			t.Fatalf("%s: %q read as %q which does not round-trip: %v", g.Spec(), text, s.String(), err)
		}
		if s.Hash() != s.RecomputeHash() {
			t.Fatalf("%s: %q: stale hash", g.Spec(), text)
		}
		moves := s.Legal(make([]games.Move, 0, g.MaxMoves()))
		if s.Terminal() != (len(moves) == 0) || len(moves) > g.MaxMoves() {
			t.Fatalf("%s: %q: %d moves, terminal %v", g.Spec(), text, len(moves), s.Terminal())
		}
		r := rng.New(1)
		n := s.Clone().Playout(&r, games.NoLimit)
		if max := g.MaxLength(); max > 0 && n > max {
			t.Fatalf("%s: %q: playout of %d moves, MaxLength %d", g.Spec(), text, n, max)
		}
	})
}

// FuzzMove feeds arbitrary text to every game's move parser in a start or
// mid-game position: an accepted move must be legal and format back to text
// that parses to the same move.
func FuzzMove(f *testing.F) {
	for i, spec := range allSpecs {
		g, _ := games.New(spec)
		s := g.NewState()
		moves := s.Legal(nil)
		f.Add(uint8(i), uint8(0), s.MoveString(moves[0]))
		f.Add(uint8(i), uint8(3), "a1-b2")
	}
	f.Fuzz(func(t *testing.T, which, plies uint8, text string) {
		g, err := games.New(allSpecs[int(which)%len(allSpecs)])
		if err != nil {
			t.Fatal(err)
		}
		s := g.NewState()
		r := rng.New(uint64(plies))
		buf := make([]games.Move, 0, g.MaxMoves())
		for range int(plies % 16) {
			moves := s.Legal(buf)
			if len(moves) == 0 {
				break
			}
			s.Play(moves[r.Intn(len(moves))])
		}
		m, err := s.ParseMove(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		legal := false
		for _, l := range s.Legal(buf) {
			legal = legal || l == m
		}
		if !legal {
			t.Fatalf("%s %q: %q accepted as illegal move %d", g.Spec(), s.String(), text, m)
		}
		if back, err := s.ParseMove(s.MoveString(m)); err != nil || back != m {
			t.Fatalf("%s: move %q -> %d -> %q does not round-trip", g.Spec(), text, m, s.MoveString(m))
		}
	})
}
