package games

// Perft returns the number of move sequences of exactly depth plies from s. A
// terminal position has no moves, so it counts only at depth 0. s is not
// changed.
func Perft(s State, depth int) uint64 {
	p := newPerfter(s, depth)
	return p.count(s, depth)
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
	p := newPerfter(s, depth)
	moves := s.Legal(make([]Move, 0, s.Game().MaxMoves()))
	out := make([]DivideEntry, len(moves))
	child := p.states[depth]
	for i, m := range moves {
		child.CopyFrom(s)
		child.Play(m)
		out[i] = DivideEntry{m, p.count(child, depth-1)}
	}
	return out
}

// perfter holds one state and one move buffer per ply, so counting allocates
// only at the start.
type perfter struct {
	states []State
	moves  [][]Move
}

func newPerfter(s State, depth int) *perfter {
	p := &perfter{states: make([]State, depth+1), moves: make([][]Move, depth+1)}
	for i := range p.states {
		p.states[i] = s.Clone()
		p.moves[i] = make([]Move, 0, s.Game().MaxMoves())
	}
	return p
}

func (p *perfter) count(s State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := s.Legal(p.moves[depth])
	if depth == 1 {
		return uint64(len(moves))
	}
	child := p.states[depth-1]
	var n uint64
	for _, m := range moves {
		child.CopyFrom(s)
		child.Play(m)
		n += p.count(child, depth-1)
	}
	return n
}
