package cli

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"mcarena/config"
	"mcarena/internal/durable"
	"mcarena/internal/terminal"
	"mcarena/internal/words"
	"mcarena/tournament"
)

func runList(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("list", flag.ContinueOnError)
	configPath := fs.String("config", "", "configuration file (default: config.toml)")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return usagef("want at most one TEXT to look for, got %d words (usage: mcarena %s; quote a TEXT with spaces)", len(pos), listUsage)
	}
	cfg, err := requireConfig(*configPath)
	if err != nil {
		return err
	}
	text := ""
	if len(pos) == 1 {
		text = pos[0]
	}
	var presets, engs []string
	for _, n := range cfg.PresetNames() {
		if p, _ := cfg.Preset(n); p.Holds(text) {
			presets = append(presets, n)
		}
	}
	for _, n := range cfg.EngineNames() {
		if s, _ := cfg.Engine(n); strings.Contains(strings.ToLower(n+" "+s), strings.ToLower(text)) {
			engs = append(engs, n)
		}
	}
	if len(cfg.PresetNames())+len(cfg.EngineNames()) == 0 {
		fmt.Fprintf(stdout, "%s defines no presets and no engines\n", cfg.Path)
		return nil
	}
	if len(presets)+len(engs) == 0 {
		fmt.Fprintf(stdout, "no preset or engine of %s holds %q in its name, description or spec\n", cfg.Path, text)
		return nil
	}
	w := 14
	for _, n := range slices.Concat(presets, engs) {
		w = max(w, len(n))
	}
	if len(presets) > 0 {
		fmt.Fprintf(stdout, "presets in %s:\n", cfg.Path)
	}
	for _, n := range presets {
		p, _ := cfg.Preset(n)
		fmt.Fprintf(stdout, "  %-*s %s  %s\n", w, n, tournament.Extent(p), p.Description)
	}
	if len(engs) > 0 {
		if len(presets) > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintf(stdout, "engines in %s:\n", cfg.Path)
	}
	for _, n := range engs {
		s, _ := cfg.Engine(n)
		fmt.Fprintf(stdout, "  %-*s %s\n", w, n, s)
	}
	return nil
}

// listUsage is mcarena list's usage line.
const listUsage = "list [TEXT] [--config FILE]"

// requireConfig loads the configuration, which must exist.
func requireConfig(path string) (*config.Config, error) {
	cfg, err := loadConfig(path)
	if err != nil {
		return nil, err
	}
	if cfg == nil {
		return nil, usagef("no %s here: presets are defined in it (see README.md)", config.DefaultPath)
	}
	return cfg, nil
}

