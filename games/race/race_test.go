package race_test

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"testing"

	"mcarena/games"
	"mcarena/games/breakthrough"
	"mcarena/games/gametest"
	"mcarena/games/knightthrough"
	"mcarena/games/knowledge"
	"mcarena/games/race"
	"mcarena/games/rng"
)

func mustGame(t testing.TB, spec string) games.Game { return gametest.MustGame(t, spec) }

var specs = []string{
	"breakthrough", "breakthrough:misere", "breakthrough:size=6x6", "breakthrough:size=8x8",
	"breakthrough:size=5x8,home=1", "breakthrough:size=8x5,home=3", "breakthrough:size=7x6",
	"knightthrough", "knightthrough:misere", "knightthrough:size=8x8", "knightthrough:size=6x5,home=1",
}

func TestConformance(t *testing.T) {
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			gametest.Conformance(t, mustGame(t, spec), gametest.Config{Games: 100})
		})
	}
}

// ref is a deliberately plain second implementation of the race rules on a 2D
// array, written from the rules text, to check the bitboard code against.
type ref struct {
	rows, cols int
	steps      []race.Step
	cell       [8][8]int8 // -1 empty, 0 white, 1 black; [rank][file]
	side       int8
}

func newRef(g *race.Game, rules race.Rules, s games.State) *ref {
	v := g.Variant()
	r := &ref{rows: v.Rows, cols: v.Cols, steps: rules.Steps}
	b := s.Board()
	for i, c := range b.Cells {
		r.cell[i/v.Cols][i%v.Cols] = c.Owner
	}
	r.side = int8(s.ToMove())
	return r
}

func (r *ref) name(rank, file int) string { return fmt.Sprintf("%c%d", 'a'+file, rank+1) }

func (r *ref) over() bool {
	for f := range r.cols {
		if r.cell[r.rows-1][f] == 0 || r.cell[0][f] == 1 {
			return true
		}
	}
	return false
}

func (r *ref) moves() []string {
	if r.over() {
		return nil
	}
	var out []string
	dir := 1
	if r.side == 1 {
		dir = -1
	}
	for rank := range r.rows {
		for file := range r.cols {
			if r.cell[rank][file] != r.side {
				continue
			}
			for _, st := range r.steps {
				tr, tf := rank+dir*st.Ranks, file+st.Files
				if tr < 0 || tr >= r.rows || tf < 0 || tf >= r.cols {
					continue
				}
				t := r.cell[tr][tf]
				if t == r.side || (t != -1 && !st.Captures) {
					continue
				}
				out = append(out, r.name(rank, file)+"-"+r.name(tr, tf))
			}
		}
	}
	sort.Strings(out)
	return out
}

func (r *ref) play(m string) {
	fr, ff := int(m[1]-'1'), int(m[0]-'a')
	tr, tf := int(m[4]-'1'), int(m[3]-'a')
	r.cell[tr][tf] = r.cell[fr][ff]
	r.cell[fr][ff] = -1
	r.side ^= 1
}

func (r *ref) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range r.moves() {
		c := *r
		c.play(m)
		n += c.perft(depth - 1)
	}
	return n
}

func rulesOf(name string) race.Rules {
	if name == "breakthrough" {
		return breakthrough.Rules
	}
	return knightthrough.Rules
}

// Along many random games the bitboard move lists equal the reference's.
func TestAgainstReference(t *testing.T) {
	for _, spec := range specs {
		g := mustGame(t, spec).(*race.Game)
		rules := rulesOf(g.Name())
		for seed := uint64(1); seed <= 100; seed++ {
			r := rng.New(seed)
			s := g.NewState()
			for {
				rf := newRef(g, rules, s)
				var got []string
				moves := s.Legal(nil)
				for _, m := range moves {
					got = append(got, s.MoveString(m))
				}
				sort.Strings(got)
				if want := rf.moves(); !slices.Equal(got, want) {
					t.Fatalf("%s %q: moves %v, reference %v", spec, s.String(), got, want)
				}
				if len(moves) == 0 {
					break
				}
				s.Play(moves[r.Intn(len(moves))])
			}
		}
	}
}

