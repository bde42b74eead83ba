package knowledge_test

import (
	"slices"
	"testing"

	"mcarena/games"
	"mcarena/games/knowledge"
)

// oddMoves classifies the odd moves, whatever the state.
type oddMoves struct{}

func (oddMoves) Is(_ games.State, m games.Move) bool { return m%2 == 1 }

// The class comes first in its order; each of its moves is swapped with the
// first move not yet known to be of it.
func TestPartitionByIs(t *testing.T) {
	for _, tc := range []struct {
		moves, want []games.Move
		n           int
	}{
		{nil, nil, 0},
		{[]games.Move{2, 4}, []games.Move{2, 4}, 0},
		{[]games.Move{1, 3}, []games.Move{1, 3}, 2},
		{[]games.Move{2, 1, 4, 3}, []games.Move{1, 3, 4, 2}, 2},
		{[]games.Move{2, 4, 6, 5}, []games.Move{5, 4, 6, 2}, 1},
	} {
		moves := slices.Clone(tc.moves)
		if n := knowledge.PartitionByIs(oddMoves{}, nil, moves); n != tc.n || !slices.Equal(moves, tc.want) {
			t.Errorf("%v: got %v and %d, want %v and %d", tc.moves, moves, n, tc.want, tc.n)
		}
	}
}
