package config

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"mcarena/engines"
	"mcarena/games"
)

// paperSpeeds are the game engine speeds of the NMCS paper's Table 3, in
// states visited per second on its 3.0 GHz machine, by game (5x5 boards,
// with the misère variants). A budget "paper=10ms" is that much of the
// paper's machine's time on the game: 10 ms of Breakthrough is 4,110 states.
var paperSpeeds = map[string]int64{
	"breakthrough":         411_000,
	"breakthrough:misere":  409_000,
	"knightthrough":        264_000,
	"knightthrough:misere": 328_000,
	"domineering":          550_000,
	"domineering:misere":   592_000,
	"nogo":                 357_000,
	"nogo:misere":          648_000,
	"atarigo":              280_000,
}

// readingOptions are game options that choose a reading of the rules or of
// the move order rather than another game: the paper's speed holds for each.
var readingOptions = map[string]bool{"order": true, "capture": true, "stuck": true, "suicide": true}

// PaperSpeed returns the NMCS paper's engine speed for a game spec, in
// states per second, and whether the paper gives one. Options that only
// choose a reading of the rules or the move order are ignored; any other
// option (a board size) is another game.
func PaperSpeed(spec string) (int64, bool) {
	_, o, err := games.ParseSpec(spec)
	if err != nil {
		return 0, false
	}
	name, opts, _ := strings.Cut(games.CanonicalSpec(nameOf(spec), o), ":")
	var kept []string
	if opts != "" {
		for _, kv := range strings.Split(opts, ",") {
			if k, _, _ := strings.Cut(kv, "="); !readingOptions[k] {
				kept = append(kept, kv)
			}
		}
	}
	key := name
	if len(kept) > 0 {
		key += ":" + strings.Join(kept, ",")
	}
	v, ok := paperSpeeds[key]
	return v, ok
}

func nameOf(spec string) string {
	name, _, _ := strings.Cut(spec, ":")
	return name
}

// paperGames lists the games with a paper speed, for messages.
func paperGames() string {
	names := make([]string, 0, len(paperSpeeds))
	for k := range paperSpeeds {
		names = append(names, k)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// For returns the engine budget of one move of game: the budget itself, or
// for "paper=T" the states the NMCS paper's machine visits in T on that game
// (T times its speed in Table 3, rounded down). A paper budget on a game the
// paper gives no speed for is refused when the preset is read.
func (b Budget) For(game string) engines.Budget {
	if b.PaperTime == 0 {
		return b.Budget
	}
	speed, _ := PaperSpeed(game)
	return engines.Budget{States: max(1, b.PaperTime.Microseconds()*speed/1_000_000)}
}

// checkPaperGames refuses a paper budget in a preset with a game the paper
// gives no speed for.
func checkPaperGames(budgets []Budget, gameSpecs []string) error {
	for _, b := range budgets {
		for _, name := range sortedKeys(b.ByEngine) {
			if err := checkPaperGames([]Budget{b.ByEngine[name]}, gameSpecs); err != nil {
				return fmt.Errorf("budget %q, engine %s: %v", b.Text, name, err)
			}
		}
		if b.PaperTime == 0 {
			continue
		}
		for _, g := range gameSpecs {
			if _, ok := PaperSpeed(g); !ok {
				return fmt.Errorf("budget %q is time on the NMCS paper's machine, whose speed (Table 3) is known for %s; not for %q", b.Text, paperGames(), g)
			}
		}
	}
	return nil
}

// parsePaperBudget reads "paper=T", T a duration.
func parsePaperBudget(text string) (time.Duration, error) {
	v := strings.TrimPrefix(text, "paper=")
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 || d > MaxBudgetTime {
		return 0, fmt.Errorf("budget %q: paper= needs a duration above 0 and at most %v, like paper=10ms (that much of the NMCS paper's machine's time, as states)", text, MaxBudgetTime)
	}
	return d, nil
}
