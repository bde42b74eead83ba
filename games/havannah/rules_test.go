package havannah_test

import (
	"slices"
	"strings"
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/havannah"
	"mcarena/games/rng"
)

// moveNames lists the legal moves of s by name, in Legal's order.
func moveNames(s games.State) []string {
	var out []string
	for _, m := range s.Legal(nil) {
		out = append(out, s.MoveString(m))
	}
	return out
}

// checkRef compares s with the reference at one position: the position
// text, the moves (in order: by cell number, which is row by row), the end,
// the outcome and the reason.
func checkRef(t *testing.T, s games.State, rf *ref) {
	t.Helper()
	spec := s.Game().Spec()
	if got, want := s.String(), rf.String(); got != want {
		t.Fatalf("%s: position %q, reference %q", spec, got, want)
	}
	if got, want := moveNames(s), rf.moves(); !slices.Equal(got, want) {
		t.Fatalf("%s %q: moves %v, reference %v", spec, s.String(), got, want)
	}
	if s.Terminal() != rf.done {
		t.Fatalf("%s %q: terminal %v, reference %v (%s)", spec, s.String(), s.Terminal(), rf.done, rf.reason)
	}
	if got := games.EndReason(s); s.Outcome() != rf.result || got != rf.reason {
		t.Fatalf("%s %q: %v by %q, reference %v by %q", spec, s.String(), s.Outcome(), got, rf.result, rf.reason)
	}
}

// A move chooser for the reference games: it returns the index of a legal
// move in rf.moves().
type chooser func(rf *ref, moves []string, r *rng.Rand) int

func uniform(_ *ref, moves []string, r *rng.Rand) int { return r.Intn(len(moves)) }

// clustered plays, four times in five, next to one of the mover's own
// stones: the games grow blobs, which make rings (flowers among them) far
// more often than uniform play.
func clustered(rf *ref, moves []string, r *rng.Rand) int {
	if r.Intn(5) > 0 {
		var near []int
		for i, m := range moves {
			if m == "swap" {
				continue
			}
			x, y := cellOf(rf, m)
			for _, n := range rf.neighbours(x, y) {
				if rf.cell[n[1]][n[0]] == rf.side {
					near = append(near, i)
					break
				}
			}
		}
		if len(near) > 0 {
			return near[r.Intn(len(near))]
		}
	}
	return r.Intn(len(moves))
}

func cellOf(rf *ref, move string) (x, y int) {
	c, ok := rf.at[move]
	if !ok {
		panic("no cell " + move)
	}
	return c[0], c[1]
}

// playBoth plays one game on both implementations, the reference choosing
// the moves by name and the game parsing them, checking every position, and
// returns the reference at the end.
func playBoth(t *testing.T, g *havannah.Game, seed uint64, choose chooser) *ref {
	t.Helper()
	r := rng.New(seed)
	s := g.NewState()
	rf := newRef(g.Base(), g.Swap())
	for {
		checkRef(t, s, rf)
		moves := rf.moves()
		if len(moves) == 0 {
			return rf
		}
		name := moves[choose(rf, moves, &r)]
		m, err := s.ParseMove(name)
		if err != nil {
			t.Fatalf("%s %q: move %s refused: %v", g.Spec(), s.String(), name, err)
		}
		s.Play(m)
		rf.play(name)
	}
}

// Along many random games of every base, uniform and clustered, with and
// without the swap, played move by move on both implementations, the
// positions, move lists, ends, outcomes and reasons agree. Every structure
// ends some game, flowers included (TestStructures has the rarer mixes).
func TestAgainstReference(t *testing.T) {
	gamesPer := map[int]int{4: 80, 5: 50, 6: 25, 7: 15, 8: 10, 9: 6, 10: 5}
	if testing.Short() || raceDetector {
		gamesPer = map[int]int{4: 20, 5: 10, 6: 4, 7: 3, 8: 2, 9: 2, 10: 2}
	}
	reasons := map[string]int{}
	flowers := 0
	for base := havannah.MinBase; base <= havannah.MaxBase; base++ {
		for _, swap := range []bool{false, true} {
			g := havannah.New(base, swap)
			for i := range gamesPer[base] {
				seed := uint64(base*1000 + i)
				for _, choose := range []chooser{uniform, clustered} {
					rf := playBoth(t, g, seed, choose)
					reasons[rf.reason]++
					if rf.result != games.Draw {
						if ring, flower := rf.ring(int8(1 - rf.side)); ring && flower {
							flowers++
						}
					}
				}
			}
		}
	}
	t.Logf("reasons %v, flower rings %d", reasons, flowers)
	if testing.Short() || raceDetector {
		return
	}
	for _, want := range []string{"ring", "bridge", "fork", "bridge, fork"} {
		if reasons[want] == 0 {
			t.Errorf("no game ended by %q", want)
		}
	}
	if flowers == 0 {
		t.Error("no game ended by a flower")
	}
}

