// Package cli implements mcarena's headless subcommands. Each command reads its
// arguments, writes results to stdout and a one-line error to stderr, and
// returns the process exit code: 0 for success, 2 for bad input, 1 for a
// failure while running.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"mcarena/config"
	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/knowledge"
)

// Exit codes.
const (
	ExitOK    = 0
	ExitError = 1
	ExitUsage = 2
	// ExitStopped is a run stopped by a signal (Ctrl-C, SIGTERM) before its
	// end: what it finished is kept and the same command resumes it, but a
	// script or batch system must not take the results as complete.
	ExitStopped = 3
)

// stoppedError is a run stopped before its end: the command prints it and
// exits with ExitStopped.
type stoppedError struct{ msg string }

func (e stoppedError) Error() string { return e.msg }

// usageError is bad input: the command prints it and exits with ExitUsage.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// helpError is a request for a command's help (-h, --help): the command
// prints its usage and flags on stdout and exits with ExitOK.
type helpError struct{ flags string }

func (helpError) Error() string { return "help requested" }

// command is one subcommand.
type command struct {
	summary string
	usage   string
	run     func(args []string, stdout io.Writer) error
}

const (
	perftUsage   = "perft GAME DEPTH [--position P] [--divide]"
	benchUsage   = "bench [--time D] [--games LIST] [--json] [--cpuprofile FILE] | bench --search ENGINE [--games GAME] [--position P] [--moves M] [--config FILE] [--iterations N | --states N] [--searches K] [--json] [--cpuprofile FILE]"
	analyseUsage = "analyse GAME --engine SPEC [--position P] [--runs N] [--seed S] [--time D] [--iterations N] [--states N] [--playout] [--workers K] [--config FILE] [--json]"
	runUsage     = "run PRESET [--games N] [--from N] [--scale F] [--budget B]... [--pair A,B]... [--workers K] [--out FILE] [--shard i/n|auto|auto/n] [--restart]"
	reportUsage  = "report FILE... [--config FILE] [--markdown | --csv] [--los] [--cross] [--plot]"
	mergeUsage   = "merge --out FILE [--partial] SHARD-FILE..."
	searchUsage  = "search GAME --engine SPEC [--position P] [--moves \"M1 M2 ...\"] [--seed S] [--time D] [--iterations N] [--states N] [--clock LEFT[+INC]] [--json]"
	repairUsage  = "repair FILE [--check [--config FILE | --rules-only]]"
	verifyUsage  = "verify FILE... [--config FILE | --rules-only]"
	replayUsage  = "replay GAME [--position P] [MOVE...] [--json]"
	enginesUsage = "engines [--game GAME] [--config FILE]"
	uciUsage     = "uci [--engine SPEC] [--game SPEC] [--config FILE] [--seed S] [--time D] [--iterations N] [--states N]"
	gtpUsage     = "gtp [--engine SPEC] [--game SPEC] [--config FILE] [--seed S] [--time D] [--iterations N] [--states N]"
)

var commands = map[string]command{
	"perft":   {"count move sequences of a given depth", perftUsage, runPerft},
	"bench":   {"measure random playout speed per game, or the speed and memory of an engine's searches", benchUsage, runBench},
	"games":   {"list the games and their options", "games", runGames},
	"analyse": {"how often a search chooses each move, and its cost", analyseUsage, runAnalyse},
	"search":  {"one search, with the statistics its engine declares", searchUsage, runSearch},
	"engines": {"list the named engines (those that can play a game with --game) and the engine families with their options", enginesUsage, runEngines},
	"list":    {"list the presets and named engines of config.toml, or those whose name, description or spec holds TEXT (in any case)", listUsage, runList},
	"run":     {"play a preset's games, resuming from its results file", runUsage, runRun},
	"report":  {"tables of results files beside the paper's figures", reportUsage, runReport},
	"compare": {"the matches of two results files side by side: the difference of the scores, its z and p", compareUsage, runCompare},
	"merge":   {"combine the results files of shards", mergeUsage, runMerge},
	"repair":  {"keep a results file's good records, set damaged and repeated lines aside (with --check, also those verify finds wrong)", repairUsage, runRepair},
	"verify":  {"replay every game of results files under the rules and compare each record with its preset; change nothing", verifyUsage, runVerify},
	"gtp":     {"answer Go Text Protocol commands on stdin with an engine (Havannah by default)", gtpUsage, runGTP},
	"uci":     {"answer Universal Chess Interface commands on stdin with an engine (chess GUIs, cutechess-cli)", uciUsage, runUCI},
	"replay":  {"play moves and print each ply, the result, why the game ended and the final position", replayUsage, runReplay},
}

