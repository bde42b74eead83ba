package config

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"mcarena/engines"
	"mcarena/games"
)

// Kind is the kind of an experiment.
type Kind string

// The kinds of experiments.
const (
	// Match: engines play games against each other.
	Match Kind = "match"
	// Analysis: engines choose a move in one position, many times.
	Analysis Kind = "analysis"
	// Simulations: playouts of a policy from each position of a line,
	// counted by outcome.
	Simulations Kind = "simulations"
)

// Protocol is how a match preset's games are scored.
type Protocol string

// The protocols.
const (
	// PerGame scores every game on its own (the default).
	PerGame Protocol = "games"
	// SeatPairs plays the games of a match as pairs, games 2k and 2k+1,
	// from one random start with seats swapped, and scores each pair: an
	// engine wins the pair if it won one game and at least drew the other;
	// a pair whose two games the same seat won is discarded. It is the
	// implicit-minimax paper's Kalah protocol, after Ramanujan and Selman
	// (2011). It needs swap, an even count, and games with a random start
	// (games.RandomStarter): from a fixed start both games of every pair
	// would begin alike, and the per-game score with swapped seats already
	// balances the seats there.
	SeatPairs Protocol = "pairs"
)

// Preset is an experiment: every pair of engines plays Count games on every
// game under every budget, seats alternating when Swap is set, each game's
// seed derived from Seed. Paper holds the published win rate (percent) of the
// pair's first engine per pair, budget and game, NaN where none; under the
// SeatPairs protocol it is the published pair score.
type Preset struct {
	Name        string
	Description string
	// Kind is Match (engines play games) or Analysis (engines choose a
	// move in one position, many times: the NMCS paper's Tables 1 and 2).
	Kind Kind
	// Analysis presets: the game and position, the engines, the move whose
	// frequency is reported, whether each run plays the whole NMCS playout,
	// and the paper's frequency (%) and states visited (thousands) per
	// engine, -1 where the paper gives none.
	Game, Position string
	Engines        []string
	Move           string
	Playout        bool
	PaperFrequency []float64
	PaperStates    []float64
	// Simulations presets: the moves played one after another from
	// Position (canonical notation), the positions simulated (the start
	// and the one after each move, in the game's text), Count times each
	// by every playout policy of Policies (policy.Named, one or more, each
	// once), and the paper's winning probability of the first player (%)
	// per position, -1 where it gives none (a preset of one policy only).
	Line         []string
	Positions    []string
	Policies     []string
	PaperWinning []float64
	Games        []string    // canonical game specs
	Pairs        [][2]string // engine names
	// Budgets are the per-move budgets of a match preset and, when it
	// gives any, the search budgets of an analysis preset (each engine
	// runs Count times under each); nil for an analysis preset without.
	Budgets []Budget
	Count   int
	Swap    bool
	Seed    uint64
	Paper   [][][]float64 // [pair][budget][game]
	// PaperFirst and PaperSecond are the paper's figures of the first
	// engine of each pair in the games it moved first and in the others,
	// as Paper, nil where the paper does not split them.
	PaperFirst, PaperSecond [][][]float64
	// Protocol says how games are scored: PerGame or SeatPairs.
	Protocol Protocol
	// Reading says which reading of an ambiguous paper the preset takes.
	Reading string
	// Elimination lists the engines of an elimination tournament in
	// seeding order, instead of Pairs: each round pairs the engines still
	// in, and the winner of each pairing advances until one is left
	// (tournament.NewBracket). Such a preset has one game and one budget.
	Elimination []string
	// PaperWinner is the engine the paper reports as the winner of an
	// elimination tournament, "" when it names none.
	PaperWinner string
	// PaperBracket holds the pairings the paper reports for an
	// elimination tournament, with their results.
	PaperBracket []PaperPairing
	// PaperElo holds the paper's Elo ratings of the engines of a round
	// robin or gauntlet, in the order listed, relative to the engine rated
	// 0 (the paper's base engine, as BayesElo tables are usually shown).
	PaperElo []PaperRating
	// PaperLOS holds the paper's likelihoods of superiority of a round
	// robin or gauntlet, nil when it gives none.
	PaperLOS *PaperLOS
}

// PaperRating is one engine's Elo rating as a paper reports it.
type PaperRating struct {
	Name string
	Elo  float64
}

// Budget is a per-move budget as written in a preset: "" (the engine's own
// default), a duration such as "320ms", "iterations=N", "states=N",
// "paper=T": the states the NMCS paper's machine visits in time T on the
// game (Budget.For), the same work on any machine, or "clock=BASE" or
// "clock=BASE+INC": a clock for the whole game, each side starting with BASE
// and gaining INC after each of its moves, a side whose clock runs out
// losing on time.
//
// A per-move budget of a match preset may give some engines budgets of
// their own, each after a semicolon as the engine's name and its budget:
// "iterations=20000; ab-efms states=3000000" gives ab-efms three million
// states a move and every other engine 20,000 iterations. Engines that
// count different things (an MCTS iteration, an alpha-beta node) can so
// meet under counted budgets.
type Budget struct {
	Text string
	engines.Budget
	// PaperTime is T of a paper=T budget.
	PaperTime time.Duration
	// Clock is the time control of a clock=... budget.
	Clock engines.TimeControl
	// ByEngine holds the budgets of the engines given budgets of their own,
	// by engine name; nil when every engine takes this one.
	ByEngine map[string]Budget
}

