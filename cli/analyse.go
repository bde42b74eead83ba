package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"mcarena/config"
	"mcarena/engines"
	"mcarena/games"
	"mcarena/tournament"
)

// maxRuns bounds --runs: the runs are kept a chunk at a time, so the bound
// is one of time (and of the exactness of the sums), not of memory.
const maxRuns = 1_000_000_000

// chunkRuns is how many runs' results are held at once.
const chunkRuns = 1 << 16

// runChunks runs one(0..runs-1) on workers goroutines, a chunk of runs at a
// time, and hands each result to add in run order, so that the sums do not
// depend on the number of workers and memory does not grow with runs. The
// first error ends it.
func runChunks(runs, workers int, one func(i int) (games.Move, int64, error), add func(games.Move, int64)) error {
	type outcome struct {
		move   games.Move
		states int64
		err    error
	}
	results := make([]outcome, min(runs, chunkRuns))
	for base := 0; base < runs; base += chunkRuns {
		n := min(chunkRuns, runs-base)
		var wg sync.WaitGroup
		next := make(chan int)
		for range min(workers, n) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					m, st, err := one(base + i)
					results[i] = outcome{m, st, err}
				}
			}()
		}
		for i := range n {
			next <- i
		}
		close(next)
		wg.Wait()
		for _, r := range results[:n] {
			if r.err != nil {
				return fmt.Errorf("search failed: %w", r.err)
			}
			add(r.move, r.states)
		}
	}
	return nil
}

// ReportBudget is the limits a command's searches ran under, as its flags
// gave them: Seconds of wall time (--time), Iterations, States, and the
// mover's Clock (search --clock); a limit not given is left out, and an
// empty object means that none was given and each search ran under its
// engine's default budget.
type ReportBudget struct {
	Seconds    float64 `json:"seconds,omitempty"`
	Iterations int64   `json:"iterations,omitempty"`
	States     int64   `json:"states,omitempty"`
	Clock      string  `json:"clock,omitempty"`
}

func reportBudget(b engines.Budget) ReportBudget {
	return ReportBudget{Seconds: b.Time.Seconds(), Iterations: b.Iterations, States: b.States}
}

// String writes the budget in the forms of a preset's budgets, limits
// joined by commas: "500ms", "iterations=2000", "the engine's default".
func (b ReportBudget) String() string {
	var parts []string
	if b.Seconds > 0 {
		parts = append(parts, time.Duration(b.Seconds*float64(time.Second)).String())
	}
	if b.Iterations > 0 {
		parts = append(parts, fmt.Sprintf("iterations=%d", b.Iterations))
	}
	if b.States > 0 {
		parts = append(parts, fmt.Sprintf("states=%d", b.States))
	}
	if b.Clock != "" {
		parts = append(parts, "clock "+b.Clock)
	}
	if len(parts) == 0 {
		return "the engine's default"
	}
	return strings.Join(parts, ", ")
}

// flagBudget checks the budget flags of a command, naming the flag and its
// range: a negative budget would mean no limit, a search that never ends.
// A zero is no limit of that kind; given on the command line with no other
// limit, it would mean the default budget, which is not what it says, and
// is refused.
func flagBudget(fs *flag.FlagSet, perMove time.Duration, iterations, states int64) (engines.Budget, error) {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if perMove > 0 || iterations > 0 || states > 0 {
		clear(given) // a zero beside another limit: no limit of its kind
	}
	if perMove < 0 || perMove > config.MaxBudgetTime || perMove == 0 && given["time"] {
		return engines.Budget{}, usagef("--time %v: want a duration above 0 and at most %v (or none)", perMove, config.MaxBudgetTime)
	}
	for _, f := range []struct {
		name string
		n    int64
	}{{"iterations", iterations}, {"states", states}} {
		if f.n < 0 || f.n > config.MaxBudgetCount || f.n == 0 && given[f.name] {
			return engines.Budget{}, usagef("--%s %d: want 1..%d (or none)", f.name, f.n, int64(config.MaxBudgetCount))
		}
	}
	return engines.Budget{Time: perMove, Iterations: iterations, States: states}, nil
}

// AnalyseMove is how often one move was chosen over the runs.
type AnalyseMove struct {
	Move      string  `json:"move"`
	Count     int     `json:"count"`
	Frequency float64 `json:"frequency"`
	Low       float64 `json:"ci95_low"`
	High      float64 `json:"ci95_high"`
}

