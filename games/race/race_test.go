package race_test

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
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
	// The GGP rule options.
	"breakthrough:stuck=draw", "breakthrough:size=6x6,misere,stuck=draw", "knightthrough:stuck=draw",
	"knightthrough:capture=diagonal", "knightthrough:capture=diagonal,stuck=draw",
	"knightthrough:capture=diagonal,misere", "knightthrough:size=8x8,capture=diagonal,stuck=draw",
	"knightthrough:size=6x5,home=1,capture=diagonal,stuck=draw", "knightthrough:size=7x8,home=3,capture=diagonal",
}

func TestConformance(t *testing.T) {
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			gametest.Conformance(t, mustGame(t, spec), gametest.Config{Games: 100})
		})
	}
}

// ref is a deliberately plain second implementation of the race rules on a 2D
// array, written from the rules text (its own table of steps, not the
// games' race.Rules), to check the bitboard code against.
type ref struct {
	rows, cols int
	steps      []refStep
	misere     bool
	stuckDraws bool
	cell       [8][8]int8 // -1 empty, 0 white, 1 black; [rank][file]
	side       int8
}

// refStep is a move of one piece: ranks forward and files sideways, and
// whether it may land on an empty cell and on an enemy piece.
type refStep struct {
	ranks, files int
	empty, enemy bool
}

// refSteps restates each game's steps from the package comments.
func refSteps(name, capture string) []refStep {
	switch {
	case name == "breakthrough": // straight to empty; diagonal to empty or capturing
		return []refStep{{1, 0, true, false}, {1, -1, true, true}, {1, 1, true, true}}
	case capture == "diagonal": // leaps to empty only; a pawn's captures
		return []refStep{{1, -2, true, false}, {1, 2, true, false}, {2, -1, true, false}, {2, 1, true, false},
			{1, -1, false, true}, {1, 1, false, true}}
	}
	// capture=leap: leaps to empty or capturing
	return []refStep{{1, -2, true, true}, {1, 2, true, true}, {2, -1, true, true}, {2, 1, true, true}}
}

func newRef(g *race.Game, s games.State) *ref {
	v := g.Variant()
	_, o, err := games.ParseSpec(g.Spec())
	if err != nil {
		panic(err)
	}
	r := &ref{rows: v.Rows, cols: v.Cols, steps: refSteps(g.Name(), o.String("capture")),
		misere: o.Bool("misere"), stuckDraws: o.String("stuck") == "draw"}
	b := s.Board()
	for i, c := range b.Cells {
		r.cell[i/v.Cols][i%v.Cols] = c.Owner
	}
	r.side = int8(s.ToMove())
	return r
}

func (r *ref) name(rank, file int) string { return fmt.Sprintf("%c%d", 'a'+file, rank+1) }

// winner returns the player with a piece on its far rank, or -1.
func (r *ref) winner() int8 {
	for f := range r.cols {
		if r.cell[r.rows-1][f] == 0 {
			return 0
		}
		if r.cell[0][f] == 1 {
			return 1
		}
	}
	return -1
}

// over reports whether a piece has reached its far rank.
func (r *ref) over() bool { return r.winner() >= 0 }

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
				tr, tf := rank+dir*st.ranks, file+st.files
				if tr < 0 || tr >= r.rows || tf < 0 || tf >= r.cols {
					continue
				}
				switch t := r.cell[tr][tf]; {
				case t == r.side, t == -1 && !st.empty, t == 1-r.side && !st.enemy:
					continue
				}
				out = append(out, r.name(rank, file)+"-"+r.name(tr, tf))
			}
		}
	}
	sort.Strings(out)
	return out
}

// outcome returns the result of a finished game: the player on its far
// rank wins; else the player to move has no move and loses, or the game is
// a draw under stuck=draw; misère swaps winner and loser.
func (r *ref) outcome() games.Outcome {
	w := r.winner()
	if w < 0 {
		if r.stuckDraws {
			return games.Draw
		}
		w = 1 - r.side
	}
	o := games.FirstWins
	if w == 1 {
		o = games.SecondWins
	}
	if r.misere {
		o = -o
	}
	return o
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

// Along many random games the bitboard move lists equal the reference's, and
// so do the outcomes.
func TestAgainstReference(t *testing.T) {
	for _, spec := range specs {
		g := mustGame(t, spec).(*race.Game)
		for seed := uint64(1); seed <= 100; seed++ {
			r := rng.New(seed)
			s := g.NewState()
			for {
				rf := newRef(g, s)
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
					if got, want := s.Outcome(), rf.outcome(); got != want {
						t.Fatalf("%s %q: outcome %v, reference %v", spec, s.String(), got, want)
					}
					break
				}
				s.Play(moves[r.Intn(len(moves))])
			}
		}
	}
}