// The reference's ring test is the definition: some cell is cut off from
// the outside by the player's other stones, tested one cell at a time on
// random boards of bases 4 and 5 at every density.
func TestRefRingByDefinition(t *testing.T) {
	r := rng.New(3)
	trials := 1000
	if testing.Short() || raceDetector {
		trials = 300
	}
	rings := 0
	for i := range trials {
		rf := newRef(4+i%2, false)
		density := 1 + r.Intn(9) // in tenths
		for _, c := range rf.cells() {
			if r.Intn(10) < density {
				rf.cell[c[1]][c[0]] = 0
			} else if r.Intn(2) == 0 {
				rf.cell[c[1]][c[0]] = 1
			}
		}
		want := false
		for _, x := range rf.cells() {
			out := rf.escapes(func(cx, cy int) bool { return rf.cell[cy][cx] == 0 && [2]int{cx, cy} != x })
			want = want || !out[x[1]][x[0]]
		}
		if got, _ := rf.ring(0); got != want {
			t.Fatalf("%s: reference ring %v, by definition %v", rf.String(), got, want)
		}
		if want {
			rings++
		}
	}
	t.Logf("%d of %d boards hold a ring", rings, trials)
}

// Perft from positions three plies before the end of random games, where
// rings, bridges and forks cut the tree, agrees with the reference's.
func TestPerftAgainstReference(t *testing.T) {
	n := 12
	if testing.Short() || raceDetector {
		n = 1
	}
	for _, spec := range []string{"havannah:base=4", "havannah:base=5"} {
		g := gametest.MustGame(t, spec).(*havannah.Game)
		for seed := range uint64(n) {
			// Replay a random game to three plies before its end.
			r := rng.New(seed)
			rf := newRef(g.Base(), false)
			var line []string
			for !rf.done {
				moves := rf.moves()
				m := moves[r.Intn(len(moves))]
				line = append(line, m)
				rf.play(m)
			}
			s := g.NewState()
			rf = newRef(g.Base(), false)
			for _, m := range line[:max(0, len(line)-3)] {
				mv, err := s.ParseMove(m)
				if err != nil {
					t.Fatal(err)
				}
				s.Play(mv)
				rf.play(m)
			}
			if got, want := games.Perft(s, 3), rf.perft(3); got != want {
				t.Errorf("%s %q: perft(3) = %d, reference %d", spec, s.String(), got, want)
			}
		}
	}
}

// position builds a position from lists of stones (names separated by
// spaces) with side to move, adding lone filler stones (on no corner,
// touching no stone, no other filler and no cell of keep: each alone can
// form nothing) for whichever side is short, so that the stone counts fit
// the turn.
func position(t *testing.T, base int, white, black, side, keep string) string {
	t.Helper()
	rf := newRef(base, false)
	put := func(list string, p int8) {
		for _, n := range strings.Fields(list) {
			x, y := cellOf(rf, n)
			if rf.cell[y][x] >= 0 {
				t.Fatalf("%s given twice", n)
			}
			rf.cell[y][x] = p
		}
	}
	put(white, 0)
	put(black, 1)
	rf.side = int8(strings.Index("wb", side))
	var kept [][2]int
	for _, n := range strings.Fields(keep) {
		x, y := cellOf(rf, n)
		kept = append(kept, [2]int{x, y})
	}
	count := func(p int8) int {
		n := 0
		for _, c := range rf.cells() {
			if rf.cell[c[1]][c[0]] == p {
				n++
			}
		}
		return n
	}
	for {
		w, b := count(0), count(1)
		var short int8
		switch {
		case rf.side == 0 && w == b, rf.side == 1 && w == b+1:
			return rf.String()
		case rf.side == 0 && w > b, rf.side == 1 && w > b+1:
			short = 1
		default:
			short = 0
		}
		placed := false
		for _, c := range rf.cells() {
			if rf.corner(c[0], c[1]) || rf.cell[c[1]][c[0]] >= 0 || slices.Contains(kept, c) {
				continue
			}
			lonely := true
			for _, n := range rf.neighbours(c[0], c[1]) {
				lonely = lonely && rf.cell[n[1]][n[0]] < 0 && !slices.Contains(kept, n)
			}
			if lonely {
				rf.cell[c[1]][c[0]] = short
				placed = true
				break
			}
		}
		if !placed {
			t.Fatal("no room for a filler stone")
		}
	}
}

