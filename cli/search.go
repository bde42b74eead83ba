package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"mcarena/config"
	"mcarena/engines"
	"mcarena/games"
)

// SearchColumn is a declared per-move column in 'mcarena search --json'.
type SearchColumn struct {
	Key    string   `json:"key"`
	Title  string   `json:"title"`
	Kind   string   `json:"kind"`
	View   string   `json:"view,omitempty"`
	Labels []string `json:"labels,omitempty"`
	// Mate, for a score column, is the score of a win at once (see
	// engines.Column): scores beyond half of it are forced results.
	Mate float64 `json:"mate,omitempty"`
	Doc  string  `json:"doc,omitempty"`
}

// SearchMove is one root move's row: its numbers by column key (a column
// where the move has no number is left out) and its proof.
type SearchMove struct {
	Move   string             `json:"move"`
	Proven string             `json:"proven,omitempty"`
	Cells  map[string]float64 `json:"cells"`
}

// SearchReport is the result of 'mcarena search': the move, the counters,
// and the statistics the engine declares, with whose view each value is
// from ("mover": the player to move, "first": the first player).
type SearchReport struct {
	Game     string `json:"game"`
	Position string `json:"position"`
	ToMove   string `json:"to_move"`
	Engine   string `json:"engine"`
	// Name is the configuration's name of the engine when one was given
	// (hav-base), Engine its spec.
	Name       string         `json:"name,omitempty"`
	Seed       uint64         `json:"seed"`
	Move       string         `json:"move"`
	Iterations int64          `json:"iterations"`
	States     int64          `json:"states"`
	Seconds    float64        `json:"seconds"`
	PV         []string       `json:"pv"`
	Columns    []SearchColumn `json:"columns"`
	// Budget is the limits the search ran under.
	Budget ReportBudget `json:"budget"`
	// Rank is the key of the column that ranks the moves, highest first,
	// the order of Moves (ties in the engine's order); empty where the
	// engine's order is the one to read.
	Rank    string         `json:"rank,omitempty"`
	Moves   []SearchMove   `json:"moves"`
	Figures []SearchFigure `json:"figures"`
}

// SearchFigure is a search-wide number the engine declares.
type SearchFigure struct {
	Key   string  `json:"key"`
	Title string  `json:"title"`
	Kind  string  `json:"kind"`
	Value float64 `json:"value"`
}

var (
	kindNames = map[engines.Kind]string{engines.Count: "count", engines.Value: "value", engines.Score: "score", engines.Label: "label", engines.Measure: "measure"}
	viewNames = map[engines.View]string{engines.MoverView: "mover", engines.FirstView: "first"}
)

func runSearch(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("search", flag.ContinueOnError)
	position := fs.String("position", "", "the position the game started from (default: the start)")
	moves := fs.String("moves", "", "moves played from that position, separated by spaces: the search sees them as the game's history")
	engineSpec := fs.String("engine", "", "engine: a name from the configuration or a spec, e.g. uct:c=0.5")
	configPath := fs.String("config", "", "configuration file (default: config.toml if present)")
	seed := fs.Uint64("seed", 1, "seed of the search")
	asJSON := fs.Bool("json", false, "print JSON")
	states := fs.Int64("states", 0, "budget: states visited")
	iterations := fs.Int64("iterations", 0, "budget: iterations")
	perMove := fs.Duration("time", 0, "budget: wall time")
	clock := fs.String("clock", "", "the mover's clock, LEFT or LEFT+INC (like 5m+2s): the engine takes its time from it by mcarena's time-management rule")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one GAME, got %d arguments (usage: mcarena %s)", len(pos), searchUsage)
	}
	if *engineSpec == "" {
		return usagef("--engine is required: a family (%s) with its options, or a named engine of the configuration (mcarena engines lists them)", strings.Join(engines.Names(), ", "))
	}
	budget, err := flagBudget(fs, *perMove, *iterations, *states)
	if err != nil {
		return err
	}
	if *clock != "" {
		tc, err := engines.ParseTimeControl(*clock)
		if err != nil {
			return usagef("--clock %q: want %s", *clock, engines.TimeControlForms)
		}
		budget.Clocks = tc.Start()
	}
	g, start, s, history, err := readPosition(pos[0], *position, *moves)
	if err != nil {
		return err
	}
	eng, err := engineFor(*configPath, *engineSpec, g)
	if err != nil {
		return err
	}
	req := engines.Request{Position: s, Start: start, History: history, Budget: budget, Seed: *seed}
	res, err := eng.Search(context.Background(), req)
	if err != nil {
		return err
	}
	rep := searchReport(g, s, eng.Spec(), *seed, res)
	rep.Budget = reportBudget(budget)
	rep.Budget.Clock = *clock
	// A name of the configuration, with options after it or not
	// (hav-base:nodes=6000000), is not a family's.
	if head, _, _ := strings.Cut(*engineSpec, ":"); !slices.Contains(engines.Names(), strings.TrimSpace(head)) && *engineSpec != rep.Engine {
		rep.Name = *engineSpec
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	return writeSearch(stdout, rep)
}