// Perft from the start positions; every figure up to depth 4 is also
// checked against the reference implementation, and those of depth 5
// below 400,000 (the 5x5 boards of Breakthrough and of Knightthrough with
// diagonal captures) without -short, the reference being slow; those of
// depth 6 agreed with it on the same boards when checked once. Depths
// above 5 run only without -short.
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
		{"knightthrough:capture=diagonal", []uint64{1, 14, 188, 2336, 28766, 336542, 3962990, 44607360}},
		{"knightthrough:size=8x8,capture=diagonal", []uint64{1, 40, 1600, 63348, 2496056, 97268372}},
		// stuck=draw changes outcomes only.
		{"breakthrough:stuck=draw", []uint64{1, 13, 156, 1924, 23084, 289828, 3538840, 43719470}},
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
				if d <= 4 || d == 5 && w < 400_000 && !testing.Short() {
					if r := newRef(g, g.NewState()).perft(d); r != got {
						t.Errorf("perft(%d) = %d, reference %d", d, got, r)
					}
				}
			}
		})
	}
}

// Perft from positions of random games (every fourth ply) equals the
// reference's, to depth 3 (2 on 8x8 and under -short).
func TestPerftFromRandomPositions(t *testing.T) {
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			g := mustGame(t, spec).(*race.Game)
			depth := 3
			if testing.Short() || g.Variant().Rows*g.Variant().Cols > 48 {
				depth = 2
			}
			r := rng.New(7)
			checked := 0
			for range 4 {
				s := g.NewState()
				for ply := 0; !s.Terminal(); ply++ {
					if ply%4 == 0 {
						if got, want := games.Perft(s, depth), newRef(g, s).perft(depth); got != want {
							t.Fatalf("%q: perft(%d) = %d, reference %d", s.String(), depth, got, want)
						}
						checked++
					}
					moves := s.Legal(nil)
					s.Play(moves[r.Intn(len(moves))])
				}
			}
			if checked < 8 {
				t.Fatalf("only %d positions checked", checked)
			}
		})
	}
}

