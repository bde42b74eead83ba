package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"mcarena/engines"
	"mcarena/games"
)

// SearchBench is what 'mcarena bench --search' measures: the speed of the
// first search of a process (whose tree takes fresh memory) and of the
// searches after it (which reuse the tree's chunks), and the process's
// peak memory beside the tree's bytes.
type SearchBench struct {
	Engine          string    `json:"engine"`
	Game            string    `json:"game"`
	Position        string    `json:"position"`
	Iterations      int64     `json:"iterations,omitempty"`  // the budget a search, when in iterations
	States          int64     `json:"states,omitempty"`      // the budget a search, when in states
	PerSecond       []float64 `json:"iterations_per_second"` // one per search, the first first
	StatesPerSecond []float64 `json:"states_per_second"`     // positions visited, one per search
	CPUTime         bool      `json:"per_cpu_second"`        // PerSecond counts the thread's CPU time, not wall time
	FirstRatio      float64   `json:"first_vs_later"`        // first / median of the later ones (states a second under a states budget; 0 when the later ones have no rate)
	TreeMiB         float64   `json:"tree_mib"`
	PeakRSSMiB      float64   `json:"peak_rss_mib"`
	RSSOverTreeSize float64   `json:"rss_over_tree"`
}

// benchSearch runs searches of eng from s (after history, from start),
// each of the budget b (iterations or states), and measures them. It is
// meant for a fresh process: the first search's cost includes the memory
// it takes from the system.
func benchSearch(eng engines.Engine, g games.Game, start, s games.State, history []games.Move, b engines.Budget, searches int) (SearchBench, error) {
	rep := SearchBench{Engine: eng.Spec(), Game: g.Spec(), Position: s.String(), Iterations: b.Iterations, States: b.States}
	// Speeds are per CPU-second of the searching thread where the system
	// tells it, so that other processes do not move them.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	_, rep.CPUTime = threadCPU()
	for i := range searches {
		c0, _ := threadCPU()
		res, err := eng.Search(context.Background(), engines.Request{Position: s, Start: start, History: history,
			Budget: b, Seed: uint64(i + 1)})
		if err != nil {
			return rep, err
		}
		took := res.Stats.Elapsed
		if c1, ok := threadCPU(); ok {
			took = c1 - c0
		}
		if took <= 0 {
			return rep, fmt.Errorf("search %d took no time the clock could see: give it a larger budget", i+1)
		}
		rep.PerSecond = append(rep.PerSecond, float64(res.Stats.Iterations)/took.Seconds())
		rep.StatesPerSecond = append(rep.StatesPerSecond, float64(res.Stats.States)/took.Seconds())
		if v := res.Stats.Figure("tree_mib"); v == v {
			rep.TreeMiB = v
		}
	}
	if rates := rep.PerSecond; len(rates) > 1 {
		if b.States > 0 {
			rates = rep.StatesPerSecond // an alpha-beta engine's iterations are depths
		}
		later := append([]float64(nil), rates[1:]...)
		sort.Float64s(later)
		if m := later[len(later)/2]; m > 0 {
			rep.FirstRatio = rates[0] / m
		}
	}
	rep.PeakRSSMiB = peakRSS() / (1 << 20)
	if rep.TreeMiB > 0 {
		rep.RSSOverTreeSize = rep.PeakRSSMiB / rep.TreeMiB
	}
	runtime.KeepAlive(eng)
	return rep, nil
}

// peakRSS is the process's peak resident memory in bytes (VmHWM, Linux),
// or 0.
func peakRSS() float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			if err == nil {
				return kb * 1024
			}
		}
	}
	return 0
}

func writeSearchBench(w io.Writer, r SearchBench) {
	budget := fmt.Sprintf("%d iterations", r.Iterations)
	if r.States > 0 {
		budget = fmt.Sprintf("%d states", r.States)
	}
	fmt.Fprintf(w, "%s on %s (%s), %s a search\n", r.Engine, r.Game, r.Position, budget)
	unit := "per wall-clock second"
	if r.CPUTime {
		unit = "per CPU-second"
	}
	for i, v := range r.PerSecond {
		fmt.Fprintf(w, "  search %d: %.0f iterations and %.0f states %s\n", i+1, v, r.StatesPerSecond[i], unit)
	}
	if len(r.PerSecond) > 1 {
		fmt.Fprintf(w, "first search at %.2fx the median of the later ones\n", r.FirstRatio)
	}
	fmt.Fprintf(w, "tree %.1f MiB, peak RSS %.1f MiB (%.2fx the tree)\n", r.TreeMiB, r.PeakRSSMiB, r.RSSOverTreeSize)
}

// searchBenchArgs are the flags of 'mcarena bench --search'.
type searchBenchArgs struct {
	spec, game, position, moves, config string
	iterations, states                  int64
	iterationsSet, statesSet            bool // given on the command line
	searches                            int
	json                                bool
}

func runSearchBench(stdout io.Writer, a searchBenchArgs) error {
	if a.iterationsSet && a.statesSet {
		return usagef("--iterations and --states are two budgets: give one")
	}
	if a.iterations < 1 || (a.statesSet && a.states < 1) || a.searches < 1 {
		return usagef("--iterations, --states and --searches must be at least 1")
	}
	b := engines.Budget{Iterations: a.iterations}
	if a.statesSet {
		b = engines.Budget{States: a.states}
	}
	if a.game == "" {
		a.game = "breakthrough:size=8x8"
	}
	g, start, s, history, err := readPosition(a.game, a.position, a.moves)
	if err != nil {
		if parts := splitGames(a.game); len(parts) > 1 && allGames(parts) {
			return usagef("--search measures one game at a time: --games %s names %d", a.game, len(parts))
		}
		return err
	}
	eng, err := engineFor(a.config, a.spec, g)
	if err != nil {
		return err
	}
	rep, err := benchSearch(eng, g, start, s, history, b, a.searches)
	if err != nil {
		return err
	}
	if a.json {
		return json.NewEncoder(stdout).Encode(rep)
	}
	writeSearchBench(stdout, rep)
	return nil
}

// allGames says whether every spec names a game.
func allGames(specs []string) bool {
	for _, spec := range specs {
		if _, err := games.New(strings.TrimSpace(spec)); err != nil {
			return false
		}
	}
	return true
}
