package atarigo

import (
	"slices"
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/rng"
	"mcarena/games/stone/stonetest"
)

// ref is a deliberately plain second implementation of AtariGo on a 2D
// array, written from the rules text, to check the bitboard code against:
// groups by recursive flood fill, a move tried by placing the stone and
// looking.
type ref struct {
	n     int
	loses bool         // suicide=loses
	cell  [8][8]int8   // -1 empty, 0 Black, 1 White; [rank][file]
	side  int8         // to move
	over  bool         // the last move captured or was a losing suicide
	win   games.Player // the winner when over
}

// newRef reads a position that is not over.
func newRef(g *Game, s games.State) *ref {
	n := g.Board.Geo.Cols
	r := &ref{n: n, loses: g.suicideLoses, side: int8(s.ToMove())}
	for i, c := range s.Board().Cells {
		r.cell[i/n][i%n] = c.Owner
	}
	return r
}

// alive reports whether the group of the stone on (rank, file) touches an
// empty point.
func (r *ref) alive(rank, file int) bool {
	var seen [8][8]bool
	var walk func(rk, f int) bool
	walk = func(rk, f int) bool {
		seen[rk][f] = true
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			nr, nf := rk+d[0], f+d[1]
			if nr < 0 || nr >= r.n || nf < 0 || nf >= r.n || seen[nr][nf] {
				continue
			}
			switch r.cell[nr][nf] {
			case -1:
				return true
			case r.cell[rk][f]:
				if walk(nr, nf) {
					return true
				}
			}
		}
		return false
	}
	return walk(rank, file)
}

// try places a stone of the side to move on the empty point c and says
// whether it captures (an enemy neighbour's group has no liberty) and
// whether its own group has none; it takes the stone back.
func (r *ref) try(c int) (capture, suicide bool) {
	rank, file := c/r.n, c%r.n
	r.cell[rank][file] = r.side
	defer func() { r.cell[rank][file] = -1 }()
	for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		nr, nf := rank+d[0], file+d[1]
		if nr >= 0 && nr < r.n && nf >= 0 && nf < r.n && r.cell[nr][nf] == 1-r.side && !r.alive(nr, nf) {
			capture = true
		}
	}
	return capture, !r.alive(rank, file)
}

// moves lists the legal points in ascending order: under suicide=illegal
// those that capture or are no suicide, under suicide=loses every empty one.
func (r *ref) moves() []int {
	if r.over {
		return nil
	}
	var out []int
	for c := range r.n * r.n {
		if r.cell[c/r.n][c%r.n] != -1 {
			continue
		}
		if capture, suicide := r.try(c); r.loses || capture || !suicide {
			out = append(out, c)
		}
	}
	return out
}

// play puts a stone on c: a capture wins for the mover, else a suicide
// (possible only under suicide=loses) loses for it.
func (r *ref) play(c int) {
	capture, suicide := r.try(c)
	r.cell[c/r.n][c%r.n] = r.side
	switch {
	case capture:
		r.over, r.win = true, games.Player(r.side)
	case suicide:
		r.over, r.win = true, games.Player(1-r.side)
	}
	r.side = 1 - r.side
}

// outcome is the result of a finished game: the winner of a capture or
// suicide, else the player to move has no move and loses.
func (r *ref) outcome() games.Outcome {
	if r.over {
		return games.WinFor(r.win)
	}
	return games.WinFor(games.Player(1 - r.side))
}

func (r *ref) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, c := range r.moves() {
		next := *r
		next.play(c)
		n += next.perft(depth - 1)
	}
	return n
}

// solve is the negamax value for the player to move (1 win, -1 loss).
func (r *ref) solve() int {
	moves := r.moves()
	if len(moves) == 0 {
		return r.outcome().Value(games.Player(r.side))
	}
	best := -1
	for _, c := range moves {
		next := *r
		next.play(c)
		if v := -next.solve(); v > best {
			best = v
			if best == 1 {
				break
			}
		}
	}
	return best
}

