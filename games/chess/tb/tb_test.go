package tb

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mcarena/games"
	"mcarena/games/chess"
	"mcarena/games/chess/chesstest"
	"mcarena/games/rng"
)

var game = chess.New(0)

func state(t testing.TB, fen string) *chess.State {
	t.Helper()
	s, err := game.ParsePosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*chess.State)
}

// shared is one tablebase for the tests that only read, built in a
// temporary directory once.
var shared struct {
	dir string
	tb  *Tablebase
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tbtest")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	shared.dir, shared.tb = dir, Open(dir)
	// The oracles probe the default tablebase: here, the same directory.
	os.Setenv(DirEnv, dir)
	code := m.Run()
	shared.tb.Close()
	os.RemoveAll(dir)
	os.Exit(code)
}

// longestMates returns the longest mate of a table by side to move, in plies.
func longestMates(t *testing.T, tb *Tablebase, name string) [2]int {
	t.Helper()
	if err := tb.Build(name); err != nil {
		t.Fatal(err)
	}
	m, err := parseMaterial(name)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := tb.table(m)
	if err != nil {
		t.Fatal(err)
	}
	// Entries are White's to move then Black's, in each half of a table
	// with an en passant half.
	var mx [2]int
	half := m.size() / 2
	for i, v := range tab.data {
		if side := i % m.size() / half; v != entryIllegal && v != entryDraw {
			mx[side] = max(mx[side], int(v)-1)
		}
	}
	return mx
}

// The published longest mates (Nalimov's tables, as listed by Karrer and
// others): with the stronger side to move, mate in 10 moves for KQK, 16 for
// KRK and 28 for KPK; the longest losses with the weaker side to move last
// as many moves of the stronger side, one ply more.
func TestLongestMatesArePublished(t *testing.T) {
	for _, c := range []struct {
		name  string
		moves int
	}{{"KQvK", 10}, {"KRvK", 16}, {"KPvK", 28}, {"KBvK", 0}, {"KNvK", 0}} {
		got := longestMates(t, shared.tb, c.name)
		want := [2]int{max(2*c.moves-1, 0), 2 * c.moves}
		if got != want {
			t.Errorf("%s longest mate (White, Black to move) = %v plies, want %v", c.name, got, want)
		}
	}
}

// Positions published as the longest mates.
func TestLongestMatePositions(t *testing.T) {
	for _, c := range []struct {
		fen    string
		result Result
		dtm    int
	}{
		{"8/8/8/5k2/8/8/1Q6/K7 w - - 0 1", Win, 19},  // KQK, mate in 10
		{"8/8/8/8/4k3/8/1Q6/K7 b - - 0 1", Loss, 20}, // KQK, Black mated after 10
		{"8/8/8/8/8/2k5/1R6/K7 w - - 0 1", Win, 31},  // KRK, mate in 16
		{"8/8/8/8/8/8/1Rk5/K7 b - - 0 1", Loss, 32},  // KRK, Black mated after 16
		{"8/8/8/1k6/8/8/K5P1/8 w - - 0 1", Win, 55},  // KPK, mate in 28
		{"8/8/8/k7/8/K7/6P1/8 b - - 0 1", Loss, 56},  // KPK, Black mated after 28
		{"8/6p1/k7/8/K7/8/8/8 w - - 0 1", Loss, 56},  // the same, colours swapped
		{"7k/8/8/8/8/8/8/K6B w - - 0 1", Draw, 0},
		{"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", Loss, 0}, // checkmated
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Draw, 0}, // stalemate
		{"7k/8/6K1/8/8/8/8/8 w - - 0 1", Draw, 0},   // kings alone
	} {
		r, dtm, ok := shared.tb.Probe(state(t, c.fen))
		if !ok || r != c.result || dtm != c.dtm {
			t.Errorf("Probe(%s) = %v, %d, %v; want %v, %d, true", c.fen, r, dtm, ok, c.result, c.dtm)
		}
	}
}

func TestProbeRefusesWhatNoTableHolds(t *testing.T) {
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",   // castling rights
		"4k3/8/8/8/8/8/8/RR2K2R w - - 0 1", // five pieces
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	} {
		if r, dtm, ok := shared.tb.Probe(state(t, fen)); ok {
			t.Errorf("Probe(%s) = %v, %d, true; want ok false", fen, r, dtm)
		}
	}
}

// randomPosition returns a legal position of the kings and the given other
// pieces (FEN letters) on random squares.
func randomPosition(t testing.TB, r *rng.Rand, others string) *chess.State {
	for {
		if s, err := game.ParsePosition(chesstest.RandomEndgame(r, others)); err == nil {
			return s.(*chess.State)
		}
	}
}

