package tournament

import (
	"context"
	"fmt"

	"mcarena/config"
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
// Schedule, or an analysis preset's searches (every engine, count runs,
// interleaved by run). Task j is unit j mod units' number j div units, where
// a unit is a match (or an analysis engine).
type plan struct {
	keys   []string // each unit's match key
	unit   map[string]int
	count  int
	task   func(unit, index int) task
	expect func(unit, index int) Record // what a unit's record must hold
}

// newPlan lays out the tasks of plan rp with count per unit.
func newPlan(rp *Plan, count int, scaled bool, scale float64) *plan {
	p := rp.Preset
	pl := &plan{count: count, unit: map[string]int{}}
	spec := func(name string) string { return rp.Specs[name] }
	if p.Kind == config.Analysis {
		for _, name := range p.Engines {
			pl.keys = append(pl.keys, "analysis|"+name)
		}
		pl.task = func(u, i int) task { return analysisTask(p, p.Engines[u], i, scaled) }
		pl.expect = func(u, i int) Record {
			name := p.Engines[u]
			return Record{Kind: AnalysisKind, Game: p.Game, Names: [2]string{name, ""}, Specs: [2]string{spec(name), ""}, Seed: p.Seed + uint64(i)}
		}
	} else {
		s := NewSchedule(p, count)
		pl.keys = s.keys
		pl.task = func(u, i int) task {
			j := s.Job(i*len(s.keys) + u)
			return task{key: s.keys[u], index: i, do: func(ctx context.Context, w *worker) (Record, bool, error) {
				return playJob(ctx, p, j, w, scaled, scale)
			}}
		}
		pl.expect = func(u, i int) Record {
			j := s.Job(i*len(s.keys) + u)
			m := j.Match
			return Record{Game: m.Game, Budget: p.Budgets[m.Budget].Text, Names: m.Names,
				Specs: [2]string{spec(m.Names[0]), spec(m.Names[1])}, FirstSeat: j.FirstSeat, Seed: j.Seed}
		}
	}
	for u, k := range pl.keys {
		pl.unit[k] = u
	}
	return pl
}

// len returns the number of tasks.
func (pl *plan) len() int { return len(pl.keys) * pl.count }

// at returns task j.
func (pl *plan) at(j int) task { return pl.task(j%len(pl.keys), j/len(pl.keys)) }

// position returns the number of the task of a match key and index, and
// whether the plan has it.
func (pl *plan) position(key string, index int) (int, bool) {
	u, ok := pl.unit[key]
	if !ok || index < 0 || index >= pl.count {
		return 0, false
	}
	return index*len(pl.keys) + u, true
}