// ForEngine returns the budget of a move of the engine named name in game
// (Budget.For): its own where the budget gives it one, else the budget's.
func (b Budget) ForEngine(name, game string) engines.Budget {
	if own, ok := b.ByEngine[name]; ok {
		return own.For(game)
	}
	return b.For(game)
}

// parseEngineBudgets reads a preset budget's text: a budget
// (ParseBudget), then, after each semicolon, an engine's name and the
// per-move budget it takes instead.
func parseEngineBudgets(text string) (Budget, error) {
	base, own, ok := splitEngineBudgets(text)
	b, err := ParseBudget(base)
	if err != nil || len(own) == 0 && ok {
		b.Text = text
		return b, err
	}
	b.Text = text
	if b.Clock != (engines.TimeControl{}) {
		return b, fmt.Errorf("budget %q: a clock is the whole game's, the same for both sides; engines take budgets of their own only under per-move budgets, %s", text, MoveBudgetForms)
	}
	b.ByEngine = map[string]Budget{}
	for _, f := range own {
		if _, dup := b.ByEngine[f[0]]; dup {
			return b, fmt.Errorf("budget %q gives engine %q two budgets: give it one", text, f[0])
		}
		own, err := ParseBudget(f[1])
		switch {
		case err != nil:
			return b, fmt.Errorf("budget %q, engine %s: %v", text, f[0], err)
		case own.Clock != (engines.TimeControl{}) || own.Text == "":
			return b, fmt.Errorf("budget %q, engine %s: want a per-move budget, %s", text, f[0], MoveBudgetForms)
		}
		b.ByEngine[f[0]] = own
	}
	if !ok { // own holds the parts before the first that is not two words
		return b, fmt.Errorf("budget %q: after each semicolon, want an engine's name and its budget, like \"ab-efms states=3000000\"", text)
	}
	return b, nil
}

// splitEngineBudgets splits a budget's text at its semicolons into the
// budget every engine takes and the engines' own, each as its name and
// budget text; ok is false where a part after a semicolon is not two
// words.
func splitEngineBudgets(text string) (base string, own [][2]string, ok bool) {
	parts := strings.Split(text, ";")
	for _, part := range parts[1:] {
		f := strings.Fields(part)
		if len(f) != 2 {
			return strings.TrimSpace(parts[0]), own, false
		}
		own = append(own, [2]string{f[0], f[1]})
	}
	return strings.TrimSpace(parts[0]), own, true
}

// EngineBudgetText returns the text of the budget that the engine named
// name takes under the budget text (its own after a semicolon, else the
// budget's first part), and false where the text is not one a preset
// could hold.
func EngineBudgetText(text, name string) (string, bool) {
	base, own, ok := splitEngineBudgets(text)
	for _, f := range own {
		if f[0] == name {
			return f[1], ok
		}
	}
	return base, ok
}

// sameBudget reports whether a and b give every engine the same budget:
// the same budget to the engines neither names, and to each engine one
// names, the same budget of its own or of the other's first part
// ("iterations=50" and "iterations=50; u iterations=50" are one budget).
func sameBudget(a, b Budget) bool {
	same := func(x, y Budget) bool {
		return x.Budget == y.Budget && x.PaperTime == y.PaperTime && x.Clock == y.Clock
	}
	if !same(a, b) {
		return false
	}
	takes := func(x Budget, name string) Budget {
		if own, ok := x.ByEngine[name]; ok {
			return own
		}
		return x
	}
	for _, x := range []Budget{a, b} {
		for name := range x.ByEngine {
			if !same(takes(a, name), takes(b, name)) {
				return false
			}
		}
	}
	return true
}

// BudgetForms lists the valid forms of a budget, for messages.
var BudgetForms = MoveBudgetForms + `, clock=BASE or clock=BASE+INC like clock=5m or clock=5m+2s (a clock per side for the whole game, INC added after each move), or "" (the engine's default)`

// MoveBudgetForms lists the forms of a budget for each move: BudgetForms
// without the clock of a whole game.
var MoveBudgetForms = fmt.Sprintf(`a duration above 0 and at most %v like 320ms, iterations=N or states=N (N in 1..%d), paper=T (T a duration)`, MaxBudgetTime, int64(MaxBudgetCount))

// Limits of what a preset or a command line may ask for. MaxCount bounds the
// games per match and the runs of an analysis so that a typing mistake
// cannot ask for more than a machine can play or hold; MaxBudgetTime and
// MaxBudgetCount bound one move's search.
const (
	MaxCount       = 10_000_000
	MaxBudgetTime  = 24 * time.Hour
	MaxBudgetCount = 1_000_000_000_000
)

// ParseBudget reads a budget's text: "", a duration in (0, 24h],
// iterations=N or states=N with N in 1..10^12, paper=T with T a duration
// in (0, 24h], or clock=BASE[+INC] (engines.ParseTimeControl).
func ParseBudget(text string) (Budget, error) {
	b := Budget{Text: text}
	switch {
	case text == "":
	case strings.HasPrefix(text, "clock="):
		tc, err := engines.ParseTimeControl(strings.TrimPrefix(text, "clock="))
		if err != nil {
			return b, fmt.Errorf("budget %q: clock= needs %s", text, engines.TimeControlForms)
		}
		b.Clock = tc
	case strings.HasPrefix(text, "paper="):
		d, err := parsePaperBudget(text)
		if err != nil {
			return b, err
		}
		b.PaperTime = d
	case strings.HasPrefix(text, "iterations="), strings.HasPrefix(text, "states="):
		k, v, _ := strings.Cut(text, "=")
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 || n > MaxBudgetCount {
			return b, fmt.Errorf("budget %q: %s needs a whole number in 1..%d", text, k, int64(MaxBudgetCount))
		}
		if k == "iterations" {
			b.Iterations = n
		} else {
			b.States = n
		}
	default:
		d, err := time.ParseDuration(text)
		if err != nil || d <= 0 || d > MaxBudgetTime {
			return b, fmt.Errorf("budget %q: want %s", text, BudgetForms)
		}
		b.Time = d
	}
	return b, nil
}