func runRun(args []string, stdout io.Writer) error {
	// Ctrl-C, and the TERM a batch system (Slurm, Kubernetes) sends before
	// it kills a job, stop the run as cleanly, from the first instant: a
	// signal while the configuration is read ends it as stopped too.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	configPath := fs.String("config", "", "configuration file (default: config.toml)")
	gamesN := fs.Int("games", 0, "games per match (default: the preset's; fewer for a quick look)")
	from := fs.Int("from", 0, "play the games from this number on (from 0) of every match, leaving those before it to another results file")
	workers := fs.Int("workers", 0, "games played at once (default: one per core)")
	out := fs.String("out", "", "results file (default: results/PRESET.jsonl)")
	shard := fs.String("shard", "", "play share i/n of the games (0 <= i < n), or auto (Slurm array) or auto/n (Kubernetes indexed job)")
	scale := fs.Float64("scale", 1, "multiply every per-move budget (time and counts) by this factor, for a quick look")
	restart := fs.Bool("restart", false, "start over: move the results file aside (to a dated FILE.old-...) instead of resuming it")
	var budgets repeatedFlag
	fs.Var(&budgets, "budget", "play only the matches under this of the preset's budgets, by its text (repeat for several); a later run without it plays the rest")
	var pairs repeatedFlag
	fs.Var(&pairs, "pair", "play only the matches of this of the preset's pairs, its two engines as the preset lists them, A,B (repeat for several); a later run without it plays the rest")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one PRESET (usage: mcarena %s)", runUsage)
	}
	cfg, err := requireConfig(*configPath)
	if err != nil {
		return err
	}
	p, ok := cfg.Preset(pos[0])
	if !ok {
		if len(cfg.PresetNames()) == 0 {
			return usagef("unknown preset %q: %s defines no presets", pos[0], cfg.Path)
		}
		return usagef("unknown preset %q: %s defines %s", pos[0], cfg.Path, cfg.DefinedPresets(pos[0]))
	}
	if *gamesN < 0 || *gamesN > config.MaxCount {
		return usagef("--games %d: want 1..%d games per match (or 0, the preset's %d)", *gamesN, config.MaxCount, p.Count)
	}
	if p.Protocol == config.SeatPairs && *gamesN%2 != 0 {
		return usagef("--games %d: preset %s plays seat-swapped pairs: want an even number of games per match", *gamesN, p.Name)
	}
	if count := cmp.Or(*gamesN, p.Count); *from < 0 || *from >= count {
		return usagef("--from %d: want 0..%d, a game number below the %d games per match", *from, count-1, count)
	}
	if p.Protocol == config.SeatPairs && *from%2 != 0 {
		return usagef("--from %d: preset %s plays seat-swapped pairs: want an even game number", *from, p.Name)
	}
	if p.Elimination != nil && *from > 0 {
		return usagef("--from %d: preset %s is an elimination tournament, whose rounds are made from all of a pairing's games: run it whole", *from, p.Name)
	}
	if *workers < 0 || *workers > tournament.MaxWorkers {
		return usagef("--workers %d: want 1..%d (or 0, one per core)", *workers, tournament.MaxWorkers)
	}
	if !(*scale > 0 && *scale <= 1000) { // NaN fails both comparisons
		return usagef("--scale %g: want a factor above 0 and at most 1000", *scale)
	}
	if _, err := tournament.BudgetSelection(p, budgets); err != nil {
		return usageError{"--budget: " + err.Error()}
	}
	if _, err := tournament.PairSelection(p, pairs); err != nil {
		return usageError{"--pair: " + err.Error()}
	}
	opt := tournament.Options{Count: *gamesN, Workers: *workers, Scale: *scale, Restart: *restart, Budgets: budgets, Pairs: pairs, From: *from}
	if *shard != "" {
		if opt.Shard, opt.Shards, err = parseShard(*shard); err != nil {
			return err
		}
	}
	if *out == "" && flagSet(fs, "out") {
		return usagef("--out names no file: give a FILE, or leave --out out for %s", filepath.Join("results", opt.FileName(p.Name)))
	}
	path := *out
	if path == "" {
		path = filepath.Join("results", opt.FileName(p.Name))
		if err := os.MkdirAll("results", 0o755); err != nil {
			return err
		}
	}
	tty := isTTY(stdout)
	fmt.Fprintf(stdout, "preset %s -> %s\n", p.Name, path)
	tally := map[string]*[3]int{} // this run's wins, draws, losses of each match's first engine
	plan, err := tournament.NewPlan(cfg, p)
	if err != nil {
		return usageError{err.Error()}
	}
	played, err := tournament.Run(ctx, plan, path, opt, func(pr tournament.Progress) {
		if pr.Total == 0 { // a note, such as a repaired file
			fmt.Fprintln(stdout, pr.Last.Error)
			return
		}
		line := progressLine(pr)
		if r := pr.Last; r.Kind == tournament.GameKind && r.Error == "" {
			t := tally[r.Match]
			if t == nil {
				t = &[3]int{}
				tally[r.Match] = t
			}
			switch r.Winner {
			case 0:
				t[0]++
			case 1:
				t[2]++
			default:
				t[1]++
			}
			line += fmt.Sprintf("  (%s %d-%d-%d)", r.Names[0], t[0], t[1], t[2])
		}
		if tty {
			fmt.Fprintf(stdout, "\r%s\x1b[K", line)
		} else {
			fmt.Fprintln(stdout, line)
		}
	})
	if tty {
		fmt.Fprintln(stdout)
	}
	if errors.Is(err, context.Canceled) {
		return stoppedError{fmt.Sprintf("stopped after %d %s; run the same command again to resume", played, taskWord(p.Kind))}
	}
	if err != nil {
		return err
	}
	switch p.Kind {
	case config.Analysis:
		fmt.Fprintf(stdout, "%s done\n\n", words.Plural(played, "run"))
	case config.Simulations:
		fmt.Fprintf(stdout, "%s of playouts done\n\n", words.Plural(played, "batch"))
	default:
		fmt.Fprintf(stdout, "%s played\n\n", words.Plural(played, "game"))
	}
	recs, _, _, err := tournament.ReadResults(path)
	if err != nil {
		return err
	}
	return writeReports(stdout, cfg, recs, tournament.Text, reportExtras{})
}

// repeatedFlag is a flag that may be given several times, each value kept:
// run's --budget and --pair.
type repeatedFlag []string

func (b *repeatedFlag) String() string { return strings.Join(*b, ", ") }

func (b *repeatedFlag) Set(s string) error {
	*b = append(*b, s)
	return nil
}

// taskWord names the tasks of a preset of kind k, for messages: the
// results file's unit (tournament.UnitNoun), a simulations preset's
// batches said in full.
func taskWord(k config.Kind) string {
	if k == config.Simulations {
		return "batches of playouts"
	}
	return tournament.UnitNoun(k)
}

