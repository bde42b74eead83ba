package tb

import (
	"os"
	"strings"
	"testing"
	"time"

	"mcarena/games/rng"
)

func skipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds 4-piece tables (seconds each); run without -short")
	}
}

// The published longest 4-piece mates (Nalimov's tables): with the stronger
// side to move, mate in 19 moves for two bishops, 33 for bishop and knight,
// 35 for queen against rook.
func TestLongestFourPieceMatesArePublished(t *testing.T) {
	skipShort(t)
	for _, c := range []struct {
		name  string
		moves int
	}{{"KBBvK", 19}, {"KBNvK", 33}, {"KQvKR", 35}} {
		got := longestMates(t, shared.tb, c.name)
		if want := 2*c.moves - 1; got[0] != want {
			t.Errorf("%s longest mate with White to move = %d plies, want %d (mate in %d)", c.name, got[0], want, c.moves)
		}
	}
}

// Random 4-piece positions agree with one ply of the chess package's rules
// and the probed values of the positions their moves reach, as the 3-piece
// ones do.
func TestFourPieceProbeAgreesWithOnePlyOfTheRules(t *testing.T) {
	skipShort(t)
	rr := rng.New(3)
	r := &rr
	for _, others := range []string{"BB", "BN", "Qr", "nB", "NN"} {
		for range 300 {
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

// TestBuildEveryTable builds every table into a fresh directory, logs each
// one's build time and file size (the figures README.md states), and checks
// 100 random positions of each against one ply of the rules, the pawn
// tables included. It takes minutes, so it runs only when
// MCARENA_TB_BUILD_ALL is set.
func TestBuildEveryTable(t *testing.T) {
	if os.Getenv("MCARENA_TB_BUILD_ALL") == "" {
		t.Skip("set MCARENA_TB_BUILD_ALL=1 to build and time every table")
	}
	tb := Open(t.TempDir())
	defer tb.Close()
	rr := rng.New(4)
	r := &rr
	var names []string
	kinds := "QRBNP"
	for i := range kinds {
		names = append(names, "K"+kinds[i:i+1]+"vK")
	}
	for i := range kinds {
		for j := i; j < len(kinds); j++ {
			names = append(names, "K"+kinds[i:i+1]+kinds[j:j+1]+"vK")
		}
	}
	for i := range kinds {
		for j := i; j < len(kinds); j++ {
			if kinds[i] != 'P' || kinds[j] != 'P' {
				names = append(names, "K"+kinds[i:i+1]+"vK"+kinds[j:j+1])
			}
		}
	}
	var total time.Duration
	var bytes int64
	for _, name := range names {
		start := time.Now()
		if err := tb.Build(name); err != nil {
			t.Fatal(err)
		}
		d := time.Since(start)
		fi, err := os.Stat(tb.Dir() + "/" + name + ".mctb")
		if err != nil {
			t.Fatal(err)
		}
		total += d
		bytes += fi.Size()
		t.Logf("%-7s %8.3fs %10d bytes  longest %v plies", name, d.Seconds(), fi.Size(), longestMates(t, tb, name))
		w, b, _ := strings.Cut(name, "v")
		others := w[1:] + strings.ToLower(b[1:])
		for range 100 {
			s := randomPosition(t, r, others)
			res, dtm, _ := tb.Probe(s)
			if wr, wd := negamaxValue(t, tb, s); res != wr || dtm != wd {
				t.Errorf("Probe(%s) = %v, %d; its moves give %v, %d", s, res, dtm, wr, wd)
			}
		}
	}
	t.Logf("%d tables, %.1fs, %d bytes", len(names), total.Seconds(), bytes)
}