// searchReport turns a result into the report, cells by column key.
func searchReport(g games.Game, s games.State, spec string, seed uint64, res engines.Result) SearchReport {
	st := res.Stats
	rep := SearchReport{Game: g.Spec(), Position: s.String(), ToMove: g.PlayerNames()[s.ToMove()], Engine: spec, Seed: seed,
		Move: s.MoveString(res.Move), Iterations: st.Iterations, States: st.States, Seconds: st.Elapsed.Seconds(),
		PV: []string{}, Columns: []SearchColumn{}, Moves: []SearchMove{}, Figures: []SearchFigure{}}
	if st.Rank >= 0 && st.Rank < len(st.Columns) {
		rep.Rank = st.Columns[st.Rank].Key
	}
	c := s.Clone()
	for _, m := range st.PV {
		if !isLegal(c, m) {
			break
		}
		rep.PV = append(rep.PV, c.MoveString(m))
		c.Play(m)
	}
	for _, col := range st.Columns {
		rep.Columns = append(rep.Columns, SearchColumn{Key: col.Key, Title: col.Title, Kind: kindNames[col.Kind],
			View: viewNames[col.View], Labels: col.Labels, Mate: col.Mate, Doc: col.Doc})
	}
	for _, ms := range st.Moves {
		row := SearchMove{Move: s.MoveString(ms.Move), Proven: ms.Proven.String(), Cells: map[string]float64{}}
		for i, col := range st.Columns {
			if i < len(ms.Cells) && !math.IsNaN(ms.Cells[i]) {
				row.Cells[col.Key] = ms.Cells[i]
			}
		}
		rep.Moves = append(rep.Moves, row)
	}
	if rep.Rank != "" {
		rank := func(m SearchMove) float64 {
			if v, ok := m.Cells[rep.Rank]; ok {
				return v
			}
			return math.Inf(-1)
		}
		sort.SliceStable(rep.Moves, func(i, j int) bool { return rank(rep.Moves[i]) > rank(rep.Moves[j]) })
	}
	for _, f := range st.Figures {
		if !math.IsNaN(f.Value) {
			rep.Figures = append(rep.Figures, SearchFigure{Key: f.Key, Title: f.Title, Kind: kindNames[f.Kind], Value: f.Value})
		}
	}
	return rep
}

func isLegal(s games.State, m games.Move) bool {
	for _, l := range s.Legal(nil) {
		if l == m {
			return true
		}
	}
	return false
}

// writeSearch prints the report as text: the move and counters, the
// figures, then one row per root move in the declared columns.
func writeSearch(w io.Writer, rep SearchReport) error {
	who := rep.Engine
	if rep.Name != "" {
		who = rep.Name + " (" + rep.Engine + ")"
	}
	fmt.Fprintf(w, "%s plays %s  (iterations %d, states %d, %.2fs)\n", who, rep.Move, rep.Iterations, rep.States, rep.Seconds)
	fmt.Fprintf(w, "PV %s\n", strings.Join(rep.PV, " "))
	var views []string
	for _, c := range rep.Columns {
		switch c.View {
		case "mover":
			views = append(views, c.Key+" for "+rep.ToMove+" (to move)")
		case "first":
			views = append(views, c.Key+" for the first player")
		}
	}
	if len(views) > 0 {
		fmt.Fprintf(w, "values: %s\n", strings.Join(views, ", "))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	header := "move\t"
	for _, c := range rep.Columns {
		header += c.Title + "\t"
	}
	fmt.Fprintln(tw, header+"proven\t")
	for _, m := range rep.Moves {
		row := m.Move + "\t"
		for _, c := range rep.Columns {
			v, ok := m.Cells[c.Key]
			if !ok {
				v = math.NaN()
			}
			row += engines.Column{Kind: kindOf(c.Kind), Labels: c.Labels, Mate: c.Mate}.Format(v) + "\t"
		}
		fmt.Fprintln(tw, row+m.Proven+"\t")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	var figures []string
	for _, f := range rep.Figures {
		figures = append(figures, f.Title+" "+engines.Figure{Kind: kindOf(f.Kind), Value: f.Value}.Format())
	}
	if len(figures) > 0 {
		fmt.Fprintln(w, strings.Join(figures, "  "))
	}
	return nil
}

func kindOf(name string) engines.Kind {
	for k, n := range kindNames {
		if n == name {
			return k
		}
	}
	return engines.Score
}

// readPosition builds the game of spec, the position text (the start if
// empty) and the moves played from it, and refuses a finished game. It
// returns the game, the position the moves start from, the position after
// them and the moves.
func readPosition(spec, position, moves string) (games.Game, games.State, games.State, []games.Move, error) {
	g, err := newGame(spec)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	start := g.NewState()
	if position != "" {
		if start, err = g.ParsePosition(position); err != nil {
			return nil, nil, nil, nil, usageError{err.Error()}
		}
	}
	s := start.Clone()
	var history []games.Move
	for i, text := range strings.Fields(moves) {
		m, err := s.ParseMove(text)
		if err != nil {
			return nil, nil, nil, nil, usagef("--moves: move %d, %q: %v", i+1, text, err)
		}
		s.Play(m)
		history = append(history, m)
	}
	if s.Terminal() {
		return nil, nil, nil, nil, usagef("position %q is over: nothing to choose", s.String())
	}
	return g, start, s, history, nil
}

// engineFor resolves an engine name (of the configuration at cfgPath) or
// spec and checks that it can play g.
func engineFor(cfgPath, nameOrSpec string, g games.Game) (engines.Engine, error) {
	cfg, err := loadConfig(cfgPath)
	if err != nil {
		return nil, err
	}
	eng, err := config.EngineFor(cfg, nameOrSpec, g)
	if err != nil {
		msg := err.Error()
		if cfg == nil && strings.HasPrefix(msg, "unknown engine ") {
			// A named engine is looked for in a configuration, and there
			// is none here.
			msg += fmt.Sprintf(", and no %s here names engines (--config FILE names a configuration)", config.DefaultPath)
		}
		return nil, usageError{msg}
	}
	return eng, nil
}