// progressLine is a progress bar with the games done, the time to go and the
// last game.
func progressLine(pr tournament.Progress) string {
	const width = 24
	filled := width * pr.Done / max(pr.Total, 1)
	bar := strings.Repeat("#", filled) + strings.Repeat(".", width-filled)
	eta := "-"
	if n := pr.Done - pr.Resumed; n > 0 {
		left := time.Duration(float64(pr.Elapsed) / float64(n) * float64(pr.Total-pr.Done))
		eta = left.Round(time.Second).String()
	}
	last := fmt.Sprintf("%s %s-%s #%d %s", pr.Last.Game, pr.Last.Names[0], pr.Last.Names[1], pr.Last.Index, pr.Last.Result)
	if pr.Last.Kind == tournament.AnalysisKind && len(pr.Last.Moves) > 0 {
		last = fmt.Sprintf("%s run %d: %s", strings.TrimSpace(pr.Last.Names[0]+" "+pr.Last.Budget), pr.Last.Index, pr.Last.Moves[0].Move)
	}
	if o := pr.Last.Outcomes; pr.Last.Kind == tournament.SimulationsKind && len(o) == 3 {
		last = fmt.Sprintf("ply %d by %s, batch %d: %d-%d-%d", tournament.SimulationPly(pr.Last.Match), pr.Last.Names[0], pr.Last.Index, o[0], o[1], o[2])
	}
	if pr.Last.Reason != "" {
		last += " (" + pr.Last.Reason + ")"
	}
	if pr.Last.Error != "" {
		last += " error: " + pr.Last.Error
	}
	unit := tournament.UnitNoun(config.Kind(pr.Last.Kind))
	return fmt.Sprintf("[%s] %d/%d %s  eta %s  %s", bar, pr.Done, pr.Total, unit, eta, last)
}

// parseShard reads i/n, auto (Slurm job array) or auto/n (Kubernetes
// indexed job, whose index is JOB_COMPLETION_INDEX).
func parseShard(text string) (int, int, error) {
	env := func(k string) (int, bool) {
		v, err := strconv.Atoi(os.Getenv(k))
		return v, err == nil
	}
	switch {
	case text == "auto":
		id, ok1 := env("SLURM_ARRAY_TASK_ID")
		n, ok2 := env("SLURM_ARRAY_TASK_COUNT")
		if !ok1 || !ok2 {
			return 0, 0, usagef("--shard auto needs SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (a Slurm job array); for Kubernetes use auto/N")
		}
		lo, ok := env("SLURM_ARRAY_TASK_MIN")
		if !ok {
			lo = 0
		}
		return checkShard(id-lo, n)
	case strings.HasPrefix(text, "auto/"):
		n, err := strconv.Atoi(strings.TrimPrefix(text, "auto/"))
		id, ok := env("JOB_COMPLETION_INDEX")
		if err != nil || !ok {
			return 0, 0, usagef("--shard auto/N needs a number N and JOB_COMPLETION_INDEX (a Kubernetes indexed job)")
		}
		return checkShard(id, n)
	}
	a, b, ok := strings.Cut(text, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, usagef("--shard %q: want i/n, auto or auto/n", text)
	}
	return checkShard(i, n)
}

func checkShard(i, n int) (int, int, error) {
	if n < 1 || n > config.MaxCount || i < 0 || i >= n {
		return 0, 0, usagef("shard %d of %d: want 0 <= i < n <= %d", i, n, config.MaxCount)
	}
	return i, n, nil
}

// summarise summarises records in the order of the presets' matches (pair,
// budget, game), presets and matches the configuration does not know last.
func summarise(cfg *config.Config, recs []tournament.Record) []tournament.MatchSummary {
	sums := tournament.Summarise(recs, paperLookup(cfg))
	if cfg != nil {
		for i := range sums {
			s := &sums[i]
			p, ok := cfg.Preset(s.Preset)
			if !ok {
				continue
			}
			for _, m := range tournament.Matches(p) {
				if m.Key(p) == s.Match {
					s.PaperFirst, s.PaperSecond = m.PaperFirst, m.PaperSecond
				}
			}
		}
	}
	order := map[string]int{}
	if cfg != nil {
		for _, name := range cfg.PresetNames() {
			p, _ := cfg.Preset(name)
			for _, m := range tournament.Matches(p) {
				order[name+"\x00"+m.Key(p)] = len(order)
			}
		}
	}
	rank := func(m tournament.MatchSummary) int {
		if i, ok := order[m.Preset+"\x00"+m.Match]; ok {
			return i
		}
		return len(order)
	}
	sort.SliceStable(sums, func(i, j int) bool {
		ri, rj := rank(sums[i]), rank(sums[j])
		if ri != rj {
			return ri < rj
		}
		return sums[i].Preset+sums[i].Match < sums[j].Preset+sums[j].Match
	})
	return sums
}

