package games

// Perft returns the number of move sequences of exactly depth plies from s. A
// terminal position has no moves, so it counts only at depth 0; a negative
// depth counts nothing. s is not changed.
func Perft(s State, depth int) uint64 {
	if depth < 0 {
		return 0
	}
	return newPerfter(s).count(s, depth, 0)
}

// DivideEntry is the perft count below one first move.
type DivideEntry struct {
	Move  Move
	Count uint64
}

// Divide returns, for each legal move of s in Legal order, the perft count of
// depth-1 plies after it. depth must be at least 1.
func Divide(s State, depth int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	p := newPerfter(s)
	moves := s.Legal(make([]Move, 0, s.Game().MaxMoves()))
	out := make([]DivideEntry, len(moves))
	child := s.Clone()
	for i, m := range moves {
		child.CopyFrom(s)
		child.Play(m)
		out[i] = DivideEntry{m, p.count(child, depth-1, 1)}
	}
	return out
}

// perfter holds one state and one move buffer per ply below the root, made
// the first time a count reaches that ply: the memory follows the longest
// line played, not the depth asked for (a game ends, so a depth beyond its
// length costs no more than the length), and counting allocates nothing
// once every ply has been reached.
type perfter struct {
	root   State
	states []State
	moves  [][]Move
}

func newPerfter(s State) *perfter { return &perfter{root: s} }

// level returns the state and move buffer of ply, making them if no count
// has reached it yet.
func (p *perfter) level(ply int) (State, []Move) {
	for len(p.states) <= ply {
		p.states = append(p.states, p.root.Clone())
		p.moves = append(p.moves, make([]Move, 0, p.root.Game().MaxMoves()))
	}
	return p.states[ply], p.moves[ply]
}

// count is the number of move sequences of depth plies from s, which is ply
// plies below the root.
func (p *perfter) count(s State, depth, ply int) uint64 {
	if depth == 0 {
		return 1
	}
	child, buf := p.level(ply)
	moves := s.Legal(buf)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		child.CopyFrom(s)
		child.Play(m)
		n += p.count(child, depth-1, ply+1)
	}
	return n
}
