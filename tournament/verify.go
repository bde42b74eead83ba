package tournament

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"

	"mcarena/config"
	"mcarena/games"
)

// Checker looks past a record's form (Record.Check) at what it says. It
// replays a game's moves under its game's rules from its start, one after
// another, and checks that they end the game as the record says: the
// result, the score and, for a game a flag fall or a resignation ended,
// that the rules had not ended it first. Given a configuration, it also
// compares every record with what its preset would write now (the run's
// resume check: match, engines and their specs, budget, seats, seed,
// protocol, random start), and replays an analysis' chosen move in the
// preset's position. A rules fix that makes old games illegal, a hand-edited
// record and a file of another configuration all show up here, where a
// report would count them.
//
// A Checker caches the games and plans it builds; it is not safe for
// concurrent use.
type Checker struct {
	cfg   *config.Config
	games map[string]built
	plans map[string]presetPlan
}

type built struct {
	g   games.Game
	err error
}

// presetPlan is what a preset's records are compared with: its plan, or
// why there is none (the preset is not in the configuration, an engine it
// names does not build).
type presetPlan struct {
	p   *config.Preset
	pl  *plan
	err string
}

// NewChecker returns a checker that compares records with the presets of
// cfg, or only replays them when cfg is nil.
func NewChecker(cfg *config.Config) *Checker {
	return &Checker{cfg: cfg, games: map[string]built{}, plans: map[string]presetPlan{}}
}

// Learn lays out, for each preset of the records, what its records are
// compared with. An elimination preset's later rounds depend on the
// results so far, so Learn takes every good record of the file before
// Check is asked about any; without a configuration it does nothing.
func (c *Checker) Learn(recs []Record) {
	if c.cfg == nil {
		return
	}
	byPreset := map[string][]Record{}
	for _, r := range recs {
		byPreset[r.Preset] = append(byPreset[r.Preset], r)
	}
	for name, rs := range byPreset {
		c.plans[name] = c.planFor(name, rs)
	}
}

// planFor lays out preset name's plan for its records rs, as a run of as
// many games as they reach would check them.
func (c *Checker) planFor(name string, rs []Record) presetPlan {
	p, ok := c.cfg.Preset(name)
	if !ok {
		return presetPlan{err: fmt.Sprintf("preset %s is not in %s ('mcarena list --config %s' lists its presets)", name, c.cfg.Path, c.cfg.Path)}
	}
	rp, err := NewPlan(c.cfg, p)
	if err != nil {
		return presetPlan{p: p, err: err.Error()}
	}
	count := p.Count
	for _, r := range rs {
		if r.Kind != SimulationsKind {
			count = max(count, r.Index+1)
		}
	}
	if p.Elimination == nil {
		return presetPlan{p: p, pl: newPlan(rp, count, false, 0)}
	}
	ms := NewBracket(p, rs, count).Matches()
	pl := bracketPlan(rp, append(ms, shorterPairings(p, rs, count, ms)...), count, false, 0)
	pl.missing = "not a pairing of the bracket that the preset and this file's earlier rounds make (its engines, their order or an earlier round's result differ)"
	return presetPlan{p: p, pl: pl}
}

// Check returns what is wrong with record r, "" when nothing is.
func (c *Checker) Check(r *Record) string {
	if c.cfg != nil {
		pp, ok := c.plans[r.Preset]
		if !ok {
			pp = c.planFor(r.Preset, []Record{*r})
			c.plans[r.Preset] = pp
		}
		if pp.err != "" {
			return pp.err
		}
		// The number of playouts a batch holds depends on the run's
		// --games and --scale, not on the experiment: not compared.
		if what := pp.pl.differs(r, false); what != "" {
			return fmt.Sprintf("not what preset %s of %s writes: %s", r.Preset, c.cfg.Path, what)
		}
	}
	b, ok := c.games[r.Game]
	if !ok {
		b.g, b.err = games.New(r.Game)
		c.games[r.Game] = b
	}
	if b.err != nil {
		return fmt.Sprintf("game %q: %v", r.Game, b.err)
	}
	switch r.Kind {
	case GameKind:
		if err := replayGame(b.g, r); err != nil {
			return err.Error()
		}
	case SimulationsKind:
		if _, err := b.g.ParsePosition(r.Start); err != nil {
			return fmt.Sprintf("position %q: %v", r.Start, err)
		}
	case AnalysisKind:
		if c.cfg == nil || len(r.Moves) == 0 {
			return "" // the position searched is the preset's
		}
		p := c.plans[r.Preset].p
		s, err := b.g.ParsePosition(p.Position)
		if err != nil {
			return fmt.Sprintf("preset %s's position %q: %v", p.Name, p.Position, err)
		}
		if _, err := s.ParseMove(r.Moves[0].Move); err != nil {
			return fmt.Sprintf("the chosen move %s is not legal in preset %s's position: %v", r.Moves[0].Move, p.Name, err)
		}
	}
	return ""
}