// writeReports prints the analysis and simulation tables of the presets
// the records hold, then the match table and Elo of the games, with
// extra.cross each round robin's cross table and with extra.los every
// engine's likelihood of superiority over every other.
func writeReports(stdout io.Writer, cfg *config.Config, recs []tournament.Record, format tournament.Format, extra reportExtras) error {
	var games []tournament.Record
	var presets []string // of the analysis and simulations records, in order
	for _, r := range recs {
		if r.Kind == tournament.GameKind {
			games = append(games, r)
		} else if !slices.Contains(presets, r.Preset) {
			presets = append(presets, r.Preset)
		}
	}
	for _, name := range presets {
		if err := writeKindReport(stdout, cfg, name, recs, format); err != nil {
			return err
		}
	}
	if len(games) == 0 {
		return nil
	}
	sums := summarise(cfg, games)
	if err := tournament.WriteReport(stdout, sums, format); err != nil || format == tournament.CSV {
		return err
	}
	if extra.plot {
		// An elimination bracket's pairings are drawn by its results, not
		// set as a curve: its matches are no sweep.
		var curves []tournament.MatchSummary
		for _, m := range sums {
			if cfg != nil {
				if p, ok := cfg.Preset(m.Preset); ok && p.Elimination != nil {
					continue
				}
			}
			curves = append(curves, m)
		}
		if err := tournament.WriteSweeps(stdout, tournament.FindSweeps(curves, recordSpecs(games)), format); err != nil {
			return err
		}
	}
	if err := writeBrackets(stdout, cfg, games, format); err != nil {
		return err
	}
	if err := tournament.WriteElo(stdout, games, tournament.DefaultElo, func(preset string) []config.PaperRating {
		if cfg == nil {
			return nil
		}
		if p, ok := cfg.Preset(preset); ok {
			return p.PaperElo
		}
		return nil
	}); err != nil {
		return err
	}
	if extra.cross {
		if err := tournament.WriteCrossTables(stdout, games, paperPair(cfg)); err != nil {
			return err
		}
	}
	if !extra.los {
		return nil
	}
	return tournament.WriteLOS(stdout, games, tournament.DefaultElo, func(preset string) ([]string, [][]float64) {
		if cfg == nil {
			return nil, nil
		}
		p, ok := cfg.Preset(preset)
		if !ok || p.PaperLOS == nil {
			return nil, nil
		}
		return p.PaperLOS.Names, p.PaperLOS.Percent
	})
}

// recordSpecs gives each engine's spec as the records of its preset wrote
// it.
func recordSpecs(recs []tournament.Record) func(preset, name string) string {
	specs := map[[2]string]string{}
	for _, r := range recs {
		for i, n := range r.Names {
			specs[[2]string{r.Preset, n}] = r.Specs[i]
		}
	}
	return func(preset, name string) string { return specs[[2]string{preset, name}] }
}

// writeKindReport prints the table of the analysis or simulations preset
// named name, or a note when the configuration does not define it so.
func writeKindReport(stdout io.Writer, cfg *config.Config, name string, recs []tournament.Record, format tournament.Format) error {
	var p *config.Preset
	if cfg != nil {
		p, _ = cfg.Preset(name)
	}
	switch {
	case p != nil && p.Kind == config.Analysis:
		return tournament.WriteAnalysisReport(stdout, tournament.SummariseAnalysis(p, recs), format)
	case p != nil && p.Kind == config.Simulations:
		sums, ignored := tournament.SummariseSimulations(p, recs)
		return tournament.WriteSimulationsReport(stdout, sums, ignored, format)
	}
	switch {
	case cfg == nil:
		fmt.Fprintf(stdout, "note: no configuration names preset %s, so its records are not summarised: give the --config that defines it\n", name)
	case p == nil:
		fmt.Fprintf(stdout, "note: the configuration has no preset %s (renamed or removed since the file was played), so its records are not summarised\n", name)
	default:
		fmt.Fprintf(stdout, "note: preset %s of the configuration is a match preset now, so its records of searches or playouts are not summarised\n", name)
	}
	return nil
}

// writeBrackets prints the bracket of every elimination preset of the
// configuration that the records hold games of: one for each budget scale
// the records were played at (a run with --scale is a tournament of its own).
func writeBrackets(stdout io.Writer, cfg *config.Config, games []tournament.Record, format tournament.Format) error {
	if cfg == nil {
		return nil
	}
	type seen struct {
		scaled bool
		last   int // the highest game number
		recs   []tournament.Record
	}
	type key struct {
		preset string
		scale  float64
	}
	held := map[key]*seen{}
	var order []key
	for _, r := range games {
		k := key{r.Preset, r.BudgetScale}
		s := held[k]
		if s == nil {
			s = &seen{}
			held[k] = s
			order = append(order, k)
		}
		s.scaled = s.scaled || r.Scaled
		s.last = max(s.last, r.Index)
		s.recs = append(s.recs, r)
	}
	for _, name := range cfg.PresetNames() {
		p, _ := cfg.Preset(name)
		if p.Elimination == nil {
			continue
		}
		for _, k := range order {
			s := held[k]
			if k.preset != name {
				continue
			}
			// The records do not say how many games a pairing the run
			// played (--games); the most any pairing has is the best
			// guess, and at least the preset's count, as verify reads it.
			count := p.Count
			switch {
			case s.last+1 > count:
				count = s.last + 1
				fmt.Fprintf(stdout, "\nnote: %s was run with more games a pairing than its %d; its bracket is read at %d, the most any pairing has\n", tournament.ScaledBudget(name, k.scale), p.Count, count)
			case s.scaled && s.last+1 < count:
				count = s.last + 1
				fmt.Fprintf(stdout, "\nnote: %s was run with fewer games a pairing than its %d; its bracket is read at %d, the most any pairing has\n", tournament.ScaledBudget(name, k.scale), p.Count, count)
			}
			if err := tournament.WriteBracket(stdout, p, tournament.NewBracket(p, s.recs, count), format); err != nil {
				return err
			}
		}
	}
	return nil
}

