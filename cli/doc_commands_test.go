package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"mcarena/config"
	"mcarena/tournament"
)

// docCommand is a command of a document: a line of an indented or fenced
// code block that begins "mcarena run " or "mcarena report ", or such a
// command in backticks in the text, other than a usage line.
type docCommand struct {
	file string
	line int
	args []string
}

// inlineCommand is a run or report command in backticks.
var inlineCommand = regexp.MustCompile("`(mcarena (?:run|report) [^`]+)`")

// docCommands reads the run and report commands of README.md and docs/.
func docCommands(t *testing.T) []docCommand {
	t.Helper()
	files, _ := filepath.Glob("../docs/*.md")
	files = append([]string{"../README.md"}, files...)
	var out []docCommand
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fenced := false
		for i, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "```") {
				fenced = !fenced
				continue
			}
			var texts []string
			if fenced || strings.HasPrefix(l, "    ") {
				text, _, _ := strings.Cut(l, " #") // a comment
				texts = []string{strings.TrimSpace(text)}
			} else {
				for _, m := range inlineCommand.FindAllStringSubmatch(l, -1) {
					texts = append(texts, m[1])
				}
			}
			for _, text := range texts {
				fields := strings.Fields(text)
				if len(fields) < 3 || fields[0] != "mcarena" || fields[1] != "run" && fields[1] != "report" || usageLine(fields) {
					continue
				}
				out = append(out, docCommand{filepath.Base(f), i + 1, fields[1:]})
			}
		}
	}
	return out
}

// usageLine reports whether a command is a usage line rather than one to
// run: it has placeholders (PRESET, FILE...) or optional parts ([--games N]).
func usageLine(fields []string) bool {
	for _, f := range fields[2:] {
		if usagePlaceholder.MatchString(f) || strings.ContainsAny(f, "[]") || strings.Contains(f, "...") {
			return true
		}
	}
	return false
}

var usagePlaceholder = regexp.MustCompile(`^[A-Z]`)

// docPresets are the presets that the README defines in its own examples,
// not in config.toml.
var docPresets = map[string]bool{"my-kalah-pairs": true, "mcc-blitz": true}

// commandFlags returns the flags that mcarena's help lists for a command,
// each true when it takes a value (the help then names its type: "-games
// int"), false for a boolean one.
func commandFlags(t *testing.T, cmd string) map[string]bool {
	t.Helper()
	code, out, errs := run(cmd, "--help")
	if code != ExitOK {
		t.Fatalf("%s --help: code %d, %s", cmd, code, errs)
	}
	flags := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  -(\S+)( \S+)?$`).FindAllStringSubmatch(out, -1) {
		flags[m[1]] = m[2] != ""
	}
	if len(flags) == 0 {
		t.Fatalf("%s --help lists no flags:\n%s", cmd, out)
	}
	return flags
}

// The run and report commands that the documents give, in code blocks and
// in backticks, name presets that config.toml has (or that the README
// defines as examples), flags that the commands take, with values (a count
// for --games and --workers, a factor for --scale), and budgets and pairs
// that their presets hold, so that a renamed preset, engine or flag cannot
// leave a document's command behind.
func TestDocumentedCommandsNameWhatExists(t *testing.T) {
	cfg, err := config.Load("../config.toml")
	if err != nil {
		t.Fatal(err)
	}
	flags := map[string]map[string]bool{"run": commandFlags(t, "run"), "report": commandFlags(t, "report")}
	cmds := docCommands(t)
	t.Logf("%d run and report commands in the documents", len(cmds))
	if len(cmds) < 100 {
		t.Fatalf("found %d commands in the documents, want the hundred and more they hold", len(cmds))
	}
	// Files that a documented run writes with --out, which a documented
	// report may read.
	outs := map[string]bool{}
	for _, c := range cmds {
		for i, a := range c.args {
			if (a == "--out" || a == "-out") && i+1 < len(c.args) {
				outs[filepath.Base(c.args[i+1])] = true
			}
		}
	}
	for _, c := range cmds {
		where := func(format string, args ...any) {
			t.Helper()
			t.Errorf("%s:%d: mcarena %s: "+format, append([]any{c.file, c.line, strings.Join(c.args, " ")}, args...)...)
		}
		var names []string // presets named
		var budgets, pairs []string
		first := 1 // the first argument after the command's own
		if c.args[0] == "run" {
			first = 2
			names = append(names, c.args[1])
		}
		for i := first; i < len(c.args); i++ {
			a := c.args[i]
			if !strings.HasPrefix(a, "-") {
				if c.args[0] == "run" {
					where("a second argument %q", a)
					continue
				}
				if !strings.HasSuffix(a, ".jsonl") {
					where("%q is no results file", a)
				}
				if outs[filepath.Base(a)] {
					continue // a documented run's --out
				}
				preset, _, _ := strings.Cut(filepath.Base(a), ".") // results/P.jsonl, P.scale-0.1.jsonl, P.shard-0-of-2.jsonl
				names = append(names, preset)
				continue
			}
			name, value, inline := strings.Cut(strings.TrimLeft(a, "-"), "=")
			valued, ok := flags[c.args[0]][name]
			if !ok {
				where("no flag %q", a)
				continue
			}
			if !inline && valued {
				if i+1 == len(c.args) {
					where("flag %q wants a value", a)
					continue
				}
				i++
				value = c.args[i]
			}
			switch name {
			case "games", "workers":
				if n, err := strconv.Atoi(value); err != nil || n < 0 {
					where("--%s %q is no count", name, value)
				}
			case "scale":
				if f, err := strconv.ParseFloat(value, 64); err != nil || f <= 0 {
					where("--scale %q is no factor", value)
				}
			case "budget":
				budgets = append(budgets, value)
			case "pair":
				pairs = append(pairs, value)
			}
		}
		for _, n := range names {
			p, ok := cfg.Preset(n)
			if !ok {
				if !docPresets[n] {
					where("config.toml has no preset %q", n)
				}
				continue
			}
			if _, err := tournament.BudgetSelection(p, budgets); len(budgets) > 0 && err != nil {
				where("%v", err)
			}
			if _, err := tournament.PairSelection(p, pairs); len(pairs) > 0 && err != nil {
				where("%v", err)
			}
		}
	}
}
