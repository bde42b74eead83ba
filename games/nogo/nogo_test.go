package nogo

import (
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/stone/stonetest"
)

func TestConformance(t *testing.T) {
	for _, g := range []*Game{New(5, false), New(5, true), New(3, false), New(7, false), New(8, false)} {
		t.Run(g.Spec(), func(t *testing.T) {
			gametest.Conformance(t, g, gametest.Config{Games: 100, ReferencePlayout: stonetest.ReferencePlayout(nil)})
		})
	}
}

func TestSolved(t *testing.T) {
	tests := []struct {
		n    int
		want int // value for the first player
	}{
		{2, 1}, // by hand: after b a1 every White reply leaves Black a move that leaves White none (TestOutcomes)
		{3, 1},
		{4, -1},
	}
	for _, tt := range tests {
		if tt.n == 4 && testing.Short() {
			continue
		}
		v, nodes := gametest.SolveStats(New(tt.n, false).NewState())
		if v != tt.want {
			t.Errorf("NoGo %dx%d: first player value %d, want %d", tt.n, tt.n, v, tt.want)
		}
		t.Logf("NoGo %dx%d solved in %d nodes", tt.n, tt.n, nodes)
	}
}

func TestRuleEdges(t *testing.T) {
	tests := []struct {
		name, pos string
		illegal   map[string]string // move -> reason
		legal     []string
	}{
		{
			name:    "capturing a corner stone is illegal",
			pos:     "5/5/5/b4/w4 b",
			illegal: map[string]string{"b1": "b1: captures, which NoGo forbids"},
			legal:   []string{"c1", "b2"},
		},
		{
			name:    "suicide in a corner is illegal",
			pos:     "5/5/5/w4/1w3 b",
			illegal: map[string]string{"a1": "a1: suicide, which NoGo forbids"},
		},
		{
			name:    "filling the last liberty of a white group captures",
			pos:     "5/5/b4/wb3/1b3 b",
			illegal: map[string]string{"a1": "a1: captures, which NoGo forbids"},
		},
		{
			name:    "joining a group that keeps a liberty is legal",
			pos:     "5/5/5/b4/1w3 b",
			legal:   []string{"a1"},
			illegal: map[string]string{"b1": "b1: the point is taken"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(5, false).ParsePosition(tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			for m, reason := range tt.illegal {
				if _, err := s.ParseMove(m); err == nil || err.Error() != reason {
					t.Errorf("ParseMove(%s) error %v, want %q", m, err, reason)
				}
			}
			for _, m := range tt.legal {
				if _, err := s.ParseMove(m); err != nil {
					t.Errorf("ParseMove(%s): %v", m, err)
				}
			}
		})
	}
}

func TestOutcomes(t *testing.T) {
	// 2x2 after b a1, w b2, b a2: White's only empty point b1 would take the
	// last liberty of both groups (capture and suicide), so White to move
	// has no legal move and loses.
	for _, misere := range []bool{false, true} {
		s, err := New(2, misere).ParsePosition("bw/b1 w")
		if err != nil {
			t.Fatal(err)
		}
		want := games.FirstWins
		if misere {
			want = games.SecondWins
		}
		if !s.Terminal() || s.Outcome() != want {
			t.Errorf("misere=%v: Terminal %v Outcome %v, want terminal %v", misere, s.Terminal(), s.Outcome(), want)
		}
	}
}

func TestBadPositions(t *testing.T) {
	for _, pos := range []string{"bw3/w4/5/5/5 b", "5/5/5/5/5", "5/5/5/5/5 x", "5/5/5/5/6 b"} {
		if _, err := New(5, false).ParsePosition(pos); err == nil {
			t.Errorf("ParsePosition(%q) accepted", pos)
		}
	}
}

func BenchmarkPlayout(b *testing.B) { gametest.BenchmarkPlayout(b, New(5, false)) }

func BenchmarkRecordPlayout(b *testing.B) { gametest.BenchmarkRecordPlayout(b, New(5, false)) }