// paperLookup finds the published figure of a match in the configuration.
func paperLookup(cfg *config.Config) func(preset, match string) float64 {
	return func(preset, match string) float64 {
		if cfg == nil {
			return -1
		}
		p, ok := cfg.Preset(preset)
		if !ok {
			return -1
		}
		for _, m := range tournament.Matches(p) {
			if m.Key(p) == match {
				return m.Paper
			}
		}
		return -1
	}
}

// paperPair returns the paper's score (percent) of engine a against b in a
// match of the preset, game and budget, from cfg's presets.
func paperPair(cfg *config.Config) func(preset, game, budget, a, b string) (float64, bool) {
	return func(preset, game, budget, a, b string) (float64, bool) {
		if cfg == nil {
			return 0, false
		}
		p, ok := cfg.Preset(preset)
		if !ok {
			return 0, false
		}
		for _, m := range tournament.Matches(p) {
			if m.Game == game && p.Budgets[m.Budget].Text == budget && m.Names == [2]string{a, b} && m.Paper >= 0 {
				return m.Paper, true
			}
		}
		return 0, false
	}
}

func runReport(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	configPath := fs.String("config", "", "configuration file with the presets' paper figures (default: config.toml if present)")
	markdown := fs.Bool("markdown", false, "print a Markdown table")
	csvOut := fs.Bool("csv", false, "print CSV")
	los := fs.Bool("los", false, "also print every engine's likelihood of superiority over every other, as BayesElo's los (the chess thesis' Tables 2, 4, 6 and 9)")
	cross := fs.Bool("cross", false, "also print each round robin's cross table, every engine's points against every other (the chess thesis' Table 7)")
	plot := fs.Bool("plot", false, "also draw each sweep (matches whose engines on one side differ in one numeric option, such as the implicit-minimax paper's alpha) as a chart of our scores, their intervals and the paper's figures")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("want results files (usage: mcarena %s)", reportUsage)
	}
	if *markdown && *csvOut {
		return usagef("--markdown and --csv are two forms of one table: give one")
	}
	cfg, err := loadConfig(*configPath)
	if err != nil {
		return err
	}
	var all []tournament.Record
	var from []string // each record's file
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			return usagef("%v", err)
		}
		recs, _, tail, err := tournament.ReadResults(f)
		if err != nil {
			return err
		}
		if tail != nil {
			fmt.Fprintf(stdout, "note: %s:%d: %s; that game is not counted\n", f, tail.Line, tail.Msg)
		}
		if len(recs) == 0 && tail == nil && !*csvOut {
			fmt.Fprintf(stdout, "note: %s holds no records\n", f)
		}
		if _, dups := tournament.Unique(recs); dups > 0 && !*csvOut {
			fmt.Fprintf(stdout, "note: %s holds %d records that repeat a game (same match and number): each game is counted once; 'mcarena repair %s' sets the repeats aside\n", f, dups, f)
		}
		all = append(all, recs...)
		for range recs {
			from = append(from, f)
		}
	}
	if err := conflictError(all, from); err != nil {
		return err
	}
	if !*csvOut {
		missingPresets(stdout, cfg, *configPath, all)
	}
	return writeReports(stdout, cfg, all, format(*markdown, *csvOut), reportExtras{los: *los, cross: *cross, plot: *plot})
}

// format is the report format the flags ask for.
func format(markdown, csv bool) tournament.Format {
	switch {
	case markdown:
		return tournament.Markdown
	case csv:
		return tournament.CSV
	}
	return tournament.Text
}

// missingPresets notes the presets of recs that the configuration lacks:
// their paper figures cannot be shown beside ours.
func missingPresets(w io.Writer, cfg *config.Config, path string, recs []tournament.Record) {
	if path == "" {
		path = config.DefaultPath
	}
	var missing []string
	for _, r := range recs {
		if slices.Contains(missing, r.Preset) {
			continue
		}
		if cfg == nil {
			missing = append(missing, r.Preset)
		} else if _, ok := cfg.Preset(r.Preset); !ok {
			missing = append(missing, r.Preset)
		}
	}
	switch {
	case len(missing) == 0:
	case cfg == nil:
		fmt.Fprintf(w, "note: no configuration (%s is not here): the paper's figures are not shown (--config FILE names one)\n", path)
	default:
		fmt.Fprintf(w, "note: %s has no preset %s: its paper figures are not shown (--config FILE names another configuration)\n", path, strings.Join(missing, ", "))
	}
}

