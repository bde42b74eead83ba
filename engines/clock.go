package engines

import (
	"fmt"
	"strings"
	"time"
)

// TimeControl is a game's clock: each side starts with Base on its clock
// and gains Increment after each of its moves (Fischer increment). The
// zero TimeControl is no clock. It is written "5m" or "5m+2s", base then
// increment, each a Go duration.
type TimeControl struct {
	Base      time.Duration
	Increment time.Duration
}

// MaxClock bounds a time control's base and increment.
const MaxClock = 24 * time.Hour

// TimeControlForms lists the valid forms of a time control, for messages.
const TimeControlForms = `BASE or BASE+INCREMENT, Go durations with BASE above 0 and both at most 24h, like 5m, 5m+2s or 90s+500ms`

// ParseTimeControl reads "BASE" or "BASE+INCREMENT", such as "5m" or
// "5m+2s".
func ParseTimeControl(text string) (TimeControl, error) {
	baseText, incText, hasInc := strings.Cut(text, "+")
	base, err := time.ParseDuration(baseText)
	if err != nil || base <= 0 || base > MaxClock {
		return TimeControl{}, fmt.Errorf("time control %q: base %q: want %s", text, baseText, TimeControlForms)
	}
	tc := TimeControl{Base: base}
	if hasInc {
		inc, err := time.ParseDuration(incText)
		if err != nil || inc < 0 || inc > MaxClock {
			return TimeControl{}, fmt.Errorf("time control %q: increment %q: want %s", text, incText, TimeControlForms)
		}
		tc.Increment = inc
	}
	return tc, nil
}

// String writes tc as ParseTimeControl reads it, "" for no clock, each
// duration without its zero parts: "5m+2s", "1h30m".
func (tc TimeControl) String() string {
	switch {
	case tc.Base == 0 && tc.Increment == 0:
		return ""
	case tc.Increment == 0:
		return short(tc.Base)
	}
	return short(tc.Base) + "+" + short(tc.Increment)
}

// short writes d as time.Duration does, less the zero seconds and
// minutes of a round number of minutes or hours.
func short(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// Start returns the clocks at the start of a game under tc.
func (tc TimeControl) Start() Clocks {
	if tc == (TimeControl{}) {
		return Clocks{}
	}
	return Clocks{Left: [2]time.Duration{tc.Base, tc.Base}, Increment: [2]time.Duration{tc.Increment, tc.Increment}, On: true}
}

// Clocks is the state of a game's clocks when a move is asked for: the time
// each player (indexed by games.Player, First then Second) has left, the increment each gains
// after a move, and the moves to the next time control (0: the clock is for
// the rest of the game). The zero Clocks is no clock.
type Clocks struct {
	Left      [2]time.Duration
	Increment [2]time.Duration
	MovesToGo int
	// On says the game is played under a clock; a side whose Left falls
	// below zero has lost on time.
	On bool
}

// Time management: how mcarena's engines turn a clock into the time for
// one move, in one rule that every engine applies through
// Request.MoveBudget (and that mcarena uci applies to go wtime/btime).
//
// The chess thesis's MCC "assign[s] a fixed fraction of the remaining clock
// time" to each move; mcarena reads that fraction as 1/ClockFraction, and
// adds a share of the increment, since every move returns it:
//
//	t = left/n + inc*IncrementShare,  n = moves to go, else ClockFraction
//	t = min(t, left*9/10 - ClockMargin)   never the whole clock
//	t = max(t, time.Millisecond)          always a search
//
// ClockMargin covers what the search does not measure: setting up the
// search, answering, and the time the caller takes to read the answer.
const (
	ClockFraction  = 30
	IncrementShare = 0.75
	ClockMargin    = 20 * time.Millisecond
)

// MoveTime is the time for a move with left on the clock, increment inc
// after the move and movesToGo moves to the next time control (0: none),
// by the rule above.
func MoveTime(left, inc time.Duration, movesToGo int) time.Duration {
	n := ClockFraction
	if movesToGo > 0 {
		n = movesToGo
	}
	t := left/time.Duration(n) + time.Duration(float64(inc)*IncrementShare)
	t = min(t, left*9/10-ClockMargin)
	return max(t, time.Millisecond)
}

// MoveBudget is the budget of one search of r: r.Budget with, when the
// game has a clock, the time the side to move may spend by MoveTime (the
// smaller of it and the budget's own time, if any) and no clock. mcarena's
// engines read their budget through it, so that each applies the same
// rule.
func (r Request) MoveBudget() Budget {
	b := r.Budget
	if !b.Clocks.On || r.Position == nil {
		return b
	}
	p := r.Position.ToMove()
	t := MoveTime(b.Clocks.Left[p], b.Clocks.Increment[p], b.Clocks.MovesToGo)
	if b.Time == 0 || t < b.Time {
		b.Time = t
	}
	b.Clocks = Clocks{}
	return b
}