// Perft from the start positions; every figure up to depth 4 is also checked
// against the reference implementation (which agreed up to depth 5 when the
// table was made); depths above 5 run only without -short.
func TestPerft(t *testing.T) {
	tests := []struct {
		spec string
		want []uint64
	}{
		{"breakthrough", []uint64{1, 13, 156, 1924, 23084, 289828, 3538840, 43719470}},
		{"breakthrough:size=6x6", []uint64{1, 16, 256, 4308, 71478, 1248290, 21470998}},
		{"breakthrough:size=8x8", []uint64{1, 22, 484, 11132, 256036, 6182818, 149264638}},
		{"knightthrough", []uint64{1, 22, 470, 9622, 178820, 3167444, 51183240}},
		{"knightthrough:size=8x8", []uint64{1, 40, 1600, 63520, 2521306, 99598454}},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			g := mustGame(t, tt.spec).(*race.Game)
			for d, w := range tt.want {
				if d > 5 && testing.Short() {
					break
				}
				got := games.Perft(g.NewState(), d)
				if got != w {
					t.Errorf("perft(%d) = %d, want %d", d, got, w)
				}
				if d <= 4 {
					if r := newRef(g, rulesOf(g.Name()), g.NewState()).perft(d); r != got {
						t.Errorf("perft(%d) = %d, reference %d", d, got, r)
					}
				}
			}
		})
	}
}

func TestRuleEdges(t *testing.T) {
	tests := []struct {
		name, spec, pos string
		want            []string // legal moves, sorted
	}{
		{"no wrap from file a or the last file", "breakthrough", "5/5/5/5/w3w w", []string{"a1-a2", "a1-b2", "e1-d2", "e1-e2"}},
		{"straight capture is banned", "breakthrough", "5/5/5/b4/w4 w", []string{"a1-b2"}},
		{"diagonal capture allowed", "breakthrough", "5/5/5/bb3/w4 w", []string{"a1-b2"}},
		{"black moves down", "breakthrough", "2b2/5/5/5/w4 b", []string{"c5-b4", "c5-c4", "c5-d4"}},
		{"own pieces block", "breakthrough", "5/5/5/ww3/w4 w", []string{"a2-a3", "a2-b3", "b2-a3", "b2-b3", "b2-c3"}},
		{"knight leaps and edges", "knightthrough", "5/5/5/5/w4 w", []string{"a1-b3", "a1-c2"}},
		{"knight captures and own blocks", "knightthrough", "5/5/1b3/2w2/w4 w", []string{"a1-b3", "c2-a3", "c2-b4", "c2-d4", "c2-e3"}},
		{"black knight", "knightthrough", "4b/5/5/5/w4 b", []string{"e5-c4", "e5-d3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := mustGame(t, tt.spec).ParsePosition(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range s.Legal(nil) {
				got = append(got, s.MoveString(m))
			}
			sort.Strings(got)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("moves %v, want %v", got, tt.want)
			}
		})
	}
}

func TestOutcomes(t *testing.T) {
	tests := []struct {
		name, spec, pos string
		terminal        bool
		want            games.Outcome
	}{
		{"white reached rank 5", "breakthrough", "w4/5/5/5/5 b", true, games.FirstWins},
		{"misère: white reached rank 5 and loses", "breakthrough:misere", "w4/5/5/5/5 b", true, games.SecondWins},
		{"black reached rank 1", "breakthrough", "5/5/5/5/b4 w", true, games.SecondWins},
		{"white has no piece", "breakthrough", "b4/5/5/5/5 w", true, games.SecondWins},
		{"misère: white has no piece and wins", "breakthrough:misere", "b4/5/5/5/5 w", true, games.FirstWins},
		{"knightthrough: black has no piece", "knightthrough", "5/5/2w2/5/5 b", true, games.FirstWins},
		{"game goes on", "breakthrough", "b4/5/5/5/w4 w", false, games.Draw},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := mustGame(t, tt.spec).ParsePosition(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			if s.Terminal() != tt.terminal || s.Outcome() != tt.want {
				t.Fatalf("Terminal %v Outcome %v, want %v %v", s.Terminal(), s.Outcome(), tt.terminal, tt.want)
			}
		})
	}
}

