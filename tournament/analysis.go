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
	var m games.Move
	var states int64
	if p.Playout {
		pa, can := e.(engines.PlayoutAnalyser)
		if !can {
			return Record{}, false, fmt.Errorf("preset %s: playout = true needs an nmcs engine, not %s", p.Name, e.Spec())
		}
		m, states, err = pa.AnalysePlayout(ctx, s, seed)
	} else {
		var res engines.Result
		res, err = e.Search(ctx, engines.NewRequest(s, engines.Budget{}, seed))
		m, states = res.Move, res.Stats.States
	}
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
		var sum, sumSq float64
		for _, r := range recs {
			if r.Kind != AnalysisKind || r.Preset != p.Name || r.Names[0] != name || r.Error != "" || len(r.Moves) == 0 {
				continue
			}
			a.Runs++
			a.Scaled = a.Scaled || r.Scaled
			if r.Moves[0].Move == p.Move {
				a.Chosen++
			}
			x := float64(r.Moves[0].States)
			sum += x
			sumSq += x * x
		}
		if a.Runs > 0 {
			n := float64(a.Runs)
			a.Low, a.High = Wilson(float64(a.Chosen), n)
			a.MeanStates = sum / n
			if a.Runs > 1 {
				a.CI95 = 1.96 * math.Sqrt(math.Max((sumSq-sum*sum/n)/(n-1), 0)/n)
			}
		}
		out = append(out, a)
	}
	return out
}
