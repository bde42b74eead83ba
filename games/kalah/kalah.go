// Package kalah implements Kalah(houses, seeds), default Kalah(6,4), from
// the standard start or from random starts.
//
// Rules: South (first player) and North each own a row of houses, South's
// along the bottom and North's along the top, and a store: South's at the right
// end, North's at the left. Every house starts with the same number of seeds.
// A move takes all seeds of one of the mover's non-empty houses and sows them
// one by one counter-clockwise into the following houses and the mover's own
// store, skipping the opponent's store; the house emptied is not skipped when
// sowing goes round. If the last seed lands in the mover's store, the mover
// moves again. If it lands in an empty house of the mover, and the opposite
// house holds seeds, both that seed and the opposite seeds go to the mover's
// store; with the empty_capture option the last seed goes to the store even
// when the opposite house is empty (the rule under which Irving, Donkers and
// Uiterwijk solved Kalah). The game ends as soon as either side's houses are
// all empty: each side's remaining seeds go to its own store. More seeds wins;
// equal seeds is a draw. Score is South's store minus North's.
//
// Board: houses are named like chess cells as South sees the board: South's
// houses a1, b1, ... from its left, North's houses a2, b2, ... above them, so
// x2 is opposite x1. Internally the pits are numbered in sowing order,
//
//	North:  store=2H+1  a2=2H ... (H)2=H+1
//	South:              a1=0  ...  (H)1=H-1  store=H
//
// with H houses per side. A move is the pit number of the house it empties,
// written as the house's name ("c1", "f2"). Legal lists moves by ascending pit
// number and Playout draws from that order (Legal()[r.Intn(n)]).
//
// Position text: North's houses a2.. then '/', South's houses a1.., each a
// comma-separated list of seed counts; then South's store, North's store and
// the side to move ('s' or 'n'), separated by spaces. The Kalah(6,4) start is
// "4,4,4,4,4,4/4,4,4,4,4,4 0 0 s". A position must hold the game's number of
// seeds, and a finished one (a side with empty houses) must have the other
// side's seeds swept into its store.
//
// Random starts (start=random): the protocol of the implicit-minimax
// paper's Kalah experiments, after Ramanujan and Selman (2011), plays from
// random boards with empty stores because the standard start favours the
// first player. Neither paper says how the seeds are spread; this package
// deals them one at a time: each of the 2*houses*seeds seeds goes into one
// of the 2*houses houses, chosen uniformly and independently (a multinomial
// deal: each house holds the seeds option's number on average, and
// Kalah(6,4) spreads 48 seeds over 12 houses). Stores are empty and South
// moves first. A deal that leaves a side with no seeds, a game over before
// its first move, is dealt again. The deal is a function of its seed alone:
// rng.New(seed), then one Intn(2*houses) per seed, draw k < houses meaning
// pit k and any other pit k+1 (the numbering above).
// A uniform choice among all compositions was the alternative; it gives
// mostly empty houses beside a few large ones, further from the positions
// Kalah is played in. NewState still returns the standard start: the runner
// draws each game's start through games.Start with a seed it derives from
// the preset (see package tournament), and the position text of a random
// start reads back like any other.
package kalah

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"mcarena/games"
	"mcarena/games/rng"
)

const maxHouses = 10

func init() {
	games.Register(games.Entry{
		Name: "kalah",
		Doc:  "Kalah(houses, seeds): sow counter-clockwise, extra move in own store, capture from an empty own house",
		Options: []games.Option{
			{Name: "houses", Kind: games.Int, Default: "6", Min: 1, Max: maxHouses, Doc: "houses per side"},
			{Name: "seeds", Kind: games.Int, Default: "4", Min: 1, Max: 12, Doc: "seeds per house at the start"},
			{Name: "empty_capture", Kind: games.Bool, Default: "false", Doc: "capture even when the opposite house is empty"},
			{Name: "start", Kind: games.Choice, Default: "standard", Choices: []string{"standard", "random"},
				Doc: "standard: seeds in every house; random: every seed dealt to a uniformly random house, stores empty, South to move"},
		},
		Build: func(o games.Options) (games.Game, error) {
			return newGame(o.Int("houses"), o.Int("seeds"), o.Bool("empty_capture"), o.String("start") == "random"), nil
		},
	})
}

