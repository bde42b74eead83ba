package tournament

import (
	"fmt"
	"maps"
	"slices"
)

// gameKey identifies a game (or an analysis run) across files: its preset,
// match and number, and the factor its run scaled the budgets by (a game of
// a run with --scale is another game than the preset's own of that number).
type gameKey struct {
	kind          RecordKind
	preset, match string
	index         int
	scale         float64
}

func keyOf(r *Record) gameKey { return gameKey{r.Kind, r.Preset, r.Match, r.Index, r.BudgetScale} }

// Unique returns the records with each game once, the first record of a game
// kept, and how many later records repeated a game already seen. Every
// summary counts games through it: a file that holds a game twice (two
// runners on one file, or files merged by hand) is never counted twice.
func Unique(recs []Record) (unique []Record, duplicates int) {
	seen := make(map[gameKey]bool, len(recs))
	unique = make([]Record, 0, len(recs))
	for i := range recs {
		k := keyOf(&recs[i])
		if seen[k] {
			duplicates++
			continue
		}
		seen[k] = true
		unique = append(unique, recs[i])
	}
	return unique, duplicates
}

// FirstAcrossGroups returns the first pair of records i < j that hold one
// game (the same preset, match, number and scale) while group gives them
// different groups, and whether there is one. Shards of one run hold
// disjoint games, so a game in the files of two shards says one of the
// files is not the shard its name says.
func FirstAcrossGroups(recs []Record, group func(i int) int) (i, j int, ok bool) {
	first := make(map[gameKey]int, len(recs))
	for j := range recs {
		k := keyOf(&recs[j])
		i, seen := first[k]
		if !seen {
			first[k] = j
			continue
		}
		if group(i) != group(j) {
			return i, j, true
		}
	}
	return 0, 0, false
}

// Agree reports whether two records of one game (the same preset, match,
// number and scale) hold the same play of it: the same seed, result and
// moves, and for a batch of playouts the same outcomes and end reasons.
// Two runners on one file, or a shard merged twice, leave copies that
// agree; copies that do not are two different plays (a file of another
// build, or of another machine's run, mixed in), and no count may depend on
// which one is read first.
func Agree(a, b *Record) bool {
	// Batches recorded before end reasons were kept have none.
	ends := a.Ends == nil || b.Ends == nil || maps.Equal(a.Ends, b.Ends)
	if a.Seed != b.Seed || a.Result != b.Result || a.Winner != b.Winner || a.Error != b.Error ||
		len(a.Moves) != len(b.Moves) || !slices.Equal(a.Outcomes, b.Outcomes) || !ends {
		return false
	}
	for i := range a.Moves {
		if a.Moves[i].Move != b.Moves[i].Move {
			return false
		}
	}
	return true
}

// FirstConflict returns the indices in recs of the first record that
// repeats a game with another play of it (Agree false) and of that game's
// first record; ok is false when every repeat agrees with its first copy.
func FirstConflict(recs []Record) (first, second int, ok bool) {
	seen := make(map[gameKey]int, len(recs))
	for i := range recs {
		k := keyOf(&recs[i])
		j, dup := seen[k]
		if !dup {
			seen[k] = i
			continue
		}
		if !Agree(&recs[j], &recs[i]) {
			return j, i, true
		}
	}
	return 0, 0, false
}

// Differs says what a record disagreeing with the first record of its
// game (Agree false) differs in, for messages.
func Differs(a, b *Record) string {
	switch {
	case a.Seed != b.Seed:
		return fmt.Sprintf("seed %d against %d", b.Seed, a.Seed)
	case a.Result != b.Result || a.Winner != b.Winner:
		return fmt.Sprintf("result %s against %s", b.Result, a.Result)
	case a.Error != b.Error:
		return "one failed, the other not"
	case len(a.Moves) != len(b.Moves):
		return fmt.Sprintf("%d moves against %d", len(b.Moves), len(a.Moves))
	}
	for i := range a.Moves {
		if a.Moves[i].Move != b.Moves[i].Move {
			return fmt.Sprintf("move %d %s against %s", i+1, b.Moves[i].Move, a.Moves[i].Move)
		}
	}
	return "the playouts' outcomes"
}
