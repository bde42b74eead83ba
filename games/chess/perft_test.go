package chess_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"mcarena/games"
	"mcarena/games/chess"
)

var deep = flag.Bool("perft.deep", false, "run perft to the deepest published depths (about a minute)")

// The six positions of the chessprogramming wiki's "Perft Results" page
// (https://www.chessprogramming.org/Perft_Results), with the node counts it
// gives, depth 1 first.
var perftTable = []struct {
	name, fen string
	counts    []uint64
}{
	{"start", chess.StartFEN, []uint64{20, 400, 8902, 197281, 4865609, 119060324}},
	{"kiwipete", kiwipete, []uint64{48, 2039, 97862, 4085603, 193690690}},
	{"position 3", position3, []uint64{14, 191, 2812, 43238, 674624, 11030083, 178633661}},
	{"position 4", position4, []uint64{6, 264, 9467, 422333, 15833292}},
	{"position 4 mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", []uint64{6, 264, 9467, 422333, 15833292}},
	{"position 5", position5, []uint64{44, 1486, 62379, 2103487, 89941194}},
	{"position 6", position6, []uint64{46, 2079, 89890, 3894594, 164075551}},
}

// perftLimit is the largest count a run checks: small under -short and the
// race detector, every published depth under -perft.deep.
func perftLimit() uint64 {
	switch {
	case *deep:
		return 1 << 62
	case testing.Short() || raceDetector:
		return 200_000
	}
	return 5_000_000
}

// Perft from the six standard positions equals the published node counts at
// every depth the run affords.
func TestPerftStandardPositions(t *testing.T) {
	limit := perftLimit()
	for _, tt := range perftTable {
		s := mustState(t, tt.fen)
		for d, want := range tt.counts {
			if want > limit {
				break
			}
			t.Run(fmt.Sprintf("%s/depth %d", tt.name, d+1), func(t *testing.T) {
				if got := chess.Perft(s, d+1); got != want {
					t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
				}
			})
		}
	}
}

// The game's own tree (games.Perft: Legal, Play and CopyFrom, draw rules
// on) has the published counts where no draw can arise within the depth.
func TestGamePerftMatchesPublished(t *testing.T) {
	limit := perftLimit() / 10
	for _, tt := range perftTable {
		s := mustState(t, tt.fen)
		for d, want := range tt.counts {
			if want > limit {
				break
			}
			if got := games.Perft(s, d+1); got != want {
				t.Errorf("%s: games.Perft(%d) = %d, want %d", tt.name, d+1, got, want)
			}
		}
	}
}

// Perft on every position of the perft suite in testdata equals its counts
// at every depth the run affords.
func TestPerftSuite(t *testing.T) {
	f, err := os.Open("testdata/perftsuite.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	limit := perftLimit() / 5
	sc := bufio.NewScanner(f)
	positions, checked := 0, 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, ";")
		s := mustState(t, strings.TrimSpace(fields[0]))
		positions++
		for _, f := range fields[1:] {
			var d int
			var want uint64
			if _, err := fmt.Sscanf(strings.TrimSpace(f), "D%d %d", &d, &want); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			if want > limit {
				break
			}
			checked++
			if got := chess.Perft(s, d); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", fields[0], d, got, want)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if positions != 126 {
		t.Errorf("read %d positions, want 126", positions)
	}
	t.Logf("%d positions, %d counts up to %s nodes", positions, checked, strconv.FormatUint(limit, 10))
}
