package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"mcarena/config"
	"mcarena/tournament"
)

const compareUsage = "compare A-FILE B-FILE [--by names|order] [--config FILE] [--markdown | --csv]"

// runCompare prints the matches of two results files side by side with the
// difference of the scores and its significance: the same experiment
// under two readings, builds or budgets.
func runCompare(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	configPath := fs.String("config", "", "configuration file with the presets (default: config.toml if present); --by order needs it")
	by := fs.String("by", "names", "pair the matches by their games, budgets and engines' names (names), or by their places in their presets (order: the k-th match of A's preset with the k-th of B's, whatever their engines, games and budgets: the same sweep under two readings or two budgets)")
	markdown := fs.Bool("markdown", false, "print a Markdown table")
	csvOut := fs.Bool("csv", false, "print CSV")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 2 {
		return usagef("want two results files, A and B (usage: mcarena %s)", compareUsage)
	}
	if *by != "names" && *by != "order" {
		return usagef("--by %q: want names or order", *by)
	}
	cfg, err := loadConfig(*configPath)
	if err != nil {
		return err
	}
	var sides [2][]tournament.MatchSummary
	for i, f := range files {
		if sides[i], err = readSummaries(cfg, f, stdout); err != nil {
			return err
		}
	}
	key := func(m tournament.MatchSummary) string {
		return m.Game + "\x00" + m.Budget + "\x00" + m.Names[0] + "\x00" + m.Names[1]
	}
	if *by == "order" {
		if cfg == nil {
			return usagef("--by order needs the configuration of the presets (--config FILE)")
		}
		var keys [2]func(tournament.MatchSummary) string
		for i, f := range files {
			if keys[i], err = orderKey(cfg, sides[i], f); err != nil {
				return err
			}
		}
		return writeComparisons(stdout, sides, keys, files, format(*markdown, *csvOut))
	}
	return writeComparisons(stdout, sides, [2]func(tournament.MatchSummary) string{key, key}, files, format(*markdown, *csvOut))
}

// readSummaries reads a results file's games into match summaries, noting
// a damaged last line as report does.
func readSummaries(cfg *config.Config, path string, stdout io.Writer) ([]tournament.MatchSummary, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, usagef("%v", err)
	}
	recs, _, tail, err := tournament.ReadResults(path)
	if err != nil {
		return nil, err
	}
	if tail != nil {
		fmt.Fprintf(stdout, "note: %s:%d: %s; that game is not counted\n", path, tail.Line, tail.Msg)
	}
	var games []tournament.Record
	for _, r := range recs {
		if r.Kind == tournament.GameKind {
			games = append(games, r)
		}
	}
	if len(games) == 0 {
		return nil, usagef("%s holds no games to compare", path)
	}
	return summarise(cfg, games), nil
}

// orderKey keys a file's matches by their places in its one preset (the
// k-th of its matches, in the preset's order) and the factor a run scaled
// the budgets by, so that a scaled run pairs with a run scaled alike.
func orderKey(cfg *config.Config, sums []tournament.MatchSummary, path string) (func(tournament.MatchSummary) string, error) {
	name := sums[0].Preset
	for _, m := range sums {
		if m.Preset != name {
			return nil, usagef("%s holds the presets %s and %s: --by order pairs one preset with one", path, name, m.Preset)
		}
	}
	p, ok := cfg.Preset(name)
	if !ok {
		return nil, usagef("%s: preset %s is not in %s: --by order needs its matches' order", path, name, cfg.Path)
	}
	place := map[string]int{}
	for i, m := range tournament.Matches(p) {
		place[m.Key(p)] = i
	}
	return func(m tournament.MatchSummary) string {
		k, ok := place[m.Match]
		if !ok {
			return "\x00" + path + "\x00" + m.Match // a match the preset no longer has: its file's own key, which pairs with nothing
		}
		return strconv.Itoa(k) + "\x00" + strconv.FormatFloat(m.BudgetScale, 'g', -1, 64)
	}, nil
}

// writeComparisons pairs the two sides' matches by their keys, A's order
// first, prints the comparisons and names the matches of either side
// without a counterpart.
func writeComparisons(stdout io.Writer, sides [2][]tournament.MatchSummary, keys [2]func(tournament.MatchSummary) string, files []string, f tournament.Format) error {
	for i, side := range sides {
		seen := map[string]tournament.MatchSummary{}
		for _, m := range side {
			k := keys[i](m)
			if o, dup := seen[k]; dup {
				return usagef("%s holds match %s of preset %s and match %s of preset %s, which pair alike: compare one preset with one (mcarena run --out FILE keeps a preset's games apart)", files[i], o.Match, o.Preset, m.Match, m.Preset)
			}
			seen[k] = m
		}
	}
	inB := map[string]int{}
	for i, m := range sides[1] {
		inB[keys[1](m)] = i
	}
	var cs []tournament.Comparison
	used := map[int]bool{}
	var onlyA []string
	for _, a := range sides[0] {
		j, ok := inB[keys[0](a)]
		if !ok {
			onlyA = append(onlyA, a.Match)
			continue
		}
		used[j] = true
		cs = append(cs, tournament.CompareMatch(a, sides[1][j]))
	}
	var onlyB []string
	for j, b := range sides[1] {
		if !used[j] {
			onlyB = append(onlyB, b.Match)
		}
	}
	if len(cs) == 0 {
		return usagef("no match of %s has a counterpart in %s (pairs of matches are found by their engines' names; --by order pairs them by their places in their presets)", files[0], files[1])
	}
	if err := tournament.WriteComparisons(stdout, cs, f); err != nil || f == tournament.CSV {
		return err
	}
	for i, only := range [][]string{onlyA, onlyB} {
		if len(only) > 0 {
			fmt.Fprintf(stdout, "note: %d matches of %s have no counterpart in %s: %s\n", len(only), files[i], files[1-i], strings.Join(only, "; "))
		}
	}
	return nil
}
