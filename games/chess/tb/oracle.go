package tb

import (
	"fmt"
	"math/bits"

	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/knowledge"
)

// The tablebase registers itself as chess's oracles tb3 and tb4 (package
// knowledge): the value of every position of at most three or four pieces,
// from the default tablebase (tables built on first use). The values are
// those of the moves alone, as the tables' are; a value is proven only
// where the game's draw rules cannot overturn it (see oracle.Probe).
func init() {
	for _, n := range []int{3, 4} {
		knowledge.RegisterOracle("chess", fmt.Sprintf("tb%d", n),
			fmt.Sprintf("endgame tablebase: the value of positions of at most %d pieces, proven where the fifty-move and repetition rules cannot overturn it (tables built in the cache directory on first use)", n),
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

// Probe implements knowledge.Oracle: the table's result, from the first
// player's view, with the distance to mate as the proof's plies. A draw is proven: the draw rules only end games in draws,
// so a side that holds the draw by the moves alone holds it under them. A
// win or loss is proven only when the game's rules let its mate stand
// (chess.State.MateStands): the mate, DTM plies away, comes by the ply the
// halfmove clock reaches 100 (halfmove clock + DTM <= 100: a mate on that
// ply still wins), by the ply limit under maxplies, and no repetition can
// come first. Otherwise it is returned unproven, with the table's result as
// its value all the same, as the chess thesis' cut-off took Gaviota's
// (which knows nothing of the fifty-move rule either): the winning line may
// reset the clock by a capture or a pawn move, so the win often stands, but
// the table does not show it.
func (o oracle) Probe(s games.State) (v knowledge.Verdict, ok bool) {
	cs, ok := s.(*chess.State)
	if !ok || bits.OnesCount64(cs.Occupied()) > o.max {
		return v, false
	}
	r, dtm, ok := Probe(cs)
	if !ok {
		return v, false
	}
	v.Value = float64(r)
	if s.ToMove() == games.Second {
		v.Value = -v.Value
	}
	switch {
	case r == Draw:
		v.Proven = true
	case cs.MateStands(dtm):
		v.Proven, v.Plies = true, dtm
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
