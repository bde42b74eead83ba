package nmcs

import (
	"slices"
	"testing"

	"mcarena/games"
	"mcarena/games/rng"
)

// With order=legal the root's successors are evaluated in the game's Legal
// order, as a GGP engine presents them; with order=random in a shuffled one.
func TestLegalOrderEvaluatesInGameOrder(t *testing.T) {
	s := mustPos(t, "breakthrough", "")
	want := s.Legal(nil)
	for seed := range uint64(5) {
		_, evals := NewSearcher(Config{Level: 1, Order: Legal}, s).Choose(s, seed, nil)
		var got []games.Move
		for _, e := range evals {
			got = append(got, e.Move)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: evaluated %v, want Legal's %v", seed, got, want)
		}
	}
	_, evals := NewSearcher(Config{Level: 1}, s).Choose(s, 1, nil)
	if evals[0].Move == want[0] && evals[1].Move == want[1] && evals[2].Move == want[2] {
		t.Error("order=random evaluated the first three moves in Legal's order")
	}
}

// Algorithm 1, line 9: a successor replaces the best only when strictly
// better, so with every successor of equal value the policy under
// order=legal plays the first legal move, whatever the seed. The positions
// are TicTacToe positions with two empty cells where both moves lead to the
// same end (each successor has one move left, so its playout is forced).
func TestLegalOrderKeepsTheFirstOfEqualMoves(t *testing.T) {
	r := rng.New(11)
	found := 0
	for game := 0; game < 400 && found < 20; game++ {
		s := mustGame(t, "tictactoe").NewState()
		for !s.Terminal() {
			moves := s.Legal(nil)
			if len(moves) == 2 && sameEnd(s, moves) {
				found++
				for seed := range uint64(8) {
					best, evals := NewSearcher(Config{Level: 0, Order: Legal}, s).Choose(s, seed, nil)
					if evals[best].Move != moves[0] {
						t.Fatalf("%s seed %d: order=legal chose %s of two equal moves, want the first, %s",
							s, seed, s.MoveString(evals[best].Move), s.MoveString(moves[0]))
					}
				}
				break
			}
			s.Play(moves[r.Intn(len(moves))])
		}
	}
	if found < 5 {
		t.Fatalf("only %d positions with two equal moves", found)
	}
}

// sameEnd reports whether playing each move, then the only move left, ends
// the game with the same outcome.
func sameEnd(s games.State, moves []games.Move) bool {
	var out []games.Outcome
	for _, m := range moves {
		c := s.Clone()
		c.Play(m)
		for !c.Terminal() {
			c.Play(c.Legal(nil)[0])
		}
		out = append(out, c.Outcome())
	}
	return out[0] == out[1]
}

// Cut on Win under order=legal stops at the first winning successor in the
// game's order and plays it.
func TestLegalOrderCutsAtTheFirstWin(t *testing.T) {
	// White to move on Breakthrough 5x5 with pieces on b4 and d4: moves to
	// rank 5 win at once.
	s := mustPos(t, "breakthrough", "bb3/1w1w1/5/4b/w4 w")
	best, evals := NewSearcher(Config{Level: 0, COW: 1, Order: Legal}, s).Choose(s, 3, nil)
	moves := s.Legal(nil)
	first := -1
	for i, m := range moves {
		c := s.Clone()
		c.Play(m)
		if c.Terminal() && c.Outcome() == games.FirstWins {
			first = i
			break
		}
	}
	if first < 0 {
		t.Fatal("no winning move in the test position")
	}
	if evals[best].Move != moves[first] {
		t.Errorf("played %s, want the first win in Legal's order, %s", s.MoveString(evals[best].Move), s.MoveString(moves[first]))
	}
	for i := first + 1; i < len(evals); i++ {
		if !evals[i].CutByCOW {
			t.Errorf("move %d after the first win was evaluated", i)
		}
	}
}
