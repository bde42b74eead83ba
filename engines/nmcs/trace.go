package nmcs

import (
	"context"
	"sync/atomic"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/rng"
)

// Call identifies one nested call, enough to run it again: nested(Level,
// Start, Depth, Bound) with the bound's owner, whether the bound may prune,
// and the seed of the call's generator.
type Call struct {
	Level    int
	Start    games.State
	Depth    int
	Bound    float64
	Owner    games.Player
	HasBound bool
	Seed     uint64
}

// PlayoutCall is the NMC(level) playout from s that Choose's policy starts:
// the root at depth 0, no bound.
func PlayoutCall(level int, s games.State, seed uint64) Call {
	return Call{Level: level, Start: s.Clone(), Seed: seed}
}

// Successor is the evaluation of one successor at a step of a call.
type Successor struct {
	Move games.Move
	// Value is what the choice compared (first player's view).
	Value float64
	// Outcome of the successor's playout and that outcome discounted by the
	// depth it ended at.
	Outcome    games.Outcome
	Discounted float64
	// Length counts the plies from the step's position to the end of the
	// successor's playout (or to where POD cut it), the successor's move
	// included.
	Length int
	States int64
	// Pruned says POD cut the successor's playout (Value is the bound);
	// CutByCOW that Cut on Win stopped the loop before it (not evaluated).
	Pruned, CutByCOW bool
	// Call is the nested call that evaluated it, to look inside.
	Call Call
}

// Step is one iteration of a call's loop.
type Step struct {
	State games.State // the position before the choice
	Depth int
	// Successors in the order they were evaluated (none at level 0, where
	// the move is random).
	Successors []Successor
	// Chosen is the move played, Best its index in Successors (-1 at level
	// 0); NoMove when the call ended here.
	Chosen games.Move
	Best   int
	// End says the call's playout ended at this position: Pruned if POD cut
	// it, else the game is over.
	End, Pruned bool
}

// Tracer replays a nested call one step at a time, exactly as the search
// runs it, keeping only each step's position and generator state: a
// successor's own playout is not stored but run again from its Call when
// asked for, so tracing a level-3 call holds little memory.
type Tracer struct {
	call  Call
	cfg   Config
	sv    *Searcher
	steps []Step
	// Where the next step starts.
	state games.State
	r     rng.Rand
	depth int
	over  bool
	// states is the searcher's count of visited states, published after
	// every evaluated successor for States, which other goroutines call.
	states atomic.Int64
}

// NewTracer returns a tracer of call under cfg's discounting and pruning.
func NewTracer(cfg Config, call Call) *Tracer {
	c := cfg
	if c.Level < call.Level {
		c.Level = call.Level
	}
	t := &Tracer{call: call, cfg: cfg, sv: NewSearcher(c, call.Start), state: call.Start.Clone(), depth: call.Depth}
	t.sv.Reset()
	t.sv.progress = &t.states
	t.r.Seed(call.Seed)
	return t
}

// Call returns the traced call.
func (t *Tracer) Call() Call { return t.call }

// Step returns step k (from 0) of the call, computing the steps before it as
// needed; ok is false past the end.
func (t *Tracer) Step(k int) (Step, bool) {
	st, ok, _ := t.StepContext(context.Background(), k)
	return st, ok
}

// StepContext is Step, giving up when ctx is done: it then returns ctx's
// error with ok false, and the tracer is as if the unfinished step had not
// been asked for, so that asking again computes the same step. A step at a
// high level runs many nested playouts; the stepper of the terminal UI
// stops one this way when the user leaves.
func (t *Tracer) StepContext(ctx context.Context, k int) (Step, bool, error) {
	if len(t.steps) <= k && !t.over {
		stop := engines.NewStop(ctx, 0)
		defer stop.Release()
		t.sv.Limit(stop, 0)
		defer t.sv.Limit(nil, 0)
		for len(t.steps) <= k && !t.over {
			step, done := t.next()
			if !done {
				return Step{}, false, ctx.Err()
			}
			t.steps = append(t.steps, step)
		}
	}
	if k < len(t.steps) {
		return t.steps[k], true, nil
	}
	return Step{}, false, nil
}

// States returns how many states the steps computed so far, and the one
// being computed, have visited. It may be called from any goroutine, also
// while another computes a step.
func (t *Tracer) States() int64 { return t.states.Load() }

// Steps returns the steps computed so far.
func (t *Tracer) Steps() int { return len(t.steps) }

// next computes one step, mirroring nested; done is false if the searcher's
// stop interrupted it, and then the tracer's state is unchanged.
func (t *Tracer) next() (step Step, done bool) {
	s, d, c := t.state, t.depth, t.call
	step = Step{State: s.Clone(), Depth: d, Chosen: games.NoMove, Best: -1}
	if c.Level == 0 {
		if c.HasBound && s.ToMove() == c.Owner && podPrunes(c.Owner, c.Bound, d) && !s.Terminal() {
			step.End, step.Pruned, t.over = true, true, true
			return step, true
		}
		before := s.Clone()
		if s.Playout(&t.r, 1) == 0 {
			step.End, t.over = true, true
			return step, true
		}
		step.Chosen = moveBetween(before, s)
		t.depth++
		return step, true
	}
	moves := s.Legal(nil)
	if len(moves) == 0 {
		step.End, t.over = true, true
		return step, true
	}
	r0 := t.r // restored if the step is interrupted
	shuffle(&t.r, moves)
	base := t.r.Uint64()
	p := s.ToMove()
	max := p == games.First
	best, lstar := 0, initial(max, d)
	if c.HasBound && p == c.Owner && podPrunes(c.Owner, c.Bound, d) {
		step.End, step.Pruned, t.over = true, true, true
		return step, true
	}
	cow := c.Level <= t.cfg.COW
	passBound := c.Level <= t.cfg.POD
	step.Successors = make([]Successor, len(moves))
	for i, m := range moves {
		child := s.Clone()
		child.Play(m)
		sub := Call{Level: c.Level - 1, Start: child.Clone(), Depth: d + 1, Bound: lstar, Owner: p, HasBound: passBound, Seed: childSeed(base, m)}
		before := t.sv.States
		e := t.sv.nested(c.Level-1, child, d+1, lstar, p, passBound, sub.Seed)
		t.states.Store(t.sv.States)
		if t.sv.check(); t.sv.aborted {
			t.r = r0
			return Step{}, false
		}
		sc := &step.Successors[i]
		*sc = Successor{Move: m, Value: e.value, Outcome: games.Outcome(e.outcome), Length: e.depth - d,
			States: t.sv.States - before + 1, Pruned: e.pruned, Call: sub}
		if !e.pruned && e.depth > 0 {
			sc.Discounted = float64(e.outcome) / float64(e.depth)
		}
		if better(max, e.value, lstar) {
			best, lstar = i, e.value
		}
		if cow && isWin(max, e.value) {
			for j := i + 1; j < len(moves); j++ {
				step.Successors[j] = Successor{Move: moves[j], CutByCOW: true}
			}
			break
		}
	}
	step.Best, step.Chosen = best, moves[best]
	s.Play(moves[best])
	t.depth++
	return step, true
}

// moveBetween finds the legal move of before that leads to after.
func moveBetween(before, after games.State) games.Move {
	c := before.Clone()
	for _, m := range before.Legal(nil) {
		c.CopyFrom(before)
		c.Play(m)
		if c.Hash() == after.Hash() && c.String() == after.String() {
			return m
		}
	}
	return games.NoMove
}
