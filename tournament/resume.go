package tournament

import (
	"fmt"

	"mcarena/config"
)

// ResumeError is a record of the results file that the preset, as the
// configuration defines it now, would not have written: resuming would mix
// the games of two experiments in one match.
type ResumeError struct {
	Path   string
	Line   int
	Config string // the configuration file
	Preset string
	Key    string // the record's match key
	Index  int
	What   string // what changed
}

func (e *ResumeError) Error() string {
	what := "game"
	if SimulationPly(e.Key) >= 0 {
		what = "batch"
	}
	return fmt.Sprintf("%s:%d: %s %d of match %s does not match preset %s of %s: %s; resuming would mix two experiments in one match: start over with --restart (the old file is kept) or use another --out",
		e.Path, e.Line, what, e.Index, e.Key, e.Preset, e.Config, e.What)
}

// orGames names the empty protocol of a record.
func orGames(protocol string) string {
	if protocol == "" {
		return string(config.PerGame)
	}
	return protocol
}

// checkResume compares every record of preset p in a results file with what
// the preset would write now: the match must still be in the preset, and the
// engine specs, game, budget, seats, seed, protocol and random start must be
// the same. It returns a *ResumeError for the first record that differs.
func checkResume(path, configPath, preset string, pl *plan, recs []Record, scale float64) error {
	for i := range recs {
		r := &recs[i]
		if r.Preset != preset {
			continue
		}
		what := ""
		if r.BudgetScale != scale {
			what = fmt.Sprintf("budgets scaled by %g, this run scales by %g", orOne(r.BudgetScale), orOne(scale))
		} else {
			what = pl.differs(r, true)
		}
		if what != "" {
			return &ResumeError{Path: path, Line: r.Line, Config: configPath, Preset: preset, Key: r.Match, Index: r.Index, What: what}
		}
	}
	return nil
}

// differs says how record r differs from what plan pl would write for its
// match and index ("" when it does not): its match must be in the plan, and
// its kind, game, budget, engines and their specs, seats, seed, protocol
// and random start the plan's. With batches, a simulations batch must also
// hold the plan's number of playouts, which a run's --games and --scale
// change.
func (pl *plan) differs(r *Record, batches bool) string {
	u, ok := pl.unit[r.Match]
	if !ok {
		if pl.missing != "" {
			return pl.missing
		}
		return "the preset has no such match now (its games, pairs, engines or budgets changed)"
	}
	want, err := pl.expect(u, r.Index)
	if err != nil {
		return err.Error()
	}
	switch {
	case r.Kind != want.Kind:
		return fmt.Sprintf("a record of kind %q, the preset's are %q", r.Kind, want.Kind)
	case r.Game != want.Game:
		return fmt.Sprintf("game %s, the preset plays %s", r.Game, want.Game)
	case r.Budget != want.Budget:
		return fmt.Sprintf("budget %q, the preset's is %q", r.Budget, want.Budget)
	case r.Names != want.Names && r.Kind == SimulationsKind:
		return fmt.Sprintf("playout %s, the preset's is %s", r.Names[0], want.Names[0])
	case r.Names != want.Names:
		return fmt.Sprintf("engines %v, the preset's are %v", r.Names, want.Names)
	case r.Specs[0] != want.Specs[0]:
		return fmt.Sprintf("engine %s was %s and is %s now", r.Names[0], r.Specs[0], want.Specs[0])
	case r.Specs[1] != want.Specs[1]:
		return fmt.Sprintf("engine %s was %s and is %s now", r.Names[1], r.Specs[1], want.Specs[1])
	case r.Kind == GameKind && (r.FirstSeat != want.FirstSeat || r.Seed != want.Seed) && pl.gameOf(u, r) >= 0:
		return fmt.Sprintf("index %d, but its seed and seats are those of game %d of the match: the index was changed", r.Index, pl.gameOf(u, r))
	case r.FirstSeat != want.FirstSeat:
		return fmt.Sprintf("first seat %d, the preset gives %d (swap changed)", r.FirstSeat, want.FirstSeat)
	case r.Seed != want.Seed:
		return fmt.Sprintf("seed %d, the preset gives %d (its seed changed)", r.Seed, want.Seed)
	case r.Protocol != want.Protocol:
		return fmt.Sprintf("protocol %q, the preset's is %q", orGames(r.Protocol), orGames(want.Protocol))
	case batches && r.Playouts != want.Playouts && want.Playouts <= 0:
		return fmt.Sprintf("batch %d (of %d playouts) lies past the playouts a position this run plays: the file was played with a larger count, --games or --scale, which resume it", r.Index, r.Playouts)
	case batches && r.Playouts != want.Playouts:
		return fmt.Sprintf("a batch of %d playouts where this run's holds %d: the file was played with another count, --games or --scale, which resume it (a --games that is a multiple of %d leaves no short batch, so a larger one extends it)", r.Playouts, want.Playouts, SimulationBatch)
	case r.Start != want.Start && r.Kind == SimulationsKind:
		return fmt.Sprintf("position %q, the preset simulates %q there (its position or line changed)", r.Start, want.Start)
	case r.Start != want.Start:
		return fmt.Sprintf("start %q, the preset deals %q (its seed or the game's deal changed)", r.Start, want.Start)
	}
	return ""
}

// gameOf returns the number of the game of unit u, among the plan's games
// and as many more, whose seed and seats record r holds, or -1 if none. A
// game's seed is a hash of the preset's seed, its match and its number, so
// a match is another game's; an analysis preset's searches take the seed
// plus their number, where a changed seed would match another search's.
func (pl *plan) gameOf(u int, r *Record) int {
	for i := range min(2*pl.count, 1<<16) {
		if want, err := pl.expect(u, i); err == nil && want.Seed == r.Seed && want.FirstSeat == r.FirstSeat {
			return i
		}
	}
	return -1
}

// ReplayError is a record of the results file whose moves the game's rules
// refuse, or whose result they contradict (Checker): a rules fix since the
// game was played, or an edited file. Resuming would count it.
type ReplayError struct {
	Path  string
	Line  int
	Key   string // the record's match key
	Index int
	What  string
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("%s:%d: game %d of match %s does not replay under the game's rules: %s; 'mcarena verify %s' lists every such record, and 'mcarena repair --check %s' sets them aside so that this run plays their games again",
		e.Path, e.Line, e.Index, e.Key, e.What, e.Path, e.Path)
}

// checkPlays replays every record of preset in a results file under its
// game's rules (Checker without a configuration: checkResume compares them
// with the preset) and returns a *ReplayError for the first that fails.
func checkPlays(path, preset string, recs []Record) error {
	c := NewChecker(nil)
	for i := range recs {
		r := &recs[i]
		if r.Preset != preset {
			continue
		}
		if what := c.Check(r); what != "" {
			return &ReplayError{Path: path, Line: r.Line, Key: r.Match, Index: r.Index, What: what}
		}
	}
	return nil
}
