package mcts

import (
	"math"
	"time"

	"mcarena/engines"
	"mcarena/games"
)

// The per-move columns MCTS declares; minimax only when implicit minimax
// is on.
var (
	visitsColumn = engines.Column{Key: "visits", Title: "visits", Kind: engines.Count,
		Doc: "iterations through the move, virtual visits of a prior included"}
	valueColumn = engines.Column{Key: "value", Title: "value", Kind: engines.Value, View: engines.MoverView,
		Doc: "mean result of the iterations through the move, 2*wins/visits - 1"}
	amafColumn = engines.Column{Key: "amaf", Title: "amaf", Kind: engines.Value, View: engines.MoverView,
		Doc: "all-moves-as-first value: mean result of the iterations that played the move later in their game, 2*wins/n - 1"}
	amafCountColumn = engines.Column{Key: "amaf_n", Title: "amaf n", Kind: engines.Count,
		Doc: "iterations counted in the move's AMAF value"}
	minimaxColumn = engines.Column{Key: "minimax", Title: "minimax", Kind: engines.Value, View: engines.MoverView,
		Doc: "implicit minimax value: the heuristic backed up by max over the move's subtree"}
	priorColumn = engines.Column{Key: "prior", Title: "prior", Kind: engines.Value, View: engines.MoverView,
		Doc: "the game's move prior of the move as a value, 2*wins/visits - 1 of the virtual results it started with"}
	mateColumn = engines.Column{Key: "mate", Title: "mate", Kind: engines.Count,
		Doc: "plies to the proven result, the move included: the shortest win or the longest loss (matedistance), shown once exact"}
	staticColumn = engines.Column{Key: "static", Title: "static", Kind: engines.Value, View: engines.MoverView,
		Doc: "the heuristic's value of the position after the move (which estimator=cb blends in), for the player who makes the move"}
)

// columns returns the columns a search with cfg declares.
func (sr *search) columns() []engines.Column {
	if sr.cols == nil {
		sr.cols = []engines.Column{visitsColumn, valueColumn}
		if sr.amaf.on {
			sr.cols = append(sr.cols, amafColumn, amafCountColumn)
		}
		if sr.pool.valued {
			if sr.cfg.Estimator == ConstantBias {
				sr.cols = append(sr.cols, staticColumn)
			} else {
				sr.cols = append(sr.cols, minimaxColumn)
			}
		}
		if sr.static != nil {
			sr.cols = append(sr.cols, staticColumn)
		}
		if sr.priorValue.on {
			sr.cols = append(sr.cols, priorColumn)
		}
		if sr.cfg.MateDistance {
			sr.cols = append(sr.cols, mateColumn)
		}
	}
	return sr.cols
}

// stats is the snapshot of the search.
func (sr *search) stats(it int64, elapsed time.Duration, done bool) engines.Stats {
	cols := sr.columns()
	st := engines.Stats{Iterations: it, States: sr.states, Elapsed: elapsed, Done: done, Columns: cols, Rank: 0,
		Figures: []engines.Figure{
			{Key: "nodes", Title: "nodes", Kind: engines.Count, Value: float64(sr.pool.used)},
			{Key: "tree_mib", Title: "tree MiB", Kind: engines.Measure, Value: float64(sr.treeBytes()) / (1 << 20)},
		}}
	if sr.full {
		// The cap stopped the tree's growth: the search samples from its
		// leaves since.
		st.Figures = append(st.Figures, engines.Figure{Key: "tree_full", Title: "tree full (node cap)", Kind: engines.Count, Value: 1})
	}
	root := sr.pool.at(sr.rootIdx)
	if root.first < 0 {
		return st
	}
	children := sr.pool.run(root.first, int(root.nChild))
	cells := make([]float64, len(cols)*len(children))
	for i, ch := range children {
		c := cells[i*len(cols) : (i+1)*len(cols) : (i+1)*len(cols)]
		c[0], c[1] = float64(ch.visits), math.NaN()
		if ch.visits > 0 {
			c[1] = 2*ch.wins/float64(ch.visits) - 1
		}
		j := 2
		if sr.amaf.on {
			a := sr.amaf.at(root.first + int32(i))
			c[j], c[j+1] = math.NaN(), float64(a.n)
			if a.n > 0 {
				c[j] = 2*a.w/float64(a.n) - 1
			}
			j += 2
		}
		if sr.pool.valued {
			c[j] = *sr.pool.value(root.first + int32(i))
			j++
		}
		if sr.static != nil {
			sr.child.CopyFrom(sr.root)
			sr.child.Play(ch.move)
			v := sr.static.Value(sr.child)
			if sr.root.ToMove() == games.Second {
				v = -v
			}
			c[j] = v
			j++
		}
		if sr.priorValue.on {
			c[j] = float64(*sr.priorValue.at(root.first + int32(i)))
			j++
		}
		if sr.cfg.MateDistance {
			c[j] = math.NaN()
			if ch.proof != engines.Unproven && ch.exact && ch.dist > 0 {
				c[j] = float64(ch.dist)
			}
		}
		st.Moves = append(st.Moves, engines.MoveStats{Move: ch.move, Proven: ch.proof, Cells: c})
	}
	// Principal variation: the most visited child at each level.
	for cur := sr.rootIdx; ; {
		n := sr.pool.at(cur)
		if n.first < 0 || n.nExp == 0 {
			break
		}
		children := sr.pool.run(n.first, int(n.nExp))
		best := 0
		for i := range children {
			if better(sr.cfg.Solver, &children[i], &children[best]) {
				best = i
			}
		}
		st.PV = append(st.PV, children[best].move)
		cur = n.first + int32(best)
	}
	if len(st.PV) > 0 {
		st.PV[0] = sr.bestMove()
	}
	return st
}

// treeBytes is the memory the tree holds: its chunks of nodes and of side
// tables, and the exploration factors kept with it.
func (sr *search) treeBytes() int {
	return sr.pool.bytes() + sr.bias.bytes() + sr.virt.bytes() + sr.priorValue.bytes() + sr.amaf.bytes() + sr.explore.bytes()
}
