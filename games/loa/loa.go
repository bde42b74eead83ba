// Package loa implements Lines of Action on the 8x8 board, as the Computer
// Olympiad plays it, with mcarena's own cap on the length of a game.
//
// Rules: Black (first player) starts with twelve pieces on b1-g1 and b8-g8,
// White with twelve on a2-a7 and h2-h7; Black moves first. A piece moves in a
// straight line, along a rank, a file or a diagonal, exactly as many squares
// as there are pieces of both colours on that whole line (the mover
// included, in both directions). It may jump over its own pieces but not over
// enemy pieces; it may land on an enemy piece, which is captured, but not on
// its own. A player whose pieces form one group, each piece reaching every
// other through pieces that touch along a side or a corner (8-connected),
// wins; a single piece is a group. A move that connects both sides at once is
// decided by the simultaneous option: mover (the default, the Olympiad rule)
// gives the win to the player who moved, draw makes it a draw. A capture that
// leaves only the opponent connected makes the opponent win.
//
// A player with no legal move passes (nomove=pass, the default) or loses
// (nomove=lose). A pass is legal only when the player to move has no other
// move. Under nomove=pass a position where neither side can move is a draw
// (mcarena's reading: passing would repeat it for ever); such positions are
// at best very rare, and the tests contain none.
//
// Ply cap (mcarena's rule, not the Olympiad's): LOA positions can repeat, but
// every mcarena game and random playout must end, so a game that reaches
// maxplies plies (default 1000; a pass is a ply) without a winner is a draw.
// A connection made by the last ply still wins. Random games end long before
// the cap: a uniform random game lasts about 210 plies on average, and none
// of 20,000 seeded random games passed 550.
//
// Board: cells as in package grid, a1 = 0 bottom-left on Black's side:
//
//	8  56 57 58 59 60 61 62 63      . b b b b b b .
//	7  48 49 50 51 52 53 54 55      w . . . . . . w
//	6  40 41 42 43 44 45 46 47      w . . . . . . w
//	5  32 33 34 35 36 37 38 39      w . . . . . . w
//	4  24 25 26 27 28 29 30 31      w . . . . . . w
//	3  16 17 18 19 20 21 22 23      w . . . . . . w
//	2   8  9 10 11 12 13 14 15      w . . . . . . w
//	1   0  1  2  3  4  5  6  7      . b b b b b b .
//	    a  b  c  d  e  f  g  h      (the start)
//
// Moves: a move is from*8 + d, with d the direction
//
//	7 0 1       NW N NE     cell step +7 +8 +9
//	6 . 2   =   W  .  E               -1  .  +1
//	5 4 3       SW S SE               -9 -8  -7
//
// so d and d+4 are opposite and d&3 names the line (0 file, 1 diagonal, 2
// rank, 3 anti-diagonal). A pass is move 512; MoveSpace is 513. Legal lists
// moves in ascending order (by from cell, then direction) and Playout draws
// from that order (Legal()[r.Intn(n)]).
//
// Notation: a move is "from-to" with cell names ("b1-b3"), a capture
// "fromxto" ("f8xh6"); the parser takes either separator for a capture. A pass
// is "pass".
//
// Position text: ranks 8 to 1 separated by '/', 'b' and 'w' pieces, digits for
// empty runs, a space and the side to move ('b' or 'w'), then optionally a
// space and the number of plies played, which the ply cap counts (omitted
// when 0). The start is "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b". A side
// has one to twelve pieces. A position where a side is connected is over: if
// both are, the player not to move made the simultaneous connection.
//
// Hash: the Zobrist hash covers the pieces and the side to move, not the ply
// count, so positions that differ only in plies played share a hash (as chess
// hashes leave out the fifty-move counter).
//
// Knowledge (package knowledge): the heuristic "mia-sub" and the classifier
// "capture". mia-sub is mcarena's SUBSTITUTE for the evaluation of MIA
// (Winands, van den Herik and Uiterwijk), which MC-LOA uses and the
// implicit-minimax paper's LOA experiments rely on; MIA's nine features and
// weights are not public. It keeps four of them, as Features defines them:
// concentration (the pieces' excess Chebyshev distance to their centre of
// mass, per piece), centralisation (the mean ring of the pieces, 0 on the
// edge to 3 in the centre), quads (the groups beyond the first by the
// 8-connected Euler number of 2x2 windows) and mobility (moves, half for a
// move onto the edge, double for a capture). The value, from Black's (the
// first player's) view, is tanh(d/2), d = 1*conc + 1*centre + 0.25*groups +
// 0.05*mobility, each term Black's figure less White's in the sense that
// favours Black; a finished game scores its outcome. Features of typical
// mid-game spread (about 1 for concentration and centralisation, 4 groups,
// 20 moves) start from equal shares of d, and tanh(d/2) puts an advantage of
// one such unit near 0.46. The weights were then checked by play
// (TestMiaSubWeightCheck, in every test run): one-ply greedy players of each
// feature alone, without it and with its weight doubled played 80 games
// against the weights from four random plies, seats swapped. Centralisation
// at 0.5 lost to both of its variants, so it became 1; at 1 no variant
// scored above 52.5 of 80 (an even match stays within 40 +- 9 at 95%), and
// doubling concentration, the next candidate, lost to leaving
// centralisation out by 31 to 49, so the weights stayed. Played again when
// the test came to assert, the best variant, doubled concentration, scored
// 46 of 80 (the test fails above 49). One-ply play is a
// weak judge: the check rules out gross imbalance, no more. A one-ply greedy
// player beats a uniform random one in 40 of 40 games. A value costs about
// 0.2 us of CPU, a quarter of what it cost when mobility generated both
// sides' moves: mobility.go reads it line by line from tables, and within a
// search rereads only the lines through the cells that changed since the
// last value. The player to move, walls, uniformity and the centre of
// mass's position (MIA's other features) are left out.
//
// Connectivity is checked incrementally: after a move only the mover's group
// through the piece just moved can have become whole (a flood from that piece,
// skipped when it lands with no friendly neighbour), and the opponent can only
// have become connected when the captured piece was its lone outlier (a
// capture never joins groups), so the opponent's flood runs only then.
package loa

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"mcarena/games"
	"mcarena/games/grid"
	"mcarena/games/rng"
)

