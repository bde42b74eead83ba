package havannah_test

import (
	"testing"

	"mcarena/games"
	"mcarena/games/havannah"
)

// FuzzParsePosition feeds text to the base-4 position parser (with and
// without the swap): an accepted position reads back from its own text, and
// the reference, reading the board from scratch, agrees that the player to
// move has no structure and on whether and how the game is over.
func FuzzParsePosition(f *testing.F) {
	f.Add(false, "..../...../....../......./....../...../.... w")
	f.Add(false, "wwww/b.b.b/....../......./....../...../.... b")
	f.Add(true, "b.../...../....../......./....../...../.... w")
	f.Add(false, "wbbb/bwwww/bwbbwb/bwwbbbw/wwbwwb/wbwbw/bwbw b")
	f.Add(false, "bb../b..../..ww../..wbw../..ww../...../...b b")
	f.Fuzz(func(t *testing.T, swap bool, text string) {
		g := havannah.New(4, swap)
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		back, err := g.ParsePosition(s.String())
		if err != nil || back.String() != s.String() || back.Hash() != s.Hash() {
			t.Fatalf("%q read as %q, which does not read back: %v", text, s.String(), err)
		}
		rf := refAt(t, 4, s.String())
		if w := rf.wins(rf.side); w != "" {
			t.Fatalf("%q accepted, but the player to move has won (%s)", text, w)
		}
		want := rf.wins(1 - rf.side)
		if want == "" && rf.stones() == len(rf.cells()) {
			want = "full board"
		}
		if got := games.EndReason(s); got != want || s.Terminal() != (want != "") {
			t.Fatalf("%q: terminal %v by %q, reference %q", text, s.Terminal(), got, want)
		}
	})
}
