package grid

import "mcarena/games"

// OrderOption is the game option that lists Legal's moves in the order a
// General Game Playing engine would present them from a GDL rule sheet,
// where the order of the board's cells decides the order of the moves.
// Cells count as in this package (a1 = 0 at the first player's left, rank 1
// nearest the first player):
//
//	native             the game's own order (the default; nothing changes)
//	rowmajor           rank 1 to the last, each rank from file a
//	colmajor           file a to the last, each file from rank 1
//	rowmajor-reversed  rowmajor backwards: last rank first, each from the last file
//	colmajor-reversed  colmajor backwards
//
// Games whose moves are a cell (stones, dominoes) sort by that cell; games
// whose moves go from one cell to another sort by the from-cell, then the
// to-cell. Only Legal's order changes: playouts draw uniformly among the
// same moves as in the native game (the NMCS player's choice loops are
// what the order is for).
var OrderOption = games.Option{Name: "order", Kind: games.Choice, Default: "native",
	Choices: []string{"native", "rowmajor", "colmajor", "rowmajor-reversed", "colmajor-reversed"},
	Doc:     "the order Legal lists moves in: native, or by cell as a GDL engine would (rowmajor, colmajor, and each reversed)"}

// Order ranks the cells of a board for OrderOption; the zero Order is
// native.
type Order struct {
	rank [64]uint8
	on   bool
}

// NewOrder returns the order named by an OrderOption value on a rows x cols
// board.
func NewOrder(name string, rows, cols int) Order {
	var o Order
	if name == "" || name == "native" {
		return o
	}
	o.on = true
	cells := rows * cols
	for c := range cells {
		r, f := c/cols, c%cols
		k := c // rowmajor
		if name == "colmajor" || name == "colmajor-reversed" {
			k = f*rows + r
		}
		if name == "rowmajor-reversed" || name == "colmajor-reversed" {
			k = cells - 1 - k
		}
		o.rank[c] = uint8(k)
	}
	return o
}

// On reports whether the order is not native.
func (o *Order) On() bool { return o.on }

// Rank returns the position of cell c in the order.
func (o *Order) Rank(c int) int { return int(o.rank[c&63]) }

// Sort puts moves in increasing key order, keeping the native order among
// equal keys; it allocates nothing.
func Sort(moves []games.Move, key func(games.Move) int) {
	for i := 1; i < len(moves); i++ {
		m, k := moves[i], key(moves[i])
		j := i
		for ; j > 0 && key(moves[j-1]) > k; j-- {
			moves[j] = moves[j-1]
		}
		moves[j] = m
	}
}