// conflictError refuses records that hold two different plays of one game
// (tournament.FirstConflict), naming both places: which is counted must
// never depend on the order the files are read in. from names each
// record's file.
func conflictError(recs []tournament.Record, from []string) error {
	i, j, ok := tournament.FirstConflict(recs)
	if !ok {
		return nil
	}
	a, b := &recs[i], &recs[j]
	return fmt.Errorf("%s:%d: game %d of match %s (preset %s) is another play of the game at %s:%d (%s): the files mix two plays of one game, from another build or another run of the preset; keep one of them (in one file, 'mcarena repair %s' sets the later copy aside)",
		from[j], b.Line, b.Index, b.Match, b.Preset, from[i], a.Line, tournament.Differs(a, b), from[j])
}

// reportExtras are the tables and charts a report prints beside the match
// table and Elo on request.
type reportExtras struct{ los, cross, plot bool }

// mergeBeforeLock runs between merge's reading of its shards and its lock
// of the file it writes; a test makes the file there.
var mergeBeforeLock = func() {}

func runMerge(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	out := fs.String("out", "", "the merged results file (required; must not exist)")
	partial := fs.Bool("partial", false, "merge shards' files even where some shards of their run are not among them")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	switch {
	case *out == "":
		return usagef("--out FILE is required: merge writes a new file (usage: mcarena %s)", mergeUsage)
	case len(files) == 0:
		return usagef("no SHARD-FILE to merge (usage: mcarena %s)", mergeUsage)
	}
	if _, err := os.Stat(*out); err == nil {
		return usagef("%s exists: merge writes a new file", *out)
	}
	if missing := missingShards(files); missing != "" && !*partial {
		return usagef("%s; merge once every shard has its file, or give --partial to merge these alone", missing)
	}
	var all []tournament.Record
	var from []string                   // each record's file
	rules := tournament.NewChecker(nil) // every game replayed: the merged file counts them
	var seen []os.FileInfo
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil {
			return usagef("%v", err) // a shard's file missing, not a shard of no games
		}
		for j, o := range seen {
			if os.SameFile(fi, o) {
				return usagef("%s and %s are one file: name each shard's file once", files[j], f)
			}
		}
		seen = append(seen, fi)
		if err := tournament.Busy(f); err != nil {
			return fmt.Errorf("%v: a run is still writing it; merge once it has stopped", err)
		}
		recs, _, tail, err := tournament.ReadResults(f)
		if err != nil {
			return err
		}
		if tail != nil {
			return fmt.Errorf("%s:%d: %s; resume that shard before merging", f, tail.Line, tail.Msg)
		}
		all = append(all, recs...)
		for range recs {
			from = append(from, f)
		}
	}
	if err := conflictError(all, from); err != nil {
		return err
	}
	if err := shardOverlapError(all, from); err != nil {
		return err
	}
	// Two plays of one game are named as such first; then every game is
	// replayed.
	for i := range all {
		if what := rules.Check(&all[i]); what != "" {
			return fmt.Errorf("%s:%d: game %d of match %s does not replay under the game's rules: %s; 'mcarena repair --check %s' sets such records aside, and a run of the shard plays them again", from[i], all[i].Line, all[i].Index, all[i].Match, what, from[i])
		}
	}
	merged, dups := tournament.Unique(all)
	mergeBeforeLock()
	lock, err := tournament.Lock(*out)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	// Checked again under the lock: reading and replaying the shards takes
	// time, and a run may have made the file and finished meanwhile; its
	// games and these would share one file.
	if _, err := os.Stat(*out); err == nil {
		return fmt.Errorf("%s was made while merge read its shards: merge writes a new file, so it wrote nothing; name another --out", *out)
	}
	if err := writeNew(*out, lock.File(), merged); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s from %d files -> %s\n", recordsCount(merged), len(files), *out)
	if dups > 0 {
		fmt.Fprintf(stdout, "%d records repeated a game already taken and were left out\n", dups)
	}
	return nil
}

// shardOverlapError refuses a game found in the files of two shards of one
// run (by their names, as missingShards reads them): shards play disjoint
// games, so one of the files is not the shard its name says (a copy under
// another shard's name), and the shard it stands for is missing. from
// names each record's file.
func shardOverlapError(recs []tournament.Record, from []string) error {
	type shardOf struct {
		whole         string
		shard, shards int
	}
	ids := map[shardOf]int{}
	var shardRecs []tournament.Record // the records of shards' files
	var at, group []int               // each one's place in recs, and its shard
	for i, f := range from {
		whole, k, n, ok := tournament.ShardOfName(f)
		if !ok {
			continue
		}
		id := shardOf{filepath.Base(whole), k, n}
		if _, seen := ids[id]; !seen {
			ids[id] = len(ids)
		}
		shardRecs = append(shardRecs, recs[i])
		at, group = append(at, i), append(group, ids[id])
	}
	i, j, ok := tournament.FirstAcrossGroups(shardRecs, func(k int) int { return group[k] })
	if !ok {
		return nil
	}
	i, j = at[i], at[j]
	a, b := &recs[i], &recs[j]
	return fmt.Errorf("%s:%d: game %d of match %s (preset %s) is also at %s:%d, a file of another shard of the run: shards play disjoint games, so one of the two files is not the shard its name says, and the games of the shard it stands for are missing; merge wrote nothing", from[j], b.Line, b.Index, b.Match, b.Preset, from[i], a.Line)
}