// Game is Kalah with a number of houses and seeds, a capture rule and a
// start.
type Game struct {
	houses, seeds int
	emptyCapture  bool
	randomStart   bool
	spec          string
	total         int
	pits          int      // 2*houses + 2
	keys          []uint64 // pit p holding n seeds: keys[p*(total+1)+n]
	sow           []uint64 // keys[i] ^ keys[i+1]: one more seed in a pit
	sideKey       uint64
	// next is the pit that a seed sown by each side goes to after a pit:
	// the next in sowing order, round the board, past the opponent's store.
	next  [2][2*maxHouses + 2]uint8
	store [2]int // pit of each side's store
	first [2]int // first house pit of each side
	// houseMask keeps the bytes of a side's houses in the word of 8 pits
	// from its first house, with at most 8 houses (0 with more).
	houseMask uint64
}

// New returns Kalah(houses, seeds) from the standard start.
func New(houses, seeds int, emptyCapture bool) *Game {
	return newGame(houses, seeds, emptyCapture, false)
}

// NewRandomStart returns Kalah(houses, seeds) with random starts
// (start=random): RandomStart deals each game's start from its seed.
func NewRandomStart(houses, seeds int, emptyCapture bool) *Game {
	return newGame(houses, seeds, emptyCapture, true)
}

func newGame(houses, seeds int, emptyCapture, randomStart bool) *Game {
	start := "standard"
	if randomStart {
		start = "random"
	}
	spec := games.Canonical("kalah", map[string]string{"houses": strconv.Itoa(houses), "seeds": strconv.Itoa(seeds),
		"empty_capture": strconv.FormatBool(emptyCapture), "start": start})
	g := &Game{houses: houses, seeds: seeds, emptyCapture: emptyCapture, randomStart: randomStart, spec: spec,
		total: 2 * houses * seeds, pits: 2*houses + 2}
	g.store = [2]int{houses, 2*houses + 1}
	if houses <= 8 {
		g.houseMask = 1<<(8*houses) - 1
	}
	g.first = [2]int{0, houses + 1}
	k := games.ZobristKeys(g.pits*(g.total+1)+1, 0x6a1a4)
	g.keys = k[:g.pits*(g.total+1)]
	g.sideKey = k[len(k)-1]
	for me := range 2 {
		for p := range g.pits {
			q := (p + 1) % g.pits
			if q == g.store[1-me] {
				q = (q + 1) % g.pits
			}
			g.next[me][p] = uint8(q)
		}
	}
	g.sow = make([]uint64, len(g.keys))
	for i := range len(g.keys) - 1 {
		g.sow[i] = g.keys[i] ^ g.keys[i+1]
	}
	return g
}

// Name implements games.Game.
func (g *Game) Name() string { return "kalah" }

// Spec implements games.Game.
func (g *Game) Spec() string { return g.spec }

// PlayerNames implements games.Game.
func (g *Game) PlayerNames() [2]string { return [2]string{"South", "North"} }

// MaxMoves implements games.Game.
func (g *Game) MaxMoves() int { return g.houses }

// MoveSpace implements games.Game.
func (g *Game) MoveSpace() int { return 2*g.houses + 1 }

// MaxLength implements games.Game: Kalah has no small bound.
func (g *Game) MaxLength() int { return 0 }

// NewState implements games.Game.
func (g *Game) NewState() games.State {
	s := &State{g: g}
	for p := range g.pits {
		if p != g.store[0] && p != g.store[1] {
			s.pit[p] = uint8(g.seeds)
		}
	}
	s.hash = s.RecomputeHash()
	return s
}

// RandomStart implements games.RandomStarter: with start=random, the
// position dealt from seed as the package comment describes.
func (g *Game) RandomStart(seed uint64) (games.State, bool) {
	if !g.randomStart {
		return nil, false
	}
	return g.deal(seed), true
}

