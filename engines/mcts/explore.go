package mcts

import "math"

// exploreTable holds the exploration factors ucbScale(c, n) of parents
// visited n times, each computed once for the life of a search's tree and
// kept with it for the next search. ln costs a series of a dozen terms and
// Kalah's trees are deep, with many nodes on a path past sqrtLn's table;
// the factors stored are the ones ucbScale returns, so selection is the
// same bit for bit.
type exploreTable struct {
	c  float64
	by []float32 // by[n] = ucbScale(c, n)
}

// maxExplore bounds the table (4 MiB): parents visited more often have
// their factor computed each time.
const maxExplore = 1 << 20

// bytes is the memory the table takes.
func (t *exploreTable) bytes() int { return 4 * cap(t.by) }

// at returns ucbScale(t.c, n) for n >= 0.
func (t *exploreTable) at(n int32) float32 {
	if uint(n) < uint(len(t.by)) {
		return t.by[n]
	}
	return t.extend(n)
}

// extend fills the table up to n, within maxExplore, and returns n's
// factor.
func (t *exploreTable) extend(n int32) float32 {
	if n >= maxExplore {
		return ucbScale(t.c, n)
	}
	for i := int32(len(t.by)); i <= n; i++ {
		t.by = append(t.by, ucbScale(t.c, i))
	}
	return t.by[n]
}

// invSqrt returns float32(1/sqrt(n)), the factor of a child visited n
// times in UCB1's exploration term as the selection statistics keep it;
// backup sets it on every node of the path, whose visits are mostly few,
// so small counts come from a table of the same values.
func invSqrt(n int32) float32 {
	if uint(n) < uint(len(invSqrtTable)) {
		return invSqrtTable[n]
	}
	return float32(1 / math.Sqrt(float64(n)))
}

var invSqrtTable = func() (t [1 << 12]float32) {
	for i := range t {
		t[i] = float32(1 / math.Sqrt(float64(i)))
	}
	return t
}()