// parseBudgets reads the budgets key of a preset that plays games, each
// budget once, "" (the engines' defaults) when the key is missing.
func parseBudgets(t map[string]any, games []string, errAt func(key, format string, args ...any) error) ([]Budget, error) {
	texts := []string{""}
	if _, ok := t["budgets"]; ok {
		if texts, ok = stringList(t["budgets"]); !ok || len(texts) == 0 {
			return nil, errAt("budgets", "want a list of budgets, like [\"10ms\", \"iterations=5000\"]")
		}
	}
	var out []Budget
	for _, text := range texts {
		b, err := parseEngineBudgets(text)
		if err != nil {
			return nil, errAt("budgets", "%v", err)
		}
		for _, old := range out {
			if sameBudget(old, b) {
				return nil, errAt("budgets", "budgets %q and %q are the same: list each budget once", old.Text, text)
			}
		}
		out = append(out, b)
	}
	if err := checkPaperGames(out, games); err != nil {
		return nil, errAt("budgets", "%v", err)
	}
	return out, nil
}

// checkEngineBudgets refuses a budget that gives its own to an engine the
// preset does not play.
func checkEngineBudgets(p *Preset, errAt func(key, format string, args ...any) error) error {
	var names []string
	for _, pair := range p.Pairs {
		for _, n := range pair {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	for _, n := range p.Elimination {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	for _, b := range p.Budgets {
		for _, n := range sortedKeys(b.ByEngine) {
			if !slices.Contains(names, n) {
				return errAt("budgets", "budget %q gives a budget to %q, which this preset does not play: its engines are %s", b.Text, n, strings.Join(names, ", "))
			}
		}
	}
	return nil
}

// presets validates the [presets.NAME] tables against the named engines.
func parsePresets(path string, lines lineIndex, v any, cfg *Config) error {
	tables, ok := v.(map[string]any)
	if !ok {
		return &Error{path, lines.find(nil, "presets"), "presets", "must be a table of named presets, like [presets.NAME]"}
	}
	for _, name := range sortedKeys(tables) {
		p, err := parsePreset(path, lines, name, tables[name], cfg)
		if err != nil {
			return err
		}
		cfg.Presets[name] = p
	}
	return nil
}

var presetKeys = []string{"kind", "description", "games", "pairs", "round_robin", "gauntlet", "elimination", "budgets", "count", "swap", "seed", "protocol", "paper", "paper_first", "paper_second", "paper_winner", "paper_bracket", "paper_elo", "paper_los", "reading"}

var analysisKeys = []string{"kind", "description", "game", "position", "engines", "runs", "seed", "playout", "move", "budgets", "paper_frequency", "paper_states", "reading"}

func parsePreset(path string, lines lineIndex, name string, v any, cfg *Config) (*Preset, error) {
	table := []string{"presets", name}
	where := "presets." + name
	errAt := func(key, format string, args ...any) error {
		line := lines.find(table, key)
		if key == "" || line == 0 {
			// The preset's own line, for a key it lacks.
			line = lines.find([]string{"presets"}, name)
		}
		k := where
		if key != "" {
			k += "." + key
		}
		return &Error{path, line, k, fmt.Sprintf(format, args...)}
	}
	t, ok := v.(map[string]any)
	if !ok {
		return nil, errAt("", "must be a table")
	}
	kind := Match
	if k, ok := t["kind"]; ok {
		text, _ := k.(string)
		if kind = Kind(text); kind != Match && kind != Analysis && kind != Simulations {
			return nil, errAt("kind", "want %q, %q or %q", Match, Analysis, Simulations)
		}
	}
	switch kind {
	case Analysis:
		return parseAnalysis(t, name, cfg, errAt)
	case Simulations:
		return parseSimulations(t, name, errAt)
	}
	for _, key := range sortedKeys(t) {
		if !contains(presetKeys, key) {
			return nil, errAt(key, "unknown key: valid keys are %s", strings.Join(presetKeys, ", "))
		}
	}
	p := &Preset{Name: name, Kind: kind, Count: 100, Swap: true, Seed: 1, Protocol: PerGame}
	if err := readTexts(t, p, errAt); err != nil {
		return nil, err
	}
	gs, ok := stringList(t["games"])
	if !ok || len(gs) == 0 {
		return nil, errAt("games", "want a list of game specs, like [\"breakthrough\", \"nogo:misere\"]")
	}
	given := map[string]string{} // canonical spec -> as typed
	for _, spec := range gs {
		g, err := games.New(spec)
		if err != nil {
			return nil, errAt("games", "%v", err)
		}
		if first, dup := given[g.Spec()]; dup {
			return nil, errAt("games", "%q and %q are the same game (%s): list each game once, or its games are played and counted twice", first, spec, g.Spec())
		}
		given[g.Spec()] = spec
		p.Games = append(p.Games, g.Spec())
	}
	pairs, pairsKey, err := schedulePairs(t, errAt)
	if err != nil {
		return nil, err
	}
	if pairsKey == "elimination" {
		if err := parseElimination(t, p, cfg, errAt); err != nil {
			return nil, err
		}
	}
	for _, pv := range pairs {
		pair, ok := stringList(pv)
		if !ok || len(pair) != 2 {
			return nil, errAt("pairs", "each pair is two engine names, like [\"nmcd1\", \"nmc1\"]")
		}
		for _, n := range pair {
			if _, ok := cfg.Engines[n]; !ok {
				return nil, errAt(pairsKey, "unknown engine %q: the file names %s", n, cfg.namedEngines(n))
			}
		}
		if slices.Contains(p.Pairs, [2]string{pair[0], pair[1]}) {
			return nil, errAt(pairsKey, "the pair [%q, %q] comes twice: list each engine once, or the pair's games are played and counted twice", pair[0], pair[1])
		}
		p.Pairs = append(p.Pairs, [2]string{pair[0], pair[1]})
		for _, n := range pair {
			if err := cfg.checkEngine(n, p.Games); err != nil {
				return nil, errAt("pairs", "%v", err)
			}
		}
	}
	if p.Budgets, err = parseBudgets(t, p.Games, errAt); err != nil {
		return nil, err
	}
	if err := checkEngineBudgets(p, errAt); err != nil {
		return nil, err
	}
	if err := readCount(t, "count", "games per match", MaxCount, p, errAt); err != nil {
		return nil, err
	}
	if s, ok := t["swap"]; ok {
		if p.Swap, ok = s.(bool); !ok {
			return nil, errAt("swap", "want true or false")
		}
	}
	if p.Swap && pairsKey == "pairs" {
		// With seats swapped, [b, a] plays the games [a, b] plays, seat
		// for seat; without, it is the other seating.
		for i, pair := range p.Pairs {
			if j := slices.Index(p.Pairs, [2]string{pair[1], pair[0]}); j >= 0 && j < i && pair[0] != pair[1] {
				return nil, errAt(pairsKey, "the pairs [%q, %q] and [%q, %q] are one match, since seats swap every game (swap = true): list it once, or its games are played and counted twice", pair[1], pair[0], pair[0], pair[1])
			}
		}
	}
	if err := readSeed(t, p, errAt); err != nil {
		return nil, err
	}
	if err := parseProtocol(t, p, errAt); err != nil {
		return nil, err
	}
	if p.Elimination != nil {
		return p, checkElimination(t, p, errAt)
	}
	for _, key := range []string{"paper_winner", "paper_bracket"} {
		if _, ok := t[key]; ok {
			return nil, errAt(key, "is given for an elimination tournament: give it with elimination (pairs take paper, round robins and gauntlets paper_elo and paper_los)")
		}
	}
	if pv, ok := t["paper"]; ok {
		paper, err := paperFigures(pv, len(p.Pairs), len(p.Budgets), len(p.Games))
		if err != nil {
			return nil, errAt("paper", "%v", err)
		}
		p.Paper = paper
	}
	for _, k := range []struct {
		key string
		to  *[][][]float64
	}{{"paper_first", &p.PaperFirst}, {"paper_second", &p.PaperSecond}} {
		pv, ok := t[k.key]
		if !ok {
			continue
		}
		if _, ok := t["paper"]; !ok {
			return nil, errAt(k.key, "splits the paper's figures by seat: give paper too")
		}
		figs, err := paperFigures(pv, len(p.Pairs), len(p.Budgets), len(p.Games))
		if err != nil {
			return nil, errAt(k.key, "%v", err)
		}
		*k.to = figs
	}
	if v, ok := t["paper_elo"]; ok {
		if pairsKey != "round_robin" && pairsKey != "gauntlet" {
			return nil, errAt("paper_elo", "gives one rating per engine of round_robin or gauntlet, in their order: give the engines as one of those lists")
		}
		names, _ := stringList(t[pairsKey])
		ratings, err := paperElo(v, names)
		if err != nil {
			return nil, errAt("paper_elo", "%v", err)
		}
		p.PaperElo = ratings
	}
	if v, ok := t["paper_los"]; ok {
		if pairsKey != "round_robin" && pairsKey != "gauntlet" {
			return nil, errAt("paper_los", "gives a row of likelihoods per engine of round_robin or gauntlet, in their order: give the engines as one of those lists")
		}
		names, _ := stringList(t[pairsKey])
		los, err := paperLOS(v, len(names))
		if err != nil {
			return nil, errAt("paper_los", "%v", err)
		}
		p.PaperLOS = &PaperLOS{Names: names, Percent: los}
	}
	return p, nil
}

// PaperLOS is a paper's matrix of likelihoods of superiority: Percent[i][j]
// is the likelihood, in percent, that engine Names[i] is stronger than
// Names[j] (the diagonal unused, -1).
type PaperLOS struct {
	Names   []string
	Percent [][]float64
}

// paperLOS reads an n by n matrix of likelihoods of superiority in percent,
// -1 on the diagonal, each pair's two summing to 100 but for the paper's
// rounding (at most 2 either way).
func paperLOS(v any, n int) ([][]float64, error) {
	shape := fmt.Sprintf("want %d rows of %d likelihoods in percent, one per engine in the order listed, -1 on the diagonal", n, n)
	rows, ok := v.([]any)
	if !ok || len(rows) != n {
		return nil, errors.New(shape)
	}
	out := make([][]float64, n)
	for i, r := range rows {
		cells, ok := r.([]any)
		if !ok || len(cells) != n {
			return nil, fmt.Errorf("row %d: %s", i+1, shape)
		}
		out[i] = make([]float64, n)
		for j, x := range cells {
			f, ok := number(x)
			switch {
			case !ok:
				return nil, fmt.Errorf("row %d, column %d: %v is not a number: %s", i+1, j+1, x, shape)
			case i == j && f != -1:
				return nil, fmt.Errorf("row %d, column %d: the diagonal is -1: %s", i+1, j+1, shape)
			case i != j && !(f >= 0 && f <= 100):
				return nil, fmt.Errorf("row %d, column %d: %g is not a percentage", i+1, j+1, f)
			}
			out[i][j] = f
		}
	}
	for i := range n {
		for j := range i {
			if d := out[i][j] + out[j][i] - 100; d < -2 || d > 2 {
				return nil, fmt.Errorf("row %d column %d (%g) and row %d column %d (%g) do not sum to 100", i+1, j+1, out[i][j], j+1, i+1, out[j][i])
			}
		}
	}
	return out, nil
}

// paperElo reads the paper's Elo ratings of names, one number each in
// their order, at least one of them 0: the engine the others are rated
// against.
func paperElo(v any, names []string) ([]PaperRating, error) {
	shape := fmt.Sprintf("want %d Elo ratings, one per engine in the order listed (%s), relative to the one rated 0", len(names), strings.Join(names, ", "))
	a, ok := v.([]any)
	if !ok || len(a) != len(names) {
		return nil, fmt.Errorf("%s", shape)
	}
	var out []PaperRating
	anchor := false
	for i, x := range a {
		f, ok := number(x)
		if !ok {
			return nil, fmt.Errorf("%v is not an Elo rating: %s", x, shape)
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("%g is not an Elo rating: %s", f, shape)
		}
		anchor = anchor || f == 0
		out = append(out, PaperRating{Name: names[i], Elo: f})
	}
	if !anchor {
		return nil, fmt.Errorf("no engine is rated 0: %s", shape)
	}
	return out, nil
}

// parseProtocol reads the protocol key of match preset p, whose games,
// count and swap are read already, and checks that the preset can be played
// under it.
func parseProtocol(t map[string]any, p *Preset, errAt func(key, format string, args ...any) error) error {
	v, ok := t["protocol"]
	if !ok {
		return nil
	}
	text, _ := v.(string)
	switch Protocol(text) {
	case PerGame:
		return nil
	case SeatPairs:
	default:
		return errAt("protocol", "want %q (every game scored on its own) or %q (seat-swapped pairs from one random start, each pair scored)", PerGame, SeatPairs)
	}
	p.Protocol = SeatPairs
	if !p.Swap {
		return errAt("swap", "protocol %q plays every start twice with seats swapped: swap must be true", SeatPairs)
	}
	if p.Count%2 != 0 {
		return errAt("count", "protocol %q plays games in seat-swapped pairs: want an even number of games per match, not %d", SeatPairs, p.Count)
	}
	for _, spec := range p.Games {
		g, err := games.New(spec)
		if err != nil {
			return errAt("games", "%v", err)
		}
		if _, random := games.Start(g, 0); !random {
			return errAt("games", "protocol %q plays each pair from a random start, and %s starts from a fixed position: give games with a random start (%s)", SeatPairs, spec, strings.Join(randomStartSpecs(), ", "))
		}
	}
	return nil
}

// randomStartSpecs lists the registered games that declare a random start,
// by the convention of an option start=standard|random.
func randomStartSpecs() []string {
	var out []string
	for _, name := range games.Names() {
		e, _ := games.Lookup(name)
		for _, o := range e.Options {
			if o.Name == "start" && slices.Contains(o.Choices, "random") {
				out = append(out, name+":start=random")
			}
		}
	}
	return out
}

// paperFigures reads [pair][budget][game] percentages; -1 marks a figure the
// paper does not give.
func paperFigures(v any, pairs, budgets, gamesN int) ([][][]float64, error) {
	count := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	shape := fmt.Sprintf("want %s (one per pair) of %s (one per budget) of %s (one per game), -1 where the paper gives none",
		count(pairs, "list", "lists"), count(budgets, "list", "lists"), count(gamesN, "percentage", "percentages"))
	a, ok := v.([]any)
	if !ok || len(a) != pairs {
		return nil, fmt.Errorf("%s", shape)
	}
	out := make([][][]float64, pairs)
	for i, bv := range a {
		b, ok := bv.([]any)
		if !ok || len(b) != budgets {
			return nil, fmt.Errorf("%s", shape)
		}
		out[i] = make([][]float64, budgets)
		for j, gv := range b {
			g, ok := gv.([]any)
			if !ok || len(g) != gamesN {
				return nil, fmt.Errorf("%s", shape)
			}
			for _, x := range g {
				f, ok := number(x)
				if !ok {
					return nil, fmt.Errorf("%s", shape)
				}
				if f != -1 && !(f >= 0 && f <= 100) {
					return nil, fmt.Errorf("%g is not a percentage: want 0..100, or -1 for none", f)
				}
				out[i][j] = append(out[i][j], f)
			}
		}
	}
	return out, nil
}

func stringList(v any) ([]string, bool) {
	a, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, len(a))
	for i, x := range a {
		if out[i], ok = x.(string); !ok {
			return nil, false
		}
	}
	return out, true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Preset returns a named preset.
func (c *Config) Preset(name string) (*Preset, bool) {
	p, ok := c.Presets[name]
	return p, ok
}

// PresetNames returns the presets in order.
func (c *Config) PresetNames() []string { return sortedKeys(c.Presets) }

// Holds reports whether the preset's name or description holds text, in
// any case: the presets mcarena list TEXT and the terminal UI's filter keep.
func (p *Preset) Holds(text string) bool {
	t := strings.ToLower(text)
	return strings.Contains(strings.ToLower(p.Name), t) || strings.Contains(strings.ToLower(p.Description), t)
}

// DefinedPresets tells what presets c defines, for an error about typed, a
// name it does not: all of them, or beyond maxListed their count and the
// nearest to typed ("FILE defines " goes before it).
func (c *Config) DefinedPresets(typed string) string {
	return listedOrNearest(typed, c.PresetNames(), "presets (mcarena list shows them)")
}

// analysisBudgetForms lists the budgets an analysis preset's searches take.
const analysisBudgetForms = `a duration like 320ms, iterations=N, states=N, paper=T, or "" (the engine's default)`

// readSeed reads a preset's key seed, a whole number >= 0, into p.Seed
// when it is given.
// readTexts reads a preset's description and reading, refusing a value
// that is not text (a number or a list would be dropped without a word).
func readTexts(t map[string]any, p *Preset, errAt func(key, format string, args ...any) error) error {
	for _, f := range []struct {
		key string
		to  *string
	}{{"description", &p.Description}, {"reading", &p.Reading}} {
		v, ok := t[f.key]
		if !ok {
			continue
		}
		if *f.to, ok = v.(string); !ok {
			return errAt(f.key, "want text in quotes, like %s = \"...\"", f.key)
		}
	}
	return nil
}

func readSeed(t map[string]any, p *Preset, errAt func(key, format string, args ...any) error) error {
	if v, ok := t["seed"]; ok {
		n, ok := v.(int64)
		if !ok || n < 0 {
			return errAt("seed", "want a whole number >= 0")
		}
		p.Seed = uint64(n)
	}
	return nil
}

// readCount reads key, a whole number of what in 1..most, into p.Count
// when it is given.
func readCount(t map[string]any, key, what string, most int, p *Preset, errAt func(key, format string, args ...any) error) error {
	if v, ok := t[key]; ok {
		n, ok := v.(int64)
		if !ok || n < 1 || n > int64(most) {
			return errAt(key, "want a whole number of %s in 1..%d", what, most)
		}
		p.Count = int(n)
	}
	return nil
}

// gameAndPosition reads the keys game (a game spec) and position (the
// game's position text, the start when left out) of an analysis or
// simulations preset.
func gameAndPosition(t map[string]any, errAt func(key, format string, args ...any) error) (games.Game, games.State, error) {
	spec, ok := t["game"].(string)
	if !ok {
		return nil, nil, errAt("game", "want a game spec, like \"chess\"")
	}
	g, err := games.New(spec)
	if err != nil {
		return nil, nil, errAt("game", "%v", err)
	}
	s := g.NewState()
	if v, ok := t["position"]; ok {
		text, ok := v.(string)
		if !ok {
			return nil, nil, errAt("position", "want the position as text, in the game's notation")
		}
		if s, err = g.ParsePosition(text); err != nil {
			return nil, nil, errAt("position", "%v", err)
		}
	}
	return g, s, nil
}

// parseAnalysis validates an analysis preset. Its Budgets are nil when it
// gives none: every search then runs under its engine's default budget, as
// before analyses took budgets.
func parseAnalysis(t map[string]any, name string, cfg *Config, errAt func(key, format string, args ...any) error) (*Preset, error) {
	for _, key := range sortedKeys(t) {
		if !contains(analysisKeys, key) {
			return nil, errAt(key, "unknown key of an analysis preset: valid keys are %s", strings.Join(analysisKeys, ", "))
		}
	}
	p := &Preset{Name: name, Kind: Analysis, Count: 100, Seed: 1}
	if err := readTexts(t, p, errAt); err != nil {
		return nil, err
	}
	g, s, err := gameAndPosition(t, errAt)
	if err != nil {
		return nil, err
	}
	p.Game = g.Spec()
	if s.Terminal() {
		return nil, errAt("position", "the game is over there")
	}
	p.Position = s.String()
	var ok bool
	if p.Engines, ok = stringList(t["engines"]); !ok || len(p.Engines) == 0 {
		return nil, errAt("engines", "want a list of engine names")
	}
	for i, n := range p.Engines {
		if slices.Contains(p.Engines[:i], n) {
			return nil, errAt("engines", "engine %q is listed twice: list each engine once", n)
		}
		if _, ok := cfg.Engines[n]; !ok {
			return nil, errAt("engines", "unknown engine %q: the file names %s", n, cfg.namedEngines(n))
		}
		if err := cfg.checkEngine(n, []string{p.Game}); err != nil {
			return nil, errAt("engines", "%v", err)
		}
	}
	if err := readCount(t, "runs", "runs", MaxCount, p, errAt); err != nil {
		return nil, err
	}
	if _, ok := t["budgets"]; ok {
		if p.Budgets, err = parseBudgets(t, []string{p.Game}, errAt); err != nil {
			return nil, err
		}
		for _, b := range p.Budgets {
			switch {
			case b.Clock != (engines.TimeControl{}):
				return nil, errAt("budgets", "budget %q is a clock for a whole game, and an analysis runs one search: give a budget for the search, %s", b.Text, analysisBudgetForms)
			case b.ByEngine != nil:
				return nil, errAt("budgets", "budget %q gives engines budgets of their own, which is for matches: an analysis searches each engine under each budget; give %s", b.Text, analysisBudgetForms)
			}
		}
	}
	if err := readSeed(t, p, errAt); err != nil {
		return nil, err
	}
	if v, ok := t["playout"]; ok {
		if p.Playout, ok = v.(bool); !ok {
			return nil, errAt("playout", "want true or false")
		}
	}
	if p.Playout && p.Budgets != nil {
		return nil, errAt("budgets", "playout = true plays the whole NMCS playout at the engine's level, which takes no budget: give budgets or playout = true, not both")
	}
	if v, ok := t["move"]; ok {
		text, ok := v.(string)
		if !ok {
			return nil, errAt("move", "want a move in the game's notation")
		}
		m, err := s.ParseMove(text)
		if err != nil {
			return nil, errAt("move", "%v", err)
		}
		p.Move = s.MoveString(m)
	}
	for _, k := range []string{"paper_frequency", "paper_states"} {
		v, ok := t[k]
		if !ok {
			continue
		}
		max := 100.0 // a percentage
		if k == "paper_states" {
			max = math.MaxFloat64 // thousands of states
		}
		list, err := numbers(v, len(p.Engines), max, "engine")
		if err != nil {
			return nil, errAt(k, "%v", err)
		}
		if k == "paper_frequency" {
			p.PaperFrequency = list
		} else {
			p.PaperStates = list
		}
	}
	return p, nil
}

// numbers reads n figures, one per what (an engine, a position), each -1
// (none) or in 0..max.
func numbers(v any, n int, max float64, per string) ([]float64, error) {
	shape := fmt.Errorf("want %d numbers, one per %s, -1 where the paper gives none", n, per)
	a, ok := v.([]any)
	if !ok || len(a) != n {
		return nil, shape
	}
	out := make([]float64, n)
	for i, x := range a {
		if out[i], ok = number(x); !ok {
			return nil, shape
		}
		if f := out[i]; f != -1 && !(f >= 0 && f <= max) {
			if max == 100 {
				return nil, fmt.Errorf("%g is not a percentage: want 0..100, or -1 for none", f)
			}
			return nil, fmt.Errorf("%g is not a number of thousands of states: want 0 or more, or -1 for none", f)
		}
	}
	return out, nil
}

// schedulePairs reads the pairs of a match preset from exactly one of pairs
// (explicit), round_robin (every two of a list) or gauntlet (the first of a
// list against each of the others). An elimination preset has no pairs
// before it is played: for one, schedulePairs returns none and the key
// "elimination" (parseElimination reads the list).
//
// It also returns the key the pairs came from.
func schedulePairs(t map[string]any, errAt func(key, format string, args ...any) error) ([]any, string, error) {
	var given []string
	for _, k := range []string{"pairs", "round_robin", "gauntlet", "elimination"} {
		if _, ok := t[k]; ok {
			given = append(given, k)
		}
	}
	if len(given) != 1 {
		if len(given) > 1 && slices.Contains(given, "elimination") {
			return nil, "", errAt("elimination", "an elimination tournament makes its own pairs round by round: give elimination alone, without %s", strings.Join(slices.DeleteFunc(given, func(k string) bool { return k == "elimination" }), " or "))
		}
		return nil, "", errAt("", "give exactly one of pairs, round_robin, gauntlet or elimination")
	}
	if given[0] == "elimination" {
		return nil, given[0], nil
	}
	if given[0] == "pairs" {
		pairs, ok := t["pairs"].([]any)
		if !ok || len(pairs) == 0 {
			return nil, "", errAt("pairs", "want a list of engine pairs, like [[\"nmcd1\", \"nmc1\"]]")
		}
		return pairs, given[0], nil
	}
	names, ok := stringList(t[given[0]])
	if !ok || len(names) < 2 {
		return nil, "", errAt(given[0], "want a list of at least two engine names")
	}
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			return nil, "", errAt(given[0], "engine %q is listed twice: list each engine once, or it meets itself and its pairs are played and counted twice", n)
		}
	}
	var pairs []any
	if given[0] == "gauntlet" {
		for _, n := range names[1:] {
			pairs = append(pairs, []any{names[0], n})
		}
		return pairs, given[0], nil
	}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			pairs = append(pairs, []any{names[i], names[j]})
		}
	}
	return pairs, given[0], nil
}