// AnalyseReport is the result of 'mcarena analyse'.
type AnalyseReport struct {
	Game       string        `json:"game"`
	Position   string        `json:"position"`
	Engine     string        `json:"engine"`
	Playout    bool          `json:"playout"`
	Budget     ReportBudget  `json:"budget"`
	Runs       int           `json:"runs"`
	FirstSeed  uint64        `json:"first_seed"`
	Moves      []AnalyseMove `json:"moves"`
	MeanStates float64       `json:"mean_states"`
	StatesCI95 float64       `json:"states_ci95"`
	Seconds    float64       `json:"seconds"`
}

func runAnalyse(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	position := fs.String("position", "", "the position (default: the start)")
	engineSpec := fs.String("engine", "", "engine: a name from the configuration or a spec, e.g. nmcs:level=2,discount")
	configPath := fs.String("config", "", "configuration file (default: config.toml if present)")
	runs := fs.Int("runs", 100, "number of fresh searches")
	seed := fs.Uint64("seed", 1, "seed of the first run; run i uses seed+i")
	asJSON := fs.Bool("json", false, "print JSON")
	workers := fs.Int("workers", 0, "searches run in parallel (default: one per core)")
	states := fs.Int64("states", 0, "budget: states visited per search")
	iterations := fs.Int64("iterations", 0, "budget: iterations per search")
	perMove := fs.Duration("time", 0, "budget: wall time per search")
	playout := fs.Bool("playout", false, "NMCS: play the whole playout whose first step is the policy and count its states (the paper's Table 2)")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one GAME, got %d arguments (usage: mcarena %s)", len(pos), analyseUsage)
	}
	if *engineSpec == "" {
		return usagef("--engine is required: a family (%s) with its options, or a named engine of the configuration (mcarena engines lists them)", strings.Join(engines.Names(), ", "))
	}
	if *runs < 1 || *runs > maxRuns {
		return usagef("--runs %d: want 1..%d", *runs, maxRuns)
	}
	if *workers < 0 || *workers > tournament.MaxWorkers {
		return usagef("--workers %d: want 1..%d (or 0, one per core)", *workers, tournament.MaxWorkers)
	}
	if *workers == 0 {
		*workers = runtime.NumCPU()
	}
	budget, err := flagBudget(fs, *perMove, *iterations, *states)
	if err != nil {
		return err
	}
	g, _, s, _, err := readPosition(pos[0], *position, "")
	if err != nil {
		return err
	}
	eng, err := engineFor(*configPath, *engineSpec, g)
	if err != nil {
		return err
	}
	if _, can := eng.(engines.PlayoutAnalyser); *playout && !can {
		return usagef("--playout needs an engine whose move starts a playout (nmcs), not %s", eng.Spec())
	}
	one := func(i int) (games.Move, int64, error) {
		return tournament.AnalyseRun(context.Background(), eng, s, budget, *seed+uint64(i), *playout)
	}
	start := time.Now()
	var t tournament.Tally
	err = runChunks(*runs, *workers, one, func(m games.Move, states int64) { t.Add(s.MoveString(m), states) })
	if err != nil {
		return err
	}
	rep := AnalyseReport{Game: g.Spec(), Position: s.String(), Engine: eng.Spec(), Playout: *playout, Budget: reportBudget(budget), Runs: *runs,
		FirstSeed: *seed, Seconds: time.Since(start).Seconds()}
	rep.MeanStates, rep.StatesCI95 = t.States()
	for _, mc := range t.Others("") { // every move, most chosen first
		c, lo, hi := t.Frequency(mc.Move)
		rep.Moves = append(rep.Moves, AnalyseMove{Move: mc.Move, Count: c, Frequency: float64(c) / float64(t.Runs), Low: lo, High: hi})
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	what := "search"
	if *playout {
		what = "whole playout"
	}
	fmt.Fprintf(stdout, "%s  %s\nengine %s, %d runs (seeds %d..%d), %s per run, budget %s, %.1fs\n\n",
		rep.Game, rep.Position, rep.Engine, rep.Runs, rep.FirstSeed, rep.FirstSeed+uint64(rep.Runs)-1, what, rep.Budget, rep.Seconds)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "move\tchosen\tfrequency\t95% interval\t")
	for _, m := range rep.Moves {
		fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%.1f-%.1f%%\t\n", m.Move, m.Count, 100*m.Frequency, 100*m.Low, 100*m.High)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "\nstates visited: mean %.0f ± %.0f (95%% interval of the mean)\n", rep.MeanStates, rep.StatesCI95)
	return nil
}
