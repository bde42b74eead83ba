package tournament

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"mcarena/config"
	"mcarena/engines"
	"mcarena/games"
)

// RecordKind says what a record holds.
type RecordKind string

// The kinds of records: a game of a match preset (the empty kind, as files
// from before analyses had), a search of an analysis preset, or a batch of
// playouts of a simulations preset.
const (
	GameKind        RecordKind = ""
	AnalysisKind    RecordKind = RecordKind(config.Analysis)
	SimulationsKind RecordKind = RecordKind(config.Simulations)
)

// recordKind returns the kind of the records preset p writes.
func recordKind(p *config.Preset) RecordKind {
	switch p.Kind {
	case config.Analysis:
		return AnalysisKind
	case config.Simulations:
		return SimulationsKind
	}
	return GameKind
}

// AnalysisKey is the match key of engine name's searches in an analysis
// preset: "analysis|NAME" when the preset gives no budgets (as every
// analysis did before they took budgets), "analysis|NAME|BUDGET" under
// each of its budgets.
func AnalysisKey(p *config.Preset, name string, budget int) string {
	if p.Budgets == nil {
		return "analysis|" + name
	}
	return "analysis|" + name + "|" + p.Budgets[budget].Text
}

// analysisUnit is one engine under one budget of an analysis preset.
type analysisUnit struct {
	engine string
	budget int // index in the preset's Budgets; 0 when it has none
}

// analysisUnits lists the engines of an analysis preset under each of its
// budgets, engine by engine.
func analysisUnits(p *config.Preset) []analysisUnit {
	var out []analysisUnit
	for _, name := range p.Engines {
		for b := range max(len(p.Budgets), 1) {
			out = append(out, analysisUnit{name, b})
		}
	}
	return out
}

// budgetText returns the text of budget b of an analysis preset, "" (the
// engine's default) when it gives none.
func budgetText(p *config.Preset, b int) string {
	if p.Budgets == nil {
		return ""
	}
	return p.Budgets[b].Text
}

// analysisTask is one search of an analysis preset: unit u's run i, seeded
// with the preset's seed plus i, as mcarena analyse does, under the unit's
// budget scaled by scale.
func analysisTask(p *config.Preset, u analysisUnit, i int, scaled bool, scale float64) task {
	seed := p.Seed + uint64(i)
	return task{key: AnalysisKey(p, u.engine, u.budget), index: i,
		do: func(ctx context.Context, w *worker) (Record, bool, error) {
			return analyse(ctx, p, u, i, seed, w, scaled, scale)
		}}
}

// analyse runs one search of an analysis preset and records its move and
// the states it visited.
func analyse(ctx context.Context, p *config.Preset, u analysisUnit, run int, seed uint64, w *worker, scaled bool, scale float64) (rec Record, ok bool, err error) {
	g, err := w.game(p.Game)
	if err != nil {
		return Record{}, false, err
	}
	s, err := g.ParsePosition(p.Position)
	if err != nil {
		return Record{}, false, err
	}
	name := u.engine
	e, err := w.engine(name)
	if err != nil {
		return Record{}, false, err
	}
	var budget engines.Budget
	if p.Budgets != nil {
		budget = scaleBudget(p.Budgets[u.budget].For(p.Game), scale)
	}
	rec = Record{Kind: AnalysisKind, Preset: p.Name, Match: AnalysisKey(p, name, u.budget), Index: run, Game: p.Game, Budget: budgetText(p, u.budget),
		Names: [2]string{name, ""}, Specs: [2]string{e.Spec(), ""}, Seed: seed, Winner: -1, Scaled: scaled, BudgetScale: budgetScale(p, scale)}
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			rec.Error = fmt.Sprintf("engine panic: %v", r)
			ok, err = ctx.Err() == nil, nil
		}
		rec.Seconds = time.Since(start).Seconds()
	}()
	if _, can := e.(engines.PlayoutAnalyser); p.Playout && !can {
		return Record{}, false, fmt.Errorf("preset %s: playout = true needs an nmcs engine, not %s", p.Name, e.Spec())
	}
	m, states, err := AnalyseRun(ctx, e, s, budget, seed, p.Playout)
	if ctx.Err() != nil {
		return Record{}, false, nil
	}
	if err != nil {
		rec.Error = err.Error()
		return rec, true, nil
	}
	rec.Moves = []MoveSummary{{Move: s.MoveString(m), States: states}}
	return rec, true, nil
}

