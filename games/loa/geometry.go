package loa

// The eight directions, numbered as in the package comment: N, NE, E, SE, S,
// SW, W, NW.
var (
	fileStep = [8]int8{0, 1, 1, 1, 0, -1, -1, -1}
	rankStep = [8]int8{1, 1, 0, -1, -1, -1, 0, 1}
	delta    = [8]int8{8, 9, 1, -7, -8, -9, -1, 7}
)

var (
	// reach[c][d] is how many steps a piece on c can go in direction d
	// before leaving the board.
	reach [64][8]int8
	// rays[c][d] holds the cells beyond c in direction d up to the edge.
	rays [64][8]uint64
	// lines[c][a] holds the whole line through c along axis a (directions a
	// and a+4), c included.
	lines [64][4]uint64
	// kings[c] holds the up to eight cells touching c.
	kings [64]uint64
)

func init() {
	for c := range 64 {
		f, r := c%8, c/8
		for d := range 8 {
			for k := 1; ; k++ {
				ff, rr := f+k*int(fileStep[d]), r+k*int(rankStep[d])
				if ff < 0 || ff > 7 || rr < 0 || rr > 7 {
					break
				}
				reach[c][d] = int8(k)
				rays[c][d] |= 1 << uint(rr*8+ff)
				if k == 1 {
					kings[c] |= 1 << uint(rr*8+ff)
				}
			}
		}
		for a := range 4 {
			lines[c][a] = rays[c][a] | rays[c][a+4] | 1<<uint(c)
		}
	}
}

const (
	fileA = 0x0101010101010101
	fileH = fileA << 7
)

// dilate returns b with every cell touching it along a side or a corner.
func dilate(b uint64) uint64 {
	v := b | b<<8 | b>>8
	return v | (v&^fileH)<<1 | (v&^fileA)>>1
}

// flood returns the 8-connected group of within that contains seed.
func flood(seed, within uint64) uint64 {
	for {
		next := dilate(seed) & within
		if next == seed {
			return seed
		}
		seed = next
	}
}

// connected reports whether the pieces of b form one 8-connected group (a
// single piece does; no piece does not).
func connected(b uint64) bool {
	if b == 0 {
		return false
	}
	return flood(b&-b, b) == b
}