// Hand-made positions on base 5 (rows a-i; corners a1, a5, e1, e9, i5, i9):
// the last move, by the player to move, forms the structures of want. Each
// is checked by playing the move and by reading the final position, on both
// implementations.
func TestStructures(t *testing.T) {
	tests := []struct {
		name         string
		white, black string
		side, move   string
		want         string
	}{
		{"ring round an empty cell", "c3 c4 d5 e5 e4", "", "w", "d3", "ring"},
		{"ring round a black stone", "c3 c4 d5 e5 e4", "d4", "w", "d3", "ring"},
		{"ring round two cells", "d3 c3 c4 c5 e6 e5 e4", "d4", "w", "d6", "ring"},
		{"ring of black round white", "d4", "c3 c4 d5 e5 e4", "b", "d3", "ring"},
		{"flower: six round a seventh", "d4 c3 c4 d5 e5 e4", "", "w", "d3", "ring"},
		{"flower closed by a middle petal", "d4 c3 c4 d5 e4 d3", "", "w", "e5", "ring"},
		{"ring touching the edge", "a2 a3 b4 c4 c3", "", "w", "b2", "ring"},
		{"ring through a corner", "a2 b3 c3 c2 b1", "", "w", "a1", "ring"},
		{"blob enclosing nothing", "c3 c4 c5 d3 d4 d5", "", "w", "d6", ""},
		{"half ring against the edge", "a2 b3 b4", "", "w", "a4", ""},
		{"half ring round a corner", "a2 b2", "", "w", "b1", ""},
		{"ring not closed", "c3 c4 d5 e5", "", "w", "e4", ""},
		{"bridge along row a", "a1 a2 a4 a5", "", "w", "a3", "bridge"},
		{"bridge down the left", "a1 b1 c1 e1", "", "w", "d1", "bridge"},
		{"bridge between opposite corners", "a1 b2 c3 d4 f6 g7 h8 i9", "", "w", "e5", "bridge"},
		{"bridge by black", "", "i5 i6 i7 i9", "b", "i8", "bridge"},
		{"fork", "c1 c2 c3 b3 a3 b4 b5", "", "w", "b6", "fork"},
		{"a corner is not a side", "c1 c2 c3 b3 a3 a4", "", "w", "a5", ""},
		{"a corner and two sides", "a1 a2 a3 b1 c1", "", "w", "d1", ""},
		{"bridge and fork", "a1 a2 a3 a4 b1 b6", "", "w", "a5", "bridge, fork"},
		{"ring and bridge", "a2 b3 c3 c2 b1 c1 d1 e1", "", "w", "a1", "ring, bridge"},
		{"ring and fork", "a2 a3 b4 c4 b2 b5 b6 d3 d2 d1", "", "w", "c3", "ring, fork"},
		{"nothing yet", "e5", "d4", "w", "e6", ""},
	}
	g := havannah.New(5, false)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			white, black := tt.white, tt.black
			text := position(t, 5, white, black, tt.side, tt.move)
			s, err := g.ParsePosition(text)
			if err != nil {
				t.Fatal(err)
			}
			if s.Terminal() {
				t.Fatalf("%q is over before the move (%s)", text, games.EndReason(s))
			}
			m, err := s.ParseMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			s.Play(m)
			rf := refAt(t, 5, text)
			rf.play(tt.move)
			checkRef(t, s, rf)
			if got := games.EndReason(s); got != tt.want {
				t.Fatalf("%q after %s: reason %q, want %q", text, tt.move, got, tt.want)
			}
			if tt.want != "" && s.Outcome() != games.WinFor(games.Player(strings.Index("wb", tt.side))) {
				t.Fatalf("outcome %v", s.Outcome())
			}
			back, err := g.ParsePosition(s.String())
			if err != nil {
				t.Fatal(err)
			}
			if got := games.EndReason(back); got != tt.want || back.Outcome() != s.Outcome() {
				t.Fatalf("final position %q read back: %v by %q, want %v by %q", s.String(), back.Outcome(), got, s.Outcome(), tt.want)
			}
		})
	}
}

