package games

// BoardKind says how a Board is laid out.
type BoardKind uint8

// The board layouts of mcarena's games.
const (
	// SquareGrid is Rows x Cols cells; cell r*Cols+c is file c, rank r+1
	// (a1, cell 0, is bottom-left from the first player's side).
	SquareGrid BoardKind = iota
	// HexGrid is a hexagon of hexagonal cells of side Rows (the base N);
	// Cols is 2N-1, the cells of its longest row. Cell (x, y) is on the
	// board when 0 <= x, y <= 2N-2 and |x-y| <= N-1; cells are numbered
	// row by row, y from 0 (the first player's side), x upwards within a
	// row. A cell is named by its row letter a+y, then x+1: base 4 has the
	// rows a1-a4, b1-b5, c1-c6, d1-d7, e2-e7, f3-f7 and g4-g7. Its six
	// neighbours are (x±1, y), (x, y±1), (x+1, y+1) and (x-1, y-1).
	//
	//	      g4 g5 g6 g7
	//	    f3 f4 f5 f6 f7
	//	  e2 e3 e4 e5 e6 e7
	//	d1 d2 d3 d4 d5 d6 d7
	//	  c1 c2 c3 c4 c5 c6
	//	    b1 b2 b3 b4 b5
	//	      a1 a2 a3 a4
	HexGrid
	// Pits is a mancala board: Cols houses per side; cells 0..Cols-1 are the
	// first player's houses from its left (a1..), cells Cols..2*Cols-1 the
	// second player's houses seen from the same side (a2..), and Stores the
	// two stores.
	Pits
	// Chess is an 8x8 SquareGrid of chessmen: files a-h, ranks 1-8, cell
	// r*8+f; pieces are the letters KQRBNP (White, owner 0) and kqrbnp
	// (Black, owner 1).
	Chess
)

// Join says which neighbours a cell forms one piece with, such as the two
// cells of a domino: up is the next rank, right the next file.
type Join uint8

// The directions a cell joins its neighbour in.
const (
	JoinUp Join = 1 << iota
	JoinDown
	JoinLeft
	JoinRight
)

// Mark is something to show about a cell beyond its piece.
type Mark uint8

// The marks of a cell.
const (
	// Captured marks a stone of a group captured at the end of the game
	// that stays on the board (AtariGo ends at the first capture).
	Captured Mark = 1 << iota
	// Check marks a king in check.
	Check
	// Winning marks a cell of the structure that won the game (a
	// Havannah ring, bridge or fork), set by the interface that draws it.
	Winning
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
	// Join says which neighbours the piece here continues into.
	Join Join
	// Mark holds what else to show about the cell.
	Mark Mark
}

// Board is a drawable description of a position.
type Board struct {
	Kind       BoardKind
	Rows, Cols int
	Cells      []Cell
	// Stores holds the seeds of each player's store on a Pits board.
	Stores [2]int
	// Stones says the pieces are stones: the first player's drawn black,
	// the second's white, whatever their letters, unless FirstWhite.
	Stones bool
	// FirstWhite says the first player's stones are the white ones
	// (Havannah, where White moves first).
	FirstWhite bool
}

// CellName returns the chess-like name of cell i of a SquareGrid or Pits board
// with cols files: file letter from the left, rank from the first player's side.
func CellName(i, cols int) string {
	return coordName(i%cols, i/cols)
}

// coordName names file or column x in rank or row y: a letter, then y+1.
func coordName(x, y int) string {
	file := byte('a' + x)
	rank := y + 1
	if rank < 10 {
		return string([]byte{file, byte('0' + rank)})
	}
	return string([]byte{file, byte('0' + rank/10), byte('0' + rank%10)})
}

// Name returns the name of cell i: "c3" on a square board (file, rank), "c3"
// on a hex board too (row letter, then x+1), "a2" for North's first house.
func (b Board) Name(i int) string {
	if b.Kind == HexGrid {
		x, y := b.Coord(i)
		return coordName(y, x)
	}
	return CellName(i, b.Cols)
}