// Run executes the subcommand named by args[0] and returns the exit code.
func Run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "mcarena: internal error: %v\n", r)
			code = ExitError
		}
	}()
	out := &checkedWriter{w: stdout}
	defer func() {
		if out.err != nil && code == ExitOK {
			fmt.Fprintf(stderr, "mcarena: writing the output: %v\n", out.err)
			code = ExitError
		}
	}()
	stdout = out
	if len(args) >= 2 && args[0] == "help" {
		// help COMMAND is COMMAND --help; an unknown one is refused below.
		args = []string{args[1], "--help"}
	}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, Usage())
		return ExitOK
	}
	cmd, ok := commands[args[0]]
	if !ok {
		what := "command"
		if strings.HasPrefix(args[0], "-") {
			// Only --config FILE (the terminal UI's), -h and --help come
			// before a command.
			what = "flag"
		}
		fmt.Fprintf(stderr, "mcarena: unknown %s %q: valid commands are %s, and help; mcarena alone (or with --config FILE) opens the terminal UI\n", what, args[0], strings.Join(commandNames(), ", "))
		return ExitUsage
	}
	if err := cmd.run(args[1:], stdout); err != nil {
		var he helpError
		if errors.As(err, &he) {
			flags := he.flags
			if flags == "" {
				flags = "  none\n"
			}
			fmt.Fprintf(stdout, "Usage: mcarena %s\n    %s\n\nFlags:\n%s", cmd.usage, cmd.summary, flags)
			return ExitOK
		}
		fmt.Fprintf(stderr, "mcarena %s: %v\n", args[0], err)
		var ue usageError
		if errors.As(err, &ue) {
			return ExitUsage
		}
		var se stoppedError
		if errors.As(err, &se) {
			return ExitStopped
		}
		return ExitError
	}
	return ExitOK
}

// Usage returns the help text listing every command.
func Usage() string {
	var b strings.Builder
	b.WriteString("mcarena: a terminal lab for Monte Carlo game search\n\nUsage:\n  mcarena [--config FILE]\n      open the terminal UI (config: FILE, else ./config.toml, else the user's\n      mcarena/config.toml; saves/ and results/ beside it)\n")
	for _, n := range commandNames() {
		fmt.Fprintf(&b, "  mcarena %s\n      %s\n", commands[n].usage, commands[n].summary)
	}
	b.WriteString("\nGames and engines are named by spec, NAME[:OPTION[=VALUE],...], e.g.\nbreakthrough:size=6x6,misere or nmcs:level=2,discount,pod=3; an engine\nnamed in config.toml takes options too, replacing its own: hav-base:nodes=6000000.\nRun 'mcarena games' and 'mcarena engines' for the lists, and 'mcarena help\nCOMMAND' (or COMMAND --help) for a command's flags.\n")
	return b.String()
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// parseInterspersed parses flags that may come before, between or after the
// positional arguments, and returns the positional ones. A negative number
// ("-1") is an argument, not a flag, so that its command can say what range
// it wants.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if len(args) > 0 && isNegativeNumber(args[0]) {
			pos = append(pos, args[0])
			args = args[1:]
			continue
		}
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				var b strings.Builder
				fs.SetOutput(&b)
				fs.PrintDefaults()
				return nil, helpError{b.String()}
			}
			if want := badValue(fs, err); want != "" {
				return nil, usagef("%s", want)
			}
			if names := flagNames(fs); names != "" {
				return nil, usagef("%v (valid flags: %s)", err, names)
			}
			return nil, usagef("%v (%s takes no flags)", err, fs.Name())
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// badValue rewrites the flag package's error for a value its flag cannot
// read ("invalid value "5" for flag -time: parse error") or cannot hold
// ("...: value out of range") to say what the flag wants, with the largest
// value it holds for the latter; it returns "" for any other error.
func badValue(fs *flag.FlagSet, err error) string {
	m := invalidValue.FindStringSubmatch(err.Error())
	if m == nil {
		return ""
	}
	f := fs.Lookup(m[2])
	if f == nil {
		return ""
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return ""
	}
	var want string
	var least, most any // the type's bounds, for a value out of range
	switch g.Get().(type) {
	case time.Duration:
		want = "a duration with its unit, such as 500ms, 5s or 2m"
	case int:
		want, least, most = "a whole number", math.MinInt, math.MaxInt
	case int64:
		want, least, most = "a whole number", int64(math.MinInt64), int64(math.MaxInt64)
	case uint:
		want, most = "a whole number of 0 or more", uint(math.MaxUint)
	case uint64:
		want, most = "a whole number of 0 or more", uint64(math.MaxUint64)
	case float64:
		want, least, most = "a number", -math.MaxFloat64, math.MaxFloat64
	case bool:
		want = "true or false"
	default:
		return ""
	}
	if m[3] == "value out of range" {
		if strings.HasPrefix(m[1], `"-`) && least != nil {
			return fmt.Sprintf("--%s %s: too small, want %s of at least %v", f.Name, m[1], want, least)
		}
		if most != nil {
			return fmt.Sprintf("--%s %s: too large, want %s of at most %v", f.Name, m[1], strings.TrimSuffix(want, " of 0 or more"), most)
		}
	}
	return fmt.Sprintf("--%s %s: want %s", f.Name, m[1], want)
}

