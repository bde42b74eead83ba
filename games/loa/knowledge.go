package loa

import (
	"math"
	"math/bits"

	"mcarena/games"
	"mcarena/games/knowledge"
)

func init() {
	knowledge.RegisterHeuristic("loa", "mia-sub",
		"a substitute for MIA's evaluation (MC-LOA's, not public): concentration, centralisation, connectedness by quads (Euler number) and weighted mobility, own minus opponent, through tanh(d/2); a finished game scores its outcome",
		func(games.Game) (knowledge.Heuristic, error) { return &miaSub{w: DefaultWeights()}, nil })
	knowledge.RegisterClassifier("loa", "capture", "the move lands on an enemy piece",
		func(games.Game) (knowledge.Classifier, error) { return capture{}, nil })
}

// Weights are the weights of mia-sub's features and the scale of its tanh:
// the value is tanh((Conc*conc + Centre*centre + Groups*groups +
// Mobility*mobility)/Scale), each feature Black's figure less White's in
// the sense that favours Black (see Features).
type Weights struct {
	Conc, Centre, Groups, Mobility, Scale float64
}

// DefaultWeights returns mia-sub's weights, chosen as the package comment
// describes.
func DefaultWeights() Weights {
	return Weights{Conc: 1, Centre: 1, Groups: 0.25, Mobility: 0.05, Scale: 2}
}

// Features are mia-sub's features of one side.
type Features struct {
	// Conc is the concentration: the sum of Chebyshev distances of the
	// side's pieces to their centre of mass (rounded to a cell, halves
	// up) less the least sum n pieces can have (0 for one piece, then 1
	// for each of the next eight, 2 for each of the next sixteen), over n.
	// 0 is as concentrated as n pieces can be; smaller is better.
	Conc float64
	// Centre is the centralisation: the mean ring of the side's pieces, 0
	// on the edge to 3 on the four central cells; larger is better.
	Centre float64
	// Groups estimates the groups beyond the first: the 8-connected Euler
	// number (groups less holes, from counts of 2x2 windows, Gray 1971)
	// less one, at least 0; smaller is better, 0 for a connected side
	// without holes.
	Groups float64
	// Mobility is the side's moves as if it were to move, each worth 1,
	// half that when it lands on the edge, twice that when it captures;
	// larger is better.
	Mobility float64
}

// FeaturesOf returns mia-sub's features of player p in s, a LOA position.
func FeaturesOf(s games.State, p games.Player) Features {
	st := s.(*State)
	own := st.BB[p&1]
	var mob [2]int
	mob[0], mob[1] = mobilities(st.BB[0], st.BB[1])
	return Features{
		Conc:     concentration(own),
		Centre:   centralisation(own),
		Groups:   float64(max(euler(own), 1) - 1),
		Mobility: float64(mob[p&1]) / 2,
	}
}

// miaSub is the substitute evaluation. Its mobility cache makes it a
// buffer of one search, as knowledge.Heuristic allows.
type miaSub struct {
	w   Weights
	mob mobilityCache
}

// NewMiaSub returns mia-sub with other weights, for experiments with them.
func NewMiaSub(w Weights) knowledge.Heuristic { return &miaSub{w: w} }

// Value implements knowledge.Heuristic.
func (e *miaSub) Value(gs games.State) float64 {
	s := gs.(*State)
	if s.Terminal() {
		return float64(s.Outcome())
	}
	return e.LiveValue(s)
}

// LiveValue implements knowledge.Live.
func (e *miaSub) LiveValue(gs games.State) float64 {
	s := gs.(*State)
	b, w := s.BB[0], s.BB[1]
	mb, mw := e.mob.mobilities(b, w)
	d := e.w.Conc*(concentration(w)-concentration(b)) +
		e.w.Centre*(centralisation(b)-centralisation(w)) +
		e.w.Groups*float64(max(euler(w), 1)-max(euler(b), 1)) +
		e.w.Mobility*float64(mb-mw)/2
	return math.Tanh(d / e.w.Scale)
}

// capture classifies moves that land on an enemy piece.
type capture struct{}

// Is implements knowledge.Classifier.
func (capture) Is(gs games.State, m games.Move) bool {
	s := gs.(*State)
	if m == Pass {
		return false
	}
	_, to := s.MoveCells(m)
	return s.BB[s.Side^1]&(1<<uint(to&63)) != 0
}

// Partition implements knowledge.Partitioner: Is written into the loop of
// knowledge.PartitionByIs.
func (capture) Partition(gs games.State, moves []games.Move) int {
	s := gs.(*State)
	occ, opp := s.BB[0]|s.BB[1], s.BB[s.Side^1]
	j := 0
	for i, m := range moves {
		if m == Pass {
			continue
		}
		from, d := int(m)>>3&63, int(m)&7
		to := from + bits.OnesCount64(occ&lines[from][d&3])*int(delta[d])
		if opp>>uint(to&63)&1 != 0 {
			moves[i], moves[j] = moves[j], moves[i]
			j++
		}
	}
	return j
}

