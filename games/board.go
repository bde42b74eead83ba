package games

// BoardKind says how a Board is laid out.
type BoardKind uint8

// The board layouts of mcarena's games.
const (
	// SquareGrid is Rows x Cols cells; cell r*Cols+c is file c, rank r+1
	// (a1, cell 0, is bottom-left from the first player's side).
	SquareGrid BoardKind = iota
	// HexGrid is a hexagonal board of side Rows (the base), cells numbered
	// row by row from the first player's side.
	HexGrid
	// Pits is a mancala board: Cols houses per side; cells 0..Cols-1 are the
	// first player's houses from its left (a1..), cells Cols..2*Cols-1 the
	// second player's houses seen from the same side (a2..), and Stores the
	// two stores.
	Pits
)

// Cell is one cell of a Board.
type Cell struct {
	// Owner is the player whose piece stands here, or -1 for none.
	Owner int8
	// Piece is the letter of the piece in the game's position notation, or
	// 0 for an empty cell.
	Piece byte
	// Count is the number of seeds in a pit.
	Count int
}

// Board is a drawable description of a position.
type Board struct {
	Kind       BoardKind
	Rows, Cols int
	Cells      []Cell
	// Stores holds the seeds of each player's store on a Pits board.
	Stores [2]int
}

// CellName returns the chess-like name of cell i of a SquareGrid or Pits board
// with cols files: file letter from the left, rank from the first player's side.
func CellName(i, cols int) string {
	file := byte('a' + i%cols)
	rank := i/cols + 1
	if rank < 10 {
		return string([]byte{file, byte('0' + rank)})
	}
	return string([]byte{file, byte('0' + rank/10), byte('0' + rank%10)})
}

// SquareBoard describes a rows x cols grid whose cell i holds the piece
// letter piece(i) (0 for empty); a letter's index in letters ("wb", "xo"...)
// is its owner.
func SquareBoard(rows, cols int, piece func(i int) byte, letters string) Board {
	b := Board{Kind: SquareGrid, Rows: rows, Cols: cols, Cells: make([]Cell, rows*cols)}
	for i := range b.Cells {
		c := Cell{Owner: -1, Piece: piece(i)}
		for o := range len(letters) {
			if c.Piece == letters[o] {
				c.Owner = int8(o)
			}
		}
		b.Cells[i] = c
	}
	return b
}
