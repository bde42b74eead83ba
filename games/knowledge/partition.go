package knowledge

import "mcarena/games"

// Partitioner is a Classifier that puts the moves of its class first in a
// list itself, as PartitionByIs does, faster than asking Is move by move.
type Partitioner interface {
	Classifier
	// Partition reorders moves, legal in s, exactly as PartitionByIs does
	// and returns how many are of the class. s is unchanged.
	Partition(s games.State, moves []games.Move) int
}

// PartitionByIs puts the moves of c's class first in moves, legal in s: it
// walks the list and swaps each move of the class with the first move not
// yet known to be of it, so the class keeps its order and the others may
// not. It returns how many moves are of the class.
func PartitionByIs(c Classifier, s games.State, moves []games.Move) int {
	j := 0
	for i, m := range moves {
		if c.Is(s, m) {
			moves[i], moves[j] = moves[j], moves[i]
			j++
		}
	}
	return j
}
