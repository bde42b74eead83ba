package race_test

import (
	"testing"

	"mcarena/games"
	"mcarena/games/knowledge"
	"mcarena/games/race"
	"mcarena/games/rng"
)

// cellOf reads a cell name such as "b3" as (rank, file).
func cellOf(name string) (rank, file int) { return int(name[1] - '1'), int(name[0] - 'a') }

// undefended is the reference's reading of undefended_capture: the target
// holds an enemy piece, and no other enemy piece has a capturing step onto it.
func (r *ref) undefended(m string) bool {
	tr, tf := cellOf(m[3:])
	enemy := r.side ^ 1
	if r.cell[tr][tf] != enemy {
		return false
	}
	dir := 1
	if enemy == 1 {
		dir = -1
	}
	for rank := range r.rows {
		for file := range r.cols {
			if r.cell[rank][file] != enemy {
				continue
			}
			for _, st := range r.steps {
				if st.enemy && rank+dir*st.ranks == tr && file+st.files == tf {
					return false
				}
			}
		}
	}
	return true
}

// threat reports whether the player not to move could reach its goal rank
// at once, were it its turn.
func (r *ref) threat() bool {
	c := *r
	c.side ^= 1
	goal := 0
	if c.side == 0 {
		goal = c.rows - 1
	}
	for _, m := range c.moves() {
		if tr, _ := cellOf(m[3:]); tr == goal {
			return true
		}
	}
	return false
}

// antidecisive is the reference's reading of antidecisive: the opponent
// threatens, and after m the game is won or the threat is gone.
func (r *ref) antidecisive(m string) bool {
	if !r.threat() {
		return false
	}
	c := *r
	c.play(m)
	if c.over() {
		return true
	}
	c.side ^= 1 // threat looks at the player not to move
	return !c.threat()
}

// Along random games the classifiers agree, move for move, with the plain
// readings on the reference's board, and decisive with playing the move.
func TestClassifiersAgreeWithReference(t *testing.T) {
	for _, spec := range specs {
		g := mustGame(t, spec).(*race.Game)
		und, err := knowledge.NewClassifier(g, "undefended_capture")
		if err != nil {
			t.Fatal(err)
		}
		capt, err := knowledge.NewClassifier(g, "capture")
		if err != nil {
			t.Fatal(err)
		}
		dec, err := knowledge.NewClassifier(g, "decisive")
		if err != nil {
			t.Fatal(err)
		}
		anti, err := knowledge.NewClassifier(g, "antidecisive")
		if g.Variant().Misere {
			if err == nil {
				t.Errorf("%s: antidecisive accepted in misère play", spec)
			}
			anti = nil
		} else if err != nil {
			t.Fatal(err)
		}
		var seen [4]int // moves each classifier accepted, so the test is not vacuous
		for seed := uint64(1); seed <= 15; seed++ {
			r := rng.New(seed)
			s := g.NewState()
			for !s.Terminal() {
				rf := newRef(g, s)
				moves := s.Legal(nil)
				for _, m := range moves {
					text := s.MoveString(m)
					// decisive: play the move and look.
					after := s.Clone()
					after.Play(m)
					if got, want := dec.Is(s, m), after.Terminal() && after.Outcome() == games.WinFor(s.ToMove()); got != want {
						t.Fatalf("%s %q: decisive(%s) = %v, played out %v", spec, s.String(), text, got, want)
					} else if got {
						seen[2]++
					}
					tr, tf := cellOf(text[3:])
					if got, want := capt.Is(s, m), rf.cell[tr][tf] == rf.side^1; got != want {
						t.Fatalf("%s %q: capture(%s) = %v, reference %v", spec, s.String(), text, got, want)
					} else if got {
						seen[3]++
					}
					if got, want := und.Is(s, m), rf.undefended(text); got != want {
						t.Fatalf("%s %q: undefended_capture(%s) = %v, reference %v", spec, s.String(), text, got, want)
					} else if got {
						seen[0]++
					}
					if anti == nil {
						continue
					}
					if got, want := anti.Is(s, m), rf.antidecisive(text); got != want {
						t.Fatalf("%s %q: antidecisive(%s) = %v, reference %v", spec, s.String(), text, got, want)
					} else if got {
						seen[1]++
					}
				}
				s.Play(moves[r.Intn(len(moves))])
			}
		}
		if seen[0] == 0 || seen[3] == 0 || (anti != nil && (seen[1] == 0 || seen[2] == 0)) {
			t.Errorf("%s: classes never met (undefended captures %d, anti-decisive moves %d, decisive moves %d, captures %d)", spec, seen[0], seen[1], seen[2], seen[3])
		}
	}
}
