package tournament

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"mcarena/config"
	"mcarena/games"
)

// Plan is a preset resolved against its configuration: the experiment and
// the spec of each engine it names, read once. A run takes a plan and never
// reads the configuration itself, so every worker plays the same engines
// and the results file records what was played.
type Plan struct {
	Preset *config.Preset
	// Specs maps each engine name of the preset to its canonical spec.
	Specs map[string]string
	// Config is the configuration file the plan was read from, for
	// messages.
	Config string
}

// NewPlan resolves preset p against cfg: every engine it names must build.
func NewPlan(cfg *config.Config, p *config.Preset) (*Plan, error) {
	pl := &Plan{Preset: p, Specs: map[string]string{}, Config: cfg.Path}
	var names []string
	if p.Kind == config.Analysis {
		names = p.Engines
	}
	names = append(names, p.Elimination...)
	for _, pair := range p.Pairs {
		names = append(names, pair[0], pair[1])
	}
	for _, n := range names {
		e, err := config.ResolveEngine(cfg, n)
		if err != nil {
			return nil, fmt.Errorf("preset %s: %w", p.Name, err)
		}
		pl.Specs[n] = e.Spec()
	}
	return pl, nil
}

// plan is what a run plays, made one task at a time: a match preset's
// Schedule, an analysis preset's searches (every engine under every
// budget, count runs, interleaved by run) or a simulations preset's
// batches of playouts (every position by every policy, interleaved by batch). Tasks are numbered as the Schedule numbers games
// (taskNumber), a unit being a match (or an analysis engine); under the
// pairs protocol they come group (2) at a time, and a shard takes whole
// groups.
type plan struct {
	keys   []string // each unit's match key
	unit   map[string]int
	count  int
	group  int
	task   func(unit, index int) task
	expect func(unit, index int) (Record, error) // what a unit's record must hold
	// missing says why a record's match is not in the plan, for
	// checkResume; empty for the usual reason.
	missing string
	// budget is each unit's budget index, for a selection of budgets;
	// nil where the plan's units have none (simulations).
	budget []int
	// only, when not nil, holds the budget indices a run plays
	// (Options.Budgets); the plan's other tasks are left alone.
	only map[int]bool
	// pair is each unit's index in the preset's pairs, for a selection of
	// pairs; nil where the plan's units have none. onlyPairs, when not
	// nil, holds the pair indices a run plays (Options.Pairs).
	pair      []int
	onlyPairs map[int]bool
	// from is the first game number a run plays (Options.From).
	from int
}

// newPlan lays out the tasks of plan rp with count per unit.
func newPlan(rp *Plan, count int, scaled bool, scale float64) *plan {
	p := rp.Preset
	pl := &plan{count: count, unit: map[string]int{}, group: 1}
	spec := func(name string) string { return rp.Specs[name] }
	switch p.Kind {
	case config.Simulations:
		return simulationsPlan(p, count, scaled, scale)
	case config.Analysis:
		units := analysisUnits(p)
		for _, u := range units {
			pl.keys = append(pl.keys, AnalysisKey(p, u.engine, u.budget))
			pl.budget = append(pl.budget, u.budget)
		}
		pl.task = func(u, i int) task { return analysisTask(p, units[u], i, scaled, scale) }
		pl.expect = func(u, i int) (Record, error) {
			name := units[u].engine
			return Record{Kind: AnalysisKind, Game: p.Game, Budget: budgetText(p, units[u].budget), Names: [2]string{name, ""}, Specs: [2]string{spec(name), ""}, Seed: p.Seed + uint64(i)}, nil
		}
		for u, k := range pl.keys {
			pl.unit[k] = u
		}
		return pl
	}
	return matchPlan(rp, NewSchedule(p, count), scaled, scale)
}

