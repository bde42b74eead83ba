package tournament

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
