package tournament

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"syscall"

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
	// unmatched counts, since the last Learn, the records of each preset
	// that could not be compared with it (presetPlan.err).
	unmatched map[string]int
	// playouts says a batch of playouts is played again from its seed and
	// its counts compared (ReplayPlayouts).
	playouts bool
}

// ReplayPlayouts makes Check play every batch of a simulations preset
// again from its seed, position and policy, and compare its outcomes and
// end reasons with the record's: a batch costs its playouts, so a resumed
// run, which checks every record before it plays, does not ask for it;
// mcarena verify does.
func (c *Checker) ReplayPlayouts() { c.playouts = true }

// Unmatched is a preset whose records a Checker replayed under the rules
// alone, without comparing them with it: the configuration has no such
// preset, or an engine it names does not build.
type Unmatched struct {
	Preset  string
	Records int
	Why     string
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
	return &Checker{cfg: cfg, games: map[string]built{}, plans: map[string]presetPlan{}, unmatched: map[string]int{}}
}

// Unmatched lists the presets whose records Check has replayed under the
// rules alone since the last Learn, by name.
func (c *Checker) Unmatched() []Unmatched {
	var out []Unmatched
	for name, n := range c.unmatched {
		out = append(out, Unmatched{Preset: name, Records: n, Why: c.plans[name].err})
	}
	slices.SortFunc(out, func(a, b Unmatched) int { return strings.Compare(a.Preset, b.Preset) })
	return out
}