// bracketPlan lays out the tasks of the matches ms of elimination plan rp,
// count games each: a round's, to play it, or every round's so far, to
// check a results file against them.
func bracketPlan(rp *Plan, ms []Match, count int, scaled bool, scale float64) *plan {
	return matchPlan(rp, scheduleOf(rp.Preset, ms, count), scaled, scale)
}

// matchPlan lays out the tasks of schedule s of match plan rp.
func matchPlan(rp *Plan, s *Schedule, scaled bool, scale float64) *plan {
	p := rp.Preset
	spec := func(name string) string { return rp.Specs[name] }
	pl := &plan{keys: s.keys, count: s.count, unit: map[string]int{}, group: s.group}
	for u, k := range pl.keys {
		pl.unit[k] = u
		pl.budget = append(pl.budget, s.matches[u].Budget)
		pl.pair = append(pl.pair, s.matches[u].Pair)
	}
	pl.task = func(u, i int) task {
		j := s.job(u, i)
		return task{key: s.keys[u], index: i, do: func(ctx context.Context, w *worker) (Record, bool, error) {
			return playJob(ctx, p, j, w, scaled, scale)
		}}
	}
	built := map[string]games.Game{} // for the random starts, built once
	pl.expect = func(u, i int) (Record, error) {
		j := s.job(u, i)
		m := j.Match
		g, ok := built[m.Game]
		if !ok {
			var err error
			if g, err = games.New(m.Game); err != nil {
				return Record{}, err
			}
			built[m.Game] = g
		}
		rec := Record{Game: m.Game, Budget: p.Budgets[m.Budget].Text, Names: m.Names,
			Specs: [2]string{spec(m.Names[0]), spec(m.Names[1])}, FirstSeat: j.FirstSeat, Seed: j.Seed, Protocol: protocolOf(p)}
		if start, random := games.Start(g, j.StartSeed); random {
			rec.Start = start.String()
		}
		return rec, nil
	}
	return pl
}

// len returns the number of tasks.
func (pl *plan) len() int { return len(pl.keys) * pl.count }

// at returns task j.
func (pl *plan) at(j int) task { return pl.task(taskAt(len(pl.keys), pl.group, j)) }

// position returns the number of the task of a match key and index, and
// whether the plan has it.
func (pl *plan) position(key string, index int) (int, bool) {
	u, ok := pl.unit[key]
	if !ok || index < 0 || index >= pl.count {
		return 0, false
	}
	return taskNumber(len(pl.keys), pl.group, u, index), true
}

// shard says whether task j belongs to shard i of n: group j/group goes to
// shard group mod n.
func (pl *plan) shard(j, i, n int) bool { return (j/pl.group)%n == i }

// selected says whether task j is under a budget and of a pair the run
// plays, and not below its first game number: every task when the run
// selects none of these.
func (pl *plan) selected(j int) bool {
	if pl.only == nil && pl.onlyPairs == nil && pl.from == 0 {
		return true
	}
	u, index := taskAt(len(pl.keys), pl.group, j)
	return (pl.only == nil || pl.only[pl.budget[u]]) && (pl.onlyPairs == nil || pl.onlyPairs[pl.pair[u]]) && index >= pl.from
}

// selectedLen returns the number of tasks of shard i of n under the
// selected budgets.
func (pl *plan) selectedLen(i, n int) int {
	k := 0
	for j := range pl.len() {
		if pl.shard(j, i, n) && pl.selected(j) {
			k++
		}
	}
	return k
}

// BudgetSelection returns the budget indices of preset p that texts name
// (Options.Budgets), nil for all when texts is empty, or an error that
// lists the preset's budgets.
func BudgetSelection(p *config.Preset, texts []string) (map[int]bool, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	switch {
	case p.Kind == config.Simulations:
		return nil, fmt.Errorf("preset %s simulates playouts and has no budgets to choose from", p.Name)
	case p.Elimination != nil:
		return nil, fmt.Errorf("preset %s is an elimination tournament, played under its one budget: run it without a budget selection", p.Name)
	case len(p.Budgets) == 0:
		return nil, fmt.Errorf("preset %s gives no budgets (its engines search with their own): run it without a budget selection", p.Name)
	}
	var valid []string
	for _, b := range p.Budgets {
		valid = append(valid, fmt.Sprintf("%q", b.Text))
	}
	only := map[int]bool{}
	for _, t := range texts {
		found := false
		for i, b := range p.Budgets {
			if b.Text == t {
				only[i], found = true, true
			}
		}
		if !found {
			return nil, fmt.Errorf("budget %q: preset %s has %s", t, p.Name, strings.Join(valid, ", "))
		}
	}
	return only, nil
}

