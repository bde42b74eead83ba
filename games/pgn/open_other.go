//go:build !unix

package pgn

// openNonblock is not needed where files cannot be named pipes.
const openNonblock = 0
