package all_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

// Breakthrough's order=gameframe lists the moves the implicit-minimax
// co-authors' framework generated, in its order: a plain transcription of
// its loop (rows from the top of the board, columns from the left; for
// each piece of the side to move the step to the left diagonal, the right
// diagonal, then straight ahead) on the position's text gives the same
// moves in the same order at every position of random games on 8x8 and
// 6x5. The positions are those of the native game, and the ordered game
// passes the conformance kit with the native game's playout rule.
func TestGameframeOrder(t *testing.T) {
	for _, base := range []string{"breakthrough:size=8x8", "breakthrough:size=6x5"} {
		t.Run(base, func(t *testing.T) {
			native, framed := gametest.MustGame(t, base), gametest.MustGame(t, base+",order=gameframe")
			r := rng.New(11)
			for range 40 {
				a, b := native.NewState(), framed.NewState()
				for !a.Terminal() {
					var got []string
					for _, m := range b.Legal(nil) {
						got = append(got, b.MoveString(m))
					}
					if want := gameframeMoves(t, b.String()); !slices.Equal(got, want) {
						t.Fatalf("%s: Legal %v, the framework's loop %v", b, got, want)
					}
					na := a.Legal(nil)
					m := na[r.Intn(len(na))]
					a.Play(m)
					b.Play(m)
					if a.String() != b.String() || a.Hash() != b.Hash() {
						t.Fatalf("positions differ after %s: %s and %s", a.MoveString(m), a, b)
					}
				}
			}
			gametest.Conformance(t, framed, gametest.Config{Games: 20, ReferencePlayout: nativeReference(native)})
		})
	}
	if _, err := games.New("knightthrough:order=gameframe"); err == nil {
		t.Error("knightthrough accepted order=gameframe")
	}
}

// gameframeMoves transcribes the framework's move generation on a
// Breakthrough position text (ranks from the last, "w" to move up the
// board, "b" down): rows from the top, columns from the left, and for each
// piece of the side to move the diagonal to its left column (a capture or
// a step onto an empty cell), the diagonal to its right column, then the
// cell straight ahead if empty. A game that is over has no moves.
func gameframeMoves(t *testing.T, text string) []string {
	t.Helper()
	fields := strings.Fields(text)
	var board [][]byte // board[0] is the last rank
	for _, rank := range strings.Split(fields[0], "/") {
		var row []byte
		for _, c := range []byte(rank) {
			if c >= '1' && c <= '9' {
				row = append(row, strings.Repeat(".", int(c-'0'))...)
			} else {
				row = append(row, c)
			}
		}
		board = append(board, row)
	}
	rows, cols := len(board), len(board[0])
	for c := range cols {
		if board[0][c] == 'w' || board[rows-1][c] == 'b' {
			return nil // a piece reached the far rank
		}
	}
	own, dr := byte('w'), -1
	if fields[1] == "b" {
		own, dr = 'b', 1
	}
	name := func(r, c int) string { return fmt.Sprintf("%c%d", 'a'+c, rows-r) }
	var moves []string
	for r := range rows {
		for c := range cols {
			if board[r][c] != own {
				continue
			}
			nr := r + dr
			if nr < 0 || nr >= rows {
				continue
			}
			for _, nc := range []int{c - 1, c + 1} {
				if nc >= 0 && nc < cols && board[nr][nc] != own {
					moves = append(moves, name(r, c)+"-"+name(nr, nc))
				}
			}
			if board[nr][c] == '.' {
				moves = append(moves, name(r, c)+"-"+name(nr, c))
			}
		}
	}
	return moves
}