// Pass is the move of a player with no other move (nomove=pass).
const Pass games.Move = 512

const (
	maxPieces = 12
	maxMoves  = maxPieces * 8
	// DefaultMaxPlies is the default of the maxplies option.
	DefaultMaxPlies = 1000
)

func init() {
	games.Register(games.Entry{
		Name: "loa",
		Doc:  "Lines of Action: move as far as the line holds pieces, connect all your pieces to win",
		Options: []games.Option{
			{Name: "simultaneous", Kind: games.Choice, Default: "mover", Choices: []string{"mover", "draw"}, Doc: "a move connecting both sides wins for the mover (Olympiad) or draws"},
			{Name: "nomove", Kind: games.Choice, Default: "pass", Choices: []string{"pass", "lose"}, Doc: "a player with no legal move passes or loses"},
			{Name: "maxplies", Kind: games.Int, Default: strconv.Itoa(DefaultMaxPlies), Min: 1, Max: 1000000, Doc: "plies after which an unfinished game is a draw (mcarena's rule)"},
		},
		Build: func(o games.Options) (games.Game, error) {
			return New(Rules{
				SimultaneousDraw: o.String("simultaneous") == "draw",
				NoMoveLoses:      o.String("nomove") == "lose",
				MaxPlies:         o.Int("maxplies"),
			}), nil
		},
	})
}

// Rules are the options of a LOA game.
type Rules struct {
	// SimultaneousDraw makes a move that connects both sides a draw rather
	// than a win for the mover.
	SimultaneousDraw bool
	// NoMoveLoses makes a player without a legal move lose rather than pass.
	NoMoveLoses bool
	// MaxPlies is the ply cap: a game that reaches it without a winner is a
	// draw. 0 means DefaultMaxPlies.
	MaxPlies int
}

// Game is Lines of Action under some rules.
type Game struct {
	rules Rules
	spec  string
	geo   grid.Geometry
	keys  grid.Keys
}

