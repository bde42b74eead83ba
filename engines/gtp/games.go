package gtp

import (
	"fmt"
	"strconv"
	"strings"

	"mcarena/games"
)

// whiteBlack reports whether g's players are called White and Black, in
// either order.
func whiteBlack(g games.Game) bool {
	n := g.PlayerNames()
	return strings.EqualFold(n[0]+n[1], "whiteblack") || strings.EqualFold(n[0]+n[1], "blackwhite")
}

// parseColor reads a colour: a player's name or its first letter, any case;
// and black for the first player, white for the second, where no player is
// called so (see the package comment).
func parseColor(g games.Game, text string) (games.Player, error) {
	names := g.PlayerNames()
	t := strings.ToLower(text)
	for p, n := range names {
		if n = strings.ToLower(n); t == n || t == n[:1] {
			return games.Player(p), nil
		}
	}
	if !whiteBlack(g) {
		switch t {
		case "b", "black":
			return games.First, nil
		case "w", "white":
			return games.Second, nil
		}
	}
	return 0, fmt.Errorf("invalid color %q: want %s or %s", text, strings.ToLower(names[0]), strings.ToLower(names[1]))
}

// colorWord is the colour a controller sends for p: w or b.
func colorWord(g games.Game, p games.Player) string {
	if whiteBlack(g) {
		return strings.ToLower(g.PlayerNames()[p][:1])
	}
	return [2]string{"b", "w"}[p]
}

// colorName is the colour of p in full: its name where the players are
// White and Black, else black for the first player and white for the
// second.
func colorName(g games.Game, p games.Player) string {
	if whiteBlack(g) {
		return strings.ToLower(g.PlayerNames()[p])
	}
	return [2]string{"black", "white"}[p]
}

// sizeOption returns the option of g that boardsize sets (base, or a
// square size) and its value now, or "" where g has none.
func sizeOption(g games.Game) (name string, n int) {
	e, o, err := games.ParseSpec(g.Spec())
	if err != nil {
		return "", 0
	}
	for _, d := range e.Options {
		switch {
		case d.Name == "base" && d.Kind == games.Int:
			return d.Name, o.Int(d.Name)
		case d.Name == "size" && d.Kind == games.Int:
			return d.Name, o.Int(d.Name)
		case d.Name == "size" && d.Kind == games.Size:
			if r, c := o.Size(d.Name); r == c {
				return d.Name, r
			}
			return d.Name, 0
		}
	}
	return "", 0
}

// resize returns g with its base or size set to n (a size of rows and
// columns to n by n), keeping its other options. A game of one board, such
// as Lines of Action's 8x8, takes its own size and no other.
func resize(g games.Game, n int) (games.Game, error) {
	opt, _ := sizeOption(g)
	if opt == "" {
		// Havannah, the one hex game, has a base to set; a square board
		// of one size is the one left to take.
		if b := g.NewState().Board(); b.Kind != games.Pits && b.Rows == b.Cols && b.Rows > 0 {
			if n == b.Rows {
				return g, nil
			}
			return nil, fmt.Errorf("%s is played on %dx%d only", g.Spec(), b.Rows, b.Cols)
		}
		return nil, fmt.Errorf("%s has no board size to set", g.Spec())
	}
	e, o, err := games.ParseSpec(g.Spec())
	if err != nil {
		return nil, err
	}
	parts := make([]string, 0, len(e.Options))
	for _, d := range e.Options {
		v := o.String(d.Name)
		if d.Name == opt {
			v = strconv.Itoa(n)
			if d.Kind == games.Size {
				v += "x" + v
			}
		}
		parts = append(parts, d.Name+"="+v)
	}
	return games.New(e.Name + ":" + strings.Join(parts, ","))
}

// drawing draws a position as text: a hex board with row a on top, each
// row led by the name of its first cell; a square board with the last rank
// on top and the files below; other boards not at all ("").
func drawing(s games.State) string {
	b := s.Board()
	piece := func(c games.Cell) byte {
		if c.Owner < 0 || c.Piece == 0 {
			return '.'
		}
		return c.Piece
	}
	var out strings.Builder
	switch b.Kind {
	case games.HexGrid:
		n := b.Rows
		row := -1
		for i, c := range b.Cells {
			_, y := b.Coord(i)
			if y != row {
				if row >= 0 {
					out.WriteByte('\n')
				}
				row = y
				out.WriteString(strings.Repeat(" ", max(n-1-y, y-n+1)))
				fmt.Fprintf(&out, "%-4s", b.Name(i))
			} else {
				out.WriteByte(' ')
			}
			out.WriteByte(piece(c))
		}
	case games.SquareGrid:
		for r := b.Rows - 1; r >= 0; r-- {
			fmt.Fprintf(&out, "%2d ", r+1)
			for c := range b.Cols {
				out.WriteByte(' ')
				out.WriteByte(piece(b.Cells[r*b.Cols+c]))
			}
			out.WriteByte('\n')
		}
		out.WriteString("   ")
		for c := range b.Cols {
			out.WriteByte(' ')
			out.WriteByte(byte('a' + c))
		}
	}
	return out.String()
}
