package cli

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"mcarena/games"
	"mcarena/games/rng"
)

// benchCase is one game of the playout benchmark with the figure it is held to.
type benchCase struct {
	spec string
	// paper is the game engine speed of the NMCS paper's Table 3 in states
	// per second (a 3.0 GHz PC), or 0.
	paper float64
	// target is the speed the project promises, or 0.
	target float64
}

// Table 3 of Cazenave et al. (AAAI 2016), thousands of states per second; the
// target is 25 times that, and 15 million for Breakthrough 8x8.
var benchCases = []benchCase{
	{spec: "tictactoe"},
	{spec: "breakthrough", paper: 411e3, target: 25 * 411e3},
	{spec: "breakthrough:misere", paper: 409e3, target: 25 * 409e3},
	{spec: "knightthrough", paper: 264e3, target: 25 * 264e3},
	{spec: "knightthrough:misere", paper: 328e3, target: 25 * 328e3},
	{spec: "domineering", paper: 550e3, target: 25 * 550e3},
	{spec: "domineering:misere", paper: 592e3, target: 25 * 592e3},
	{spec: "nogo", paper: 357e3, target: 25 * 357e3},
	{spec: "nogo:misere", paper: 648e3, target: 25 * 648e3},
	{spec: "atarigo", paper: 280e3, target: 25 * 280e3},
	{spec: "atarigo:crosscut"},
	{spec: "breakthrough:size=8x8", target: 15e6},
	{spec: "kalah"},
	{spec: "loa"},
	{spec: "havannah"},
	{spec: "havannah:base=10"},
}

// BenchResult is the measured playout speed of one game.
type BenchResult struct {
	Game            string  `json:"game"`
	Playouts        int     `json:"playouts"`
	States          int     `json:"states"`
	Seconds         float64 `json:"seconds"`
	StatesPerSecond float64 `json:"states_per_second"`
	MeanLength      float64 `json:"mean_length"`
	PaperPerSecond  float64 `json:"paper_states_per_second,omitempty"`
	TargetPerSecond float64 `json:"target_states_per_second,omitempty"`
	MeetsTarget     *bool   `json:"meets_target,omitempty"`
}

// BenchPlayouts runs uniform random playouts of g from the start position on
// the calling goroutine for about d and reports the speed. The clock is read
// once per batch of playouts so that it costs nothing measurable.
func BenchPlayouts(g games.Game, d time.Duration, seed uint64) BenchResult {
	start := g.NewState()
	s := start.Clone()
	r := rng.New(seed)
	playouts, states := 0, 0
	begin := time.Now()
	var elapsed time.Duration
	for batch := 16; ; batch *= 2 {
		for range batch {
			s.CopyFrom(start)
			states += s.Playout(&r, games.NoLimit)
		}
		playouts += batch
		if elapsed = time.Since(begin); elapsed >= d {
			break
		}
		if batch >= 4096 {
			batch /= 2 // keep batches near 4096 playouts
		}
	}
	sec := elapsed.Seconds()
	return BenchResult{
		Game: g.Spec(), Playouts: playouts, States: states, Seconds: sec,
		StatesPerSecond: float64(states) / sec, MeanLength: float64(states) / float64(playouts),
	}
}