// New returns LOA under rules.
func New(rules Rules) *Game {
	if rules.MaxPlies <= 0 {
		rules.MaxPlies = DefaultMaxPlies
	}
	var opts []string
	if rules.SimultaneousDraw {
		opts = append(opts, "simultaneous=draw")
	}
	if rules.NoMoveLoses {
		opts = append(opts, "nomove=lose")
	}
	if rules.MaxPlies != DefaultMaxPlies {
		opts = append(opts, "maxplies="+strconv.Itoa(rules.MaxPlies))
	}
	spec := "loa"
	if len(opts) > 0 {
		spec += ":" + strings.Join(opts, ",")
	}
	g := &Game{rules: rules, spec: spec, geo: grid.New(8, 8)}
	g.keys = grid.NewKeys(0x10a5c0)
	return g
}

// Name implements games.Game.
func (g *Game) Name() string { return "loa" }

// Spec implements games.Game.
func (g *Game) Spec() string { return g.spec }

// Rules returns the game's rules.
func (g *Game) Rules() Rules { return g.rules }

// PlayerNames implements games.Game.
func (g *Game) PlayerNames() [2]string { return [2]string{"Black", "White"} }

// MaxMoves implements games.Game: eight directions for each of at most twelve
// pieces (a pass is the only move when it is legal).
func (g *Game) MaxMoves() int { return maxMoves }

// MoveSpace implements games.Game: 64 cells times 8 directions, and the pass.
func (g *Game) MoveSpace() int { return int(Pass) + 1 }

// MaxLength implements games.Game: the ply cap.
func (g *Game) MaxLength() int { return g.rules.MaxPlies }

// Start is the text of the start position.
const Start = "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"

// NewState implements games.Game.
func (g *Game) NewState() games.State {
	s := &State{g: g}
	s.BB[0] = 0x7e | 0x7e<<56
	s.BB[1] = 0x0081818181818100
	s.ResetHash(&s.g.keys)
	return s
}

// ParsePosition implements games.Game.
func (g *Game) ParsePosition(text string) (games.State, error) {
	f := strings.Fields(text)
	if len(f) < 2 || len(f) > 3 {
		return nil, fmt.Errorf("position %q: want ranks, a space, the side to move (b or w) and optionally the plies played, like %q", text, Start)
	}
	cells, side, err := g.geo.ParsePosition(f[0]+" "+f[1], "bw", "bw")
	if err != nil {
		if len(f) == 2 {
			return nil, err
		}
		return nil, fmt.Errorf("position %q: %w", text, err)
	}
	s := &State{g: g}
	s.Side = games.Player(side)
	for i, p := range cells {
		if p >= 0 {
			s.BB[p] |= 1 << uint(i)
		}
	}
	for p := range 2 {
		if n := bits.OnesCount64(s.BB[p]); n < 1 || n > maxPieces {
			return nil, fmt.Errorf("position %q: %s has %d pieces, want 1 to %d", text, g.PlayerNames()[p], n, maxPieces)
		}
	}
	if len(f) == 3 {
		n, err := strconv.Atoi(f[2])
		if err != nil || n < 0 || n > g.rules.MaxPlies {
			return nil, fmt.Errorf("position %q: plies played %q is not a whole number 0..%d (maxplies)", text, f[2], g.rules.MaxPlies)
		}
		s.plies = int32(n)
	}
	mover := s.Side.Other()
	mc, oc := connected(s.BB[mover]), connected(s.BB[s.Side])
	s.decide(mover, mc, oc)
	s.ResetHash(&s.g.keys)
	return s, nil
}

// How a game ended, besides running out of moves or plies.
const (
	endNone uint8 = iota
	endConnection
	endSimultaneous
)

// State is a LOA position.
type State struct {
	g *Game
	grid.Pieces
	plies int32
	end   uint8         // endNone, or how a connection ended the game
	won   games.Outcome // the outcome when end != endNone
}

// Game implements games.State.
func (s *State) Game() games.Game { return s.g }

// Plies returns the number of plies played, which the ply cap counts.
func (s *State) Plies() int { return int(s.plies) }

