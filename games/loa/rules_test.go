package loa_test

import (
	"slices"
	"strings"
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/loa"
)

// movesFrom returns the sorted legal moves of s that start on cell from.
func movesFrom(s games.State, from string) []string {
	var out []string
	for _, m := range sortedMoves(s) {
		if strings.HasPrefix(m, from) {
			out = append(out, m)
		}
	}
	return out
}

// Hand-made positions for the movement rules; each is also checked against
// the reference implementation.
func TestMovement(t *testing.T) {
	tests := []struct {
		name, pos, from string
		want            []string
	}{
		{"the start: b1 goes two up, two up the diagonal, six along the full rank", loa.Start, "b1", []string{"b1-b3", "b1-d3", "b1-h1"}},
		{"the start: a White edge piece climbs the full file", "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w", "a2", []string{"a2-a8", "a2-c2", "a2-c4"}},
		{"jumps its own pieces along a rank; blocked by an enemy on its file", "7b/8/8/8/8/8/w7/bbb3w1 b", "a1", []string{"a1-c3", "a1-e1"}},
		{"jumps its own piece; a line of one piece moves one square; off-board moves are dropped", "7b/8/8/8/8/8/w7/bbb3w1 b", "b1", []string{"b1-b2", "b1-c2", "b1-f1"}},
		{"cannot jump an enemy piece", "w6b/8/8/8/8/8/8/bw4b1 b", "a1", []string{"a1-a3", "a1-c3"}},
		{"enemy pieces count on the line; board edge", "w6b/8/8/8/8/8/8/bw4b1 b", "g1", []string{"g1-d1", "g1-f2", "g1-g2", "g1-h2"}},
		{"lands on an enemy piece: capture", "w6b/8/8/8/8/8/8/b1w5 b", "a1", []string{"a1-a3", "a1-c3", "a1xc1"}},
		{"cannot land on its own piece (no a1-c1)", "w6w/8/8/8/8/8/8/b1b5 b", "a1", []string{"a1-a3", "a1-c3"}},
		{"h file: no wrap to the a file", "w7/8/8/8/b7/7b/8/7w b", "h3", []string{"h3-g2", "h3-g3", "h3-g4", "h3-h5", "h3xh1"}},
		{"a file: no wrap to the h file", "w7/8/8/8/b7/7b/8/7w b", "a4", []string{"a4-a2", "a4-a6", "a4-b3", "a4-b4", "a4-b5"}},
		{"a side with no move passes", "6wb/6ww/8/8/8/8/ww6/bw6 b", "", []string{"pass"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := gametest.MustPosition(t, "loa", tt.pos)
			if got := movesFrom(s, tt.from); !slices.Equal(got, tt.want) {
				t.Errorf("moves from %q: %v, want %v", tt.from, got, tt.want)
			}
			g := s.Game().(*loa.Game)
			checkRef(t, g, s, newRef(g.Rules(), s))
		})
	}
}

// Hand-made games for the ends: each plays its moves from a position and
// checks the result and its reason.
func TestEnds(t *testing.T) {
	tests := []struct {
		name, spec, pos string
		moves           []string
		want            string // result and reason, or "*" in progress
	}{
		{"a move connects the mover", "loa", "w6w/8/8/8/8/8/8/b1b5 b", []string{"c1-b2"}, "1-0 connection"},
		{"two pieces across the a/h edge are not connected", "loa", "w7/8/8/8/b7/7b/8/7w b", nil, "*"},
		{"a1 and h8 diagonal neighbours across the edge are not", "loa", "w7/8/8/8/7b/b7/8/7w b", nil, "*"},
		{"a capture that connects only the opponent", "loa", "w6b/8/8/8/8/8/8/b1w5 b", []string{"a1xc1"}, "0-1 connection"},
		{"simultaneous connection wins for the mover", "loa", "2ww4/8/8/4b3/3w4/2b5/8/3b4 b", []string{"d1xd4"}, "1-0 simultaneous connection"},
		{"simultaneous connection under simultaneous=draw", "loa:simultaneous=draw", "2ww4/8/8/4b3/3w4/2b5/8/3b4 b", []string{"d1xd4"}, "1/2-1/2 simultaneous connection"},
		{"no move: pass, then the other side plays", "loa", "6wb/6ww/8/8/8/8/ww6/bw6 b", []string{"pass", "a2-a4"}, "*"},
		{"no move under nomove=lose", "loa:nomove=lose", "6wb/6ww/8/8/8/8/ww6/bw6 b", nil, "0-1 no move"},
		{"the ply cap draws", "loa:maxplies=2", loa.Start, []string{"b1-b3", "a2-c2"}, "1/2-1/2 ply limit"},
		{"a position at the cap is over", "loa:maxplies=10", "w6w/8/8/8/8/8/8/b1b5 b 10", nil, "1/2-1/2 ply limit"},
		{"a connection on the last ply still wins", "loa:maxplies=10", "w6w/8/8/8/8/8/8/b1b5 b 9", []string{"c1-b2"}, "1-0 connection"},
		{"a position with a connected side is over", "loa", "w6w/8/8/8/8/8/1b6/b7 w", nil, "1-0 connection"},
		{"a single piece is connected", "loa", "w6w/8/8/8/8/8/8/b7 w", nil, "1-0 connection"},
		{"both connected in a position: the player not to move made it", "loa", "ww6/8/8/8/8/8/8/bb6 w", nil, "1-0 simultaneous connection"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := gametest.MustPosition(t, tt.spec, tt.pos)
			g := s.Game().(*loa.Game)
			rf := newRef(g.Rules(), s)
			for _, text := range tt.moves {
				checkRef(t, g, s, rf)
				m, err := s.ParseMove(text)
				if err != nil {
					t.Fatal(err)
				}
				s.Play(m)
				rf.play(text)
			}
			checkRef(t, g, s, rf)
			got := "*"
			if s.Terminal() {
				got = s.Outcome().String() + " " + games.EndReason(s)
			}
			if got != tt.want {
				t.Errorf("after %v: %s, want %s (position %q)", tt.moves, got, tt.want, s.String())
			}
		})
	}
}