// missingShards names the shards whose files are not among files, where
// files hold shards of a run by their names (FileName's
// PRESET.shard-i-of-n.jsonl): a glob such as table4.shard-*-of-10.jsonl
// finds only the shards that have begun, and a merge without the others
// would stand for the whole run. "" when no shard is missing.
func missingShards(files []string) string {
	type run struct {
		whole  string // the run's file name, without its folder
		shards int
	}
	given := map[run][]bool{}
	var runs []run
	for _, f := range files {
		whole, i, n, ok := tournament.ShardOfName(f)
		if !ok {
			continue
		}
		// By name alone: shards copied back from other machines may sit in
		// folders of their own.
		r := run{filepath.Base(whole), n}
		if given[r] == nil {
			given[r] = make([]bool, n)
			runs = append(runs, r)
		}
		given[r][i] = true
	}
	var parts []string
	for _, r := range runs {
		var lack []string
		for i, ok := range given[r] {
			if !ok {
				if len(lack) == 8 {
					lack = append(lack, "...")
					break
				}
				lack = append(lack, strconv.Itoa(i))
			}
		}
		switch len(lack) {
		case 0:
		case 1:
			parts = append(parts, fmt.Sprintf("shard %s of %d of the run %s is missing", lack[0], r.shards, r.whole))
		default:
			parts = append(parts, fmt.Sprintf("shards %s of %d of the run %s are missing", strings.Join(lack, ", "), r.shards, r.whole))
		}
	}
	return strings.Join(parts, "; ")
}

// writeNew writes the records to file, a new file that path names (links
// followed), through a temporary file beside it that takes the name only
// once every record is on the disk: a write that fails (a full disk) or a
// merge that is killed leaves no file that a report would count, or a run
// resume, as the whole merge. The file is made as a run makes one (0644,
// less the umask).
func writeNew(path, file string, recs []tournament.Record) error {
	var tmp string
	for i := 0; ; i++ {
		tmp = filepath.Join(filepath.Dir(file), fmt.Sprintf(".%s.merge-%d-%d", filepath.Base(file), os.Getpid(), i))
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			f.Close()
			break
		}
		if !errors.Is(err, fs.ErrExist) || i == 100 {
			return err
		}
	}
	defer os.Remove(tmp)
	w, _, err := tournament.OpenWriter(tmp, 0)
	if err != nil {
		return err
	}
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			w.Close()
			return fmt.Errorf("%v: %s was not written", err, path)
		}
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("%v: %s was not written", err, path)
	}
	if err := durable.Publish(tmp, file); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s was made while merge wrote it: merge writes a new file, so it wrote nothing; name another --out", path)
		}
		return err
	}
	return nil
}

func runRepair(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("repair", flag.ContinueOnError)
	check := fs.Bool("check", false, "also set aside the records 'mcarena verify' finds wrong: games whose moves the rules refuse or whose result they contradict, records their preset would not write; their games are played again by the next run")
	configPath := fs.String("config", "", "with --check, the configuration whose presets the records are compared with (default: config.toml if present)")
	rulesOnly := fs.Bool("rules-only", false, "with --check, replay the games under the rules but compare no record with a preset")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		return usagef("want one results FILE (usage: mcarena %s)", repairUsage)
	}
	if !*check && (*configPath != "" || *rulesOnly) {
		return usagef("--config and --rules-only go with --check")
	}
	path := files[0]
	if _, err := os.Stat(path); err != nil {
		return usagef("%v", err)
	}
	var c *tournament.Checker
	if *check {
		if c, err = newChecker(*configPath, *rulesOnly, stdout); err != nil {
			return err
		}
	}
	rep, err := tournament.Repair(path, c)
	if err != nil {
		return err
	}
	printUnmatched(stdout, path, rep.Unmatched)
	if len(rep.Moved) == 0 {
		fmt.Fprintf(stdout, "%s: %d good records, nothing to repair\n", path, rep.Kept)
		return nil
	}
	for _, m := range rep.Moved {
		fmt.Fprintf(stdout, "%s:%d: %s\n", path, m.Line, m.Msg)
	}
	fmt.Fprintf(stdout, "kept %d good records in %s; moved %d lines to %s\n", rep.Kept, path, len(rep.Moved), rep.Damaged)
	if rep.Conflicts > 0 {
		fmt.Fprintf(stdout, "%s moved %s another play of a game the file keeps, not a copy of it: the first play is kept; if a moved one is the right one, put it back in place of the first by hand\n",
			words.Plural(rep.Conflicts, "line"), map[bool]string{true: "is", false: "are"}[rep.Conflicts == 1])
	}
	return nil
}