// decide records the end of the game after a move by mover that left the
// mover connected or not (mc) and the opponent connected or not (oc).
func (s *State) decide(mover games.Player, mc, oc bool) {
	switch {
	case mc && oc:
		s.end = endSimultaneous
		s.won = games.WinFor(mover)
		if s.g.rules.SimultaneousDraw {
			s.won = games.Draw
		}
	case mc:
		s.end, s.won = endConnection, games.WinFor(mover)
	case oc:
		s.end, s.won = endConnection, games.WinFor(mover.Other())
	}
}

// capped reports whether the ply cap has ended the game.
func (s *State) capped() bool { return s.plies >= int32(s.g.rules.MaxPlies) }

// stuck reports whether the game ends because of players without moves:
// under nomove=lose the player to move has none; under nomove=pass neither
// has.
func (s *State) stuck() bool {
	if s.hasMove(s.Side) {
		return false
	}
	return s.g.rules.NoMoveLoses || !s.hasMove(s.Side.Other())
}

// Terminal implements games.State.
func (s *State) Terminal() bool {
	return s.end != endNone || s.capped() || s.stuck()
}

// Outcome implements games.State.
func (s *State) Outcome() games.Outcome {
	switch {
	case s.end != endNone:
		return s.won
	case s.capped():
		return games.Draw
	case s.stuck() && s.g.rules.NoMoveLoses:
		return games.WinFor(s.Side.Other())
	}
	return games.Draw
}

// Score implements games.State.
func (s *State) Score() int { return int(s.Outcome()) }

// EndReason implements games.Reasoner: "connection", "simultaneous
// connection", "ply limit" or "no move".
func (s *State) EndReason() string {
	switch {
	case s.end == endConnection:
		return "connection"
	case s.end == endSimultaneous:
		return "simultaneous connection"
	case s.capped():
		return "ply limit"
	case s.stuck():
		return "no move"
	}
	return ""
}

// gen appends the moves of p other than the pass to buf, which grows to
// MaxMoves when it is smaller.
func (s *State) gen(p games.Player, buf []games.Move) []games.Move {
	if cap(buf)-len(buf) < maxMoves {
		buf = append(make([]games.Move, 0, len(buf)+maxMoves), buf...)
	}
	n := s.genInto(p, buf[len(buf):len(buf)+maxMoves])
	return buf[:len(buf)+n]
}

// genInto writes the moves of p other than the pass to moves, of length at
// least maxMoves, in ascending order and returns how many there are. It
// reads each piece's legal directions from its four lines (lines.go) and
// has no data-dependent branch per direction: every candidate is written
// and the count advances by one when it is legal, because which directions
// are legal is too random for branch prediction.
func (s *State) genInto(p games.Player, moves []games.Move) int {
	own, opp := s.BB[p], s.BB[p^1]
	n := 0
	for b := own; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b) & 63
		pl := &pieceLines[from]
		dirs := pl[0].dirs(own, opp) | pl[1].dirs(own, opp)<<1 | pl[2].dirs(own, opp)<<2 | pl[3].dirs(own, opp)<<3
		for d := range 8 {
			moves[n] = games.Move(from<<3 | d)
			n += int(dirs >> uint(d) & 1)
		}
	}
	return n
}

// hasMove reports whether p has a move other than the pass. Terminal asks
// it of every position, so it reads each piece's four lines as genInto
// does and stops at the first piece that can move: almost always the
// first.
func (s *State) hasMove(p games.Player) bool {
	own, opp := s.BB[p], s.BB[p^1]
	for b := own; b != 0; b &= b - 1 {
		pl := &pieceLines[bits.TrailingZeros64(b)&63]
		if pl[0].dirs(own, opp)|pl[1].dirs(own, opp)|pl[2].dirs(own, opp)|pl[3].dirs(own, opp) != 0 {
			return true
		}
	}
	return false
}

// Legal implements games.State.
func (s *State) Legal(buf []games.Move) []games.Move {
	buf = buf[:0]
	if s.end != endNone || s.capped() {
		return buf
	}
	buf = s.gen(s.Side, buf)
	if len(buf) == 0 && !s.g.rules.NoMoveLoses && s.hasMove(s.Side.Other()) {
		buf = append(buf, Pass)
	}
	return buf
}

