package all_test

import (
	"fmt"
	"slices"
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/rng"
	"mcarena/games/stone/stonetest"
)

// rankOf is the order option's ranking of a cell, restated plainly: cells
// a1 = 0 row by row from rank 1.
func rankOf(order string, c, rows, cols int) int {
	r, f := c/cols, c%cols
	switch order {
	case "rowmajor":
		return c
	case "colmajor":
		return f*rows + r
	case "rowmajor-reversed":
		return rows*cols - 1 - c
	case "colmajor-reversed":
		return rows*cols - 1 - (f*rows + r)
	}
	panic(order)
}

// TestOrderOption plays random games of each game of the NMCS paper in the
// native order and in each GDL order side by side: at every position the
// ordered game's Legal holds the native game's moves, sorted by cell (from
// then to, for moves between cells), the positions stay the same, and the
// ordered game passes the conformance kit with the native game's playout
// rule.
func TestOrderOption(t *testing.T) {
	boards := map[string][2]int{"breakthrough": {5, 5}, "knightthrough:size=6x5": {6, 5}, "domineering:size=4x6": {4, 6}, "nogo": {5, 5}, "atarigo": {5, 5}}
	for base, size := range boards {
		for _, order := range []string{"rowmajor", "colmajor", "rowmajor-reversed", "colmajor-reversed"} {
			sep := ":"
			if slices.Contains([]byte(base), ':') {
				sep = ","
			}
			spec := base + sep + "order=" + order
			t.Run(spec, func(t *testing.T) {
				native, ordered := gametest.MustGame(t, base), gametest.MustGame(t, spec)
				if ordered.Spec() == native.Spec() {
					t.Fatalf("spec %q lost its order", ordered.Spec())
				}
				key := func(s games.State, m games.Move) int {
					from, to := s.MoveCells(m)
					k := rankOf(order, from, size[0], size[1]) * 64
					if to >= 0 && base[0] != 'd' { // a domino is sorted by its anchor
						k += rankOf(order, to, size[0], size[1])
					}
					return k
				}
				r := rng.New(3)
				for range 40 {
					a, b := native.NewState(), ordered.NewState()
					for !a.Terminal() {
						na, ob := a.Legal(nil), b.Legal(nil)
						want := slices.Clone(na)
						slices.SortStableFunc(want, func(x, y games.Move) int { return key(a, x) - key(a, y) })
						if !slices.Equal(ob, want) {
							t.Fatalf("%s: Legal %v, want %v", b, ob, want)
						}
						m := na[r.Intn(len(na))]
						a.Play(m)
						b.Play(m)
						if a.String() != b.String() || a.Hash() != b.Hash() {
							t.Fatalf("positions differ after %s: %s and %s", a.MoveString(m), a, b)
						}
					}
					if !b.Terminal() || a.Outcome() != b.Outcome() {
						t.Fatalf("%s: ends differ", b)
					}
				}
				ref := nativeReference(native)
				if base == "nogo" || base == "atarigo" {
					// AtariGo ends at a capture, which its end reason names.
					ref = stonetest.ReferencePlayout(func(s games.State) bool { return s.(games.Reasoner).EndReason() == "capture" })
				}
				gametest.Conformance(t, ordered, gametest.Config{Games: 20, ReferencePlayout: ref})
			})
		}
	}
}

// nativeReference is the reference playout of the native game, Legal()[j]
// in the native order, played on a state of any order of that game.
func nativeReference(native games.Game) func(s games.State, r *rng.Rand, limit int) int {
	return gametest.TwinPlayout(func(s games.State) games.State {
		twin, err := native.ParsePosition(s.String())
		if err != nil {
			panic(fmt.Sprint(err))
		}
		return twin
	})
}