// refAt returns the reference set to a position text.
func refAt(t *testing.T, base int, text string) *ref {
	t.Helper()
	rf := newRef(base, false)
	f := strings.Fields(text)
	rows := strings.Split(f[0], "/")
	for y, row := range rows {
		lo := max(0, y-base+1)
		for i := range len(row) {
			rf.cell[y][lo+i] = int8(strings.IndexByte(".wb", row[i])) - 1
		}
	}
	rf.side = int8(strings.Index("wb", f[1]))
	return rf
}

// A full board of base 4 on which neither player has a ring, a bridge or a
// fork: the last stone draws.
func TestFullBoardDraw(t *testing.T) {
	const full = "wbbb/bwwww/bwbbwb/bwwbbbw/wwbwwb/wbwbw/bwbw b"
	g := havannah.New(4, false)
	s, err := g.ParsePosition(full)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Terminal() || s.Outcome() != games.Draw || games.EndReason(s) != "full board" {
		t.Fatalf("%q: terminal %v, %v by %q, want a draw by full board", full, s.Terminal(), s.Outcome(), games.EndReason(s))
	}
	// Take back White's a1 and play it again.
	before := "." + full[1:len(full)-1] + "w"
	s, err = g.ParsePosition(before)
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.ParseMove("a1")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Legal(nil); len(got) != 1 || got[0] != m {
		t.Fatalf("%q: legal %v, want only a1", before, got)
	}
	s.Play(m)
	if s.String() != full || s.Outcome() != games.Draw || games.EndReason(s) != "full board" {
		t.Fatalf("after a1: %q, %v by %q", s.String(), s.Outcome(), games.EndReason(s))
	}
	rf := refAt(t, 4, before)
	rf.play("a1")
	checkRef(t, s, rf)
}

// The swap: Black's first move may take over White's stone, written "swap"
// and listed in Legal as the stone's cell.
func TestSwap(t *testing.T) {
	g := havannah.New(4, true)
	s := g.NewState()
	d4, err := s.ParseMove("d4")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ParseMove("swap"); err == nil || err.Error() != "swap: only the second player's first move may swap" {
		t.Errorf("swap at the start: error %v", err)
	}
	s.Play(d4)
	legal := s.Legal(nil)
	if len(legal) != 37 || !slices.Contains(legal, d4) {
		t.Fatalf("after d4: %d legal moves, swap (d4) among them %v", len(legal), slices.Contains(legal, d4))
	}
	if got := s.MoveString(d4); got != "swap" {
		t.Errorf("the swap is written %q, want swap", got)
	}
	if _, err := s.ParseMove("d4"); err == nil || err.Error() != "d4: taken by White; write swap to take it over" {
		t.Errorf("d4 again: error %v", err)
	}
	m, err := s.ParseMove("swap")
	if err != nil || m != d4 {
		t.Fatalf("swap parses to %v, %v; want %v", m, err, d4)
	}
	s.Play(m)
	if got, want := s.String(), ".../...../....../...b.../....../...../.... w"; got != strings.Replace(want, ".../", "..../", 1) {
		t.Errorf("after the swap %q", got)
	}
	if s.ToMove() != games.First || len(s.Legal(nil)) != 36 {
		t.Errorf("after the swap: %v to move with %d moves", s.ToMove(), len(s.Legal(nil)))
	}
	if _, err := s.ParseMove("swap"); err == nil {
		t.Error("a second swap accepted")
	}
	if h := s.Hash(); h != s.RecomputeHash() {
		t.Error("stale hash after the swap")
	}
	// Without the option the word is refused.
	plain := havannah.New(4, false).NewState()
	plain.Play(d4)
	if _, err := plain.ParseMove("swap"); err == nil || err.Error() != "swap: this game has no swap rule (option swap)" {
		t.Errorf("swap without the option: error %v", err)
	}
}