// replayGame plays game record r's moves in g from its start and checks
// that they end the game as r says.
func replayGame(g games.Game, r *Record) error {
	s := g.NewState()
	if r.Start != "" {
		var err error
		if s, err = g.ParsePosition(r.Start); err != nil {
			return fmt.Errorf("start %q: %v", r.Start, err)
		}
	}
	names := g.PlayerNames()
	for i, m := range r.Moves {
		ply := i + 1
		if s.Terminal() {
			return fmt.Errorf("ply %d: %s played after the game ended at ply %d (%s, %s)", ply, m.Move, i, s.Outcome(), games.EndReason(s))
		}
		mv, err := s.ParseMove(m.Move)
		if err != nil {
			return fmt.Errorf("ply %d: %s to move: %s: %v", ply, names[s.ToMove()], m.Move, err)
		}
		s.Play(mv)
	}
	plies := len(r.Moves)
	switch {
	case r.Error != "":
		// An engine's error stopped the game wherever it was: the moves
		// before it are all there is to check.
		return nil
	case r.Reason == "" && !s.Terminal():
		return fmt.Errorf("the moves stop at ply %d in a game still in progress (%s to move), but the record gives %s and no reason the rules did not end it", plies, names[s.ToMove()], r.Result)
	case r.Reason == "" && s.Outcome().String() != r.Result:
		return fmt.Errorf("result %s, but the moves end the game %s at ply %d (%s)", r.Result, s.Outcome(), plies, games.EndReason(s))
	case r.Reason == "" && s.Score() != r.Score:
		return fmt.Errorf("score %d, but the moves end the game at ply %d with a score of %d", r.Score, plies, s.Score())
	case r.Reason == "":
		return nil
	case s.Terminal():
		return fmt.Errorf("%s, but the moves already end the game at ply %d (%s, %s)", r.Reason, plies, s.Outcome(), games.EndReason(s))
	}
	loser := s.ToMove()
	want := games.WinFor(loser.Other())
	if r.Reason == TimeForfeitDraw {
		want = games.Draw
		if games.CanWin(s, loser.Other()) {
			return fmt.Errorf("%s at ply %d, but %s could still win there", r.Reason, plies, names[loser.Other()])
		}
	}
	if want.String() != r.Result {
		return fmt.Errorf("%s of %s (to move at ply %d) gives %s, but the record gives %s", r.Reason, names[loser], plies+1, want, r.Result)
	}
	return nil
}

// Verified says what Verify found in a results file.
type Verified struct {
	Repaired
	// Games counts the games replayed, Analyses and Batches the other
	// records checked.
	Games, Analyses, Batches int
}

// Verify reads the results file at path and reports every line that
// 'mcarena repair' with c would set aside (damaged, cut off, repeating or
// replaying a game, or failing c's checks), without changing the file. A
// run may be writing the file meanwhile: its last line may then be cut off
// and is reported as such.
func Verify(path string, c *Checker) (Verified, error) {
	var v Verified
	f, _, err := openRegular(path)
	if err != nil {
		return v, err
	}
	defer f.Close()
	if c.cfg != nil {
		recs, err := goodRecords(f)
		if err != nil {
			return v, fmt.Errorf("%s: %w", path, err)
		}
		c.Learn(recs)
		if _, err := f.Seek(0, 0); err != nil {
			return v, err
		}
	}
	count := func(r *Record) {
		switch r.Kind {
		case GameKind:
			v.Games++
		case AnalysisKind:
			v.Analyses++
		case SimulationsKind:
			v.Batches++
		}
	}
	v.Repaired, err = sortLines(path, f, io.Discard, io.Discard, func(r *Record) string {
		count(r)
		return c.Check(r)
	})
	if err != nil {
		return v, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

// openRegular opens the results file at path for reading, refusing
// anything but a regular file (a link is followed).
func openRegular(path string) (*os.File, os.FileInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = fmt.Errorf("%s is %s, not a regular file: a results file must be one", path, fileKind(fi.Mode()))
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// goodRecords reads the records of the lines of in that parse, passing
// over the others.
func goodRecords(in io.Reader) ([]Record, error) {
	var recs []Record
	lr := &lineReader{r: bufio.NewReaderSize(in, 64<<10)}
	for {
		b, complete, tooLong, err := lr.next()
		if err == io.EOF {
			return recs, nil
		}
		if err != nil {
			return nil, err
		}
		if !complete || tooLong {
			continue
		}
		if rec, err := ParseRecord(bytes.TrimSpace(b)); err == nil {
			rec.Line = lr.line
			recs = append(recs, rec)
		}
	}
}