// negamaxValue is the value of s for the side to move as the table should
// record it, found from the values of its successors under the chess
// package's rules: checkmated is a loss in 0, stalemate and dead material a
// draw; otherwise the quickest win, else a draw, else the slowest loss, one
// ply further than the successor's.
func negamaxValue(t *testing.T, tb *Tablebase, s *chess.State) (Result, int) {
	t.Helper()
	moves := s.Legal(nil)
	if len(moves) == 0 {
		if s.Outcome() != games.Draw {
			return Loss, 0
		}
		return Draw, 0
	}
	best, bestDTM := Loss, -1
	for _, m := range moves {
		c := s.Clone().(*chess.State)
		c.Play(m)
		r, d, ok := tb.Probe(c)
		if !ok {
			t.Fatalf("Probe(%s) not ok after %s in %s", c, s.MoveString(m), s)
		}
		r = -r
		switch {
		case r > best:
			best, bestDTM = r, d+1
		case r == best && r == Win && d+1 < bestDTM:
			bestDTM = d + 1
		case r == best && r == Loss && d+1 > bestDTM:
			bestDTM = d + 1
		}
	}
	if best == Draw {
		bestDTM = 0
	}
	return best, bestDTM
}

// Every probed position in a sample of random 3-piece positions of every
// material (either colour stronger) has the value its legal moves, made by
// the chess package's rules, give it from the probed values of the
// positions they lead to. With the checkmates right, this one-ply agreement
// on every position is what makes a table exact.
func TestProbeAgreesWithOnePlyOfTheRules(t *testing.T) {
	rr := rng.New(1)
	r := &rr
	for _, others := range []string{"Q", "R", "B", "N", "P", "q", "r", "b", "n", "p"} {
		for range 1000 {
			s := randomPosition(t, r, others)
			res, dtm, ok := shared.tb.Probe(s)
			if !ok {
				t.Fatalf("Probe(%s) not ok", s)
			}
			wr, wd := negamaxValue(t, shared.tb, s)
			if res != wr || dtm != wd {
				t.Errorf("Probe(%s) = %v, %d; its moves give %v, %d", s, res, dtm, wr, wd)
			}
		}
	}
}

// mates reports whether the side to move in s can force mate within depth
// plies by the chess package's rules alone: plain minimax, no table.
func mates(s *chess.State, depth int) bool {
	if depth < 1 {
		return false
	}
	for _, m := range s.Legal(nil) {
		c := s.Clone().(*chess.State)
		c.Play(m)
		if mated(c, depth-1) {
			return true
		}
	}
	return false
}

// mated reports whether the side to move in s is mated within depth plies
// whatever it plays.
func mated(s *chess.State, depth int) bool {
	moves := s.Legal(nil)
	if len(moves) == 0 {
		return s.Outcome() != games.Draw
	}
	if depth < 2 {
		return false
	}
	for _, m := range moves {
		c := s.Clone().(*chess.State)
		c.Play(m)
		if !mates(c, depth-1) {
			return false
		}
	}
	return true
}

// Random positions whose table value is a short mate (or no mate) agree
// with a plain minimax search on the game's own rules to the table's depth:
// a win in d plies is found at depth d and not at d-2, a loss in d plies is
// forced at depth d and not at d-2, and a draw or a long result shows no
// mate within 3 plies for the side to move.
func TestShortMatesAgreeWithMinimax(t *testing.T) {
	rr := rng.New(2)
	r := &rr
	const limit = 5
	checked := 0
	for _, others := range []string{"Q", "R", "P", "q", "r", "p"} {
		for range 300 {
			s := randomPosition(t, r, others)
			res, dtm, _ := shared.tb.Probe(s)
			switch {
			case res == Win && dtm <= limit:
				if !mates(s, dtm) || mates(s, dtm-2) {
					t.Errorf("Probe(%s) = win in %d plies; minimax disagrees", s, dtm)
				}
				checked++
			case res == Loss && dtm <= limit+1:
				if !mated(s, dtm) || dtm >= 2 && mated(s, dtm-2) {
					t.Errorf("Probe(%s) = loss in %d plies; minimax disagrees", s, dtm)
				}
				checked++
			default: // a draw, a loss or a win longer than limit
				if mates(s, 3) {
					t.Errorf("Probe(%s) = %v, %d; minimax finds a mate in 3 plies", s, res, dtm)
				}
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d short mates checked, want at least 50", checked)
	}
}

// A file with a flipped byte, a wrong version or a short length is refused,
// removed and rebuilt, and the rebuilt table is right.
func TestDamagedFileIsRefusedAndRebuilt(t *testing.T) {
	dir := t.TempDir()
	tb := Open(dir)
	if err := tb.Build("KRvK"); err != nil {
		t.Fatal(err)
	}
	tb.Close()
	path := filepath.Join(dir, "KRvK.mctb")
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		damage func([]byte) []byte
	}{
		{"flipped entry", func(b []byte) []byte { b[headerSize+12345] ^= 1; return b }},
		{"flipped header", func(b []byte) []byte { b[9] ^= 1; return b }},
		{"other version", func(b []byte) []byte { b[4]++; return b }},
		{"truncated", func(b []byte) []byte { return b[:len(b)-1] }},
		{"empty", func(b []byte) []byte { return nil }},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(path, c.damage(append([]byte(nil), good...)), 0o644); err != nil {
				t.Fatal(err)
			}
			tb := Open(dir)
			defer tb.Close()
			var logged []string
			tb.Logf = func(f string, a ...any) { logged = append(logged, fmt.Sprintf(f, a...)) }
			r, dtm, ok := tb.Probe(state(t, "8/8/8/8/8/2k5/1R6/K7 w - - 0 1"))
			if !ok || r != Win || dtm != 31 {
				t.Errorf("Probe = %v, %d, %v; want win, 31, true", r, dtm, ok)
			}
			if got, want := tb.Stats(), (Stats{Refused: 1, Built: 1}); got != want {
				t.Errorf("Stats() = %+v, want %+v", got, want)
			}
			if len(logged) != 1 || !strings.Contains(logged[0], "refusing") {
				t.Errorf("logged %q, want one refusal", logged)
			}
			if b, err := os.ReadFile(path); err != nil || string(b) != string(good) {
				t.Errorf("the rebuilt file differs from the original (err %v)", err)
			}
		})
	}
}