// IsLegal implements games.MoveChecker: a piece of the side to move on the
// move's cell whose line lets it go that way, or the pass when Legal would
// list it alone. The alpha-beta playout asks it of each node's killer
// before it lists the node's moves, which a cut-off by the killer spares.
func (s *State) IsLegal(m games.Move) bool {
	if s.end != endNone || s.capped() {
		return false
	}
	own, opp := s.BB[s.Side], s.BB[s.Side^1]
	if m == Pass {
		return !s.g.rules.NoMoveLoses && !s.hasMove(s.Side) && s.hasMove(s.Side^1)
	}
	if m < 0 || m >= Pass {
		return false
	}
	from, d := int(m)>>3, int(m)&7
	if own>>uint(from)&1 == 0 {
		return false
	}
	// dirs has bit 0 for the line's forward direction (d < 4), bit 4 back.
	return pieceLines[from][d&3].dirs(own, opp)>>uint(d>>2*4)&1 != 0
}

// Play implements games.State.
func (s *State) Play(m games.Move) {
	if m == Pass {
		s.Side ^= 1
		s.XorHash(s.g.keys.Side)
		s.plies++
		return
	}
	from, d := int(m)>>3, int(m)&7
	p, q := s.Side, s.Side^1
	occ := s.BB[0] | s.BB[1]
	to := from + bits.OnesCount64(occ&lines[from][d&3])*int(delta[d])
	s.move(p, q, from, to)
}

// move plays the piece of p on from to to, captures, and decides the game.
func (s *State) move(p, q games.Player, from, to int) {
	g := s.g
	tb := uint64(1) << uint(to&63)
	s.BB[p] ^= 1<<uint(from&63) | tb
	h := g.keys.Cell[p][from&63] ^ g.keys.Cell[p][to&63] ^ g.keys.Side
	oc := false
	if s.BB[q]&tb != 0 {
		s.BB[q] &^= tb
		h ^= g.keys.Cell[q][to&63]
		// A capture never joins groups, so it connects the opponent only
		// by removing a piece that stood alone.
		oc = kings[to&63]&s.BB[q] == 0 && connected(s.BB[q])
	}
	s.XorHash(h)
	s.Side = q
	s.plies++
	own := s.BB[p]
	mc := own&(own-1) == 0 || (kings[to&63]&own != 0 && flood(tb, own) == own)
	if mc || oc {
		s.decide(p, mc, oc)
	}
}

// Playout implements games.State by the reference rule.
func (s *State) Playout(r *rng.Rand, limit int) int { return s.playout(r, limit, nil) }

// RecordPlayout implements games.State: Playout's loop, recording each move
// and its mover.
func (s *State) RecordPlayout(r *rng.Rand, limit int, t *games.Trace) int {
	return s.playout(r, limit, t)
}

// playout is the loop of Playout and RecordPlayout; t may be nil.
func (s *State) playout(r *rng.Rand, limit int, t *games.Trace) int {
	var moves [maxMoves]games.Move
	n := 0
	for ; n < limit; n++ {
		if s.end != endNone || s.capped() {
			return n
		}
		k := s.genInto(s.Side, moves[:])
		if k == 0 {
			if s.g.rules.NoMoveLoses || !s.hasMove(s.Side.Other()) {
				return n
			}
			r.Intn(1) // the reference rule draws from the list [pass]
			if t != nil {
				t.Add(Pass, s.Side)
			}
			s.Play(Pass)
			continue
		}
		m := int(moves[r.Intn(k)])
		if t != nil {
			t.Add(games.Move(m), s.Side)
		}
		from, d := m>>3, m&7
		occ := s.BB[0] | s.BB[1]
		s.move(s.Side, s.Side^1, from, from+bits.OnesCount64(occ&lines[from][d&3])*int(delta[d]))
	}
	return n
}

// RecomputeHash implements games.State.
func (s *State) RecomputeHash() uint64 {
	return s.g.keys.Hash(s.BB, s.Side)
}

// Clone implements games.State.
func (s *State) Clone() games.State { c := *s; return &c }

// CopyFrom implements games.State.
func (s *State) CopyFrom(src games.State) { *s = *src.(*State) }

