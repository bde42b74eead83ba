package tournament

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"mcarena/config"
	"mcarena/engines"
	"mcarena/games"
	"mcarena/internal/durable"
)

// Options tune a run.
type Options struct {
	// Count is the number of games per match; 0 means the preset's.
	Count int
	// Workers is the number of games played at once; 0 means one per core.
	Workers int
	// Shard and Shards select a share of the games (Shard of Shards, from
	// 0); Shards 0 or 1 means all.
	Shard, Shards int
	// Scale multiplies every per-move budget (time and counts) for a quick
	// look; 0 or 1 means none. A results file holds one scale only.
	Scale float64
	// Restart moves an existing results file aside (to a dated
	// PATH.old-... file) and starts the preset over.
	Restart bool
	// Budgets, when given, limits the run to the matches (or an analysis
	// preset's searches) under these of the preset's budgets, named by
	// their text: a first look at a preset's cheap cells. Games keep the
	// numbers and seeds they have in the whole preset, so a later run of
	// every budget on the same file plays only what is left.
	Budgets []string
	// Pairs, when given, limits the run likewise to the matches of these
	// of the preset's pairs, each named by its two engines as the preset
	// lists them ("A,B"): the cells a change touched, played again on a
	// file of their own, or a first look at some rows. Games keep their
	// numbers and seeds, so a later run of every pair plays the rest.
	Pairs []string
	// From, when above 0, leaves the games numbered below it (from 0) of
	// every match to another file: the run plays games From to Count-1,
	// with the numbers and seeds they have in the whole preset, so that
	// a table whose first games were played elsewhere is extended by
	// games none of it holds (the two files' tables add up).
	From int
}

// FileName is the name of the results file a run of the preset under these
// options writes when it is given none, the same from the command line and
// the terminal UI: PRESET.jsonl, with .scale-F before the extension under a
// scale other than 1 and .shard-i-of-n for a share of the games.
func (o Options) FileName(preset string) string {
	name := preset
	if o.Scale != 0 && o.Scale != 1 {
		name += fmt.Sprintf(".scale-%g", o.Scale)
	}
	if o.Shards > 1 {
		name += fmt.Sprintf(".shard-%d-of-%d", o.Shard, o.Shards)
	}
	return name + ".jsonl"
}

// ShardOfName reads the share FileName names in a results file's path
// (results/table4.shard-3-of-10.jsonl): the path without it
// (results/table4.jsonl), the shard and the number of shards; ok is false
// for a path of no shard, or of more shards than a run may have.
func ShardOfName(path string) (whole string, shard, shards int, ok bool) {
	rest, found := strings.CutSuffix(path, ".jsonl")
	if !found {
		return "", 0, 0, false
	}
	i := strings.LastIndex(rest, ".shard-")
	if i < 0 {
		return "", 0, 0, false
	}
	a, b, found := strings.Cut(rest[i+len(".shard-"):], "-of-")
	shard, err1 := strconv.Atoi(a)
	shards, err2 := strconv.Atoi(b)
	if !found || err1 != nil || err2 != nil || shards < 2 || shards > config.MaxCount || shard < 0 || shard >= shards || strconv.Itoa(shard) != a || strconv.Itoa(shards) != b {
		return "", 0, 0, false
	}
	return rest[:i] + ".jsonl", shard, shards, true
}

// MaxWorkers bounds Options.Workers.
const MaxWorkers = 1024

// check refuses options out of range, naming the valid range.
func (o Options) check() error {
	switch {
	case o.Count < 0 || o.Count > config.MaxCount:
		return fmt.Errorf("games per match %d: want 0 (the preset's) or 1..%d", o.Count, config.MaxCount)
	case o.Workers < 0 || o.Workers > MaxWorkers:
		return fmt.Errorf("workers %d: want 0 (one per core) or 1..%d", o.Workers, MaxWorkers)
	case o.Shards < 0 || o.Shards > config.MaxCount || (o.Shards > 1 && (o.Shard < 0 || o.Shard >= o.Shards)):
		return fmt.Errorf("shard %d of %d: want 0 <= shard < shards <= %d", o.Shard, o.Shards, config.MaxCount)
	case !(o.Scale >= 0 && o.Scale <= 1000):
		return fmt.Errorf("budget scale %g: want a factor above 0 and at most 1000 (0 for none)", o.Scale)
	}
	return nil
}

