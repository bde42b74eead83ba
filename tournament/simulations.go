package tournament

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"mcarena/config"
	"mcarena/engines/policy"
	"mcarena/games"
	"mcarena/games/rng"
)

// SimulationBatch is the number of playouts of one task of a simulations
// preset: a position's playouts are run and recorded this many at a time
// (the last batch of a position holds what is left), so that a stopped run
// loses at most a batch a worker.
const SimulationBatch = 10_000

// SimulationKey is the match key of the playouts by the policy-th playout
// policy of a simulations preset from its position row: row 0 is its
// start, row i the position after the i-th move of its line. The first
// policy's keys name the row alone, as they did before a preset could
// list several policies, so files and seeds of one-policy presets stay
// valid.
func SimulationKey(policy, row int) string {
	if policy == 0 {
		return "simulations|" + strconv.Itoa(row)
	}
	return "simulations|" + strconv.Itoa(row) + "|" + strconv.Itoa(policy)
}

// SimulationPly returns the position row of a key SimulationKey gave, -1
// for any other text.
func SimulationPly(key string) int {
	_, row, ok := parseSimulationKey(key)
	if !ok {
		return -1
	}
	return row
}

// parseSimulationKey returns the policy and the row SimulationKey(policy,
// row) made key from; ok is false for any other text.
func parseSimulationKey(key string) (policy, row int, ok bool) {
	rest, ok := strings.CutPrefix(key, "simulations|")
	if !ok {
		return 0, 0, false
	}
	rowText, policyText, several := strings.Cut(rest, "|")
	row, err := strconv.Atoi(rowText)
	if err != nil || row < 0 {
		return 0, 0, false
	}
	if several {
		if policy, err = strconv.Atoi(policyText); err != nil || policy < 1 {
			return 0, 0, false
		}
	}
	return policy, row, SimulationKey(policy, row) == key
}

// BatchSeed is the seed of batch i of the playouts by the policy-th
// policy from position row of a simulations preset with seed seed: a
// batch's counts depend on nothing else, so a resumed or sharded run
// counts what an uninterrupted one does.
func BatchSeed(seed uint64, policy, row, i int) uint64 {
	return GameSeed(seed, SimulationKey(policy, row), i)
}

// simulationUnit returns the policy and the position of unit u of
// simulations preset p: the units are every position by the first policy,
// in the line's order, then every position by the second, and so on.
func simulationUnit(p *config.Preset, u int) (policy, row int) {
	return u / len(p.Positions), u % len(p.Positions)
}

// simulationPlayouts returns the playouts per position of a run of preset
// p with count per position (0: the preset's) and budget scale scale (0:
// none), at least one.
func simulationPlayouts(p *config.Preset, count int, scale float64) int {
	if count == 0 {
		count = p.Count
	}
	if scale == 0 {
		return count
	}
	return max(int(math.Ceil(float64(count)*scale)), 1)
}

// batchSize returns the playouts of batch i of n playouts.
func batchSize(n, i int) int { return min(SimulationBatch, n-i*SimulationBatch) }

// simulationsPlan lays out the batches of simulations preset p: every
// position by every policy, count playouts each (scaled by scale),
// SimulationBatch at a time.
func simulationsPlan(p *config.Preset, count int, scaled bool, scale float64) *plan {
	n := simulationPlayouts(p, count, scale)
	pl := &plan{count: (n + SimulationBatch - 1) / SimulationBatch, unit: map[string]int{}, group: 1,
		missing: "the preset simulates no such position and playout now (its line or its list of playouts changed: a playout's batches are keyed by its place in the list)"}
	for u := range len(p.Policies) * len(p.Positions) {
		key := SimulationKey(simulationUnit(p, u))
		pl.keys = append(pl.keys, key)
		pl.unit[key] = u
	}
	pl.task = func(u, i int) task {
		return task{key: pl.keys[u], index: i, do: func(ctx context.Context, w *worker) (Record, bool, error) {
			return simulate(ctx, p, u, i, batchSize(n, i), w, scaled, scale)
		}}
	}
	pl.expect = func(u, i int) (Record, error) {
		k, row := simulationUnit(p, u)
		return Record{Kind: SimulationsKind, Game: p.Game, Names: [2]string{p.Policies[k], ""}, Seed: BatchSeed(p.Seed, k, row, i),
			Start: p.Positions[row], Playouts: batchSize(n, i)}, nil
	}
	return pl
}

// simulate runs batch i of the playouts of unit u of simulations preset
// p, size playouts, and records how many ended in a win of the first
// player, a draw and a win of the second.
func simulate(ctx context.Context, p *config.Preset, u, i, size int, w *worker, scaled bool, scale float64) (Record, bool, error) {
	k, row := simulationUnit(p, u)
	position, name := p.Positions[row], p.Policies[k]
	g, err := w.game(p.Game)
	if err != nil {
		return Record{}, false, err
	}
	start, err := g.ParsePosition(position)
	if err != nil {
		return Record{}, false, err
	}
	seed := BatchSeed(p.Seed, k, row, i)
	begun := time.Now()
	counts, err := Simulate(ctx, start, name, size, seed)
	if ctx.Err() != nil {
		return Record{}, false, nil
	}
	if err != nil {
		return Record{}, false, fmt.Errorf("preset %s: %v", p.Name, err)
	}
	return Record{Kind: SimulationsKind, Preset: p.Name, Match: SimulationKey(k, row), Index: i, Game: p.Game,
		Names: [2]string{name, ""}, Seed: seed, Start: position, Winner: -1, Playouts: size, Outcomes: counts.Outcomes[:], Ends: counts.Ends,
		Seconds: time.Since(begun).Seconds(), Scaled: scaled, BudgetScale: scale}, true, nil
}

// SimulationCounts is what a batch of playouts gave: how many the first
// player won, how many were drawn and how many the second player won
// (Outcomes), and how many ended for each reason, in the game's words
// (Ends).
type SimulationCounts struct {
	Outcomes [3]int
	Ends     map[string]int
}

// Simulate runs n playouts from start by the playout policy named name
// (policy.Named), drawing from one generator seeded with seed, and counts
// their outcomes and end reasons. The same start, policy, n and seed give
// the same counts. It stops early, with ctx's error, once ctx is done.
func Simulate(ctx context.Context, start games.State, name string, n int, seed uint64) (SimulationCounts, error) {
	counts := SimulationCounts{Ends: map[string]int{}}
	cfg, err := policy.Named(start.Game(), name)
	if err != nil {
		return counts, err
	}
	pol, err := policy.New(cfg, start)
	if err != nil {
		return counts, err
	}
	r := rng.New(seed)
	s := start.Clone()
	for k := range n {
		if k%256 == 0 && ctx.Err() != nil {
			return counts, ctx.Err()
		}
		s.CopyFrom(start)
		pol.Run(s, &r, games.NoLimit, nil, nil)
		switch s.Outcome() {
		case games.FirstWins:
			counts.Outcomes[0]++
		case games.Draw:
			counts.Outcomes[1]++
		case games.SecondWins:
			counts.Outcomes[2]++
		}
		counts.Ends[games.EndReason(s)]++
	}
	return counts, nil
}