var (
	// fileBits[j] holds the cells whose file (0 for a to 7 for h) has bit j
	// set, rankBits[j] likewise by rank, so that the sum of the files of b
	// is the sum over j of b's cells in fileBits[j] times 2^j.
	fileBits, rankBits [3]uint64
	// distBits[c][j] holds the cells whose Chebyshev distance to c has bit j
	// set, so that the sum of the distances of b's cells to c is the sum
	// over j of b's cells in distBits[c][j] times 2^j.
	distBits [64][3]uint64
	// ringBits[j] holds the cells whose ring (0 on the edge to 3 in the
	// centre) has bit j set.
	ringBits [2]uint64
	// roundedMean[n][s] is s/n rounded to the nearest whole number, halves
	// up: the centre of mass of n pieces whose files (or ranks) sum to s.
	roundedMean [maxPieces + 1][7*maxPieces + 1]uint8
	// leastSum[n] is the least sum of distances to one cell of n pieces.
	leastSum [maxPieces + 1]int
)

const (
	rank1 = 0xff
	rank8 = rank1 << 56
	edges = rank1 | rank8 | fileA | fileH
)

func init() {
	for c := range 64 {
		f, r := c%8, c/8
		for j := range 3 {
			if f>>j&1 != 0 {
				fileBits[j] |= 1 << uint(c)
			}
			if r>>j&1 != 0 {
				rankBits[j] |= 1 << uint(c)
			}
		}
		for j := range 2 {
			if min(f, 7-f, r, 7-r)>>j&1 != 0 {
				ringBits[j] |= 1 << uint(c)
			}
		}
		for o := range 64 {
			k := max(abs(o%8-f), abs(o/8-r))
			for j := range 3 {
				if k>>j&1 != 0 {
					distBits[c][j] |= 1 << uint(o)
				}
			}
		}
	}
	for n := 1; n <= maxPieces; n++ {
		for s := range 7*maxPieces + 1 {
			roundedMean[n][s] = uint8((2*s + n) / (2 * n))
		}
	}
	// One piece at distance 0, eight at distance 1, sixteen at distance 2.
	for n := 2; n <= maxPieces; n++ {
		leastSum[n] = leastSum[n-1] + 1
		if n > 9 {
			leastSum[n]++
		}
	}
}

// weighted is the sum over j of the cells of b in masks[j] times 2^j.
func weighted(b uint64, masks *[3]uint64) int {
	return bits.OnesCount64(b&masks[0]) + 2*bits.OnesCount64(b&masks[1]) + 4*bits.OnesCount64(b&masks[2])
}

// concentration is Features.Conc of the pieces b.
func concentration(b uint64) float64 {
	n := bits.OnesCount64(b)
	if n == 0 {
		return 0
	}
	cf, cr := int(roundedMean[n][weighted(b, &fileBits)]), int(roundedMean[n][weighted(b, &rankBits)])
	sum := weighted(b, &distBits[(cr*8+cf)&63])
	return float64(sum-leastSum[n]) / float64(n)
}

// centralisation is Features.Centre of the pieces b.
func centralisation(b uint64) float64 {
	n := bits.OnesCount64(b)
	if n == 0 {
		return 0
	}
	rings := bits.OnesCount64(b&ringBits[0]) + 2*bits.OnesCount64(b&ringBits[1])
	return float64(rings) / float64(n)
}

// euler is the 8-connected Euler number of the pieces b: (Q1 - Q3 -
// 2*QD)/4 over the 81 2x2 windows that touch the board, Q1 and Q3 the
// windows holding one and three pieces, QD those holding two diagonally
// opposite. The 49 windows inside the board are bitboards anchored at
// their lower-left cell; the 32 that hang over an edge hold at most two
// cells side by side, so they only ever hold one piece, where a line along
// the edge changes between piece and empty.
func euler(b uint64) int {
	const anchors = ^uint64(fileH | rank8)
	a := b & anchors
	e := b >> 1 & anchors
	n := b >> 8 & anchors
	ne := b >> 9 & anchors
	odd := a ^ e ^ n ^ ne
	two := a&e | n&ne | (a|e)&(n|ne)
	q1 := bits.OnesCount64(odd &^ two)
	q3 := bits.OnesCount64(odd & two)
	qd := bits.OnesCount64(a&ne&^e&^n | e&n&^a&^ne)
	r1, r8 := b&rank1, b>>56
	q1 += bits.OnesCount64(r1^r1<<1) + bits.OnesCount64(r8^r8<<1)
	fa, fh := b&fileA, b>>7&fileA
	q1 += bits.OnesCount64((fa^fa>>8)&fileA&^rank8) + bits.OnesCount64((fh^fh>>8)&fileA&^rank8)
	return (q1 - q3 - 2*qd) / 4
}