// A table built once is loaded from its file afterwards, not rebuilt.
func TestTableIsBuiltOnceThenLoaded(t *testing.T) {
	dir := t.TempDir()
	fen := "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1"
	for i, want := range []Stats{{Built: 1}, {Loaded: 1}} {
		tb := Open(dir)
		if r, dtm, ok := tb.Probe(state(t, fen)); !ok || r != Win || dtm != 19 {
			t.Errorf("open %d: Probe = %v, %d, %v; want win, 19, true", i, r, dtm, ok)
		}
		if got := tb.Stats(); got != want {
			t.Errorf("open %d: Stats() = %+v, want %+v", i, got, want)
		}
		tb.Close()
	}
}

func TestDefaultDirFollowsTheEnvironment(t *testing.T) {
	t.Setenv(DirEnv, "/some/where")
	if got, err := DefaultDir(); err != nil || got != "/some/where" {
		t.Errorf("DefaultDir() = %q, %v; want /some/where", got, err)
	}
	t.Setenv(DirEnv, "")
	t.Setenv("XDG_CACHE_HOME", "/cache")
	t.Setenv("HOME", "/home/x")
	if got, err := DefaultDir(); err != nil || !strings.HasSuffix(got, filepath.Join("mcarena", "tb")) {
		t.Errorf("DefaultDir() = %q, %v; want a path ending in mcarena/tb", got, err)
	}
}

func TestMaterialNames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"KQvK", "KQvK"}, {"KvKQ", "KQvK"}, {"KNBvK", "KBNvK"}, {"KRvKQ", "KQvKR"}, {"KPvKP", "KPvKP"},
	} {
		m, err := parseMaterial(c.in)
		if err != nil || m.String() != c.want {
			t.Errorf("parseMaterial(%q) = %v, %v; want %s", c.in, m, err, c.want)
		}
	}
	for _, bad := range []string{"KQK", "QvK", "KXvK", "KQRBvK", "KKvK"} {
		if _, err := parseMaterial(bad); err == nil {
			t.Errorf("parseMaterial(%q) succeeded, want an error", bad)
		}
	}
}

func BenchmarkProbe(b *testing.B) {
	s := state(b, "8/8/8/5k2/8/8/1Q6/K7 w - - 0 1")
	shared.tb.Probe(s) // build outside the loop
	b.ReportAllocs()
	for b.Loop() {
		shared.tb.Probe(s)
	}
}

// Materials lists every table: five of three pieces, thirty of four (KPvKP
// included), each once, in canonical orientation.
func TestMaterialsListsEveryTable(t *testing.T) {
	if n3, n4 := len(Materials(3)), len(Materials(4)); n3 != 5 || n4 != 35 {
		t.Fatalf("Materials(3), Materials(4): %d, %d names; want 5, 35", n3, n4)
	}
	seen := map[string]bool{}
	for _, name := range Materials(4) {
		m, err := parseMaterial(name)
		if err != nil {
			t.Fatal(err)
		}
		if m.String() != name || seen[name] || !m.supported() {
			t.Errorf("%s: canonical %s, seen before %v, supported %v", name, m, seen[name], m.supported())
		}
		seen[name] = true
	}
}

// BuildAll(3) builds the five 3-piece tables into an empty directory and,
// opened again, loads them without building.
func TestBuildAllBuildsThenLoads(t *testing.T) {
	dir := t.TempDir()
	for i, want := range []Stats{{Built: 5}, {Loaded: 5}} {
		tb := Open(dir)
		if err := tb.BuildAll(3); err != nil {
			t.Fatal(err)
		}
		if got := tb.Stats(); got != want {
			t.Errorf("open %d: Stats() = %+v, want %+v", i, got, want)
		}
		tb.Close()
	}
}
