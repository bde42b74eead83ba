package havannah_test

import (
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/havannah"
)

func TestConformance(t *testing.T) {
	tests := []struct {
		spec  string
		games int
	}{
		{"havannah:base=4", 60},
		{"havannah", 40},
		{"havannah:swap", 40},
		{"havannah:base=4,swap", 40},
		{"havannah:base=7", 8},
		{"havannah:base=10", 3},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			n := tt.games
			if testing.Short() || raceDetector {
				n = max(1, n/10)
			}
			gametest.Conformance(t, gametest.MustGame(t, tt.spec), gametest.Config{Games: n})
		})
	}
}

// No structure can be finished in the first plies of base 4 (a bridge needs
// four stones of one colour), so perft counts the ways to fill cells:
// 37 * 36 * ..., and with the swap the second ply has one move more.
func TestPerft(t *testing.T) {
	tests := []struct {
		spec string
		want []uint64
	}{
		{"havannah:base=4", []uint64{1, 37, 37 * 36, 37 * 36 * 35, 37 * 36 * 35 * 34}},
		{"havannah:base=4,swap", []uint64{1, 37, 37 * 37, 37 * (36*35 + 36)}},
		{"havannah", []uint64{1, 61, 61 * 60, 61 * 60 * 59}},
	}
	for _, tt := range tests {
		s := gametest.MustGame(t, tt.spec).NewState()
		for d, w := range tt.want {
			if got := games.Perft(s, d); got != w {
				t.Errorf("%s: perft(%d) = %d, want %d", tt.spec, d, got, w)
			}
		}
	}
}

func TestGeometry(t *testing.T) {
	for base := havannah.MinBase; base <= havannah.MaxBase; base++ {
		g := havannah.New(base, false)
		if got, want := g.Cells(), 3*base*(base-1)+1; got != want {
			t.Errorf("base %d: %d cells, want %d", base, got, want)
		}
	}
	g := havannah.New(4, false)
	if got, want := g.NewState().String(), "..../...../....../......./....../...../.... w"; got != want {
		t.Errorf("empty base 4 %q, want %q", got, want)
	}
	var names []string
	for c := range g.Cells() {
		names = append(names, g.CellName(c))
	}
	want := "a1 a2 a3 a4 b1 b2 b3 b4 b5 c1 c2 c3 c4 c5 c6 d1 d2 d3 d4 d5 d6 d7 e2 e3 e4 e5 e6 e7 f3 f4 f5 f6 f7 g4 g5 g6 g7"
	if got := joinWords(names); got != want {
		t.Errorf("base 4 cells %s, want %s", got, want)
	}
}

func joinWords(w []string) string {
	out := ""
	for i, s := range w {
		if i > 0 {
			out += " "
		}
		out += s
	}
	return out
}
