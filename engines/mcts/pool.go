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
// rather than a whole node.
type pool struct {
	chunks [][]node
	hot    [][]stat
	next   int32 // index of the next free slot
	used   int   // slots handed out (the gaps at chunk ends excluded)
	max    int   // cap on used
}

// stat is what selection reads of a node: its mean reward and 1/sqrt of
// its visits. With MCTS-Solver on, a proven node's mean is +Inf (a win for
// its mover) or -Inf (a loss), so the plain UCB1 loop needs no other field.
type stat struct {
	mean, rs float32
}

// at returns node i.
func (p *pool) at(i int32) *node { return &p.chunks[i>>chunkBits][i&chunkMask] }

// stat returns node i's selection statistics.
func (p *pool) stat(i int32) *stat { return &p.hot[i>>chunkBits][i&chunkMask] }

// stats returns the selection statistics of the k nodes from first, a run
// alloc gave.
func (p *pool) stats(first int32, k int) []stat {
	c := p.hot[first>>chunkBits]
	o := int(first & chunkMask)
	return c[o : o+k : o+k]
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
		p.hot = append(p.hot, make([]stat, chunkSize))
	}
	first := p.next
	p.next += int32(k)
	p.used += k
	return first, true
}

// bytes is the memory the pool's chunks take.
func (p *pool) bytes() int { return len(p.chunks) * chunkSize * (nodeBytes + statBytes) }