// MoveCells implements games.State: from and to, or -1 and -1 for the pass.
func (s *State) MoveCells(m games.Move) (from, to int) {
	if m == Pass {
		return -1, -1
	}
	from, d := int(m)>>3, int(m)&7
	occ := s.BB[0] | s.BB[1]
	return from, from + bits.OnesCount64(occ&lines[from][d&3])*int(delta[d])
}

// MoveString implements games.State.
func (s *State) MoveString(m games.Move) string {
	if m == Pass {
		return "pass"
	}
	from, to := s.MoveCells(m)
	sep := "-"
	if s.BB[s.Side^1]&(1<<uint(to&63)) != 0 {
		sep = "x"
	}
	return s.g.geo.CellName(from) + sep + s.g.geo.CellName(to)
}

// ParseMove implements games.State.
func (s *State) ParseMove(text string) (games.Move, error) {
	name := s.g.PlayerNames()[s.Side]
	if text == "pass" {
		switch {
		case s.Terminal():
			return games.NoMove, fmt.Errorf("pass: the game is over")
		case s.g.rules.NoMoveLoses:
			return games.NoMove, fmt.Errorf("pass: there is no passing under nomove=lose")
		case s.hasMove(s.Side):
			return games.NoMove, fmt.Errorf("pass: %s has a legal move", name)
		}
		return Pass, nil
	}
	sep := strings.IndexAny(text, "-xX")
	if sep <= 0 || sep == len(text)-1 {
		return games.NoMove, games.Notation(fmt.Errorf("%q is not a move like b1-b3, a capture like f8xh6 or pass", text))
	}
	a, b := text[:sep], text[sep+1:]
	from, err := s.g.geo.ParseCell(a)
	if err != nil {
		return games.NoMove, err
	}
	to, err := s.g.geo.ParseCell(b)
	if err != nil {
		return games.NoMove, err
	}
	if s.Terminal() {
		return games.NoMove, fmt.Errorf("%s: the game is over", text)
	}
	if s.BB[s.Side]&(1<<uint(from)) == 0 {
		return games.NoMove, fmt.Errorf("%s: no %s piece on %s", text, name, a)
	}
	df, dr := to%8-from%8, to/8-from/8
	if df == 0 && dr == 0 {
		return games.NoMove, fmt.Errorf("%s: a move leaves %s for another square", text, a)
	}
	d := -1
	for i := range 8 {
		k := max(abs(df), abs(dr))
		if k > 0 && df == k*int(fileStep[i]) && dr == k*int(rankStep[i]) {
			d = i
		}
	}
	if d < 0 {
		return games.NoMove, fmt.Errorf("%s: %s and %s are not on one line", text, a, b)
	}
	occ := s.BB[0] | s.BB[1]
	n := bits.OnesCount64(occ & lines[from][d&3])
	if dist := max(abs(df), abs(dr)); dist != n {
		return games.NoMove, fmt.Errorf("%s: the line holds %d pieces, so the piece moves %d squares, not %d", text, n, n, dist)
	}
	tb := uint64(1) << uint(to)
	switch {
	case s.BB[s.Side]&tb != 0:
		return games.NoMove, fmt.Errorf("%s: %s holds a %s piece", text, b, name)
	case (text[sep] == 'x' || text[sep] == 'X') && s.BB[s.Side^1]&tb == 0:
		return games.NoMove, fmt.Errorf("%s: nothing to capture on %s", text, b)
	}
	if jumped := s.BB[s.Side^1] & (rays[from][d] ^ rays[to][d] ^ tb); jumped != 0 {
		return games.NoMove, fmt.Errorf("%s: cannot jump the enemy piece on %s", text, s.g.geo.CellName(bits.TrailingZeros64(jumped)))
	}
	return games.Move(from<<3 | d), nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// String implements games.State.
func (s *State) String() string {
	t := s.Text(&s.g.geo, "bw")
	if s.plies > 0 {
		t += " " + strconv.Itoa(int(s.plies))
	}
	return t
}

// Board implements games.State.
func (s *State) Board() games.Board { return s.SquareBoard(&s.g.geo, "bw") }