// refGames are the games checked against the reference (a function: the
// registry that makes their specs is filled by init).
func refGames() []*Game {
	return []*Game{
		New(5, false), New(5, true), New(3, false), New(6, true),
		NewVariant(Variant{Size: 5, SuicideLoses: true}), NewVariant(Variant{Size: 5, Crosscut: true, SuicideLoses: true}),
		NewVariant(Variant{Size: 3, SuicideLoses: true}), NewVariant(Variant{Size: 4, SuicideLoses: true}),
		NewVariant(Variant{Size: 7, Crosscut: true, SuicideLoses: true}),
	}
}

// Along many random games the legal moves, the end and the outcome equal the
// reference's, the two played side by side.
func TestAgainstReference(t *testing.T) {
	for _, g := range refGames() {
		t.Run(g.Spec(), func(t *testing.T) {
			ends := map[string]int{}
			for seed := uint64(1); seed <= 200; seed++ {
				r := rng.New(seed)
				s := g.NewState()
				rf := newRef(g, s)
				for {
					var got []int
					for _, m := range s.Legal(nil) {
						got = append(got, int(m))
					}
					want := rf.moves()
					if !slices.Equal(got, want) {
						t.Fatalf("%q: moves %v, reference %v", s.String(), got, want)
					}
					if len(got) == 0 {
						if !s.Terminal() || s.Outcome() != rf.outcome() {
							t.Fatalf("%q: Terminal %v Outcome %v, reference %v", s.String(), s.Terminal(), s.Outcome(), rf.outcome())
						}
						ends[games.EndReason(s)]++
						break
					}
					m := got[r.Intn(len(got))]
					s.Play(games.Move(m))
					rf.play(m)
				}
			}
			t.Logf("ends %v", ends)
		})
	}
}

// Perft from the start and from positions of random games (every third ply)
// equals the reference's. The reference checks every figure up to 400,000
// (3x3 to the end of every game), up to 20,000 under -short; the 5x5 depth 5
// runs only without -short.
func TestPerft(t *testing.T) {
	tests := []struct {
		spec string
		want []uint64
	}{
		{"atarigo", []uint64{1, 25, 600, 13800, 303248, 6357152}},
		{"atarigo:suicide=loses", []uint64{1, 25, 600, 13800, 303424, 6360816}},
		{"atarigo:size=3", []uint64{1, 9, 72, 504, 2928, 13952, 48000, 114912, 118656, 43776}},
		{"atarigo:size=3,suicide=loses", []uint64{1, 9, 72, 504, 2976, 14160, 51072, 123984, 160704, 43776}},
		{"atarigo:crosscut,suicide=loses", []uint64{1, 21, 420, 7980, 142056}},
	}
	refMax := uint64(400000)
	if testing.Short() {
		refMax = 20000
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			g := gametest.MustGame(t, tt.spec).(*Game)
			for d, w := range tt.want {
				if w > 1e6 && testing.Short() {
					break
				}
				got := games.Perft(g.NewState(), d)
				if got != w {
					t.Errorf("perft(%d) = %d, want %d", d, got, w)
				}
				if w <= refMax {
					if r := newRef(g, g.NewState()).perft(d); r != got {
						t.Errorf("perft(%d) = %d, reference %d", d, got, r)
					}
				}
			}
		})
	}
	for _, g := range refGames() {
		t.Run("random positions "+g.Spec(), func(t *testing.T) {
			r := rng.New(5)
			for range 5 {
				s := g.NewState()
				for ply := 0; !s.Terminal(); ply++ {
					if ply%3 == 0 {
						if got, want := games.Perft(s, 3), newRef(g, s).perft(3); got != want {
							t.Fatalf("%q: perft(3) = %d, reference %d", s.String(), got, want)
						}
					}
					moves := s.Legal(nil)
					s.Play(moves[r.Intn(len(moves))])
				}
			}
		})
	}
}