// checkEngine builds the named engine and checks that it can play each of
// the games (knowledge it asks for, such as a heuristic, exists there).
func (c *Config) checkEngine(name string, specs []string) error {
	e, err := engines.New(c.Engines[name])
	if err != nil {
		return fmt.Errorf("engine %q: %v", name, err)
	}
	for _, sp := range specs {
		g, err := games.New(sp)
		if err != nil {
			return err
		}
		if err := engines.CheckGame(e, g); err != nil {
			return fmt.Errorf("engine %q cannot play %s: %v", name, sp, err)
		}
	}
	return nil
}

// parseElimination reads the engines of an elimination preset, in seeding
// order: at least two, each once, each able to play the preset's games.
func parseElimination(t map[string]any, p *Preset, cfg *Config, errAt func(key, format string, args ...any) error) error {
	names, ok := stringList(t["elimination"])
	if !ok || len(names) < 2 {
		return errAt("elimination", "want a list of at least two engine names in seeding order, like [\"im-fet0\", \"im-fet1\", \"im-fet2\"]")
	}
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			return errAt("elimination", "engine %q is listed twice: list each engine once (an engine cannot meet itself)", n)
		}
		if _, ok := cfg.Engines[n]; !ok {
			return errAt("elimination", "unknown engine %q: the file names %s", n, cfg.namedEngines(n))
		}
		if err := cfg.checkEngine(n, p.Games); err != nil {
			return errAt("elimination", "%v", err)
		}
	}
	p.Elimination = names
	return nil
}