// deal spreads the game's seeds over the houses, each seed into a uniformly
// random house, stores empty and South to move; a deal with a side empty is
// dealt again from the same generator.
func (g *Game) deal(seed uint64) *State {
	r := rng.New(seed)
	s := &State{g: g}
	for {
		clear(s.pit[:])
		for range g.total {
			k := r.Intn(2 * g.houses)
			if k >= g.houses {
				k++ // past South's store, onto North's houses
			}
			s.pit[k]++
		}
		if !s.sideEmpty(0) && !s.sideEmpty(1) {
			break
		}
	}
	s.hash = s.RecomputeHash()
	return s
}

// ParsePosition implements games.Game.
func (g *Game) ParsePosition(text string) (games.State, error) {
	f := strings.Fields(text)
	if len(f) != 4 {
		return nil, fmt.Errorf("position %q: want NORTH/SOUTH houses, South store, North store and side (s or n), like %q", text, g.NewState().String())
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 2 {
		return nil, fmt.Errorf("position %q: want North's and South's houses separated by '/'", text)
	}
	s := &State{g: g}
	sum := 0
	read := func(field, what string) (int, error) {
		n, err := strconv.Atoi(field)
		if err != nil || n < 0 || n > g.total {
			return 0, fmt.Errorf("position %q: %s %q is not a seed count 0..%d", text, what, field, g.total)
		}
		sum += n
		return n, nil
	}
	for r, side := range []int{1, 0} {
		counts := strings.Split(rows[r], ",")
		if len(counts) != g.houses {
			return nil, fmt.Errorf("position %q: %s has %d houses, want %d", text, g.PlayerNames()[side], len(counts), g.houses)
		}
		for file, c := range counts {
			n, err := read(c, "house "+houseName(file, side))
			if err != nil {
				return nil, err
			}
			s.pit[g.pitOf(file, side)] = uint8(n)
		}
	}
	for side, field := range f[1:3] {
		n, err := read(field, g.PlayerNames()[side]+"'s store")
		if err != nil {
			return nil, err
		}
		s.pit[g.store[side]] = uint8(n)
	}
	switch f[3] {
	case "s":
		s.side = games.First
	case "n":
		s.side = games.Second
	default:
		return nil, fmt.Errorf("position %q: side to move %q is not s or n", text, f[3])
	}
	if sum != g.total {
		return nil, fmt.Errorf("position %q: %d seeds, want %d", text, sum, g.total)
	}
	if e0, e1 := s.sideEmpty(0), s.sideEmpty(1); e0 != e1 {
		return nil, fmt.Errorf("position %q: one side's houses are empty, so the game is over and the other side's seeds belong in its store", text)
	}
	s.hash = s.RecomputeHash()
	return s, nil
}

// pitOf returns the pit of the house on the given file of a side.
func (g *Game) pitOf(file, side int) int {
	if side == 0 {
		return file
	}
	return 2*g.houses - file
}

// fileOf returns the file and side of a house pit.
func (g *Game) fileOf(pit int) (file, side int) {
	if pit < g.houses {
		return pit, 0
	}
	return 2*g.houses - pit, 1
}

func houseName(file, side int) string { return games.CellName(file+side*26, 26) }

// State is a Kalah position.
type State struct {
	g    *Game
	pit  [2*maxHouses + 2]uint8
	side games.Player
	// swept is what the end of the game swept into each side's store
	// (zero before the end, and in a finished position read from text): the
	// stores hold it, and stores-unswept takes it off.
	swept [2]uint8
	hash  uint64
}

// Game implements games.State.
func (s *State) Game() games.Game { return s.g }

// ToMove implements games.State.
func (s *State) ToMove() games.Player { return s.side }

// sideEmpty reports whether a side's houses are all empty. With at most 8
// houses a side, it reads them as one little-endian word (the pits after
// them masked off), since every move asks it of both sides.
func (s *State) sideEmpty(side int) bool {
	f := s.g.first[side]
	if m := s.g.houseMask; m != 0 {
		return binary.LittleEndian.Uint64(s.pit[f:f+8])&m == 0
	}
	var seeds uint8
	for _, n := range s.pit[f : f+s.g.houses] {
		seeds |= n
	}
	return seeds == 0
}

// Terminal implements games.State.
func (s *State) Terminal() bool { return s.sideEmpty(0) || s.sideEmpty(1) }

// Score implements games.State: South's store minus North's, once the game
// is over (0 before).
func (s *State) Score() int {
	if !s.Terminal() {
		return 0
	}
	return int(s.pit[s.g.store[0]]) - int(s.pit[s.g.store[1]])
}

// Outcome implements games.State.
func (s *State) Outcome() games.Outcome {
	switch d := s.Score(); {
	case d > 0:
		return games.FirstWins
	case d < 0:
		return games.SecondWins
	}
	return games.Draw
}

// EndReason implements games.Reasoner: a side's houses are empty and the
// stores decide, "store count".
func (s *State) EndReason() string {
	if !s.Terminal() {
		return ""
	}
	return "store count"
}

// Legal implements games.State. A finished game has no seeds left in any
// house (Play sweeps both sides as soon as either is empty, and a position
// read or dealt is finished only so), so the mover's houses that hold seeds
// are the moves, with no test for the end.
func (s *State) Legal(buf []games.Move) []games.Move {
	var all [maxHouses]games.Move
	return append(buf[:0], all[:s.moves(&all)]...)
}

// moves writes the legal moves, as Legal lists them, to the front of all
// and returns how many there are. Every house is written and only those
// holding seeds are kept, so that no branch depends on the seeds.
func (s *State) moves(all *[maxHouses]games.Move) int {
	f, n := s.g.first[s.side], 0
	for i, seeds := range s.pit[f : f+s.g.houses] {
		all[n] = games.Move(f + i)
		if seeds != 0 {
			n++
		}
	}
	return n
}

// set changes a pit's count, keeping the hash.
func (s *State) set(p int, n uint8) {
	w := s.g.total + 1
	s.hash ^= s.g.keys[p*w+int(s.pit[p])] ^ s.g.keys[p*w+int(n)]
	s.pit[p] = n
}

// Play implements games.State.
func (s *State) Play(m games.Move) {
	g := s.g
	me := int(s.side)
	p := int(m)
	seeds := int(s.pit[p])
	s.set(p, 0)
	// Sowing keeps the hash in a register, one key a seed.
	h, w, next := s.hash, g.total+1, &g.next[me]
	for ; seeds > 0; seeds-- {
		p = int(next[p])
		n := s.pit[p]
		h ^= g.sow[p*w+int(n)]
		s.pit[p] = n + 1
	}
	s.hash = h
	if p == g.store[me] {
		// The mover moves again, unless the game is over.
		s.endIfOver(me, false)
		return
	}
	f := g.first[me]
	captured := false
	if p >= f && p < f+g.houses && s.pit[p] == 1 {
		opp := 2*g.houses - p
		if s.pit[opp] > 0 || g.emptyCapture {
			st := g.store[me]
			s.set(st, s.pit[st]+1+s.pit[opp])
			s.set(p, 0)
			s.set(opp, 0)
			captured = true
		}
	}
	s.side ^= 1
	s.hash ^= g.sideKey
	s.endIfOver(me, captured)
}

// endIfOver sweeps each side's houses into its store once a side is empty,
// after a move by me (the game was not over before it). Sowing only adds
// seeds to the opponent's houses, so only a capture can have emptied them;
// the mover's may have emptied either way.
func (s *State) endIfOver(me int, captured bool) {
	if !s.sideEmpty(me) && !(captured && s.sideEmpty(1-me)) {
		return
	}
	for side := range 2 {
		st := s.g.store[side]
		f := s.g.first[side]
		for p := f; p < f+s.g.houses; p++ {
			if n := s.pit[p]; n != 0 {
				s.swept[side] += n
				s.set(st, s.pit[st]+n)
				s.set(p, 0)
			}
		}
	}
}

// Playout implements games.State by the reference rule.
func (s *State) Playout(r *rng.Rand, limit int) int { return s.playout(r, limit, nil) }

// RecordPlayout implements games.State: Playout's loop, recording into t.
// Extra turns show as consecutive moves of the same player.
func (s *State) RecordPlayout(r *rng.Rand, limit int, t *games.Trace) int {
	return s.playout(r, limit, t)
}

// playout is the loop of Playout and RecordPlayout; t may be nil.
func (s *State) playout(r *rng.Rand, limit int, t *games.Trace) int {
	var moves [maxHouses]games.Move
	n := 0
	for ; n < limit; n++ {
		k := s.moves(&moves)
		if k == 0 {
			return n
		}
		m := moves[r.Intn(k)]
		if t != nil {
			t.Add(m, s.side)
		}
		s.Play(m)
	}
	return n
}

// Hash implements games.State.
func (s *State) Hash() uint64 { return s.hash }

// RecomputeHash implements games.State.
func (s *State) RecomputeHash() uint64 {
	var h uint64
	w := s.g.total + 1
	for p := range s.g.pits {
		h ^= s.g.keys[p*w+int(s.pit[p])]
	}
	if s.side == games.Second {
		h ^= s.g.sideKey
	}
	return h
}

// Clone implements games.State.
func (s *State) Clone() games.State { c := *s; return &c }

// CopyFrom implements games.State.
func (s *State) CopyFrom(src games.State) { *s = *src.(*State) }

// MoveCells implements games.State: the Board cell of the house emptied.
func (s *State) MoveCells(m games.Move) (from, to int) {
	file, side := s.g.fileOf(int(m))
	return side*s.g.houses + file, -1
}

// MoveString implements games.State.
func (s *State) MoveString(m games.Move) string {
	file, side := s.g.fileOf(int(m))
	return houseName(file, side)
}

// ParseMove implements games.State.
func (s *State) ParseMove(text string) (games.Move, error) {
	if len(text) != 2 || text[0] < 'a' || int(text[0]-'a') >= s.g.houses || (text[1] != '1' && text[1] != '2') {
		return games.NoMove, games.Notation(fmt.Errorf("%q is not a house (a1..%s for South, a2..%s for North)", text, houseName(s.g.houses-1, 0), houseName(s.g.houses-1, 1)))
	}
	file, side := int(text[0]-'a'), int(text[1]-'1')
	name := s.g.PlayerNames()[s.side]
	switch {
	case s.Terminal():
		return games.NoMove, fmt.Errorf("%s: the game is over", text)
	case side != int(s.side):
		return games.NoMove, fmt.Errorf("%s: not a house of %s, who is to move", text, name)
	}
	p := s.g.pitOf(file, side)
	if s.pit[p] == 0 {
		return games.NoMove, fmt.Errorf("%s: the house is empty", text)
	}
	return games.Move(p), nil
}

// String implements games.State.
func (s *State) String() string {
	var b strings.Builder
	for r, side := range []int{1, 0} {
		if r > 0 {
			b.WriteByte('/')
		}
		for file := range s.g.houses {
			if file > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(int(s.pit[s.g.pitOf(file, side)])))
		}
	}
	fmt.Fprintf(&b, " %d %d %c", s.pit[s.g.store[0]], s.pit[s.g.store[1]], "sn"[s.side])
	return b.String()
}

// Board implements games.State.
func (s *State) Board() games.Board {
	h := s.g.houses
	b := games.Board{Kind: games.Pits, Rows: 2, Cols: h, Cells: make([]games.Cell, 2*h)}
	for side := range 2 {
		for file := range h {
			b.Cells[side*h+file] = games.Cell{Owner: int8(side), Count: int(s.pit[s.g.pitOf(file, side)])}
		}
		b.Stores[side] = int(s.pit[s.g.store[side]])
	}
	return b
}