// newChecker builds the checker of verify and repair --check: against the
// configuration at configPath (config.toml when empty and present), or the
// rules alone with rulesOnly or without a configuration, which it then
// says on w; either way every batch of playouts is played again.
func newChecker(configPath string, rulesOnly bool, w io.Writer) (*tournament.Checker, error) {
	if rulesOnly {
		if configPath != "" {
			return nil, usagef("--rules-only compares no record with a configuration: drop --config %s", configPath)
		}
		c := tournament.NewChecker(nil)
		c.ReplayPlayouts()
		return c, nil
	}
	cfg, err := loadConfig(configPath)
	if err != nil {
		return nil, err
	}
	if cfg == nil {
		fmt.Fprintf(w, "note: no %s here: the games are replayed under the rules, but no record is compared with its preset (--config FILE names one)\n", config.DefaultPath)
	}
	c := tournament.NewChecker(cfg)
	c.ReplayPlayouts()
	return c, nil
}

func runVerify(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	configPath := fs.String("config", "", "configuration whose presets the records are compared with (default: config.toml if present)")
	rulesOnly := fs.Bool("rules-only", false, "replay the games under the rules but compare no record with a preset")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("want results files (usage: mcarena %s)", verifyUsage)
	}
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			return usagef("%v", err)
		}
	}
	c, err := newChecker(*configPath, *rulesOnly, stdout)
	if err != nil {
		return err
	}
	bad := 0
	for _, f := range files {
		v, err := tournament.Verify(f, c)
		if err != nil {
			return err
		}
		printProblems(stdout, f, v.Moved)
		printUnmatched(stdout, f, v.Unmatched)
		if v.CutOff != 0 {
			fmt.Fprintf(stdout, "note: %s:%d: the last line is cut off (a run writing it, or a crash): not counted; the next run of its preset sets it aside and plays again the game it held, if any\n", f, v.CutOff)
		}
		if v.Unread > 0 {
			fmt.Fprintf(stdout, "note: %s: %d bytes written since it was opened (a run appending) are left for another look\n", f, v.Unread)
		}
		what := v.Checked()
		if what == "" {
			what = "no records"
		}
		verdict := "all good"
		if len(v.Moved) > 0 {
			verdict = fmt.Sprintf("%s wrong", words.Plural(len(v.Moved), "line"))
		}
		fmt.Fprintf(stdout, "%s: %s checked, %s\n", f, what, verdict)
		bad += len(v.Moved)
	}
	if bad > 0 {
		return fmt.Errorf("%s wrong; 'mcarena repair --check FILE' (with the same --config or --rules-only) sets them aside, and the next run plays their games again", words.Plural(bad, "line"))
	}
	return nil
}

// printUnmatched notes the presets of file f whose records were replayed
// under the rules alone.
func printUnmatched(w io.Writer, f string, us []tournament.Unmatched) {
	for _, u := range us {
		fmt.Fprintf(w, "note: %s: preset %s: %s; its %s replayed under the rules alone (--config FILE names the configuration it came from)\n",
			f, u.Preset, u.Why, map[bool]string{true: "record was", false: fmt.Sprintf("%d records were", u.Records)}[u.Records == 1])
	}
}

// printProblems prints the lines of file f that verify found wrong, each
// reason once: a reason many lines share (every game of a match whose
// engine changed since) is printed with its first line and how many others
// follow.
func printProblems(w io.Writer, f string, problems []tournament.ReadProblem) {
	var order []string
	lines := map[string][]int{}
	for _, m := range problems {
		if lines[m.Msg] == nil {
			order = append(order, m.Msg)
		}
		lines[m.Msg] = append(lines[m.Msg], m.Line)
	}
	for _, msg := range order {
		ls := lines[msg]
		if len(ls) == 1 {
			fmt.Fprintf(w, "%s:%d: %s\n", f, ls[0], msg)
			continue
		}
		fmt.Fprintf(w, "%s:%d: %s (and %d more lines to line %d)\n", f, ls[0], msg, len(ls)-1, ls[len(ls)-1])
	}
}

func isTTY(w io.Writer) bool {
	f, ok := file(w)
	return ok && terminal.Is(f)
}

// plural writes n and the noun, with an s unless n is 1.
// recordsCount names what recs hold by kind: games, an analysis's runs,
// a simulations preset's batches of playouts, and the kinds together in
// that order where they are mixed ("0 games" for none).
func recordsCount(recs []tournament.Record) string {
	var games, runs, batches int
	for _, r := range recs {
		switch r.Kind {
		case tournament.AnalysisKind:
			runs++
		case tournament.SimulationsKind:
			batches++
		default:
			games++
		}
	}
	var parts []string
	for _, c := range []struct {
		n    int
		noun string
	}{{games, "game"}, {runs, "run"}, {batches, "batch"}} {
		if c.n > 0 {
			parts = append(parts, words.Plural(c.n, c.noun))
		}
	}
	switch len(parts) {
	case 0:
		return "0 games"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
