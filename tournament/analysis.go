package tournament

import (
	"context"
	"fmt"
	"math"
	"time"

	"mcarena/config"
	"mcarena/engines"
	"mcarena/games"
)

// RecordKind says what a record holds.
type RecordKind string

// The kinds of records: a game of a match preset (the empty kind, as files
// from before analyses had), or a search of an analysis preset.
const (
	GameKind     RecordKind = ""
	AnalysisKind RecordKind = RecordKind(config.Analysis)
)

// analysisTask is one search of an analysis preset: engine name's run i,
// seeded with the preset's seed plus i, as mcarena analyse does.
func analysisTask(p *config.Preset, name string, i int, scaled bool) task {
	seed := p.Seed + uint64(i)
	return task{key: "analysis|" + name, index: i,
		do: func(ctx context.Context, w *worker) (Record, bool, error) {
			return analyse(ctx, p, name, i, seed, w, scaled)
		}}
}

// analyse runs one search of an analysis preset and records its move and
// the states it visited.
func analyse(ctx context.Context, p *config.Preset, name string, run int, seed uint64, w *worker, scaled bool) (rec Record, ok bool, err error) {
	g, err := w.game(p.Game)
	if err != nil {
		return Record{}, false, err
	}
	s, err := g.ParsePosition(p.Position)
	if err != nil {
		return Record{}, false, err
	}
	e, err := w.engine(name)
	if err != nil {
		return Record{}, false, err
	}
	rec = Record{Kind: AnalysisKind, Preset: p.Name, Match: "analysis|" + name, Index: run, Game: p.Game,
		Names: [2]string{name, ""}, Specs: [2]string{e.Spec(), ""}, Seed: seed, Winner: -1, Scaled: scaled}
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
	m, states, err := AnalyseRun(ctx, e, s, engines.Budget{}, seed, p.Playout)
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

// AnalysisSummary is one engine's share of an analysis preset.
type AnalysisSummary struct {
	Preset, Engine, Move string
	Runs                 int
	Chosen               int     // runs that chose Move
	Low, High            float64 // 95% Wilson interval of Chosen/Runs
	MeanStates, CI95     float64
	PaperFrequency       float64 // percent, -1 if none
	PaperStates          float64 // thousands, -1 if none
	Scaled               bool
}

// SummariseAnalysis summarises the analysis records of preset p, counting
// each run once.
func SummariseAnalysis(p *config.Preset, recs []Record) []AnalysisSummary {
	recs, _ = Unique(recs)
	var out []AnalysisSummary
	for ei, name := range p.Engines {
		a := AnalysisSummary{Preset: p.Name, Engine: name, Move: p.Move, PaperFrequency: -1, PaperStates: -1}
		if p.PaperFrequency != nil {
			a.PaperFrequency = p.PaperFrequency[ei]
		}
		if p.PaperStates != nil {
			a.PaperStates = p.PaperStates[ei]
		}
		var t Tally
		for _, r := range recs {
			if r.Kind != AnalysisKind || r.Preset != p.Name || r.Names[0] != name || r.Error != "" || len(r.Moves) == 0 {
				continue
			}
			a.Scaled = a.Scaled || r.Scaled
			t.Add(r.Moves[0].Move, r.Moves[0].States)
		}
		a.Runs = t.Runs
		a.Chosen, a.Low, a.High = t.Frequency(p.Move)
		a.MeanStates, a.CI95 = t.States()
		out = append(out, a)
	}
	return out
}
