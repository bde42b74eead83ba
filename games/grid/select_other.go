//go:build !amd64

package grid

// fastPDEP is false where there is no PDEP instruction.
const fastPDEP = false

// selectPDEP is never called without PDEP.
func selectPDEP(x uint64, k int) int { return selectBroadword(x, k) }
