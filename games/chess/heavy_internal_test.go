package chess

import (
	"testing"

	"mcarena/games/rng"
)

// TestGivesCheckAgreesWithPlaying compares the check test of decisive
// moves with playing every move of the positions of seeded random games.
func TestGivesCheckAgreesWithPlaying(t *testing.T) {
	g := New(0)
	var scratch, child pos
	checks := 0
	for seed := range uint64(40) {
		r := rng.New(seed)
		st := g.NewState().(*State)
		for !st.Terminal() {
			ci := st.checks()
			for _, m := range st.Legal(nil) {
				child = st.pos
				child.play(m)
				want := child.inCheck()
				if got := st.givesCheck(&ci, m, &scratch); got != want {
					t.Fatalf("%s, %s: givesCheck %v, want %v", st, st.MoveString(m), got, want)
				}
				if want {
					checks++
				}
			}
			moves := st.Legal(nil)
			st.Play(moves[r.Intn(len(moves))])
		}
	}
	if checks < 1000 {
		t.Errorf("only %d checking moves seen", checks)
	}
}
