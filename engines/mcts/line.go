package mcts

import "mcarena/games"

// line keeps the positions along the last iteration's path, so that an
// iteration plays only the moves below the node where its path leaves the
// last one's: selection mostly retraces most of the path (in Kalah's deep
// trees, some two thirds of it), and copying a position is cheaper than
// replaying the moves that lead to it. A position is a function of its path
// from the root alone (a tried child slot keeps its move for the life of a
// search), so the iteration reaches the same positions, and counts the same
// states, as one that replays every move.
type line struct {
	// path is the last iteration's path, root first; states[d-1] is the
	// position at path[d] (the root's is the search's own copy).
	path   []int32
	states []games.State
	// follow says that the iteration's path so far is a prefix of path
	// and that the iteration's state has not caught up with its end yet.
	follow bool
}

// forget drops the kept line: the next iteration replays from the root.
func (l *line) forget() { l.path = l.path[:0] }

// step appends child c of the path's last node to the path and moves st
// there, by playing c's move unless the path still follows the last one.
func (sr *search) step(st games.State, c int32) {
	d := len(sr.path) // c's depth
	sr.path = append(sr.path, c)
	sr.states++
	l := &sr.line
	if l.follow && d < len(l.path) && l.path[d] == c {
		return
	}
	sr.catchUp(st, d-1)
	st.Play(sr.pool.at(c).move)
	if d > len(l.states) {
		l.states = append(l.states, st.Clone())
	} else {
		l.states[d-1].CopyFrom(st)
	}
}

// catchUp, while the iteration follows the last path, sets st to the kept
// position at depth d, the depth of the path's end, and stops following.
func (sr *search) catchUp(st games.State, d int) {
	l := &sr.line
	if !l.follow {
		return
	}
	l.follow = false
	if d == 0 {
		st.CopyFrom(sr.root)
	} else {
		st.CopyFrom(l.states[d-1])
	}
}

// keepLine records the iteration's path as the line the next one follows;
// its positions were kept as step played them.
func (sr *search) keepLine() { sr.line.path = append(sr.line.path[:0], sr.path...) }
