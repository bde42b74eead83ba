package tournament

import (
	"fmt"
	"strings"

	"mcarena/config"
	"mcarena/internal/words"
)

// Extent says how much preset p plays at its own count: its matches and
// games, an analysis preset's engines, budgets and runs, a simulations
// preset's positions and playouts, an elimination's pairings.
func Extent(p *config.Preset) string {
	switch p.Kind {
	case config.Analysis:
		if p.Budgets != nil {
			return fmt.Sprintf("%s x %s x %s", words.Plural(len(p.Engines), "engine"), words.Plural(len(p.Budgets), "budget"), words.Plural(p.Count, "run"))
		}
		return fmt.Sprintf("%s x %s", words.Plural(len(p.Engines), "engine"), words.Plural(p.Count, "run"))
	case config.Simulations:
		return fmt.Sprintf("%s x %s", words.Plural(len(p.Positions), "position"), words.Plural(p.Count, strings.Join(p.Policies, ", ")+" playout"))
	}
	if p.Elimination != nil {
		k := len(p.Elimination)
		return fmt.Sprintf("elimination of %d engines: %s x %s = %s", k, words.Plural(k-1, "pairing"), words.Plural(p.Count, "game"), words.Plural((k-1)*p.Count, "game"))
	}
	ms := len(Matches(p))
	each := words.Plural(p.Count, "game")
	if p.Protocol == config.SeatPairs {
		each = words.Plural(p.Count/2, "seat-swapped pair")
	}
	return fmt.Sprintf("%s x %s = %s", words.Plural(ms, "match"), each, words.Plural(ms*p.Count, "game"))
}

// UnitNoun names, in the plural, what a results file of a preset of kind k
// counts: games, an analysis's runs, or a simulations preset's batches of
// playouts (a record's Kind converts to it; a game's, "", is a match's).
func UnitNoun(k config.Kind) string {
	switch k {
	case config.Analysis:
		return "runs"
	case config.Simulations:
		return "batches"
	}
	return "games"
}
