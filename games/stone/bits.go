package stone

import "math/bits"

// Trailing returns the index of the lowest set bit of b.
func Trailing(b uint64) int { return bits.TrailingZeros64(b) }