// scaleBudget applies a run's budget scale.
func scaleBudget(b engines.Budget, f float64) engines.Budget {
	if f == 0 || f == 1 {
		return b
	}
	b.Time = time.Duration(float64(b.Time) * f)
	b.Iterations = int64(math.Ceil(float64(b.Iterations) * f))
	b.States = int64(math.Ceil(float64(b.States) * f))
	return b
}

// scaleClock applies a run's budget scale to a time control: its base and
// its increment.
func scaleClock(tc engines.TimeControl, f float64) engines.TimeControl {
	if f == 0 || f == 1 {
		return tc
	}
	return engines.TimeControl{Base: time.Duration(float64(tc.Base) * f), Increment: time.Duration(float64(tc.Increment) * f)}
}

// Progress is reported after every finished game.
type Progress struct {
	Done, Total int // games finished (this run and earlier ones), games in the run
	Resumed     int // games found already finished in the results file
	Errors      int
	Last        Record
	Elapsed     time.Duration
}

// task is one unit of a run: a game of a match preset, a search of an
// analysis preset or a batch of playouts of a simulations preset.
type task struct {
	key   string // match key
	index int
	do    func(ctx context.Context, w *worker) (Record, bool, error)
}

// worker holds what a worker builds once and reuses: engines by name and
// games by spec.
type worker struct {
	specs    map[string]string // engine name to spec, from the plan
	engines  map[string]engines.Engine
	games    map[string]games.Game
	prepared map[string]bool // engine name|game spec, prepared
}

func (w *worker) engine(name string) (engines.Engine, error) {
	if e, ok := w.engines[name]; ok {
		return e, nil
	}
	spec, ok := w.specs[name]
	if !ok {
		return nil, fmt.Errorf("engine %q is not in the plan", name)
	}
	e, err := engines.New(spec)
	if err == nil {
		w.engines[name] = e
	}
	return e, err
}

// prepare has engine name do its one-time work for g (engines.Prepare)
// before its first game of g, outside any clock.
func (w *worker) prepare(name string, e engines.Engine, g games.Game) error {
	key := name + "|" + g.Spec()
	if w.prepared[key] {
		return nil
	}
	if err := engines.Prepare(e, g); err != nil {
		return err
	}
	w.prepared[key] = true
	return nil
}

func (w *worker) game(spec string) (games.Game, error) {
	if g, ok := w.games[spec]; ok {
		return g, nil
	}
	g, err := games.New(spec)
	if err == nil {
		w.games[spec] = g
	}
	return g, err
}

// WriteError is the failure to record a game: the run stops at once, since
// whatever it played next could not be kept either.
type WriteError struct {
	Path string
	Err  error
	// Kept is the number of games the file holds for the preset: those of
	// earlier runs and those this run recorded before the failure.
	Kept int
}

func (e *WriteError) Error() string {
	return fmt.Sprintf("writing %s failed: %v; the run stopped, %d games are kept in the file and the games in progress are dropped (run again to resume once the cause is fixed)", e.Path, e.Err, e.Kept)
}

func (e *WriteError) Unwrap() error { return e.Err }