// capture=diagonal: knights leap only onto empty cells and capture only one
// cell diagonally forward, as a chess pawn does.
func TestCaptureDiagonal(t *testing.T) {
	tests := []struct {
		name, spec, pos string
		want            []string // legal moves, sorted
	}{
		{"a leap lands only on an empty cell", "knightthrough:capture=diagonal", "5/5/1b3/5/w4 w", []string{"a1-c2"}},
		{"a capture one cell diagonally forward", "knightthrough:capture=diagonal", "5/5/5/1b3/w4 w", []string{"a1-b2", "a1-b3", "a1-c2"}},
		{"no diagonal step onto an empty cell", "knightthrough:capture=diagonal", "5/5/5/5/w4 w", []string{"a1-b3", "a1-c2"}},
		{"no straight step or capture", "knightthrough:capture=diagonal", "5/5/5/b4/w4 w", []string{"a1-b3", "a1-c2"}},
		{"own pieces block leaps and are not captured", "knightthrough:capture=diagonal", "5/5/1w3/1w3/w4 w", []string{"a1-c2", "b2-a4", "b2-c4", "b2-d3", "b3-a5", "b3-c5", "b3-d4"}},
		{"black captures down the board", "knightthrough:capture=diagonal", "5/2b2/1w1w1/5/5 b", []string{"c4-a3", "c4-b2", "c4-b3", "c4-d2", "c4-d3", "c4-e3"}},
		{"no capture off the last file", "knightthrough:capture=diagonal", "5/5/5/3b1/4w w", []string{"e1-c2", "e1-d2", "e1-d3"}},
		{"leap: a leap captures and no diagonal capture", "knightthrough", "5/5/1b3/1b3/w4 w", []string{"a1-b3", "a1-c2"}},
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

// stuck=draw: the player to move with no legal move, no piece included,
// ends the game in a draw; reaching the far rank still wins.
func TestStuckDraw(t *testing.T) {
	tests := []struct {
		name, spec, pos string
		want            games.Outcome
	}{
		{"no piece draws", "breakthrough:stuck=draw", "b4/5/5/5/5 w", games.Draw},
		{"no piece loses under stuck=loss", "breakthrough", "b4/5/5/5/5 w", games.SecondWins},
		{"misère leaves a draw a draw", "breakthrough:misere,stuck=draw", "b4/5/5/5/5 w", games.Draw},
		{"the far rank still wins", "breakthrough:stuck=draw", "w4/5/5/5/5 b", games.FirstWins},
		{"misère far rank still loses", "knightthrough:misere,stuck=draw", "5/5/5/5/b4 w", games.FirstWins},
		{"knights blocked with pieces left draw", "knightthrough:capture=diagonal,stuck=draw", "5/5/1b3/2b2/w4 w", games.Draw},
		{"knights blocked with pieces left lose under stuck=loss", "knightthrough:capture=diagonal", "5/5/1b3/2b2/w4 w", games.SecondWins},
		{"black blocked draws", "knightthrough:capture=diagonal,stuck=draw", "4b/2w2/3w1/5/5 b", games.Draw},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := mustGame(t, tt.spec).ParsePosition(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			if !s.Terminal() || len(s.Legal(nil)) != 0 || s.Outcome() != tt.want {
				t.Fatalf("Terminal %v Outcome %v, want true %v", s.Terminal(), s.Outcome(), tt.want)
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
		"xx":    `"xx" is not a move like a2-a3`,
		"-a2":   `"-a2" is not a move like a2-a3`,
		"a1xa2": "a1xa2: a straight step cannot capture",
	}
	for in, want := range tests {
		_, err := s.ParseMove(in)
		if err == nil || err.Error() != want {
			t.Errorf("ParseMove(%q) error %v, want %q", in, err, want)
		}
	}
	// Captures may be written with x, and cells in capitals.
	cs, _ := g.ParsePosition("5/5/5/bb3/w4 w")
	for _, in := range []string{"a1xb2", "A1-B2", "A1XB2", "a1-B2"} {
		if m, err := cs.ParseMove(in); err != nil || cs.MoveString(m) != "a1-b2" {
			t.Errorf("ParseMove(%s) = %v, %v", in, m, err)
		}
	}
	// An x says the move captures: onto an empty cell it is refused, as
	// LOA refuses it.
	es, _ := g.ParsePosition("5/5/5/4b/w4 w")
	if _, err := es.ParseMove("a1xb2"); err == nil || err.Error() != "a1xb2: nothing to capture on b2" {
		t.Errorf("a1xb2 onto an empty cell: %v", err)
	}
	if m, err := es.ParseMove("a1-b2"); err != nil || es.MoveString(m) != "a1-b2" {
		t.Errorf("a1-b2 onto an empty cell: %v, %v", m, err)
	}
	s, _ = mustGame(t, "knightthrough:capture=diagonal").ParsePosition("5/5/1b3/5/w4 w")
	for in, want := range map[string]string{
		"a1-b3": "a1-b3: a leap cannot capture",
		"a1-b2": "a1-b2: a diagonal step only captures",
		"a1-a2": "a1-a2: not a knightthrough step for White",
	} {
		_, err := s.ParseMove(in)
		if err == nil || err.Error() != want {
			t.Errorf("capture=diagonal: ParseMove(%q) error %v, want %q", in, err, want)
		}
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
	for _, spec := range []string{"breakthrough", "breakthrough:size=8x8", "knightthrough", "knightthrough:capture=diagonal"} {
		b.Run(spec, func(b *testing.B) { gametest.BenchmarkPlayout(b, mustGame(b, spec)) })
	}
}

func BenchmarkRecordPlayout(b *testing.B) {
	for _, spec := range []string{"breakthrough", "breakthrough:size=8x8", "knightthrough", "knightthrough:capture=diagonal"} {
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
			if got, want := h.Value(s), math.Tanh(d/100); got != want {
				t.Fatalf("%s: eflh %v, the table piece by piece %v", s, got, want)
			}
			checked++
			moves := s.Legal(nil)
			s.Play(moves[r.Intn(len(moves))])
		}
	}
	t.Logf("%d positions", checked)
}

// efMS is Schadd's score restated from the board (10 a piece and 2.5 a
// rank of the most advanced piece, each side's from its own home rank, the
// difference clamped to [-100, 100]) through math.Tanh(d/60), bit for bit,
// on random and lopsided games of several boards, the clamp reached.
func TestEfMSValueIsSchaddsScore(t *testing.T) {
	for _, tc := range []struct{ spec, start string }{
		{"breakthrough", ""}, {"breakthrough:size=8x8", ""}, {"breakthrough:size=6x7,home=1", ""},
		{"breakthrough:size=8x8", "1b4b1/8/8/8/8/8/wwwwwwww/wwwwwwww w"},
		{"breakthrough:size=8x8", "bbbbbbbb/bbbbbbbb/8/8/8/8/8/2w2w2 b"},
	} {
		h, err := knowledge.NewHeuristic(mustGame(t, tc.spec), "efms")
		if err != nil {
			t.Fatal(err)
		}
		r := rng.New(5)
		checked, clamped := 0, 0
		for range 40 {
			s := gametest.MustPosition(t, tc.spec, tc.start)
			for !s.Terminal() {
				b := s.Board()
				var pieces [2]float64
				lead := [2]int{-1, -1}
				for c, cell := range b.Cells {
					switch row := c / b.Cols; cell.Piece {
					case 'w':
						pieces[0]++
						lead[0] = max(lead[0], row)
					case 'b':
						pieces[1]++
						lead[1] = max(lead[1], b.Rows-1-row)
					}
				}
				d := 10*(pieces[0]-pieces[1]) + 2.5*float64(lead[0]-lead[1])
				if math.Abs(d) >= 100 {
					clamped++
				}
				d = max(-100, min(100, d))
				if got, want := h.Value(s), math.Tanh(d/60); got != want {
					t.Fatalf("%s %s: efms %v, from the board %v", tc.spec, s, got, want)
				}
				checked++
				moves := s.Legal(nil)
				s.Play(moves[r.Intn(len(moves))])
			}
		}
		if tc.start != "" && clamped == 0 {
			t.Errorf("%s from %s: no position reached the clamp", tc.spec, tc.start)
		}
		t.Logf("%s: %d positions, %d clamped", tc.spec, checked, clamped)
	}
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

// BenchmarkGreedyBest measures a heuristic's one-pass greedy choice
// (knowledge.Greedy's Best) of a step's moves on the positions of
// BenchmarkEvaluation, beside the loop over ScoreAfter it replaces.
func BenchmarkGreedyBest(b *testing.B) {
	g := mustGame(b, "breakthrough:size=8x8")
	r := rng.New(1)
	var pos []games.State
	var moves [][]games.Move
	for range 64 {
		s := g.NewState()
		for range 20 {
			ms := s.Legal(nil)
			s.Play(ms[r.Intn(len(ms))])
		}
		pos, moves = append(pos, s), append(moves, s.Legal(nil))
	}
	for _, name := range []string{"efms", "eflh"} {
		h, err := knowledge.NewHeuristic(g, name)
		if err != nil {
			b.Fatal(err)
		}
		gr := h.(knowledge.Greedy)
		best := make([]games.Move, 0, g.MaxMoves())
		b.Run(name+"/best", func(b *testing.B) {
			i := 0
			for b.Loop() {
				best = gr.Best(pos[i&63], moves[i&63], best)
				i++
			}
		})
		b.Run(name+"/loop", func(b *testing.B) {
			i := 0
			var sum float64
			for b.Loop() {
				for _, m := range moves[i&63] {
					sum += gr.ScoreAfter(pos[i&63], m)
				}
				i++
			}
		})
	}
}

// efMS's and efLH's one-pass greedy choices (knowledge.Greedy) pick exactly
// the moves, in the same order, that a loop over ScoreAfter ranks highest
// for the mover, in every position of many partly greedy games on several
// boards and from lopsided starts: wins on the far rank, captures (of the
// opponent's most advanced piece, for efMS), and efMS's clamp at ±100
// included; and efMS's draw without a move list (knowledge.Drawer) counts
// and picks exactly the moves of Legal and of that loop, under a GDL order
// too.
func TestBestIsTheScoreAfterLoop(t *testing.T) {
	for _, tc := range []struct{ heuristic, spec, start string }{
		{"efms", "breakthrough", ""}, {"efms", "breakthrough:size=8x8", ""}, {"efms", "breakthrough:size=6x7,home=1", ""}, {"efms", "breakthrough:size=8x5,home=3", ""},
		// Lopsided starts, whose scores reach the clamp.
		{"efms", "breakthrough:size=8x8", "1b4b1/8/8/8/8/8/wwwwwwww/wwwwwwww w"},
		{"efms", "breakthrough:size=8x8", "bbbbbbbb/bbbbbbbb/8/8/8/8/8/2w2w2 b"},
		{"efms", "breakthrough:size=8x8", "bbbbbbbb/1bbbbbb1/8/8/8/8/8/w6w w"},
		// Under a GDL order, the draw falls back to Legal and Best.
		{"efms", "breakthrough:size=7x6,order=colmajor-reversed", ""},
		{"efms", "breakthrough:size=8x8,order=gameframe", ""},
		// Few pieces, where taking the last one draws under stuck=draw.
		{"efms", "breakthrough:stuck=draw", "5/5/b4/1w3/5 b"},
		{"efms", "breakthrough:size=8x8,stuck=draw", "8/8/2b5/8/8/1w3w2/8/8 w"},
		// efLH's table is for 8x8 only.
		{"eflh", "breakthrough:size=8x8", ""},
		{"eflh", "breakthrough:size=8x8,home=1", ""},
		{"eflh", "breakthrough:size=8x8,order=gameframe", ""},
		{"eflh", "breakthrough:size=8x8", "1b4b1/8/8/8/8/8/wwwwwwww/wwwwwwww w"},
		{"eflh", "breakthrough:size=8x8", "bbbbbbbb/bbbbbbbb/8/8/8/8/8/2w2w2 b"},
		{"eflh", "breakthrough:size=8x8,stuck=draw", "8/8/2b5/8/8/1w3w2/8/8 w"},
		{"eflh", "breakthrough:size=8x8", "8/8/2b5/8/8/1w3w2/8/8 b"},
		// Few pieces under stuck=draw, where the difference before the
		// move, in the mover's view, decides between a drawing capture (0)
		// and the other moves.
		{"eflh", "breakthrough:size=8x8,stuck=draw", "8/8/1b3b2/8/8/2w5/8/8 b"},
		{"eflh", "breakthrough:size=8x8,stuck=draw", "8/8/8/8/8/2b5/1w6/8 w"},
	} {
		spec := tc.spec
		g := mustGame(t, spec)
		h, err := knowledge.NewHeuristic(g, tc.heuristic)
		if err != nil {
			t.Fatal(err)
		}
		gr, ok := h.(knowledge.Greedy)
		if !ok {
			t.Fatalf("%s: %s has no one-pass greedy choice", spec, tc.heuristic)
		}
		dr, ok := h.(knowledge.Drawer)
		if !ok && tc.heuristic == "efms" {
			t.Fatalf("%s: efms draws no step without a move list", spec)
		}
		r := rng.New(11)
		var best, want []games.Move
		positions, ties, wins, clamped := 0, 0, 0, 0
		for game := range 300 {
			s := gametest.MustPosition(t, spec, tc.start)
			for !s.Terminal() {
				moves := s.Legal(nil)
				bestValue := math.Inf(-1)
				want = want[:0]
				for _, m := range moves {
					v := gr.ScoreAfter(s, m)
					if s.ToMove() == games.Second {
						v = -v
					}
					switch {
					case v > bestValue:
						bestValue, want = v, append(want[:0], m)
					case v == bestValue:
						want = append(want, m)
					}
				}
				best = gr.Best(s, moves, best)
				if !slices.Equal(best, want) {
					t.Fatalf("%s %s: Best %v, the ScoreAfter loop %v", spec, s, best, want)
				}
				if dr != nil {
					checkDraw(t, dr, s, moves, want)
				}
				positions++
				if len(want) > 1 {
					ties++
				}
				if math.IsInf(bestValue, 1) {
					wins++
				}
				if math.Abs(bestValue) == 100 {
					clamped++
				}
				// Greedy moves, so that games reach the positions the
				// playouts do: half the moves of both sides, or every move
				// of one side against a random one, whose lead reaches the
				// clamp.
				if greedy := [3]bool{r.Intn(2) == 0, s.ToMove() == games.First, s.ToMove() == games.Second}; greedy[game%3] {
					s.Play(want[r.Intn(len(want))])
				} else {
					s.Play(moves[r.Intn(len(moves))])
				}
			}
		}
		t.Logf("%s on %s: %d positions, %d with tied best moves, %d with a win, %d at efMS's clamp of ±100", tc.heuristic, spec, positions, ties, wins, clamped)
		// Every case meets wins on the far rank and ties; efMS's lopsided
		// starts (a side of more than twice the other's pieces) meet the
		// clamp.
		lopsided := tc.heuristic == "efms" && tc.start != "" && !strings.Contains(spec, "stuck=draw")
		if wins == 0 || ties == 0 || lopsided && clamped == 0 {
			t.Errorf("%s on %s: %d wins, %d ties, %d at the clamp: the cases this test is for were not met", tc.heuristic, spec, wins, ties, clamped)
		}
	}
}

// A scorer keeps the opponent's mobility of the last position it scored,
// keyed by the pieces and the side to move: a second position with the same
// side to move but other pieces is looked at afresh, so a move there that
// leaves the opponent no piece scores the mover's win.
func TestScoreAfterLooksAgainAtAnotherPosition(t *testing.T) {
	for _, tc := range []struct{ heuristic, spec, pos, move string }{
		{"efms", "breakthrough", "5/5/2b2/1w3/5 w", "b2-c3"},
		{"efms", "breakthrough:size=8x8", "8/8/8/8/8/2b5/1w6/8 w", "b2-c3"},
		{"eflh", "breakthrough:size=8x8", "8/8/8/8/8/2b5/1w6/8 w", "b2-c3"},
	} {
		g := mustGame(t, tc.spec)
		h, err := knowledge.NewHeuristic(g, tc.heuristic)
		if err != nil {
			t.Fatal(err)
		}
		sc := h.(knowledge.Scorer)
		start := g.NewState() // White to move, Black with many moves
		sc.ScoreAfter(start, start.Legal(nil)[0])
		s := gametest.MustPosition(t, tc.spec, tc.pos)
		m, err := s.ParseMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		if v := sc.ScoreAfter(s, m); !math.IsInf(v, 1) {
			t.Errorf("%s %s %q: ScoreAfter(%s) after the start's = %v, want +Inf (Black has no piece left)", tc.heuristic, tc.spec, tc.pos, tc.move, v)
		}
	}
}

// efMS's and efLH's scores of a move (knowledge.Scorer, which the greedy
// playouts rank moves by) order the moves as the heuristic's Value of the
// positions after them does, on several boards and under stuck=draw, where
// capturing the opponent's last piece draws: a move Value ranks lower must
// score lower, and one that scores lower must not have the higher Value
// (tanh may round two close scores to one value).
func TestScoreAfterOrdersMovesAsValue(t *testing.T) {
	for _, tc := range []struct{ heuristic, spec, start string }{
		{"efms", "breakthrough", ""}, {"efms", "breakthrough:size=8x8", ""},
		{"efms", "breakthrough:stuck=draw", ""}, {"efms", "breakthrough:stuck=draw", "5/5/b4/1w3/5 b"},
		{"efms", "breakthrough:size=8x8,stuck=draw", "8/8/2b5/8/8/1w3w2/8/8 w"},
		{"eflh", "breakthrough:size=8x8", ""},
		{"eflh", "breakthrough:size=8x8,stuck=draw", "8/8/2b5/8/8/1w3w2/8/8 w"},
	} {
		g := mustGame(t, tc.spec)
		h, err := knowledge.NewHeuristic(g, tc.heuristic)
		if err != nil {
			t.Fatal(err)
		}
		sc := h.(knowledge.Scorer)
		r := rng.New(12)
		var scores, values []float64
		positions, stuck := 0, 0
		for range 200 {
			s := gametest.MustPosition(t, tc.spec, tc.start)
			for !s.Terminal() {
				moves := s.Legal(nil)
				scores, values = scores[:0], values[:0]
				for _, m := range moves {
					c := s.Clone()
					c.Play(m)
					scores = append(scores, sc.ScoreAfter(s, m))
					values = append(values, h.Value(c))
					if c.Terminal() && c.Outcome() == games.Draw {
						stuck++
					}
				}
				for i := range moves {
					for j := range moves {
						if values[i] < values[j] && !(scores[i] < scores[j]) || scores[i] < scores[j] && values[i] > values[j] {
							t.Fatalf("%s on %s %s: %v scores %v (value %v), %v scores %v (value %v)", tc.heuristic, tc.spec, s,
								moves[i], scores[i], values[i], moves[j], scores[j], values[j])
						}
					}
				}
				positions++
				s.Play(moves[r.Intn(len(moves))])
			}
		}
		if tc.start != "" && stuck == 0 {
			t.Errorf("%s on %s from %s: no move drew by leaving the opponent without a move", tc.heuristic, tc.spec, tc.start)
		}
		t.Logf("%s on %s from %q: %d positions, %d moves that draw", tc.heuristic, tc.spec, tc.start, positions, stuck)
	}
}

// checkDraw checks that dr's Count and Nth in s give the moves of Legal
// (moves) and of the greedy loop (want), in order, so that a playout
// drawing its steps from them plays what it would from the lists.
func checkDraw(t *testing.T, dr knowledge.Drawer, s games.State, moves, want []games.Move) {
	t.Helper()
	legal, best := dr.Count(s)
	if legal != len(moves) || best != len(want) {
		t.Fatalf("%s: Count %d legal and %d best, want %d and %d", s, legal, best, len(moves), len(want))
	}
	for j, m := range moves {
		if got := dr.Nth(s, j, false); got != m {
			t.Fatalf("%s: legal move %d is %v, Legal has %v", s, j, got, m)
		}
	}
	for j, m := range want {
		if got := dr.Nth(s, j, true); got != m {
			t.Fatalf("%s: best move %d is %v, the greedy loop's %v", s, j, got, m)
		}
	}
}

// A game built by its package's constructor and one built from its spec
// are alike: the same canonical spec and the same moves to depth 3, for
// Breakthrough and for both Knightthrough captures, on a few variants.
func TestConstructorsMatchTheirSpecs(t *testing.T) {
	for _, tc := range []struct {
		build func(race.Variant) (*race.Game, error)
		v     race.Variant
		spec  string
	}{
		{breakthrough.New, race.Variant{Rows: 5, Cols: 5, HomeRows: 2}, "breakthrough"},
		{breakthrough.New, race.Variant{Rows: 8, Cols: 8, HomeRows: 2, Misere: true, StuckDraws: true}, "breakthrough:size=8x8,misere,stuck=draw"},
		{breakthrough.New, race.Variant{Rows: 6, Cols: 7, HomeRows: 1, Order: "colmajor"}, "breakthrough:size=6x7,home=1,order=colmajor"},
		{knightthrough.New, race.Variant{Rows: 8, Cols: 8, HomeRows: 2}, "knightthrough:size=8x8"},
		{func(v race.Variant) (*race.Game, error) { return race.New(knightthrough.Diagonal, v) }, race.Variant{Rows: 6, Cols: 6, HomeRows: 2}, "knightthrough:size=6x6,capture=diagonal"},
	} {
		built, err := tc.build(tc.v)
		if err != nil {
			t.Fatalf("%+v: %v", tc.v, err)
		}
		named := mustGame(t, tc.spec)
		if built.Spec() != named.Spec() {
			t.Errorf("%+v: spec %q, the registry's %q", tc.v, built.Spec(), named.Spec())
		}
		if a, b := games.Perft(built.NewState(), 3), games.Perft(named.NewState(), 3); a != b {
			t.Errorf("%s: perft(3) %d built, %d from the spec", tc.spec, a, b)
		}
	}
}