// Coord returns the coordinates of cell i: file and rank from 0 on a
// square board or pits (side 0 or 1), (x, y) on a hex board.
func (b Board) Coord(i int) (x, y int) {
	if b.Kind != HexGrid {
		return i % b.Cols, i / b.Cols
	}
	n := b.Rows
	for y = 0; y < 2*n-1; y++ {
		l := hexRowLen(n, y)
		if i < l {
			return hexRowStart(n, y) + i, y
		}
		i -= l
	}
	return -1, -1
}

// Index returns the cell at coordinates (x, y), as Coord gives them, or
// -1 where there is none.
func (b Board) Index(x, y int) int {
	if b.Kind != HexGrid {
		if x < 0 || y < 0 || x >= b.Cols || y >= b.Rows {
			return -1
		}
		return y*b.Cols + x
	}
	n := b.Rows
	if x < 0 || y < 0 || x > 2*n-2 || y > 2*n-2 || x-y > n-1 || y-x > n-1 {
		return -1
	}
	i := 0
	for r := range y {
		i += hexRowLen(n, r)
	}
	return i + x - hexRowStart(n, y)
}

// hexRowLen is the number of cells of row y of a hex board of base n.
func hexRowLen(n, y int) int { return 2*n - 1 - max(y-(n-1), (n-1)-y) }

// hexRowStart is the x of the first cell of row y of a hex board of base n.
func hexRowStart(n, y int) int { return max(0, y-(n-1)) }

// HexCells returns the number of cells of a hex board of base n: 3n(n-1)+1.
func HexCells(n int) int { return 3*n*(n-1) + 1 }

// HexBoard describes a hex board of base n whose cell (x, y) holds the
// piece letter piece(x, y) (0 for empty); a letter's index in letters is
// its owner.
func HexBoard(n int, piece func(x, y int) byte, letters string) Board {
	b := Board{Kind: HexGrid, Rows: n, Cols: 2*n - 1, Cells: make([]Cell, HexCells(n))}
	for i := range b.Cells {
		x, y := b.Coord(i)
		b.Cells[i] = letterCell(piece(x, y), letters)
	}
	return b
}

// SquareBoard describes a rows x cols grid whose cell i holds the piece
// letter piece(i) (0 for empty); a letter's index in letters ("wb", "xo"...)
// is its owner.
func SquareBoard(rows, cols int, piece func(i int) byte, letters string) Board {
	b := Board{Kind: SquareGrid, Rows: rows, Cols: cols, Cells: make([]Cell, rows*cols)}
	for i := range b.Cells {
		b.Cells[i] = letterCell(piece(i), letters)
	}
	return b
}

// ChessBoard describes a chess position from the piece placement field of
// a FEN ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"), rank 8 first. It
// returns false for a malformed field.
func ChessBoard(placement string) (Board, bool) {
	b := Board{Kind: Chess, Rows: 8, Cols: 8, Cells: make([]Cell, 64)}
	for i := range b.Cells {
		b.Cells[i].Owner = -1
	}
	r, f := 7, 0
	for i := 0; i < len(placement); i++ {
		c := placement[i]
		switch {
		case c == '/':
			if f != 8 || r == 0 {
				return Board{}, false
			}
			r, f = r-1, 0
		case c >= '1' && c <= '8':
			f += int(c - '0')
		case f < 8 && indexByte("KQRBNPkqrbnp", c) >= 0:
			b.Cells[r*8+f] = letterCell(c, "")
			b.Cells[r*8+f].Owner = int8(indexByte("KQRBNPkqrbnp", c) / 6)
			f++
		default:
			return Board{}, false
		}
		if f > 8 {
			return Board{}, false
		}
	}
	return b, r == 0 && f == 8
}

func indexByte(s string, c byte) int {
	for i := range len(s) {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func letterCell(piece byte, letters string) Cell {
	c := Cell{Owner: -1, Piece: piece}
	for o := range len(letters) {
		if piece == letters[o] {
			c.Owner = int8(o)
		}
	}
	return c
}