func TestParseMoveReasons(t *testing.T) {
	g := mustGame(t, "breakthrough")
	s, _ := g.ParsePosition("5/5/5/b4/w4 w")
	tests := map[string]string{
		"a1-a2": "a1-a2: a straight step cannot capture",
		"b1-b2": "b1-b2: no White piece on b1",
		"a1-a3": "a1-a3: not a breakthrough step for White",
		"a1b2":  `"a1b2" is not a move like a2-a3`,
		"a1-f2": `"f2" is not a cell of the 5x5 board (a1..e5)`,
	}
	for in, want := range tests {
		_, err := s.ParseMove(in)
		if err == nil || err.Error() != want {
			t.Errorf("ParseMove(%q) error %v, want %q", in, err, want)
		}
	}
	if m, err := s.ParseMove("a1xb2"); err != nil || s.MoveString(m) != "a1-b2" {
		t.Errorf("ParseMove(a1xb2) = %v, %v", m, err)
	}
}

func TestBadPositions(t *testing.T) {
	g := mustGame(t, "breakthrough")
	for _, pos := range []string{
		"w4/5/5/5/5 w",              // White reached the goal and is to move
		"w4/5/5/5/b4 b",             // both reached
		"wwwww/wwwww/w4/5/5 b",      // 11 white pieces
		"bbbbb/bbbbb/5/wwwww/wwwww", // no side
		"bbbbb/bbbbb/5/wwwww/wwwwx w",
		"bbbbb/bbbbb/5/wwwww w",
	} {
		if _, err := g.ParsePosition(pos); err == nil {
			t.Errorf("ParsePosition(%q) accepted", pos)
		}
	}
	if _, err := games.New("breakthrough:size=5x5,home=3"); err == nil {
		t.Error("3 home rows on 5 ranks accepted")
	}
}

func BenchmarkPlayout(b *testing.B) {
	for _, spec := range []string{"breakthrough", "breakthrough:size=8x8", "knightthrough"} {
		b.Run(spec, func(b *testing.B) { gametest.BenchmarkPlayout(b, mustGame(b, spec)) })
	}
}

func BenchmarkRecordPlayout(b *testing.B) {
	for _, spec := range []string{"breakthrough", "breakthrough:size=8x8", "knightthrough"} {
		b.Run(spec, func(b *testing.B) { gametest.BenchmarkRecordPlayout(b, mustGame(b, spec)) })
	}
}

// efLH equals the co-authors' table summed piece by piece (restated here,
// row by row from each side's home rank) on the positions of random 8x8
// games.
func TestEfLHSumsTheTable(t *testing.T) {
	table := [8][8]float64{
		{5, 15, 15, 5, 5, 15, 15, 5},
		{2, 3, 3, 3, 3, 3, 3, 2},
		{4, 6, 6, 6, 6, 6, 6, 4},
		{7, 10, 10, 10, 10, 10, 10, 7},
		{11, 15, 15, 15, 15, 15, 15, 11},
		{16, 21, 21, 21, 21, 21, 21, 16},
		{20, 28, 28, 28, 28, 28, 28, 20},
		{36, 36, 36, 36, 36, 36, 36, 36},
	}
	g := mustGame(t, "breakthrough:size=8x8")
	h, err := knowledge.NewHeuristic(g, "eflh")
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(4)
	checked := 0
	for range 50 {
		s := g.NewState()
		for !s.Terminal() {
			var d float64
			for c, cell := range s.Board().Cells {
				switch cell.Piece {
				case 'w':
					d += table[c/8][c%8]
				case 'b':
					d -= table[7-c/8][c%8]
				}
			}
			if got, want := h.Value(s), math.Tanh(d/100); math.Abs(got-want) > 1e-12 {
				t.Fatalf("%s: eflh %v, the table piece by piece %v", s, got, want)
			}
			checked++
			moves := s.Legal(nil)
			s.Play(moves[r.Intn(len(moves))])
		}
	}
	t.Logf("%d positions", checked)
}

// BenchmarkEvaluation measures a heuristic's Value on mid-game 8x8
// positions (20 random plies from the start).
func BenchmarkEvaluation(b *testing.B) {
	g := mustGame(b, "breakthrough:size=8x8")
	r := rng.New(1)
	var pos []games.State
	for range 64 {
		s := g.NewState()
		for range 20 {
			moves := s.Legal(nil)
			s.Play(moves[r.Intn(len(moves))])
		}
		pos = append(pos, s)
	}
	for _, name := range []string{"efms", "eflh"} {
		b.Run(name, func(b *testing.B) {
			h, err := knowledge.NewHeuristic(g, name)
			if err != nil {
				b.Fatal(err)
			}
			var sum float64
			i := 0
			for b.Loop() {
				sum += h.Value(pos[i&63])
				i++
			}
		})
	}
}
