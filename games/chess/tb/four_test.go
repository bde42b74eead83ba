package tb

import (
	"os"
	"strings"
	"testing"
	"time"

	"mcarena/games/chess"
	"mcarena/games/chess/chesstest"
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
	names := Materials(MaxPieces)
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

// kpkpWithEnPassant returns a random KPvKP position right after a double
// step that an en passant capture can answer, as package chess records it
// (its en passant square set only when the capture is legal).
func kpkpWithEnPassant(t *testing.T, r *rng.Rand) *chess.State {
	for {
		// The pawn that stepped, on its fourth rank, and a pawn of the side
		// to move beside it.
		white := r.Intn(2) == 0 // White stepped; Black to move
		file := r.Intn(8)
		side := 1 - 2*r.Intn(2)
		if file+side < 0 || file+side > 7 {
			continue
		}
		stepped, capturer, crossed := 3*8+file, 3*8+file+side, 2*8+file
		steppedPawn, capturerPawn, fenSide := byte('P'), byte('p'), " b - "
		if !white {
			stepped, capturer, crossed = 4*8+file, 4*8+file+side, 5*8+file
			steppedPawn, capturerPawn, fenSide = 'p', 'P', " w - "
		}
		var board [64]byte
		board[stepped], board[capturer] = steppedPawn, capturerPawn
		kings := 0
		for kings < 2 {
			sq := r.Intn(64)
			if board[sq] != 0 || sq == crossed || sq == crossed+(crossed-stepped) {
				continue
			}
			board[sq] = "Kk"[kings]
			kings++
		}
		fen := chesstest.Placement(board) + fenSide + squareName(crossed) + " 0 1"
		s, err := game.ParsePosition(fen)
		if err != nil {
			continue
		}
		if cs := s.(*chess.State); cs.EnPassant() == crossed {
			return cs
		}
	}
}

func squareName(sq int) string { return string(rune('a'+sq%8)) + string(rune('1'+sq/8)) }

// KPvKP, the one material where en passant arises: random positions, and
// random positions right after a double step that en passant can answer,
// agree with one ply of the chess package's rules (which make the capture
// and probe the KPvK position it leads to, and after a double step probe
// the en passant half).
func TestEnPassantPositionsAgreeWithOnePlyOfTheRules(t *testing.T) {
	skipShort(t)
	rr := rng.New(5)
	r := &rr
	check := func(s *chess.State) {
		res, dtm, ok := shared.tb.Probe(s)
		if !ok {
			t.Fatalf("Probe(%s) not ok", s)
		}
		if wr, wd := negamaxValue(t, shared.tb, s); res != wr || dtm != wd {
			t.Errorf("Probe(%s) = %v, %d; its moves give %v, %d", s, res, dtm, wr, wd)
		}
	}
	for range 500 {
		check(randomPosition(t, r, "Pp"))
	}
	differ := 0
	for range 500 {
		s := kpkpWithEnPassant(t, r)
		check(s)
		// The same position without the right to capture.
		fields := strings.Fields(s.String())
		fields[3] = "-"
		plain, err := game.ParsePosition(strings.Join(fields, " "))
		if err != nil {
			t.Fatal(err)
		}
		a, da, _ := shared.tb.Probe(s)
		b, db, _ := shared.tb.Probe(plain.(*chess.State))
		if a != b || da != db {
			differ++
		}
	}
	// Capturing en passant changes the value of some positions, so a table
	// that ignored the right would fail the agreement above; say how often.
	t.Logf("%d of 500 positions after a double step change value with the en passant right", differ)
	if differ == 0 {
		t.Error("no position changed value with the en passant right: the sample cannot tell the halves apart")
	}
}