// PairSelection returns the pair indices of preset p that names give
// (Options.Pairs, each "A,B": the two engines in the preset's order), nil
// for all when names is empty, or an error that lists the preset's pairs.
func PairSelection(p *config.Preset, names []string) (map[int]bool, error) {
	if len(names) == 0 {
		return nil, nil
	}
	switch {
	case p.Kind != config.Match:
		return nil, fmt.Errorf("preset %s plays no pairs of engines: run it without a pair selection", p.Name)
	case p.Elimination != nil:
		return nil, fmt.Errorf("preset %s is an elimination tournament, whose pairs its rounds make: run it without a pair selection", p.Name)
	}
	valid := make([]string, len(p.Pairs))
	for i, pr := range p.Pairs {
		valid[i] = pr[0] + "," + pr[1]
	}
	only := map[int]bool{}
	for _, n := range names {
		i := slices.Index(valid, strings.ReplaceAll(n, " ", ""))
		if i < 0 {
			return nil, fmt.Errorf("pair %q: preset %s has %s", n, p.Name, strings.Join(valid, "; "))
		}
		only[i] = true
	}
	return only, nil
}

// shardLen returns the number of tasks of shard i of n.
func (pl *plan) shardLen(i, n int) int {
	groups := pl.len() / pl.group
	k := groups / n
	if groups%n > i {
		k++
	}
	return k * pl.group
}

// protocolOf returns what a record of preset p holds as its protocol.
func protocolOf(p *config.Preset) string {
	if p.Protocol == config.SeatPairs {
		return string(config.SeatPairs)
	}
	return ""
}

// SelectUnits returns those of preset p's match keys (Units) that a run
// limited to budgets (Options.Budgets, by their text) plays: all of them
// when budgets is empty, none for budgets the preset lacks
// (BudgetSelection says why).
func SelectUnits(p *config.Preset, budgets []string) []string {
	keys, _ := Units(p, 0, 0)
	only, err := BudgetSelection(p, budgets)
	switch {
	case err != nil:
		return nil
	case only == nil:
		return keys
	}
	var out []string
	switch p.Kind {
	case config.Analysis:
		for i, u := range analysisUnits(p) {
			if only[u.budget] {
				out = append(out, keys[i])
			}
		}
	default:
		for i, m := range Matches(p) {
			if only[m.Budget] {
				out = append(out, keys[i])
			}
		}
	}
	return out
}

// Units returns the match keys of the units of preset p in the order its
// runs play them (its matches; an analysis preset's engines, each under
// each budget; a simulations preset's positions) and the tasks of each
// (games, runs or batches of playouts) of a run with count per unit (0:
// the preset's) and budget scale scale (0 or 1: none), for screens that
// show a run's progress.
func Units(p *config.Preset, count int, scale float64) (keys []string, tasks int) {
	if scale == 1 {
		scale = 0
	}
	switch p.Kind {
	case config.Analysis:
		for _, u := range analysisUnits(p) {
			keys = append(keys, AnalysisKey(p, u.engine, u.budget))
		}
	case config.Simulations:
		pl := simulationsPlan(p, count, false, scale)
		return pl.keys, pl.count
	default:
		for _, m := range Matches(p) {
			keys = append(keys, m.Key(p))
		}
	}
	if count == 0 {
		count = p.Count
	}
	return keys, count
}