// budgetScale returns the budget scale a record of preset p holds for a
// run that scales by scale: the scale where the preset's budgets are
// scaled, 0 for an analysis preset without budgets, whose searches run at
// their engines' defaults whatever the scale (as its records always said).
func budgetScale(p *config.Preset, scale float64) float64 {
	if p.Kind == config.Analysis && p.Budgets == nil {
		return 0
	}
	return scale
}

// AnalyseRun is one run of an analysis, for analysis presets and mcarena
// analyse alike: a fresh search of e from s with seed under budget or,
// with playout, the whole NMCS playout whose first step is the search
// (e must then be a PlayoutAnalyser); it returns the move chosen and the
// states visited.
func AnalyseRun(ctx context.Context, e engines.Engine, s games.State, budget engines.Budget, seed uint64, playout bool) (games.Move, int64, error) {
	if playout {
		pa, ok := e.(engines.PlayoutAnalyser)
		if !ok {
			return games.NoMove, 0, fmt.Errorf("%s cannot play a whole playout: it needs an nmcs engine", e.Spec())
		}
		return pa.AnalysePlayout(ctx, s, seed)
	}
	res, err := e.Search(ctx, engines.NewRequest(s, budget, seed))
	return res.Move, res.Stats.States, err
}

// Tally sums the runs of an analysis: how often each move was chosen and
// the states visited, for frequencies with Wilson intervals and the mean
// states with its interval.
type Tally struct {
	Runs       int
	Counts     map[string]int // by move in notation
	sum, sumSq float64
}

// Add counts one run that chose move and visited states.
func (t *Tally) Add(move string, states int64) {
	if t.Counts == nil {
		t.Counts = map[string]int{}
	}
	t.Runs++
	t.Counts[move]++
	x := float64(states)
	t.sum += x
	t.sumSq += x * x
}

// Frequency returns how often move was chosen and the 95% Wilson interval
// of its frequency.
func (t *Tally) Frequency(move string) (count int, lo, hi float64) {
	count = t.Counts[move]
	if t.Runs == 0 {
		return 0, 0, 0
	}
	lo, hi = Wilson(float64(count), float64(t.Runs))
	return count, lo, hi
}

// States returns the mean states visited and the half-width of its 95%
// interval (0 for fewer than two runs).
func (t *Tally) States() (mean, ci95 float64) {
	if t.Runs == 0 {
		return 0, 0
	}
	n := float64(t.Runs)
	mean = t.sum / n
	if t.Runs > 1 {
		ci95 = 1.96 * math.Sqrt(math.Max((t.sumSq-t.sum*t.sum/n)/(n-1), 0)/n)
	}
	return mean, ci95
}

// AnalysisSummary is one engine's share of an analysis preset under one
// budget.
type AnalysisSummary struct {
	Preset, Engine, Move string
	// Budget is the budget's text as the preset writes it, "" for the
	// engine's default, followed by " xF" for a run that scaled it by F
	// (ScaledBudget).
	Budget string
	// BudgetScale is the factor the runs scaled the budget by, 0 for
	// none (Record.BudgetScale).
	BudgetScale      float64
	Runs             int
	Chosen           int     // runs that chose Move
	Low, High        float64 // 95% Wilson interval of Chosen/Runs
	MeanStates, CI95 float64
	PaperFrequency   float64 // percent, -1 if none
	PaperStates      float64 // thousands, -1 if none
	// Scaled says the row's budget was scaled by a factor, or its runs
	// came only from runs of fewer than the preset asks for (--games): a
	// first look that a whole run went on from is no longer scaled down.
	Scaled bool
	// Listed says the budget is one of the preset's: false for a row of
	// records from a budget the preset no longer gives.
	Listed bool
	// Others are the other moves the runs chose, most chosen first.
	Others []MoveCount
}

// MoveCount is a move in notation and how many runs chose it.
type MoveCount struct {
	Move string
	Runs int
}

// Others returns the moves other than move that the runs chose, most
// chosen first, ties in the order of their notation; Others("") returns
// every move chosen.
func (t *Tally) Others(move string) []MoveCount {
	var out []MoveCount
	for m, n := range t.Counts {
		if m != move {
			out = append(out, MoveCount{m, n})
		}
	}
	slices.SortFunc(out, func(a, b MoveCount) int {
		if a.Runs != b.Runs {
			return b.Runs - a.Runs
		}
		return strings.Compare(a.Move, b.Move)
	})
	return out
}

