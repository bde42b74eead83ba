package mcts

// The tree lives in fixed chunks of nodes that are allocated as the tree
// grows and kept for the next search; nothing is ever copied to grow. A
// node's children take contiguous slots within one chunk (a run that does
// not fit in the rest of a chunk starts the next one), so selection walks
// them as one slice.
const (
	chunkBits = 16
	chunkSize = 1 << chunkBits
	chunkMask = chunkSize - 1
)

// pool holds the nodes of one search, in two parallel arrays: the nodes,
// and beside them the two numbers selection reads of every child (its mean
// and 1/sqrt(visits)), so that the selection loop walks 8 bytes a child
// rather than a whole node. Under implicit minimax (valued), selection
// reads each child's minimax value as well, and the second array holds it
// beside the statistics (valuedStat): one array to walk, not two.
type pool struct {
	chunks [][]node
	hot    [][]stat       // the selection statistics, unless valued
	valued bool           // hotV holds them, with the minimax values
	hotV   [][]valuedStat // the selection statistics, if valued
	next   int32          // index of the next free slot
	used   int            // slots handed out (the gaps at chunk ends excluded)
	max    int            // cap on used
}

// stat is what selection reads of a node: its mean reward and 1/sqrt of
// its visits. With MCTS-Solver on, a proven node's mean is +Inf (a win for
// its mover) or -Inf (a loss), so the plain UCB1 loop needs no other field.
type stat struct {
	mean, rs float32
}

// at returns node i.
func (p *pool) at(i int32) *node { return &p.chunks[i>>chunkBits][i&chunkMask] }

// valuedStat is a node's selection statistics with its implicit minimax
// value, for its mover.
type valuedStat struct {
	stat
	value float64
}

// stat returns node i's selection statistics.
func (p *pool) stat(i int32) *stat {
	if p.valued {
		return &p.hotV[i>>chunkBits][i&chunkMask].stat
	}
	return &p.hot[i>>chunkBits][i&chunkMask]
}

// value returns node i's implicit minimax value (the pool is valued).
func (p *pool) value(i int32) *float64 { return &p.hotV[i>>chunkBits][i&chunkMask].value }

// stats returns the selection statistics of the k nodes from first, a run
// alloc gave, in a pool that is not valued.
func (p *pool) stats(first int32, k int) []stat {
	c := p.hot[first>>chunkBits]
	o := int(first & chunkMask)
	return c[o : o+k : o+k]
}

// valuedStats returns the selection statistics and minimax values of the
// k nodes from first, a run alloc gave, in a valued pool.
func (p *pool) valuedStats(first int32, k int) []valuedStat {
	c := p.hotV[first>>chunkBits]
	o := int(first & chunkMask)
	return c[o : o+k : o+k]
}

// clearStats zeroes the selection statistics (and minimax values) of the
// k nodes from first, a run alloc gave.
func (p *pool) clearStats(first int32, k int) {
	if p.valued {
		clear(p.valuedStats(first, k))
	} else {
		clear(p.stats(first, k))
	}
}

// swapStats exchanges the selection statistics (and minimax values) of
// nodes i and j.
func (p *pool) swapStats(i, j int32) {
	if p.valued {
		a, b := &p.hotV[i>>chunkBits][i&chunkMask], &p.hotV[j>>chunkBits][j&chunkMask]
		*a, *b = *b, *a
		return
	}
	a, b := p.stat(i), p.stat(j)
	*a, *b = *b, *a
}

// run returns the k nodes from first, which alloc gave as one run.
func (p *pool) run(first int32, k int) []node {
	c := p.chunks[first>>chunkBits]
	o := int(first & chunkMask)
	return c[o : o+k : o+k]
}

// reset empties the pool, keeping its chunks.
func (p *pool) reset() { p.next, p.used = 0, 0 }

// alloc reserves k contiguous slots (k <= chunkSize) and returns the first,
// or false when the cap would be passed.
func (p *pool) alloc(k int) (int32, bool) {
	if p.used+k > p.max {
		return 0, false
	}
	if int(p.next&chunkMask)+k > chunkSize {
		p.next = (p.next + chunkMask) &^ chunkMask // start a new chunk
	}
	c := int(p.next >> chunkBits)
	if c == len(p.chunks) {
		p.chunks = append(p.chunks, make([]node, chunkSize))
		if p.valued {
			p.hotV = append(p.hotV, make([]valuedStat, chunkSize))
		} else {
			p.hot = append(p.hot, make([]stat, chunkSize))
		}
	}
	first := p.next
	p.next += int32(k)
	p.used += k
	return first, true
}

// bytes is the memory the pool's chunks take.
func (p *pool) bytes() int {
	if p.valued {
		return len(p.chunks) * chunkSize * (nodeBytes + valuedStatBytes)
	}
	return len(p.chunks) * chunkSize * (nodeBytes + statBytes)
}
