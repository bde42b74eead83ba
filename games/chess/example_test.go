package chess_test

import (
	"fmt"
	"strings"

	"mcarena/games"
	_ "mcarena/games/chess"
)

// Fool's mate, read in SAN and UCI; moves are written in SAN, the position
// in FEN.
func Example() {
	g, _ := games.New("chess")
	s := g.NewState()
	var sans []string
	for _, text := range []string{"f3", "e7e5", "g4", "Qh4"} {
		m, err := s.ParseMove(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		sans = append(sans, s.MoveString(m))
		s.Play(m)
	}
	fmt.Println(strings.Join(sans, " "))
	fmt.Println(s)
	fmt.Println(s.Outcome(), games.EndReason(s))
	// Output:
	// f3 e5 g4 Qh4#
	// rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3
	// 0-1 checkmate
}
