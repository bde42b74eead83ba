package grid

import (
	"math/bits"

	"mcarena/games"
)

// Keys are the Zobrist keys of a two-colour board: one per player and cell,
// and one that is added when the second player is to move.
type Keys struct {
	Cell [2][64]uint64
	Side uint64
}

// NewKeys returns the keys drawn by games.ZobristKeys(129, seed): the first
// player's 64 cells, the second player's, then the side key. Each game has
// its own seed.
func NewKeys(seed uint64) Keys {
	k := games.ZobristKeys(129, seed)
	var z Keys
	copy(z.Cell[0][:], k[:64])
	copy(z.Cell[1][:], k[64:128])
	z.Side = k[128]
	return z
}

// Hash hashes two bitboards of pieces with the side to move.
func (k *Keys) Hash(bb [2]uint64, toMove games.Player) uint64 {
	var h uint64
	for p := range 2 {
		for b := bb[p]; b != 0; b &= b - 1 {
			h ^= k.Cell[p][bits.TrailingZeros64(b)]
		}
	}
	if toMove == games.Second {
		h ^= k.Side
	}
	return h
}

// Pieces is what the states of the two-colour square games share: a
// bitboard of each player's pieces (or stones, or covered cells), the side
// to move and the Zobrist hash, which the game keeps up to date with
// XorHash as it moves. Games embed it, and their hot loops read BB and Side
// directly.
type Pieces struct {
	// BB[p] has the cells of player p.
	BB   [2]uint64
	hash uint64
	// Side is the player to move.
	Side games.Player
}

// ToMove implements games.State.
func (p *Pieces) ToMove() games.Player { return p.Side }

// Hash implements games.State.
func (p *Pieces) Hash() uint64 { return p.hash }

// XorHash adds h, a XOR of keys of what changed, to the hash.
func (p *Pieces) XorHash(h uint64) { p.hash ^= h }

// ResetHash sets the hash from scratch, after the pieces were set directly.
func (p *Pieces) ResetHash(k *Keys) { p.hash = k.Hash(p.BB, p.Side) }

// Piece returns letters[0] or letters[1] for a piece of the first or second
// player on cell i, 0 for an empty cell: the argument that FormatPosition
// and games.SquareBoard take.
func (p *Pieces) Piece(i int, letters string) byte {
	switch b := uint64(1) << uint(i&63); {
	case p.BB[0]&b != 0:
		return letters[0]
	case p.BB[1]&b != 0:
		return letters[1]
	}
	return 0
}

// Text returns the position text of the pieces on g, written with the
// players' letters, the side to move's letter last.
func (p *Pieces) Text(g *Geometry, letters string) string {
	return g.FormatPosition(func(i int) byte { return p.Piece(i, letters) }, letters[p.Side&1])
}

// SquareBoard describes the pieces on g for drawing.
func (p *Pieces) SquareBoard(g *Geometry, letters string) games.Board {
	return games.SquareBoard(g.Rows, g.Cols, func(i int) byte { return p.Piece(i, letters) }, letters)
}