// SummariseAnalysis summarises the analysis records of preset p, counting
// each run once: a row per engine and budget of the preset, in its order
// (the rows of each budget scale the records hold, unscaled first, each
// scale's rows together), then a row per engine and budget the records
// hold that the preset no longer gives (a file from before the preset took
// budgets, say).
func SummariseAnalysis(p *config.Preset, recs []Record) []AnalysisSummary {
	recs, _ = Unique(recs)
	type key struct {
		engine, budget string
		scale          float64
	}
	use := func(r *Record) bool {
		return r.Kind == AnalysisKind && r.Preset == p.Name && r.Error == "" && len(r.Moves) > 0 && slices.Contains(p.Engines, r.Names[0])
	}
	var scales []float64
	for i := range recs {
		if r := &recs[i]; use(r) && !slices.Contains(scales, r.BudgetScale) {
			scales = append(scales, r.BudgetScale)
		}
	}
	if len(scales) == 0 {
		scales = []float64{0}
	}
	slices.Sort(scales) // 0, no scale, first
	var keys []key
	for _, f := range scales {
		for _, u := range analysisUnits(p) {
			keys = append(keys, key{u.engine, budgetText(p, u.budget), f})
		}
	}
	listed := len(keys)
	tallies := map[key]*Tally{}
	scaled := map[key]bool{}
	plain := map[key]bool{} // a run not scaled down searched the row
	for i := range recs {
		r := &recs[i]
		if !use(r) {
			continue
		}
		k := key{r.Names[0], r.Budget, r.BudgetScale} // a scaled run's rows are its own
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
		if tallies[k] == nil {
			tallies[k] = &Tally{}
		}
		scaled[k] = scaled[k] || r.Scaled
		plain[k] = plain[k] || !r.Scaled
		tallies[k].Add(r.Moves[0].Move, r.Moves[0].States)
	}
	var out []AnalysisSummary
	for i, k := range keys {
		a := AnalysisSummary{Preset: p.Name, Engine: k.engine, Budget: ScaledBudget(k.budget, k.scale), BudgetScale: k.scale, Move: p.Move,
			PaperFrequency: -1, PaperStates: -1, Scaled: k.scale != 0 || (scaled[k] && !plain[k]), Listed: i < listed}
		ei := slices.Index(p.Engines, k.engine)
		if p.PaperFrequency != nil {
			a.PaperFrequency = p.PaperFrequency[ei]
		}
		if p.PaperStates != nil {
			a.PaperStates = p.PaperStates[ei]
		}
		t := tallies[k]
		if t == nil {
			t = &Tally{}
		}
		a.Runs = t.Runs
		a.Chosen, a.Low, a.High = t.Frequency(p.Move)
		a.Others = t.Others(p.Move)
		a.MeanStates, a.CI95 = t.States()
		out = append(out, a)
	}
	return out
}

// FirstMajority returns, for engine under budgets scaled by scale (0 for
// none), the first budget in the order of sums whose runs chose the preset's move more than half the time, the
// counted form of the time a search needs to find the move; ok is false
// when no budget did.
func FirstMajority(sums []AnalysisSummary, engine string, scale float64) (budget string, ok bool) {
	for _, a := range sums {
		if a.Engine == engine && a.BudgetScale == scale && a.Runs > 0 && 2*a.Chosen > a.Runs {
			return a.Budget, true
		}
	}
	return "", false
}

// SteadyMajority returns the first of the preset's budgets (in its order)
// from which engine's runs under budgets scaled by scale chose the move more than half the time at that
// budget and at every later one; ok is false when the last budget's did
// not, or a budget has no runs yet. Rows of budgets the preset no longer
// gives are left out. Where a small budget's few runs land above one half
// by chance, FirstMajority names it and SteadyMajority does not.
func SteadyMajority(sums []AnalysisSummary, engine string, scale float64) (budget string, ok bool) {
	for _, a := range sums {
		if a.Engine != engine || a.BudgetScale != scale || !a.Listed {
			continue
		}
		switch {
		case a.Runs == 0 || 2*a.Chosen <= a.Runs:
			budget, ok = "", false
		case !ok:
			budget, ok = a.Budget, true
		}
	}
	return budget, ok
}