// Run plays the games (or, for an analysis preset, the searches) of the
// plan's preset that path does not already hold, appending each to path as
// it finishes, and returns the number played.
//
// The file is locked for the whole run: a second run on it fails at once
// with a *LockedError. Every record already in the file is checked against
// the plan (the preset as its configuration defines it now), and a difference (an engine's options,
// the seed, a budget) stops the run with a *ResumeError before anything is
// played. A game an engine fails in is recorded with its error and the run
// goes on; a failed write stops the run at once with a *WriteError. When ctx
// is cancelled, games in progress are abandoned (they are played again by
// the next run) and Run returns ctx's error.
func Run(ctx context.Context, rp *Plan, path string, opt Options, progress func(Progress)) (int, error) {
	if err := opt.check(); err != nil {
		return 0, err
	}
	p := rp.Preset
	note := func(msg string) {
		if progress != nil {
			progress(Progress{Last: Record{Error: msg}})
		}
	}
	count := opt.Count
	scale := opt.Scale
	if scale == 1 {
		scale = 0
	}
	scaled := (count > 0 && count < p.Count) || scale != 0 // more games than the preset asks for is not scaled down
	if count == 0 {
		count = p.Count
	}
	if p.Protocol == config.SeatPairs && count%2 != 0 {
		return 0, fmt.Errorf("games per match %d: preset %s plays seat-swapped pairs (protocol %q): want an even number", count, p.Name, config.SeatPairs)
	}
	if opt.From < 0 || opt.From >= count {
		return 0, fmt.Errorf("games from %d: want 0..%d, below the %d games per match", opt.From, count-1, count)
	}
	if p.Protocol == config.SeatPairs && opt.From%2 != 0 {
		return 0, fmt.Errorf("games from %d: preset %s plays seat-swapped pairs (protocol %q): want an even number", opt.From, p.Name, config.SeatPairs)
	}
	if p.Elimination != nil && opt.From > 0 {
		return 0, fmt.Errorf("games from %d: preset %s is an elimination tournament, whose rounds are made from all of a pairing's games: run it whole", opt.From, p.Name)
	}
	if p.Elimination != nil && opt.Shards > 1 {
		return 0, fmt.Errorf("shard %d of %d: preset %s is an elimination tournament, whose every round is made from the results of the round before, which the other shards would hold: run it unsharded (--workers spreads a round's games over the cores)", opt.Shard, opt.Shards, p.Name)
	}
	only, err := BudgetSelection(p, opt.Budgets)
	if err != nil {
		return 0, err
	}
	onlyPairs, err := PairSelection(p, opt.Pairs)
	if err != nil {
		return 0, err
	}
	lock, err := Lock(path)
	if err != nil {
		return 0, err
	}
	defer lock.Unlock()
	// A run stopped before it starts changes nothing: no file moved aside,
	// none made.
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if opt.Restart {
		// The file the lock guards, links followed: moving a symbolic link
		// aside would leave a new file at the link's name, which the lock of
		// its target does not cover.
		if err := beginsAsResults(lock.results); err != nil {
			return 0, fmt.Errorf("--restart moves only a results file aside: %w", err)
		}
		old, err := moveAside(lock.results)
		if err != nil {
			return 0, err
		}
		if old != "" {
			note(fmt.Sprintf("starting over: the earlier results are kept in %s", old))
		}
	}
	elim := p.Elimination != nil
	var pl *plan
	recs, goodEnd, tail, err := ReadResults(path)
	if err != nil {
		return 0, err
	}
	check := pl // what the file's records are checked against
	if elim {
		// Every pairing of the bracket so far: the rounds the file's
		// results decide, and the round in play.
		ms := NewBracket(p, recs, count).Matches()
		pl = bracketPlan(rp, ms, count, scaled, scale)
		// The file may also hold the pairings of a run of fewer games a
		// pairing (a first look): they are games of the preset, kept,
		// though this bracket's later rounds may pair others.
		check = bracketPlan(rp, append(ms, shorterPairings(p, recs, count, ms)...), count, scaled, scale)
		pl.missing = "not a pairing of the bracket that the preset and this file's earlier rounds make, at these or fewer games a pairing (its engines, their order or an earlier round's result differ)"
		check.missing = pl.missing
	} else {
		pl = newPlan(rp, count, scaled, scale)
		check = pl
	}
	shards := max(opt.Shards, 1)
	shard := opt.Shard % shards
	pl.only, pl.onlyPairs, pl.from = only, onlyPairs, opt.From
	mine := func(j int) bool { return pl.shard(j, shard, shards) && pl.selected(j) }
	total := pl.shardLen(shard, shards)
	if only != nil || onlyPairs != nil || opt.From > 0 {
		total = pl.selectedLen(shard, shards)
	}
	if elim {
		total = (len(p.Elimination) - 1) * count
	}
	if err := checkResume(path, rp.Config, p.Name, check, recs, budgetScale(p, scale)); err != nil {
		return 0, err
	}
	if i, j, ok := FirstConflict(recs); ok {
		a, b := &recs[i], &recs[j]
		return 0, fmt.Errorf("%s:%d: game %d of match %s (preset %s) is another play of the game of line %d (%s): the file mixes two plays of one game, and which is counted would depend on their order; 'mcarena repair %s' sets the later copy aside (check which is right)",
			path, b.Line, b.Index, b.Match, b.Preset, a.Line, Differs(a, b), path)
	}
	if err := checkPlays(path, p.Name, recs); err != nil {
		return 0, err
	}
	done := map[gameKey]bool{}
	resumed := 0
	others := map[string]int{} // records of other presets, by preset
	for i := range recs {
		r := &recs[i]
		if r.Preset != p.Name {
			others[r.Preset]++
		}
		if r.Preset != p.Name || done[keyOf(r)] {
			continue
		}
		done[keyOf(r)] = true
		if j, ok := pl.position(r.Match, r.Index); ok && mine(j) {
			resumed++
		}
	}
	if len(others) > 0 {
		// Kept and counted apart (a report tables each preset of a file),
		// but most likely another preset's --out: said, not silent.
		var names []string
		for _, name := range slices.Sorted(maps.Keys(others)) {
			names = append(names, fmt.Sprintf("%s (%d)", name, others[name]))
		}
		note(fmt.Sprintf("%s also holds records of other presets: %s; they stay as they are and are counted apart, preset by preset (a results file of its own, results/%s.jsonl, keeps experiments apart)", path, strings.Join(names, ", "), p.Name))
	}
	kind := recordKind(p)
	_, statErr := os.Lstat(path)
	created := errors.Is(statErr, fs.ErrNotExist) // this run makes the file
	w, damaged, err := OpenWriter(path, goodEnd)
	if err != nil {
		return 0, err
	}
	// A file this run has just created (or made anew after --restart) is
	// locked now that it exists, so that a name given to it meanwhile by a
	// hard link finds the lock too.
	if err := lock.holdResults(); err != nil {
		w.Close()
		return 0, err
	}
	if tail != nil {
		again := "the game will be played again"
		if tail.Empty {
			again = "any game whose record was lost there is played again"
		}
		note(fmt.Sprintf("%s:%d: %s; cut off and kept in %s, %s", path, tail.Line, tail.Msg, damaged, again))
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r := &run{rp: rp, path: path, w: w, kind: kind, scale: budgetScale(p, scale), done: done, shard: shard, shards: shards,
		total: total, resumed: resumed, workers: opt.Workers, progress: progress, start: time.Now(), cancel: cancel, keep: elim}
	if r.workers <= 0 {
		r.workers = runtime.NumCPU()
	}
	if !elim {
		r.play(ctx, pl)
	}
	for elim && r.err == nil && ctx.Err() == nil {
		// Each round is played whole before the next is made from its
		// results.
		b := NewBracket(p, append(recs, r.recs...), count)
		round := b.current()
		if round == nil {
			break
		}
		var ms []Match
		for _, pr := range round.Pairings {
			ms = append(ms, pr.Match)
		}
		before := r.played
		r.play(ctx, bracketPlan(rp, ms, count, scaled, scale))
		if r.err == nil && ctx.Err() == nil && r.played == before {
			r.err = fmt.Errorf("preset %s: round %d of the elimination tournament has games missing that this run did not play", p.Name, round.Number)
		}
	}
	if err := w.Close(); err != nil && r.err == nil {
		r.err = &WriteError{Path: path, Err: err, Kept: resumed + r.played}
	}
	if r.err != nil {
		// A file this run made and that failed before its first record (an
		// engine that would not start) is removed, not left empty.
		if created && r.played == 0 {
			if fi, err := os.Stat(path); err == nil && fi.Size() == 0 {
				os.Remove(path)
			}
		}
		return r.played, r.err
	}
	return r.played, context.Cause(ctx)
}

// run is a run in progress: what its plays share.
type run struct {
	rp            *Plan
	path          string
	w             *Writer
	kind          RecordKind
	scale         float64          // the records' budget scale (Record.BudgetScale)
	done          map[gameKey]bool // the games the file held when the run began
	shard, shards int
	total         int
	resumed       int
	workers       int
	progress      func(Progress)
	start         time.Time
	cancel        context.CancelFunc // cancels the run's ctx

	played, errs int
	// recs are the records this run wrote, kept when keep is set (an
	// elimination preset, whose next round they decide).
	recs []Record
	keep bool
	// err is the first failure, after which nothing more is played.
	err  error
	once sync.Once
}

// fail stops the run with err.
func (r *run) fail(err error) {
	r.once.Do(func() { r.err = err })
	r.cancel() // nothing more is played once the run cannot finish
}

// play plays the tasks of pl that belong to the run's shard and that the
// file does not hold, on the run's workers, writing each record as it
// comes.
func (r *run) play(ctx context.Context, pl *plan) {
	p := r.rp.Preset
	// Buffered both ways, so that a worker never waits for the dispatcher or
	// the writer, which share the cores with the workers.
	feed := make(chan task, r.workers)
	out := make(chan Record, r.workers)
	var wg sync.WaitGroup
	for range min(r.workers, max(r.total-r.resumed-r.played, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := &worker{specs: r.rp.Specs, engines: map[string]engines.Engine{}, games: map[string]games.Game{}, prepared: map[string]bool{}}
			for t := range feed {
				if ctx.Err() != nil {
					continue // stopped: a game not begun is left for the next run
				}
				rec, ok, err := t.do(ctx, wk)
				if err != nil {
					r.fail(err)
					continue
				}
				if ok {
					out <- rec
				}
			}
		}()
	}
	go func() {
		defer close(feed)
		g := pl.group
		for q := r.shard; q*g < pl.len(); q += r.shards {
			for j := q * g; j < (q+1)*g; j++ {
				if !pl.selected(j) {
					continue
				}
				t := pl.at(j)
				if r.done[gameKey{r.kind, p.Name, t.key, t.index, r.scale}] {
					continue
				}
				select {
				case feed <- t:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	go func() { wg.Wait(); close(out) }()
	writeFailed := false
	for rec := range out {
		if writeFailed {
			continue // draining the games that ended meanwhile
		}
		if err := r.w.Write(rec); err != nil {
			writeFailed = true
			r.fail(&WriteError{Path: r.path, Err: err, Kept: r.resumed + r.played})
			continue
		}
		r.played++
		if rec.Error != "" {
			r.errs++
		}
		if r.keep {
			r.recs = append(r.recs, rec)
		}
		if r.progress != nil {
			r.progress(Progress{Done: r.resumed + r.played, Total: r.total, Resumed: r.resumed, Errors: r.errs, Last: rec, Elapsed: time.Since(r.start)})
		}
	}
}

// beginsAsResults refuses a file that is no results file, damaged or not:
// one that is not a regular file, or whose first bytes are not the opening
// of a record; an empty file, or none, is no refusal.
func beginsAsResults(path string) error {
	f, _, err := openRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, 16)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return err
	}
	if n == 0 || opensAsRecord(head[:n]) {
		return nil
	}
	return fmt.Errorf("%s does not begin as a results file does (%s or %s); it is left where it is", path, recordOpenings[1], recordOpenings[0])
}

// moveAside renames a results file (the file itself, not a symbolic link
// to it) to a new dated PATH.old-... name, never
// over an earlier one, and returns that name ("" when there was no file).
func moveAside(path string) (string, error) {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	base := path + ".old-" + time.Now().Format("20060102-150405")
	name := base
	for i := 2; ; i++ {
		if _, err := os.Lstat(name); errors.Is(err, os.ErrNotExist) {
			break
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
	if err := os.Rename(path, name); err != nil {
		return "", err
	}
	return name, durable.SyncDir(filepath.Dir(path))
}

// playJob plays one game of the schedule and builds its record; ok is false
// when the game was abandoned.
func playJob(ctx context.Context, p *config.Preset, j Job, w *worker, scaled bool, scale float64) (Record, bool, error) {
	g, err := w.game(j.Match.Game)
	if err != nil {
		return Record{}, false, err
	}
	var pair [2]engines.Engine
	for i, n := range j.Match.Names {
		if pair[i], err = w.engine(n); err != nil {
			return Record{}, false, err
		}
		if err := w.prepare(n, pair[i], g); err != nil {
			return Record{}, false, err
		}
	}
	seats := [2]engines.Engine{pair[j.FirstSeat], pair[1-j.FirstSeat]}
	from, random := games.Start(g, j.StartSeed)
	budget := p.Budgets[j.Match.Budget]
	var budgets [2]engines.Budget
	for seat, who := range [2]int{j.FirstSeat, 1 - j.FirstSeat} {
		budgets[seat] = scaleBudget(budget.ForEngine(j.Match.Names[who], j.Match.Game), scale)
	}
	played, ok := PlaySeats(ctx, from, seats, budgets, scaleClock(budget.Clock, scale), j.Seed)
	if !ok {
		return Record{}, false, nil
	}
	rec := Record{Preset: p.Name, Match: j.Match.Key(p), Index: j.Index, Game: j.Match.Game, Budget: p.Budgets[j.Match.Budget].Text,
		Names: j.Match.Names, Specs: [2]string{pair[0].Spec(), pair[1].Spec()}, FirstSeat: j.FirstSeat, Seed: j.Seed,
		Result: played.Outcome.String(), Winner: -1, Score: played.Score, Plies: len(played.Moves), Seconds: played.Seconds,
		Moves: played.Moves, Error: played.Err, Reason: played.Reason, Scaled: scaled, BudgetScale: scale, Protocol: protocolOf(p)}
	if random {
		rec.Start = from.String()
	}
	switch played.Outcome {
	case games.FirstWins:
		rec.Winner = j.FirstSeat
	case games.SecondWins:
		rec.Winner = 1 - j.FirstSeat
	}
	return rec, true, nil
}

func orOne(f float64) float64 {
	if f == 0 {
		return 1
	}
	return f
}