func runBench(args []string, stdout io.Writer) (err error) {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	dur := fs.Duration("time", 2*time.Second, "how long to run each game")
	list := fs.String("games", "", "comma-separated game specs (default: the standard set)")
	asJSON := fs.Bool("json", false, "print JSON")
	searchSpec := fs.String("search", "", "measure searches of this engine instead of playouts: first search against later ones, peak memory against the tree's")
	iterations := fs.Int64("iterations", 1000000, "--search: iterations a search (an alpha-beta engine counts completed depths)")
	states := fs.Int64("states", 0, "--search: states (positions visited) a search instead of iterations, the budget for alpha-beta engines")
	searches := fs.Int("searches", 4, "--search: searches to run")
	position := fs.String("position", "", "--search: search this position (the game's text) instead of the start")
	moves := fs.String("moves", "", "--search: play these moves first (space-separated), from the position")
	configPath := fs.String("config", "", "--search: configuration file whose named engines ENGINE may name (default: config.toml if present)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the measured work to this file (for go tool pprof, and default.pgo: see pgo.go)")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q (usage: mcarena %s)", pos[0], benchUsage)
	}
	// Each form has its own flags: one of the other form's would be
	// ignored, so it is refused.
	if *searchSpec != "" && flagSet(fs, "time") {
		return usagef("--time is the playout benchmark's; a --search benchmark's budget is --iterations or --states")
	}
	if *searchSpec == "" {
		for _, name := range []string{"iterations", "states", "searches", "position", "moves", "config"} {
			if flagSet(fs, name) {
				return usagef("--%s goes with --search ENGINE; the playout benchmark takes --time, --games, --json and --cpuprofile", name)
			}
		}
	}
	if *cpuProfile != "" {
		f, ferr := os.Create(*cpuProfile)
		if ferr != nil {
			return usagef("--cpuprofile: %v", ferr)
		}
		// The profiler drops its own write errors: they are kept here.
		prof := &checkedWriter{w: f}
		if perr := pprof.StartCPUProfile(prof); perr != nil {
			f.Close()
			return fmt.Errorf("--cpuprofile: %w", perr)
		}
		defer func() {
			pprof.StopCPUProfile()
			cerr := f.Close()
			if prof.err != nil {
				cerr = prof.err
			}
			if cerr != nil && err == nil {
				err = fmt.Errorf("--cpuprofile %s: %w", *cpuProfile, cerr)
			}
		}()
	}
	if *searchSpec != "" {
		return runSearchBench(stdout, searchBenchArgs{spec: *searchSpec, game: *list, position: *position, moves: *moves,
			config: *configPath, iterations: *iterations, states: *states, searches: *searches, json: *asJSON,
			iterationsSet: flagSet(fs, "iterations"), statesSet: flagSet(fs, "states")})
	}
	if *dur <= 0 {
		return usagef("--time must be positive")
	}
	cases := benchCases
	if *list != "" {
		cases = nil
		for _, spec := range splitGames(*list) {
			cases = append(cases, benchCase{spec: spec})
		}
	}
	type job struct {
		g  games.Game
		bc benchCase
	}
	var jobs []job
	for _, bc := range cases {
		g, err := newGame(bc.spec)
		if err != nil {
			return err
		}
		// A game named on the command line keeps its reference figures.
		for _, known := range benchCases {
			if kg, err := games.New(known.spec); err == nil && kg.Spec() == g.Spec() {
				bc = known
			}
		}
		jobs = append(jobs, job{g, bc})
	}
	var results []BenchResult
	for _, j := range jobs {
		res := BenchPlayouts(j.g, *dur, 1)
		res.PaperPerSecond = j.bc.paper
		res.TargetPerSecond = j.bc.target
		if j.bc.target > 0 {
			ok := res.StatesPerSecond >= j.bc.target
			res.MeetsTarget = &ok
		}
		results = append(results, res)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Machine string        `json:"machine"`
			Results []BenchResult `json:"results"`
		}{machine(), results})
	}
	fmt.Fprintf(stdout, "uniform random playouts from the start position, one thread; %s\n\n", machine())
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "game\tstates/s\tmean length\tpaper (Table 3)\tx paper\ttarget\t")
	for _, r := range results {
		paper, ratio, target, verdict := "-", "-", "-", ""
		if r.PaperPerSecond > 0 {
			paper = human(r.PaperPerSecond)
			ratio = fmt.Sprintf("%.1fx", r.StatesPerSecond/r.PaperPerSecond)
		}
		if r.MeetsTarget != nil {
			target = human(r.TargetPerSecond)
			verdict = "met"
			if !*r.MeetsTarget {
				verdict = "MISSED"
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%.1f\t%s\t%s\t%s %s\t\n", r.Game, human(r.StatesPerSecond), r.MeanLength, paper, ratio, target, verdict)
	}
	return tw.Flush()
}

// human formats a rate with a k or M suffix.
func human(x float64) string {
	switch {
	case x >= 1e6:
		return fmt.Sprintf("%.2fM", x/1e6)
	case x >= 1e3:
		return fmt.Sprintf("%.0fk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}

// machine describes where a benchmark ran.
func machine() string {
	cpu := "unknown CPU"
	if f, err := os.Open("/proc/cpuinfo"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%s, %d cores, %s %s/%s", cpu, runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// splitGames splits a comma-separated list of game specs. A game's options
// are separated by commas too, so a piece starts a spec only where it
// begins with a game's name (loa, breakthrough:size=6x6); a piece that is
// NAME=VALUE, or a flag the spec before it takes, is an option of that
// spec: "loa,breakthrough:size=6x6,misere" is two games.
func splitGames(list string) []string {
	var specs []string
	for _, piece := range strings.Split(list, ",") {
		piece = strings.TrimSpace(piece)
		name, _, _ := strings.Cut(piece, ":")
		if len(specs) > 0 && !slices.Contains(games.Names(), name) {
			// An option (NAME=VALUE, or a flag the game before takes);
			// else a game's name mistyped, which its error then names.
			joined := specs[len(specs)-1] + "," + piece
			if _, err := games.New(joined); err == nil || strings.Contains(piece, "=") {
				specs[len(specs)-1] = joined
				continue
			}
		}
		specs = append(specs, piece)
	}
	return specs
}
