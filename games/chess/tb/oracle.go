package tb

import (
	"fmt"
	"math/bits"

	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/knowledge"
)

// The tablebase registers itself as chess's oracles tb3 and tb4 (package
// knowledge): the exact value of every position of at most three or four
// pieces, from the default tablebase (tables built on first use). The
// values are those of the moves alone, as the tables' are: the fifty-move
// rule and repetitions are not considered.
func init() {
	for _, n := range []int{3, 4} {
		knowledge.RegisterOracle("chess", fmt.Sprintf("tb%d", n),
			fmt.Sprintf("endgame tablebase: the exact value of positions of at most %d pieces (tables built in the cache directory on first use)", n),
			func(g games.Game) (knowledge.Oracle, error) {
				if _, err := Default(); err != nil {
					return nil, err
				}
				return oracle{max: n}, nil
			})
	}
}

// oracle probes the default tablebase for positions of at most max pieces.
type oracle struct{ max int }

// Probe implements knowledge.Oracle.
func (o oracle) Probe(s games.State) (float64, bool) {
	cs, ok := s.(*chess.State)
	if !ok || bits.OnesCount64(cs.Occupied()) > o.max {
		return 0, false
	}
	r, _, ok := Probe(cs)
	if !ok {
		return 0, false
	}
	v := float64(r)
	if s.ToMove() == games.Second {
		v = -v
	}
	return v, true
}

// Prepare implements knowledge.Preparer: it builds (or loads) every table
// of up to max pieces, so that no probe during a game has to build one.
func (o oracle) Prepare() error {
	t, err := Default()
	if err != nil {
		return err
	}
	return t.BuildAll(o.max)
}

// Pieces implements knowledge.Sizer.
func (oracle) Pieces(s games.State) int {
	if cs, ok := s.(*chess.State); ok {
		return bits.OnesCount64(cs.Occupied())
	}
	return 0
}