// checkElimination checks what an elimination preset, read but for its
// paper figures, may not hold: one bracket is one game under one budget,
// each pairing's games are scored one by one, and the paper's figure is
// the winner's name.
func checkElimination(t map[string]any, p *Preset, errAt func(key, format string, args ...any) error) error {
	switch {
	case len(p.Games) != 1:
		return errAt("games", "an elimination tournament plays one bracket on one game: give one game, not %d (one preset per game)", len(p.Games))
	case len(p.Budgets) != 1:
		return errAt("budgets", "an elimination tournament plays one bracket under one budget: give one budget, not %d (one preset per budget)", len(p.Budgets))
	}
	if _, ok := t["paper"]; ok {
		return errAt("paper", "an elimination tournament has no fixed pairs to give win rates for: name the paper's winner with paper_winner")
	}
	for _, key := range []string{"paper_first", "paper_second", "paper_elo", "paper_los"} {
		if _, ok := t[key]; ok {
			return errAt(key, "is given for pairs, round robins and gauntlets: an elimination tournament takes paper_winner and paper_bracket")
		}
	}
	if v, ok := t["paper_winner"]; ok {
		name, _ := v.(string)
		if !slices.Contains(p.Elimination, name) {
			return errAt("paper_winner", "want one of the engines of elimination (%s), the one the paper reports as the winner", strings.Join(p.Elimination, ", "))
		}
		p.PaperWinner = name
	}
	if v, ok := t["paper_bracket"]; ok {
		list, ok := stringList(v)
		if !ok {
			return errAt("paper_bracket", "want a list of pairings with their results, like [\"im-fet20 104-96 im-fet30\"]")
		}
		for _, text := range list {
			pr, err := parsePaperPairing(text, p.Elimination)
			if err != nil {
				return errAt("paper_bracket", "%q: %v", text, err)
			}
			for _, q := range p.PaperBracket {
				if q.Names == pr.Names || q.Names == [2]string{pr.Names[1], pr.Names[0]} {
					return errAt("paper_bracket", "%q: %s and %s are paired twice", text, pr.Names[0], pr.Names[1])
				}
			}
			if pr.Names[1] == p.PaperWinner {
				return errAt("paper_bracket", "%q: %s, the paper's winner, does not advance", text, p.PaperWinner)
			}
			p.PaperBracket = append(p.PaperBracket, pr)
		}
	}
	return nil
}

