package tournament

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"time"

	"mcarena/config"
	"mcarena/engines"
	"mcarena/games"
)

// Options tune a run.
type Options struct {
	// Count is the number of games per match; 0 means the preset's.
	Count int
	// Workers is the number of games played at once; 0 means one per core.
	Workers int
	// Shard and Shards select a share of the games (Shard of Shards, from
	// 0); Shards 0 or 1 means all.
	Shard, Shards int
	// Scale multiplies every per-move budget (time and counts) for a quick
	// look; 0 or 1 means none. A results file holds one scale only.
	Scale float64
}

// scaleBudget applies a run's budget scale.
func scaleBudget(b engines.Budget, f float64) engines.Budget {
	if f == 0 || f == 1 {
		return b
	}
	b.Time = time.Duration(float64(b.Time) * f)
	b.Iterations = int64(math.Ceil(float64(b.Iterations) * f))
	b.States = int64(math.Ceil(float64(b.States) * f))
	return b
}

// Progress is reported after every finished game.
type Progress struct {
	Done, Total int // games finished (this run and earlier ones), games in the run
	Resumed     int // games found already finished in the results file
	Errors      int
	Last        Record
	Elapsed     time.Duration
}

// task is one unit of a run: a game of a match preset or a search of an
// analysis preset.
type task struct {
	key   string // match key
	index int
	do    func(ctx context.Context, w *worker) (Record, bool, error)
}

// worker holds what a worker builds once and reuses: engines by name and
// games by spec.
type worker struct {
	cfg     *config.Config
	engines map[string]engines.Engine
	games   map[string]games.Game
}

func (w *worker) engine(name string) (engines.Engine, error) {
	if e, ok := w.engines[name]; ok {
		return e, nil
	}
	e, err := config.ResolveEngine(w.cfg, name)
	if err == nil {
		w.engines[name] = e
	}
	return e, err
}

func (w *worker) game(spec string) (games.Game, error) {
	if g, ok := w.games[spec]; ok {
		return g, nil
	}
	g, err := games.New(spec)
	if err == nil {
		w.games[spec] = g
	}
	return g, err
}

// Run plays the games (or, for an analysis preset, the searches) of preset p
// that path does not already hold, appending each to path as it finishes,
// and returns the number played. A game an engine fails in is recorded with
// its error and the run goes on. When ctx is cancelled, games in progress are
// abandoned (they are played again by the next run) and Run returns ctx's
// error.
func Run(ctx context.Context, cfg *config.Config, p *config.Preset, path string, opt Options, progress func(Progress)) (int, error) {
	count := opt.Count
	scale := opt.Scale
	if scale == 1 {
		scale = 0
	}
	scaled := (count > 0 && count != p.Count) || scale != 0
	if count == 0 {
		count = p.Count
	}
	var tasks []task
	if p.Kind == "analysis" {
		tasks = analysisTasks(p, count, scaled)
	} else {
		for _, j := range Jobs(p, count) {
			tasks = append(tasks, task{key: j.Match.Key(p), index: j.Index,
				do: func(ctx context.Context, w *worker) (Record, bool, error) {
					return playJob(ctx, p, j, w, scaled, scale)
				}})
		}
	}
	if opt.Shards > 1 {
		var mine []task
		for i, t := range tasks {
			if i%opt.Shards == opt.Shard {
				mine = append(mine, t)
			}
		}
		tasks = mine
	}
	recs, goodEnd, tail, err := ReadResults(path)
	if err != nil {
		return 0, err
	}
	if tail != nil && progress != nil {
		progress(Progress{Last: Record{Error: fmt.Sprintf("%s:%d: %s; cut off and kept in %s.damaged, the game will be played again", path, tail.Line, tail.Msg, path)}})
	}
	done := map[string]bool{}
	for _, r := range recs {
		if r.Preset != p.Name {
			continue
		}
		if r.BudgetScale != scale {
			return 0, fmt.Errorf("%s holds games of %s with budgets scaled by %g, this run scales by %g: use another --out", path, p.Name, orOne(r.BudgetScale), orOne(scale))
		}
		done[fmt.Sprintf("%s#%d", r.Match, r.Index)] = true
	}
	var todo []task
	for _, t := range tasks {
		if !done[fmt.Sprintf("%s#%d", t.key, t.index)] {
			todo = append(todo, t)
		}
	}
	resumed := len(tasks) - len(todo)
	w, err := OpenWriter(path, goodEnd)
	if err != nil {
		return 0, err
	}
	defer w.Close()

	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	start := time.Now()
	// Buffered both ways, so that a worker never waits for the dispatcher or
	// the writer, which share the cores with the workers.
	feed := make(chan task, workers)
	out := make(chan Record, workers)
	var wg sync.WaitGroup
	var werr error
	var once sync.Once
	for range min(workers, max(len(todo), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := &worker{cfg: cfg, engines: map[string]engines.Engine{}, games: map[string]games.Game{}}
			for t := range feed {
				rec, ok, err := t.do(ctx, wk)
				if err != nil {
					once.Do(func() { werr = err })
					continue
				}
				if ok {
					out <- rec
				}
			}
		}()
	}
	go func() {
		defer close(feed)
		for _, t := range todo {
			select {
			case feed <- t:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(out) }()
	played, errors := 0, 0
	for rec := range out {
		if err := w.Write(rec); err != nil {
			once.Do(func() { werr = err })
			continue
		}
		played++
		if rec.Error != "" {
			errors++
		}
		if progress != nil {
			progress(Progress{Done: resumed + played, Total: len(tasks), Resumed: resumed, Errors: errors, Last: rec, Elapsed: time.Since(start)})
		}
	}
	if werr != nil {
		return played, werr
	}
	return played, ctx.Err()
}

// playJob plays one game of the schedule and builds its record; ok is false
// when the game was abandoned.
func playJob(ctx context.Context, p *config.Preset, j Job, w *worker, scaled bool, scale float64) (Record, bool, error) {
	g, err := w.game(j.Match.Game)
	if err != nil {
		return Record{}, false, err
	}
	var pair [2]engines.Engine
	for i, n := range j.Match.Names {
		if pair[i], err = w.engine(n); err != nil {
			return Record{}, false, err
		}
	}
	seats := [2]engines.Engine{pair[j.FirstSeat], pair[1-j.FirstSeat]}
	played, ok := Play(ctx, g, seats, scaleBudget(p.Budgets[j.Match.Budget].Budget, scale), j.Seed)
	if !ok {
		return Record{}, false, nil
	}
	rec := Record{Preset: p.Name, Match: j.Match.Key(p), Index: j.Index, Game: j.Match.Game, Budget: p.Budgets[j.Match.Budget].Text,
		Names: j.Match.Names, Specs: [2]string{pair[0].Spec(), pair[1].Spec()}, FirstSeat: j.FirstSeat, Seed: j.Seed,
		Result: played.Outcome.String(), Winner: -1, Score: played.Score, Plies: len(played.Moves), Seconds: played.Seconds,
		Moves: played.Moves, Error: played.Err, Scaled: scaled, BudgetScale: scale}
	switch played.Outcome {
	case games.FirstWins:
		rec.Winner = j.FirstSeat
	case games.SecondWins:
		rec.Winner = 1 - j.FirstSeat
	}
	return rec, true, nil
}

func orOne(f float64) float64 {
	if f == 0 {
		return 1
	}
	return f
}