// Learn lays out, for each preset of the records, what its records are
// compared with. An elimination preset's later rounds depend on the
// results so far, so Learn takes every good record of a file before Check
// is asked about any of them; it also starts Unmatched's count afresh.
// Without a configuration it only does the latter.
func (c *Checker) Learn(recs []Record) {
	clear(c.unmatched)
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
		return presetPlan{err: fmt.Sprintf("%s has no such preset ('mcarena list --config %s' lists them)", c.cfg.Path, c.cfg.Path)}
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

// Check returns what is wrong with record r, "" when nothing is. A record
// of a preset that cannot be compared (Unmatched) is replayed under the
// rules alone: the configuration's lack is not the record's fault.
func (c *Checker) Check(r *Record) (what string) {
	defer func() {
		if p := recover(); p != nil {
			what = fmt.Sprintf("replaying the record panicked: %v", p)
		}
	}()
	var pp presetPlan
	if c.cfg != nil {
		var ok bool
		if pp, ok = c.plans[r.Preset]; !ok {
			pp = c.planFor(r.Preset, []Record{*r})
			c.plans[r.Preset] = pp
		}
		switch {
		case pp.err != "":
			c.unmatched[r.Preset]++
		default:
			// The number of playouts a batch holds depends on the run's
			// --games and --scale, not on the experiment: not compared.
			if what := pp.pl.differs(r, false); what != "" {
				return fmt.Sprintf("not what preset %s of %s writes: %s", r.Preset, c.cfg.Path, what)
			}
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
		start, err := b.g.ParsePosition(r.Start)
		if err != nil {
			return fmt.Sprintf("position %q: %v", r.Start, err)
		}
		if c.playouts {
			return replayBatch(start, r)
		}
	case AnalysisKind:
		p := pp.p
		if pp.pl == nil || len(r.Moves) == 0 {
			return "" // the position searched is the preset's
		}
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

// replayBatch plays batch record r's playouts again from start with its
// policy and seed, and says how the counts differ from the record's, ""
// when they agree.
func replayBatch(start games.State, r *Record) string {
	counts, err := Simulate(context.Background(), start, r.Names[0], r.Playouts, r.Seed)
	if err != nil {
		return fmt.Sprintf("policy %q: %v", r.Names[0], err)
	}
	if !slices.Equal(counts.Outcomes[:], r.Outcomes) {
		return fmt.Sprintf("its %d playouts, played again from seed %d, give outcomes %v, not the record's %v (the record was changed, or this build plays the policy otherwise)", r.Playouts, r.Seed, counts.Outcomes, r.Outcomes)
	}
	if r.Ends != nil && !maps.Equal(counts.Ends, r.Ends) {
		return fmt.Sprintf("its %d playouts, played again from seed %d, end %v, not as the record's %v (the record was changed, or this build plays the policy otherwise)", r.Playouts, r.Seed, counts.Ends, r.Ends)
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
			why := err.Error()
			if !strings.Contains(why, m.Move) { // the games' reasons name the move; else it is named here
				why = m.Move + ": " + why
			}
			return fmt.Errorf("ply %d: %s to move: %s", ply, names[s.ToMove()], why)
		}
		if r.Error != "" && ply == len(r.Moves) && panics(s, mv) {
			// A game records a move before playing it (PlaySeats), so
			// the error that stopped it may be this very panic.
			return nil
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
	switch canWin := games.CanWin(s, loser.Other()); {
	case r.Reason == TimeForfeitDraw && canWin:
		return fmt.Errorf("%s at ply %d, but %s could still win there", r.Reason, plies+1, names[loser.Other()])
	case r.Reason == TimeForfeitDraw:
		want = games.Draw
	case r.Reason == TimeForfeit && !canWin:
		return fmt.Errorf("%s of %s at ply %d, but %s could not win there by any moves: the flag fall is a draw (%s)", r.Reason, names[loser], plies+1, names[loser.Other()], TimeForfeitDraw)
	}
	switch {
	case want.String() != r.Result:
		return fmt.Errorf("%s of %s (to move at ply %d) gives %s, but the record gives %s", r.Reason, names[loser], plies+1, want, r.Result)
	case r.Score != int(want):
		return fmt.Errorf("score %d, but %s gives %d", r.Score, r.Reason, int(want))
	}
	return nil
}

// panics plays m on a copy of s and says whether that panicked.
func panics(s games.State, m games.Move) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	s.Clone().Play(m)
	return false
}

// Verified says what Verify found in a results file.
type Verified struct {
	// Repaired.Moved lists the lines found wrong (a cut-off last line
	// aside: CutOff).
	Repaired
	// Games counts the games replayed, Analyses and Batches the other
	// records checked.
	Games, Analyses, Batches int
	// Unmatched lists the presets whose records were replayed under the
	// rules alone (Checker.Unmatched).
	Unmatched []Unmatched
	// Unread is the number of bytes written to the file after Verify
	// opened it (a run appending), left for another look.
	Unread int64
}

// Checked says what v checked, by kind of record: "8 games, 2 searches",
// "1 batch of playouts"; "" for none.
func (v *Verified) Checked() string {
	var kinds []string
	for _, k := range []struct {
		n         int
		one, many string
	}{{v.Games, "game", "games"}, {v.Analyses, "search", "searches"}, {v.Batches, "batch of playouts", "batches of playouts"}} {
		switch {
		case k.n == 1:
			kinds = append(kinds, "1 "+k.one)
		case k.n > 1:
			kinds = append(kinds, fmt.Sprintf("%d %s", k.n, k.many))
		}
	}
	return strings.Join(kinds, ", ")
}

// Verify reads the results file at path and reports every line that
// 'mcarena repair' with c would set aside (damaged, repeating or
// replaying a game, or failing c's checks), without changing the file. A
// run may be writing the file meanwhile: Verify reads the bytes the file
// held when it was opened (the rest is Unread), and a last line cut off
// (the run's write in progress, or a crash that a run repairs) is set
// apart in CutOff, not counted among the wrong lines. A file none of whose
// lines begins as a record does while some hold text is no results file:
// Verify refuses it, as Repair does.
func Verify(path string, c *Checker) (Verified, error) {
	var v Verified
	f, fi, err := openRegular(path)
	if err != nil {
		return v, err
	}
	defer f.Close()
	held := func() io.Reader { return io.NewSectionReader(f, 0, fi.Size()) }
	if err := c.learnFile(held()); err != nil {
		return v, fmt.Errorf("%s: %w", path, err)
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
	var kinds lineKinds
	v.Repaired, kinds, err = sortLines(path, held(), io.Discard, io.Discard, func(r *Record) string {
		count(r)
		return c.Check(r)
	})
	if err != nil {
		return v, fmt.Errorf("%s: %w", path, err)
	}
	if kinds.foreignFile() {
		v.Moved = nil
		return v, fmt.Errorf("%s: %w", path, errNoResults)
	}
	if v.CutOff != 0 {
		v.Moved = slices.DeleteFunc(v.Moved, func(m ReadProblem) bool { return m.Line == v.CutOff })
	}
	v.Unmatched = c.Unmatched()
	if now, err := f.Stat(); err == nil {
		v.Unread = max(now.Size()-fi.Size(), 0)
	}
	return v, nil
}

// openRegular opens the results file at path for reading, refusing
// anything but a regular file (a link is followed). It opens without
// blocking, as opening a named pipe would wait for a writer, and then asks
// the open file what it is.
func openRegular(path string) (*os.File, os.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
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

// learnFile is Learn of the good records in, a results file's contents; it
// reads in only where a configuration needs them.
func (c *Checker) learnFile(in io.Reader) error {
	var recs []Record
	if c.cfg != nil {
		var err error
		if recs, err = goodRecords(in); err != nil {
			return err
		}
	}
	c.Learn(recs)
	return nil
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
