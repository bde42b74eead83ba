package mcts_test

import (
	"context"
	"fmt"

	"mcarena/engines"
	"mcarena/engines/mcts"
	"mcarena/games"
	_ "mcarena/games/all"
	"mcarena/games/knowledge"
)

// capturePrior is a new technique added at the expansion seam: node priors
// that start every capture with 8 wins in 10 virtual visits and every other
// move with 3 in 10, so that captures are searched first until real results
// outweigh the prior. It reaches the game's knowledge through the registry.
type capturePrior struct{ capture knowledge.Classifier }

func (p capturePrior) Priors(s games.State, moves []games.Move, out []mcts.ChildPrior) int64 {
	for i, m := range moves {
		out[i].Visits, out[i].Wins = 10, 3
		if p.capture.Is(s, m) {
			out[i].Wins = 8
		}
	}
	return 0
}

// A technique is a component plugged into a seam of Config, never a branch
// in the search loop: here a Prior, made afresh for each search so that it
// may keep buffers.
func Example_prior() {
	g, _ := games.New("breakthrough")
	s, _ := g.ParsePosition("5/b4/2wb1/2w2/w4 w")
	cfg := mcts.Config{C: 0.7, Solver: true, MaxNodes: 1 << 16,
		Prior: func(s games.State) (mcts.Prior, error) {
			c, err := knowledge.NewClassifier(s.Game(), "capture")
			return capturePrior{c}, err
		}}
	e := mcts.New(cfg, "mcts with capture priors")
	res, err := e.Search(context.Background(), engines.NewRequest(s, engines.Budget{Iterations: 3000}, 1))
	if err != nil {
		fmt.Println(err)
		return
	}
	visits := res.Stats.Column("visits")
	for _, m := range res.Stats.Moves {
		if s.MoveString(m.Move) == "c2-d3" {
			fmt.Printf("the capture c2-d3 has %.0f visits, virtual ones included\n", m.Cells[visits])
		}
	}
	fmt.Println("plays", s.MoveString(res.Move))
	// Output:
	// the capture c2-d3 has 34 visits, virtual ones included
	// plays c2-d3
}
