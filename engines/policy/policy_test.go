package policy

import (
	"testing"

	"mcarena/engines/nmcs"
	"mcarena/games"
	_ "mcarena/games/all"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

func pos(t testing.TB, spec, text string) games.State { return gametest.MustPosition(t, spec, text) }

func mustPolicy(t testing.TB, cfg Config, s games.State) Policy {
	t.Helper()
	p, err := New(cfg, s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// cellAt returns the piece letter on a named cell of a square board.
func cellAt(s games.State, name string) byte {
	b := s.Board()
	i := int(name[0]-'a') + int(name[1]-'1')*b.Cols
	return b.Cells[i].Piece
}

func TestPlaysTheWinInOne(t *testing.T) {
	start := pos(t, "tictactoe", "o2/1o1/xx1 x")
	for _, cfg := range []Config{{Kind: MR, Depth: 1}, {Kind: MR, Depth: 2}, {Kind: Decisive}} {
		p := mustPolicy(t, cfg, start)
		r := rng.New(1)
		for range 200 {
			s := start.Clone()
			n, _ := p.Run(s, &r, nil, nil)
			if n != 1 || s.Outcome() != games.FirstWins {
				t.Fatalf("%+v: %d moves to %q", cfg, n, s.String())
			}
		}
	}
}

// O must block a3; MR(2) and Decisive always do, MR(1) and random often not.
func TestAvoidsLosingReplies(t *testing.T) {
	start := pos(t, "tictactoe", "1x1/xo1/xo1 o")
	blocked := func(cfg Config) int {
		p := mustPolicy(t, cfg, start)
		r := rng.New(2)
		n := 0
		for range 300 {
			s := start.Clone()
			p.Run(s, &r, nil, nil)
			if cellAt(s, "a3") == 'o' {
				n++
			}
		}
		return n
	}
	for _, cfg := range []Config{{Kind: MR, Depth: 2}, {Kind: Decisive}} {
		if n := blocked(cfg); n != 300 {
			t.Errorf("%+v blocked a3 in %d of 300 playouts", cfg, n)
		}
	}
	for _, cfg := range []Config{{Kind: MR, Depth: 1}, {Kind: Random}} {
		if n := blocked(cfg); n > 150 {
			t.Errorf("%+v blocked a3 in %d of 300 playouts; it does not look ahead", cfg, n)
		}
	}
}

// In misère Breakthrough, stepping onto the far rank loses at once. With a
// piece one step from it and nothing else, White must lose at once; with
// another piece to move, MR(1) never takes the losing step first.
func TestMisereAvoidsSelfLoss(t *testing.T) {
	p := mustPolicy(t, Config{Kind: MR, Depth: 1}, pos(t, "breakthrough:misere", "4b/w4/5/5/5 w"))
	r := rng.New(3)
	for _, tc := range []struct {
		text   string
		forced bool
	}{{"4b/w4/5/5/5 w", true}, {"4b/w4/5/2w2/5 w", false}} {
		start := pos(t, "breakthrough:misere", tc.text)
		for range 100 {
			s := start.Clone()
			n, _ := p.Run(s, &r, nil, nil)
			if tc.forced != (n == 1) {
				t.Fatalf("%q: playout of %d moves to %q", tc.text, n, s.String())
			}
		}
	}
}

func TestNestedPolicyCountsStates(t *testing.T) {
	start := pos(t, "breakthrough", "bbbbb/bbbbb/5/wwwww/wwwww w")
	p := mustPolicy(t, Config{Kind: Nested, Nested: nmcs.Config{Level: 1, Discount: true, COW: 1}}, start)
	r := rng.New(4)
	s := start.Clone()
	n, states := p.Run(s, &r, nil, nil)
	if !s.Terminal() || n < 1 || states < int64(n)*10 {
		t.Fatalf("moves %d, states %d, terminal %v", n, states, s.Terminal())
	}
}

func TestNoAllocations(t *testing.T) {
	start := pos(t, "breakthrough", "bbbbb/bbbbb/5/wwwww/wwwww w")
	for _, cfg := range []Config{{Kind: Random}, {Kind: MR, Depth: 2}, {Kind: Decisive}, {Kind: Nested, Nested: nmcs.Config{Level: 1}}} {
		p := mustPolicy(t, cfg, start)
		r := rng.New(5)
		s := start.Clone()
		if a := testing.AllocsPerRun(20, func() {
			s.CopyFrom(start)
			p.Run(s, &r, nil, nil)
		}); a != 0 {
			t.Errorf("%+v: %v allocations per playout", cfg, a)
		}
	}
}

func TestBadConfig(t *testing.T) {
	s := pos(t, "tictactoe", "3/3/3 x")
	for _, cfg := range []Config{{Kind: MR, Depth: 0}, {Kind: "greedy"}} {
		if _, err := New(cfg, s); err == nil {
			t.Errorf("%+v accepted", cfg)
		}
	}
}