var invalidValue = regexp.MustCompile(`^invalid (?:boolean )?value (".*") for (?:flag )?-([^:]+): (parse error|value out of range)$`)

// flagNames lists a command's flags as they are typed, for errors.
func flagNames(fs *flag.FlagSet) string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, "--"+f.Name) })
	return strings.Join(names, ", ")
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// isNegativeNumber reports whether an argument is a number with a minus sign.
func isNegativeNumber(arg string) bool {
	_, err := strconv.ParseFloat(arg, 64)
	return strings.HasPrefix(arg, "-") && err == nil
}

// loadConfig reads the configuration: path if given (it must exist), else
// config.toml in the working directory if there is one, else none (nil). A
// malformed file is a usage error naming file, line and key.
func loadConfig(path string) (*config.Config, error) {
	explicit := path != ""
	if !explicit {
		path = config.DefaultPath
	}
	cfg, err := config.Load(path)
	switch {
	case err == nil:
		return cfg, nil
	case !explicit && errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, usagef("configuration %s does not exist", path)
	}
	return nil, usageError{err.Error()}
}

// newGame builds a game from a spec, turning registry errors into usage errors.
func newGame(spec string) (games.Game, error) {
	g, err := games.New(spec)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	return g, nil
}

func runEngines(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("engines", flag.ContinueOnError)
	configPath := fs.String("config", "", "configuration file (default: config.toml)")
	gameSpec := fs.String("game", "", "list only the named engines that can play this game (as mcarena games names it)")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("engines takes no arguments, only --game and --config")
	}
	var g games.Game
	if *gameSpec != "" {
		if g, err = newGame(*gameSpec); err != nil {
			return err
		}
	}
	cfg, err := loadConfig(*configPath)
	if err != nil {
		return err
	}
	if cfg != nil {
		names := cfg.EngineNames()
		if g != nil {
			all := len(names)
			names = cfg.EnginesFor(g)
			fmt.Fprintf(stdout, "named engines in %s that can play %s (%d of %d):\n", cfg.Path, g.Spec(), len(names), all)
		} else {
			fmt.Fprintf(stdout, "named engines in %s:\n", cfg.Path)
		}
		width := 0
		for _, n := range names {
			width = max(width, len(n))
		}
		var shadow []string // names that are families' names too
		for _, n := range names {
			s, _ := cfg.Engine(n)
			fmt.Fprintf(stdout, "    %-*s  %s\n", width, n, s)
			if _, family := engines.Lookup(strings.ToLower(n)); family {
				shadow = append(shadow, n)
			}
		}
		if len(shadow) > 0 {
			fmt.Fprintf(stdout, "(%s: named as families are; alone, each is the engine above; with options, NAME:OPTION=VALUE, the family's spec)\n", strings.Join(shadow, ", "))
		}
		fmt.Fprintln(stdout, "\nfamilies:")
	}
	for _, n := range engines.Names() {
		f, _ := engines.Lookup(n)
		fmt.Fprintf(stdout, "%s\n    %s\n", n, f.Doc)
		for _, o := range f.Options {
			fmt.Fprintf(stdout, "    %-28s %s (default %s)\n", o.Syntax(), o.Doc, o.Default)
		}
	}
	return nil
}

func runGames(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("games takes no arguments")
	}
	for _, n := range games.Names() {
		e, _ := games.Lookup(n)
		fmt.Fprintf(stdout, "%s\n    %s\n", n, e.Doc)
		for _, o := range e.Options {
			fmt.Fprintf(stdout, "    %-28s %s (default %s)\n", o.Syntax(), o.Doc, o.Default)
		}
	}
	uses := map[string]string{
		"heuristic":       "engine option heuristic=NAME",
		"move classifier": "move ordering and playouts",
		"playout":         "mcts playout=NAME",
		"move prior":      "mcts prior=NAME with np=N",
		"reading":         "mcts reading=NAME",
		"oracle":          "mcts leaf=oracle(name=NAME)",
		"move score":      "alphabeta captures=NAME",
	}
	fmt.Fprintln(stdout, "\ngame knowledge (* is every game):")
	for _, k := range knowledge.Kinds() {
		fmt.Fprintf(stdout, "%ss (%s):\n", k.Name, uses[k.Name])
		for _, e := range k.Entries {
			fmt.Fprintf(stdout, "    %-14s %-18s %s\n", e.Game, e.Name, e.Doc)
		}
	}
	return nil
}
