package loa_test

import (
	"fmt"
	"strings"

	"mcarena/games"
	_ "mcarena/games/loa"
)

// A capture that leaves only the opponent connected loses: Black takes
// White's lone c1 piece, and White's last piece, a8, is a group of one.
func Example() {
	g, _ := games.New("loa")
	s, _ := g.ParsePosition("w6b/8/8/8/8/8/8/b1w5 b")
	var moves []string
	for _, m := range s.Legal(nil) {
		moves = append(moves, s.MoveString(m))
	}
	fmt.Println(strings.Join(moves, " "))
	m, _ := s.ParseMove("a1xc1")
	s.Play(m)
	fmt.Println(s, s.Outcome(), games.EndReason(s))
	// Output:
	// a1-a3 a1-c3 a1xc1 h8-h7 h8-f6 h8-f8
	// w6b/8/8/8/8/8/8/2b5 w 1 0-1 connection
}