func TestParseMoveErrors(t *testing.T) {
	g := havannah.New(4, false)
	s, err := g.ParsePosition("w.../...../....../...b.../....../...../.... w")
	if err != nil {
		t.Fatal(err)
	}
	won, err := g.ParsePosition("wwww/b.b.b/....../......./....../...../.... b")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		s    games.State
		text string
		want string
	}{
		{s, "a1", "a1: taken by White"},
		{s, "d4", "d4: taken by Black"},
		{s, "e1", "e1: off the board (row e holds e2-e7)"},
		{s, "a5", "a5: off the board (row a holds a1-a4)"},
		{s, "h4", "h4: off the board (rows a-g)"},
		{s, "d0", `"d0": not a cell: want a row letter a-g and a number, like d4`},
		{s, "d", `"d": not a cell: want a row letter a-g and a number, like d4`},
		{s, "4d", `"4d": not a cell: want a row letter a-g and a number, like d4`},
		{s, "d+4", `"d+4": not a cell: want a row letter a-g and a number, like d4`},
		{s, "", `"": not a cell: want a row letter a-g and a number, like d4`},
		{won, "c1", "c1: the game is over (bridge)"},
	}
	for _, tt := range tests {
		if _, err := tt.s.ParseMove(tt.text); err == nil || err.Error() != tt.want {
			t.Errorf("ParseMove(%q) error:\n got %v\nwant %s", tt.text, err, tt.want)
		}
	}
	if m, err := s.ParseMove("D5"); err != nil || s.MoveString(m) != "d5" {
		t.Errorf("D5 reads as %v, %v", m, err)
	}
}

func TestParsePositionErrors(t *testing.T) {
	tests := []struct {
		spec, text, want string
	}{
		{"havannah:base=4", "..../...../....../......./....../..... w", `position "..../...../....../......./....../..... w": 6 rows, want 7 for base 4`},
		{"havannah:base=4", "..../...../....../......../....../...../.... w", `position "..../...../....../......../....../...../.... w": row d has 8 cells, want 7`},
		{"havannah:base=4", "..../...../....../...x.../....../...../.... w", `position "..../...../....../...x.../....../...../.... w": row d: 'x' is not a cell (want ., w or b)`},
		{"havannah:base=4", "..../...../....../......./....../...../.... x", `position "..../...../....../......./....../...../.... x": side to move "x", want w or b`},
		{"havannah:base=4", "..../...../....../......./....../...../....", `position "..../...../....../......./....../...../....": want the rows, a space and the side to move (w or b), like "..../...../....../......./....../...../.... w"`},
		{"havannah:base=4", "b.../...../....../......./....../...../.... w", `position "b.../...../....../......./....../...../.... w": 0 white and 1 black stones with White to move, but White moves first: with White to move both have as many stones, with Black to move White has one more`},
		{"havannah:base=4,swap", "b.../...../....../......./....../...../.... b", `position "b.../...../....../......./....../...../.... b": 0 white and 1 black stones with Black to move, but White moves first (or Black, after a swap)`},
		{"havannah:base=4", "bbbb/wwwww/....../......./....../...../.... b", `position "bbbb/wwwww/....../......./....../...../.... b": Black is to move but has already won (bridge)`},
	}
	for _, tt := range tests {
		_, err := gametest.MustGame(t, tt.spec).ParsePosition(tt.text)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s ParsePosition(%q) error:\n got %v\nwant %s", tt.spec, tt.text, err, tt.want)
		}
	}
	// After a swap: legal with the option only.
	const swapped = "b.../...../....../......./....../...../.... w"
	if _, err := gametest.MustGame(t, "havannah:base=4,swap").ParsePosition(swapped); err != nil {
		t.Errorf("swapped position refused: %v", err)
	}
}