// The tiny boards solved exhaustively agree with the reference's negamax.
func TestSolvedTinyAgainstReference(t *testing.T) {
	for _, g := range []*Game{New(2, false), NewVariant(Variant{Size: 2, SuicideLoses: true}), New(3, false), NewVariant(Variant{Size: 3, SuicideLoses: true})} {
		if g.Board.Geo.Cols == 3 && testing.Short() {
			continue
		}
		got, want := gametest.Solve(g.NewState()), newRef(g, g.NewState()).solve()
		if got != want {
			t.Errorf("%s: value %d, reference %d", g.Spec(), got, want)
		}
		t.Logf("%s: first player value %d", g.Spec(), got)
	}
}

func TestConformanceSuicideLoses(t *testing.T) {
	ended := func(s games.State) bool { return s.(*State).over() }
	for _, g := range []*Game{
		NewVariant(Variant{Size: 5, SuicideLoses: true}), NewVariant(Variant{Size: 5, Crosscut: true, SuicideLoses: true}),
		NewVariant(Variant{Size: 3, SuicideLoses: true}), NewVariant(Variant{Size: 8, SuicideLoses: true}),
		NewVariant(Variant{Size: 5, SuicideLoses: true, Order: "colmajor-reversed"}),
	} {
		t.Run(g.Spec(), func(t *testing.T) {
			gametest.Conformance(t, g, gametest.Config{Games: 100, ReferencePlayout: stonetest.ReferencePlayout(ended)})
		})
	}
}

// suicide=loses: every empty point is legal; a capture wins, even one that
// leaves the mover's own group without liberties; a suicide that captures
// nothing loses for the player who made it.
func TestSuicideLoses(t *testing.T) {
	tests := []struct {
		name, pos, move string
		want            games.Outcome // after the move; Draw: the game goes on
		reason          string
		illegal         bool // under suicide=illegal
	}{
		{"a suicide in a corner loses", "5/5/5/w4/1w3 b", "a1", games.SecondWins, "suicide", true},
		{"a suicide beside enemy groups that keep liberties loses", "5/5/w4/bw3/1w3 b", "a1", games.SecondWins, "suicide", true},
		{"filling the own group's last liberty loses", "5/5/5/ww3/1bw2 b", "a1", games.SecondWins, "suicide", true},
		{"white's suicide loses for white", "5/5/5/b4/1b3 w", "a1", games.FirstWins, "suicide", true},
		{"a suicide that captures counts as a capture and wins", "5/5/5/wb3/1wb2 b", "a1", games.FirstWins, "capture", false},
		{"a capture that is no suicide wins", "5/5/5/b4/w4 b", "b1", games.FirstWins, "capture", false},
		{"joining a group that keeps a liberty is no suicide", "5/5/5/w4/1b3 b", "a1", games.Draw, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loses := NewVariant(Variant{Size: 5, SuicideLoses: true})
			s, err := loses.ParsePosition(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			if n, empty := len(s.Legal(nil)), s.(*State).Empty(); n != popcount(empty) {
				t.Fatalf("%d legal moves, %d empty points", n, popcount(empty))
			}
			m, err := s.ParseMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			s.Play(m)
			if s.Terminal() != (tt.want != games.Draw) || s.Outcome() != tt.want || games.EndReason(s) != tt.reason {
				t.Fatalf("after %s: Terminal %v Outcome %v reason %q, want %v %q", tt.move, s.Terminal(), s.Outcome(), games.EndReason(s), tt.want, tt.reason)
			}
			// The finished position reads back with its result.
			back, err := loses.ParsePosition(s.String())
			if err != nil || back.Terminal() != s.Terminal() || back.Outcome() != s.Outcome() || games.EndReason(back) != tt.reason {
				t.Fatalf("re-read %q: %v, %v", s.String(), back, err)
			}
			// suicide=illegal refuses the suicide that captures nothing.
			before, _ := New(5, false).ParsePosition(tt.pos)
			if _, err := before.ParseMove(tt.move); (err != nil) != tt.illegal {
				t.Fatalf("suicide=illegal: ParseMove(%s) error %v, want illegal=%v", tt.move, err, tt.illegal)
			}
		})
	}
}

func popcount(b uint64) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}