// PaperPairing is a pairing of a paper's elimination tournament: the two
// engines and the games each won, the one that advanced first.
type PaperPairing struct {
	Names [2]string
	Wins  [2]int
}

// parsePaperPairing reads "A W-L B": engine A won W games and advanced,
// engine B won L (no more than W: a tie went to A), both engines of the
// elimination tournament.
func parsePaperPairing(text string, engines []string) (PaperPairing, error) {
	f := strings.Fields(text)
	var pr PaperPairing
	if len(f) != 3 {
		return pr, errors.New("want an engine, its wins and the other's as W-L, and the other engine, like \"im-fet20 104-96 im-fet30\"")
	}
	w, l, ok := strings.Cut(f[1], "-")
	var err1, err2 error
	pr.Wins[0], err1 = strconv.Atoi(w)
	pr.Wins[1], err2 = strconv.Atoi(l)
	if !ok || err1 != nil || err2 != nil || pr.Wins[0] < 0 || pr.Wins[1] < 0 || strings.ContainsAny(f[1], "+ ") {
		return pr, fmt.Errorf("%q is not two whole numbers W-L", f[1])
	}
	if pr.Wins[1] > pr.Wins[0] {
		return pr, fmt.Errorf("the engine that advanced comes first, with its wins: %s %d-%d %s", f[2], pr.Wins[1], pr.Wins[0], f[0])
	}
	pr.Names = [2]string{f[0], f[2]}
	for _, n := range pr.Names {
		if !slices.Contains(engines, n) {
			return pr, fmt.Errorf("%s is not an engine of elimination (%s)", n, strings.Join(engines, ", "))
		}
	}
	if pr.Names[0] == pr.Names[1] {
		return pr, errors.New("an engine is paired with itself")
	}
	return pr, nil
}

// number reads a TOML number, integer or float.
func number(x any) (float64, bool) {
	switch n := x.(type) {
	case float64:
		return n, true
	case int64:
		return float64(n), true
	}
	return 0, false
}
