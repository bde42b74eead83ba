// Package tournament plays the games of a preset on a pool of workers,
// appends each finished game to a JSONL results file at once, resumes from
// that file, and summarises results with intervals beside the paper's
// figures.
//
// A game with a random start (games.Start) starts from a board dealt from
// StartSeed, which the two seat-swapped games 2k and 2k+1 of a match share.
// Under the pairs protocol (config.SeatPairs) those two games form pair k:
// the Schedule and the shards keep a pair's games together, records carry
// the board and the protocol, and Summarise scores each complete pair once
// by ScorePair, beside the per-game figures.
package tournament

import (
	"fmt"
	"hash/fnv"

	"mcarena/config"
	"mcarena/games/rng"
)

// Match is one cell of a preset: a pair of engines on one game under one
// budget.
type Match struct {
	Game   string
	Pair   int // index into the preset's pairs
	Budget int // index into the preset's budgets
	Names  [2]string
	// Paper is the published win rate (percent) of Names[0], or -1.
	Paper float64
	// PaperFirst and PaperSecond are the paper's figures of Names[0] as
	// the first mover and as the second, -1 if none.
	PaperFirst, PaperSecond float64
}

// Key identifies a match in results files: stable across runs and machines.
func (m Match) Key(p *config.Preset) string {
	return fmt.Sprintf("%s|%s|%s|%s", m.Game, m.Names[0], m.Names[1], p.Budgets[m.Budget].Text)
}

// Job is one game of a match.
type Job struct {
	Match Match
	Index int // game number within the match, from 0
	// FirstSeat says which of the pair moves first: 0 for Names[0].
	FirstSeat int
	Seed      uint64
	// StartSeed draws the game's start where the game has a random start
	// (games.Start); see StartSeed.
	StartSeed uint64
	// Group numbers the job's share of the work in schedule order: the
	// job's own number, or under the pairs protocol its pair's, which the
	// pair's two games share. Shards split groups, never a pair.
	Group int
}

// Matches lists a preset's matches in a fixed order: pair, budget, game.
// An elimination preset has none before it is played: its matches come
// round by round from its results (NewBracket).
func Matches(p *config.Preset) []Match {
	var out []Match
	for pi, pair := range p.Pairs {
		for bi := range p.Budgets {
			for gi, g := range p.Games {
				figure := func(f [][][]float64) float64 {
					if f == nil {
						return -1
					}
					return f[pi][bi][gi]
				}
				out = append(out, Match{Game: g, Pair: pi, Budget: bi, Names: pair, Paper: figure(p.Paper),
					PaperFirst: figure(p.PaperFirst), PaperSecond: figure(p.PaperSecond)})
			}
		}
	}
	return out
}

// Schedule is the games of a preset, count per match, in a fixed order that
// interleaves matches (game 0 of every match, then game 1...) so that a run
// stopped early has results for all of them. Seats alternate when the preset
// swaps them: Names[0] moves first in even games. Under the pairs protocol
// the unit interleaved is a pair: games 0 and 1 of every match, then 2 and
// 3..., the two games of a pair next to each other, so that a stopped run
// leaves few pairs half played. Games are made one at a time, so a long
// schedule costs no memory.
type Schedule struct {
	p       *config.Preset
	matches []Match
	keys    []string
	count   int
	group   int // games per unit of the order: 2 for pairs, else 1
}

// NewSchedule returns the schedule of count games per match of preset p.
func NewSchedule(p *config.Preset, count int) *Schedule {
	return scheduleOf(p, Matches(p), count)
}

// scheduleOf returns the schedule of count games per match of ms, matches
// of preset p: an elimination preset's, whose matches come round by round.
func scheduleOf(p *config.Preset, ms []Match, count int) *Schedule {
	keys := make([]string, len(ms))
	for i, m := range ms {
		keys[i] = m.Key(p)
	}
	return &Schedule{p: p, matches: ms, keys: keys, count: count, group: groupOf(p)}
}

// groupOf returns the number of games a preset schedules together: 2 under
// the pairs protocol, 1 otherwise.
func groupOf(p *config.Preset) int {
	if p.Protocol == config.SeatPairs {
		return 2
	}
	return 1
}

// taskNumber returns the number in schedule order of game index of unit u,
// among units units scheduled group games at a time; taskAt inverts it.
func taskNumber(units, group, u, index int) int {
	return ((index/group)*units+u)*group + index%group
}

// taskAt returns the unit and game index of task number j.
func taskAt(units, group, j int) (u, index int) {
	q := j / group
	return q % units, (q/units)*group + j%group
}

// Len returns the number of games.
func (s *Schedule) Len() int { return len(s.matches) * s.count }

// Job returns game j of the schedule, 0 <= j < Len().
func (s *Schedule) Job(j int) Job {
	m, i := taskAt(len(s.matches), s.group, j)
	return s.job(m, i)
}

// job returns game i of match m.
func (s *Schedule) job(m, i int) Job {
	first, start := 0, i
	if s.p.Swap {
		first, start = i%2, i/2
	}
	match := s.matches[m]
	return Job{Match: match, Index: i, FirstSeat: first, Seed: GameSeed(s.p.Seed, s.keys[m], i),
		StartSeed: StartSeed(s.p.Seed, match.Game, start), Group: taskNumber(len(s.matches), s.group, m, i) / s.group}
}

// Jobs lists every game of a preset's schedule (NewSchedule) at once.
func Jobs(p *config.Preset, count int) []Job {
	s := NewSchedule(p, count)
	jobs := make([]Job, s.Len())
	for j := range jobs {
		jobs[j] = s.Job(j)
	}
	return jobs
}

// GameSeed derives a game's seed from the preset seed, the match and the
// game number; it does not depend on which other games run.
func GameSeed(presetSeed uint64, key string, index int) uint64 {
	h := fnv.New64a()
	h.Write([]byte(key))
	x := presetSeed ^ h.Sum64() ^ uint64(index)*0x9e3779b97f4a7c15
	return rng.SplitMix64(&x)
}

// StartSeed derives the seed of a game's random start from the preset
// seed, the game and the start's number: game i of a match has start number
// i/2 when the preset swaps seats (the two games of a seat-swapped couple
// begin alike) and i otherwise. It does not depend on the engines or the
// budget, so every match of a preset on one game plays from the same
// starts, and differences between matches are not differences of boards.
func StartSeed(presetSeed uint64, game string, n int) uint64 {
	h := fnv.New64a()
	h.Write([]byte("start|" + game))
	x := presetSeed ^ h.Sum64() ^ uint64(n)*0x9e3779b97f4a7c15
	return rng.SplitMix64(&x)
}

// Shard keeps the jobs of shard i of n (0 <= i < n): group g (Job.Group,
// the job's number in the schedule, or its pair's) goes to shard g mod n,
// so the union of all shards is the whole preset and no pair is split.
func Shard(jobs []Job, i, n int) []Job {
	var out []Job
	for _, job := range jobs {
		if job.Group%n == i {
			out = append(out, job)
		}
	}
	return out
}
