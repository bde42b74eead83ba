package havannah_test

import (
	"fmt"

	"mcarena/games"
	"mcarena/games/havannah"
)

// A game is built from a spec; moves are cell names. White closes a ring of
// six stones round d4 (a black stone) with d3.
func Example() {
	g, _ := games.New("havannah:base=4")
	s := g.NewState()
	for _, name := range []string{"c3", "d4", "c4", "a1", "d5", "a2", "e5", "b1", "e4", "g7", "d3"} {
		m, err := s.ParseMove(name)
		if err != nil {
			fmt.Println(err)
			return
		}
		s.Play(m)
	}
	fmt.Println(s)
	fmt.Println(s.Outcome(), games.EndReason(s))
	// Output:
	// bb../b..../..ww../..wbw../..ww../...../...b b
	// 1-0 ring
}

// With the swap rule Black's first move may take over White's stone: it is
// written "swap" and listed in Legal as the stone's cell.
func Example_swap() {
	g := havannah.New(4, true)
	s := g.NewState()
	d4, _ := s.ParseMove("d4")
	s.Play(d4)
	m, _ := s.ParseMove("swap")
	fmt.Println(m == d4, s.MoveString(m), len(s.Legal(nil)))
	s.Play(m)
	fmt.Println(s)
	// Output:
	// true swap 37
	// ..../...../....../...b.../....../...../.... w
}
