package atarigo

import (
	"strings"
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/stone/stonetest"
)

func TestConformance(t *testing.T) {
	for _, g := range []*Game{New(5, false), New(5, true), New(3, false), New(6, true), New(8, false)} {
		t.Run(g.Spec(), func(t *testing.T) {
			gametest.Conformance(t, g, gametest.Config{Games: 100, ReferencePlayout: stonetest.ReferencePlayout(func(s games.State) bool { return s.(*State).captured })})
		})
	}
}

func TestCrosscut(t *testing.T) {
	tests := map[int]string{
		5: "5/2wb1/2bw1/5/5 b",
		6: "6/6/2wb2/2bw2/6/6 b",
		4: "4/1wb1/1bw1/4 b",
	}
	for n, want := range tests {
		if got := New(n, true).NewState().String(); got != want {
			t.Errorf("%dx%d crosscut: %q, want %q", n, n, got, want)
		}
	}
}

func TestCaptureWins(t *testing.T) {
	// White a1 in atari; Black b1 captures and wins.
	s, err := New(5, false).ParsePosition("5/5/5/b4/w4 b")
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.ParseMove("b1")
	if err != nil {
		t.Fatal(err)
	}
	s.Play(m)
	if !s.Terminal() || s.Outcome() != games.FirstWins || len(s.Legal(nil)) != 0 {
		t.Fatalf("after the capture: Terminal %v Outcome %v", s.Terminal(), s.Outcome())
	}
	if s.String() != "5/5/5/b4/wb3 w" {
		t.Fatalf("captured stone should stay on the board: %q", s.String())
	}
	back, err := s.Game().ParsePosition(s.String())
	if err != nil || !back.Terminal() || back.Outcome() != games.FirstWins {
		t.Fatalf("re-read finished position: %v %v", back, err)
	}
}

func TestSuicideUnlessCapture(t *testing.T) {
	tests := []struct {
		name, pos, move string
		ok              bool
	}{
		{"plain suicide in a corner", "5/5/5/w4/1w3 b", "a1", false},
		{"suicide beside enemy groups that keep liberties", "5/5/w4/bw3/1w3 b", "a1", false},
		{"a move without liberties that captures", "5/5/5/wb3/1wb2 b", "a1", true},
		{"point taken", "5/5/5/5/b4 w", "a1", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(5, false).ParsePosition(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			_, err = s.ParseMove(tt.move)
			if (err == nil) != tt.ok {
				t.Fatalf("ParseMove(%s) error %v, want ok=%v", tt.move, err, tt.ok)
			}
		})
	}
}

func TestBadPositions(t *testing.T) {
	// A dead white group with Black to move: only Black's capture can leave
	// it, and then White would be to move.
	for _, pos := range []string{"5/5/5/b4/wb3 b", "5/5/5/5/5 w w"} {
		if _, err := New(5, false).ParsePosition(pos); err == nil {
			t.Errorf("ParsePosition(%q) accepted", pos)
		}
	}
}

func TestSolvedTiny(t *testing.T) {
	// 2x2, by hand: Black's first stone (a1 by symmetry) is answered by White
	// on the opposite corner; each of Black's two moves then fills the last
	// liberty but one of Black's group without capturing, and White captures.
	if v := gametest.Solve(New(2, false).NewState()); v != -1 {
		t.Errorf("AtariGo 2x2: first player value %d, want -1", v)
	}
}

func BenchmarkPlayout(b *testing.B) { gametest.BenchmarkPlayout(b, New(5, false)) }

func BenchmarkRecordPlayout(b *testing.B) { gametest.BenchmarkRecordPlayout(b, New(5, false)) }

// The captured group stays on the board at the end, marked; no other
// stone is.
func TestBoardMarksCapturedGroup(t *testing.T) {
	s, err := New(5, false).ParsePosition("5/5/b4/wb3/w4 b")
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.ParseMove("b1")
	if err != nil {
		t.Fatal(err)
	}
	s.Play(m)
	if !s.Terminal() {
		t.Fatal("the capture did not end the game")
	}
	b := s.Board()
	if !b.Stones {
		t.Error("AtariGo's board is not drawn with stones")
	}
	var marked []string
	for i, c := range b.Cells {
		if c.Mark&games.Captured != 0 {
			marked = append(marked, b.Name(i))
		}
	}
	if got := strings.Join(marked, " "); got != "a1 a2" {
		t.Fatalf("captured cells %q, want a1 a2", got)
	}
}

func BenchmarkPlayoutSuicideLoses(b *testing.B) {
	gametest.BenchmarkPlayout(b, NewVariant(Variant{Size: 5, SuicideLoses: true}))
}
