package random

import (
	"context"
	"testing"

	"mcarena/engines"
	"mcarena/games"
	_ "mcarena/games/all"
)

func TestUniformAndSeeded(t *testing.T) {
	g, _ := games.New("tictactoe")
	s := g.NewState()
	counts := map[games.Move]int{}
	for seed := uint64(1); seed <= 9000; seed++ {
		res, err := Engine{}.Search(context.Background(), engines.Request{Position: s, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		counts[res.Move]++
		again, _ := Engine{}.Search(context.Background(), engines.Request{Position: s, Seed: seed})
		if again.Move != res.Move {
			t.Fatal("same seed, different move")
		}
	}
	// 9 moves, 1000 expected each; 0.999 chi-square quantile for 8 df is 26.1.
	chi := 0.0
	for _, c := range counts {
		d := float64(c - 1000)
		chi += d * d / 1000
	}
	if len(counts) != 9 || chi > 26.1 {
		t.Fatalf("counts %v (chi-square %.1f)", counts, chi)
	}
	over, _ := g.ParsePosition("xxx/oo1/3 o")
	if _, err := (Engine{}).Search(context.Background(), engines.Request{Position: over, Seed: 1}); err != engines.ErrNoMoves {
		t.Fatalf("finished game: error %v", err)
	}
}
