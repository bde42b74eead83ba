package race

import (
	"mcarena/games"
	"mcarena/games/knowledge"
)

// IPPWeight exposes the weight an informed playout (ipp or ipp-fw) gives
// m, legal in s, in its free draw.
func IPPWeight(p knowledge.Playout, s games.State, m games.Move) int {
	q, st := p.(*ipp), s.(*State)
	return q.weight(st, q.defended(st), m)
}
