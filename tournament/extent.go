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
			return fmt.Sprintf("%s x %s x %d runs", words.Plural(len(p.Engines), "engine"), words.Plural(len(p.Budgets), "budget"), p.Count)
		}
		return fmt.Sprintf("%s x %d runs", words.Plural(len(p.Engines), "engine"), p.Count)
	case config.Simulations:
		return fmt.Sprintf("%s x %d %s playouts", words.Plural(len(p.Positions), "position"), p.Count, strings.Join(p.Policies, ", "))
	}
	if p.Elimination != nil {
		k := len(p.Elimination)
		return fmt.Sprintf("elimination of %d engines: %s x %d games = %d games", k, words.Plural(k-1, "pairing"), p.Count, (k-1)*p.Count)
	}
	ms := len(Matches(p))
	each := fmt.Sprintf("%d games", p.Count)
	if p.Protocol == config.SeatPairs {
		each = fmt.Sprintf("%d seat-swapped pairs", p.Count/2)
	}
	return fmt.Sprintf("%s x %s = %d games", words.Plural(ms, "match"), each, ms*p.Count)
}