func TestNotation(t *testing.T) {
	s := gametest.MustPosition(t, "loa", "w6b/8/8/8/8/8/8/b1w5 b")
	m, err := s.ParseMove("a1xc1")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.MoveString(m); got != "a1xc1" {
		t.Errorf("capture written %q, want a1xc1", got)
	}
	// A capture may be written with - too, and cells and x in capitals.
	for _, text := range []string{"a1-c1", "A1XC1", "A1-c1"} {
		if m2, err := s.ParseMove(text); err != nil || m2 != m {
			t.Errorf("%s read as %d, %v; want the capture %d", text, m2, err, m)
		}
	}
	if from, to := s.MoveCells(m); from != 0 || to != 2 {
		t.Errorf("MoveCells = %d, %d, want 0, 2", from, to)
	}
	if from, to := s.MoveCells(loa.Pass); from != -1 || to != -1 {
		t.Errorf("MoveCells(pass) = %d, %d, want -1, -1", from, to)
	}
	if loa.Pass != 512 || s.Game().MoveSpace() != 513 {
		t.Errorf("pass %d, move space %d", loa.Pass, s.Game().MoveSpace())
	}
}

func TestMoveErrors(t *testing.T) {
	tests := []struct {
		pos, move, want string
	}{
		{loa.Start, "b1b3", `"b1b3" is not a move like b1-b3, a capture like f8xh6 or pass`},
		{loa.Start, "xx", `"xx" is not a move like b1-b3, a capture like f8xh6 or pass`},
		{loa.Start, "b1-", `"b1-" is not a move like b1-b3, a capture like f8xh6 or pass`},
		{loa.Start, "B1XB3", "B1XB3: nothing to capture on B3"},
		{loa.Start, "b1-b9", `"b9" is not a cell of the 8x8 board (a1..h8)`},
		{loa.Start, "a2-a4", "a2-a4: no Black piece on a2"},
		{loa.Start, "b1-c3", "b1-c3: b1 and c3 are not on one line"},
		{loa.Start, "b1-b1", "b1-b1: a move leaves b1 for another square"},
		{loa.Start, "b1-b4", "b1-b4: the line holds 2 pieces, so the piece moves 2 squares, not 3"},
		{loa.Start, "b1xb3", "b1xb3: nothing to capture on b3"},
		{loa.Start, "pass", "pass: Black has a legal move"},
		{"w6w/8/8/8/8/8/8/b1b5 b", "a1-c1", "a1-c1: c1 holds a Black piece"},
		{"w6b/8/8/8/8/8/8/bw4b1 b", "a1-d1", "a1-d1: cannot jump the enemy piece on b1"},
		{"w6w/8/8/8/8/8/8/b7 w", "a8-a7", "a8-a7: the game is over"},
		{"w6w/8/8/8/8/8/8/b7 w", "pass", "pass: the game is over"},
	}
	for _, tt := range tests {
		s := gametest.MustPosition(t, "loa", tt.pos)
		_, err := s.ParseMove(tt.move)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q: ParseMove(%q) error\n got %v\nwant %s", tt.pos, tt.move, err, tt.want)
		}
	}
}

func TestPositionErrors(t *testing.T) {
	tests := []struct {
		spec, pos, want string
	}{
		{"loa", "8/8/8/8/8/8/8/8", `position "8/8/8/8/8/8/8/8": want ranks, a space, the side to move (b or w) and optionally the plies played, like "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"`},
		{"loa", "8/8/8/8/8/8/8/b7 w", `position "8/8/8/8/8/8/8/b7 w": White has 0 pieces, want 1 to 12`},
		{"loa", "bbbbbbbb/bbbbb3/8/8/8/8/8/w7 w", `position "bbbbbbbb/bbbbb3/8/8/8/8/8/w7 w": Black has 13 pieces, want 1 to 12`},
		{"loa", loa.Start + " x", `position "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b x": plies played "x" is not a whole number 0..1000 (maxplies)`},
		{"loa:maxplies=10", loa.Start + " 11", `position "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b 11": plies played "11" is not a whole number 0..10 (maxplies)`},
		{"loa", "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 x", `position "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 x": side to move "x" is not b or w`},
	}
	for _, tt := range tests {
		g := gametest.MustGame(t, tt.spec)
		_, err := g.ParsePosition(tt.pos)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: ParsePosition(%q) error\n got %v\nwant %s", tt.spec, tt.pos, err, tt.want)
		}
	}
}

func TestPositionText(t *testing.T) {
	g := gametest.MustGame(t, "loa")
	s := g.NewState()
	if s.String() != loa.Start {
		t.Errorf("start %q, want %q", s.String(), loa.Start)
	}
	m, _ := s.ParseMove("b1-b3")
	s.Play(m)
	if want := "1bbbbbb1/w6w/w6w/w6w/w6w/wb5w/w6w/2bbbbb1 w 1"; s.String() != want {
		t.Errorf("after b1-b3: %q, want %q", s.String(), want)
	}
}
