package tournament

import (
	"context"

	"mcarena/config"
)

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

// newPlan lays out preset p's tasks with count per unit.
func newPlan(cfg *config.Config, p *config.Preset, count int, scaled bool, scale float64) *plan {
	pl := &plan{count: count, unit: map[string]int{}}
	spec := func(name string) string { s, _ := cfg.Engine(name); return s }
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
