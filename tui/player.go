package tui

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/config"
	"mcarena/engines"
	"mcarena/games"
)

// player is a seat: a human at the keyboard, or an engine with a budget.
type player struct {
	text   string
	engine engines.Engine // nil for a human
	budget engines.Budget
	// defaulted says the budget is defaultBudget, the player having named
	// none: under a clock the engine then takes its time from the clock
	// alone.
	defaulted bool
}

func (p player) human() bool { return p.engine == nil }

// defaultBudget is the thinking time of an engine named without a budget.
const defaultBudget = time.Second

// parsePlayer reads "human", or an engine (a name from the configuration or
// a spec) optionally followed by a budget: "uct 500ms", "nmcd1",
// "alphabeta iterations=8". An engine that cannot play g (it asks for
// knowledge g lacks) is refused.
func parsePlayer(cfg *config.Config, text string, g games.Game) (player, error) {
	f := strings.Fields(text)
	if len(f) == 0 || f[0] == "human" {
		return player{text: "human"}, nil
	}
	if len(f) > 2 {
		return player{}, fmt.Errorf("%q: want human, or an engine and a budget like \"uct 500ms\"", text)
	}
	e, err := config.EngineFor(cfg, f[0], g)
	if err != nil {
		return player{}, err
	}
	b := config.Budget{Budget: engines.Budget{Time: defaultBudget}}
	if len(f) == 2 {
		if b, err = config.ParseBudget(f[1]); err != nil {
			if !strings.HasPrefix(f[1], "clock=") {
				err = fmt.Errorf("budget %q: want %s; a clock is the game's, in the clock field", f[1], config.MoveBudgetForms)
			}
			return player{}, err
		}
		if b.Clock != (engines.TimeControl{}) {
			return player{}, fmt.Errorf("budget %q: a clock is the game's, for both sides: give it in the clock field (%s), and a budget here, if any, caps each move", f[1], strings.TrimPrefix(f[1], "clock="))
		}
		if b.PaperTime > 0 {
			if _, ok := config.PaperSpeed(g.Spec()); !ok {
				return player{}, fmt.Errorf("budget %q: the NMCS paper gives no speed for %s", f[1], g.Spec())
			}
		}
	}
	return player{text: strings.Join(f, " "), engine: e, budget: b.For(g.Spec()), defaulted: len(f) == 1}, nil
}

// search is an engine thinking in a background goroutine. Its reports are
// coalesced: the goroutine keeps only the latest snapshot, which the UI
// reads on its own ticks, so a fast engine never waits for the screen.
type search struct {
	id     int
	root   games.State
	began  time.Time // when it started, for the budget used
	budget engines.Budget
	cancel context.CancelFunc
	done   chan searchDone

	mu     sync.Mutex
	latest engines.Stats
	fresh  bool
}

// searchDone is the message of a finished search.
type searchDone struct {
	id  int
	res engines.Result
	err error
}

// statsTick asks the screen to show the latest snapshot of search id.
type statsTick struct{ id int }

// engineTurn asks the screen to let the engine to move start (after the
// watching delay), if the game is still where it was.
type engineTurn struct{ id int }

// statsEvery is how often the screen reads an engine's statistics.
const statsEvery = 100 * time.Millisecond

// startSearch starts engine e on a copy of req's position in a goroutine.
func startSearch(id int, e engines.Engine, req engines.Request) (*search, tea.Cmd) {
	ctx, cancel := context.WithCancel(context.Background())
	s := req.Position
	sr := &search{id: id, root: s.Clone(), began: clock(), budget: req.Budget, cancel: cancel, done: make(chan searchDone, 1)}
	req.Position = s.Clone()
	if req.Start != nil {
		req.Start = req.Start.Clone()
		req.History = append([]games.Move(nil), req.History...)
	}
	go func() {
		defer func() {
			if r := recover(); r != nil {
				sr.done <- searchDone{id: id, err: fmt.Errorf("engine panic: %v", r)}
			}
		}()
		req.Report = func(st engines.Stats) {
			sr.mu.Lock()
			sr.latest, sr.fresh = st, true
			sr.mu.Unlock()
		}
		res, err := e.Search(ctx, req)
		sr.done <- searchDone{id: id, res: res, err: err}
	}()
	return sr, tea.Batch(sr.wait(), tickStats(id))
}

func (sr *search) wait() tea.Cmd { return func() tea.Msg { return <-sr.done } }

func tickStats(id int) tea.Cmd {
	return tea.Tick(statsEvery, func(time.Time) tea.Msg { return statsTick{id} })
}

// snapshot returns the latest statistics if they changed since the last call.
func (sr *search) snapshot() (engines.Stats, bool) {
	sr.mu.Lock()
	defer sr.mu.Unlock()
	fresh := sr.fresh
	sr.fresh = false
	return sr.latest, fresh
}
