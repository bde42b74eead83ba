// Package games holds the game API shared by every game of mcarena, the registry
// that builds a game from a name and options, and game-independent tools built on
// the API (perft, uniform playouts, Zobrist keys).
//
// A Game is immutable metadata and a factory of positions; a State is one
// position. Moves are small integers in [0, Game.MoveSpace()), so engines can
// index tables by move. States use copy-make: a search keeps one preallocated
// State per ply and calls CopyFrom then Play, so nothing allocates in its loops.
//
// Each game package documents its rules, board indexing, move encoding and
// notation, and registers itself in init; import mcarena/games/all to get them
// all.
package games

import (
	"strings"

	"mcarena/games/rng"
)

// Move is a move of some game, a small integer in [0, Game.MoveSpace()).
// Its meaning is private to the game; MoveString and ParseMove translate it.
type Move int32

// NoMove is a Move that no game uses.
const NoMove Move = -1

// Player is a seat at the table: First moves first from the start position.
type Player uint8

// The two players.
const (
	First  Player = 0
	Second Player = 1
)

// Other returns the opponent of p.
func (p Player) Other() Player { return p ^ 1 }

// Outcome is the result of a finished game, seen from the first player.
type Outcome int8

// The outcomes of a finished game.
const (
	SecondWins Outcome = -1
	Draw       Outcome = 0
	FirstWins  Outcome = 1
)

// Value returns the outcome from p's point of view: 1 for a win, 0 for a draw,
// -1 for a loss.
func (o Outcome) Value(p Player) int {
	if p == First {
		return int(o)
	}
	return -int(o)
}

// WinFor returns the outcome in which p wins.
func WinFor(p Player) Outcome {
	if p == First {
		return FirstWins
	}
	return SecondWins
}

// String names the outcome as a PGN result.
func (o Outcome) String() string {
	switch o {
	case FirstWins:
		return "1-0"
	case SecondWins:
		return "0-1"
	default:
		return "1/2-1/2"
	}
}

// State is a position of a game. Methods that take or return moves assume the
// state belongs to one game; mixing games is a programming error and panics.
//
// Play, CopyFrom, Legal and Playout never allocate, nor does RecordPlayout
// once its trace has room. Play must only be given a
// move from Legal; ParseMove is the checked way in from text.
type State interface {
	// Game returns the game this position belongs to.
	Game() Game
	// ToMove returns the player to move. Turns need not alternate.
	ToMove() Player
	// Legal appends the legal moves to buf[:0] and returns it. A buffer of
	// capacity Game().MaxMoves() never grows. A terminal position has none.
	Legal(buf []Move) []Move
	// Play makes the legal move m.
	Play(m Move)
	// Terminal reports whether the game is over.
	Terminal() bool
	// Outcome returns the result of a terminal position (Draw otherwise).
	Outcome() Outcome
	// Score returns the result of a terminal position as a number from the
	// first player's view: the seed margin in Kalah, Outcome elsewhere.
	Score() int
	// Hash returns the Zobrist hash of the position, kept incrementally.
	Hash() uint64
	// RecomputeHash computes the Zobrist hash from scratch; it must equal Hash.
	RecomputeHash() uint64
	// Clone returns an independent copy. It allocates; searches use CopyFrom.
	Clone() State
	// CopyFrom makes the receiver equal to src, a state of the same game.
	CopyFrom(src State)
	// Playout plays uniformly random legal moves until the game ends or
	// limit moves have been played, and returns how many it played. At each
	// step the move is Legal()[r.Intn(n)] unless the game documents another
	// uniform rule. Each move draws from r on its own, so a playout stopped
	// at the limit and resumed is the same game as one played in one call.
	Playout(r *rng.Rand, limit int) int
	// RecordPlayout plays exactly the game Playout(r, limit) would play
	// from the same generator state (the same draws and moves) and returns
	// the moves played, appending each move and the player who made it to
	// t. It runs in the game's own playout loop, and allocates nothing once
	// t has room for the moves.
	RecordPlayout(r *rng.Rand, limit int, t *Trace) int
	// MoveString formats m, a legal move of this position, in the game's
	// notation.
	MoveString(m Move) string
	// ParseMove reads a move in the game's notation. A malformed move or one
	// that is illegal here is an error that says why.
	ParseMove(s string) (Move, error)
	// MoveCells returns the board cells a move touches, for drawing the last
	// move: from and to, or to = -1 where a move is one cell.
	MoveCells(m Move) (from, to int)
	// String returns the position in the game's text form, which
	// Game().ParsePosition reads back.
	String() string
	// Board describes the position for drawing.
	Board() Board
}

// Game is an immutable game with its options: metadata and a factory of
// positions.
type Game interface {
	// Name returns the registry name, such as "breakthrough".
	Name() string
	// Spec returns the canonical registry spec including non-default
	// options, such as "breakthrough:size=6x6,misere". New(Spec()) builds an
	// equal game.
	Spec() string
	// PlayerNames returns how the two players are called (White, Black...).
	PlayerNames() [2]string
	// NewState returns the start position. A game with a random start
	// (RandomStarter) returns its fixed standard start here; Start draws
	// one.
	NewState() State
	// ParsePosition reads a position in the game's text form.
	ParsePosition(s string) (State, error)
	// MaxMoves returns an upper bound on the number of legal moves.
	MaxMoves() int
	// MoveSpace returns the number of distinct move values: every move is in
	// [0, MoveSpace()).
	MoveSpace() int
	// MaxLength returns an upper bound on the number of plies of a game from
	// the start position, or 0 where the game has no such small bound.
	MaxLength() int
}

// Reasoner is a State that says why its game ended, in the game's words.
// Every game of mcarena implements it; package games reads it through
// EndReason.
type Reasoner interface {
	// EndReason returns why a terminal position is over ("connection",
	// "far row", "store count"...), or "" while the game goes on. Where a
	// game ended for several reasons at once, they are listed separated by
	// a comma and a space ("bridge, fork"); no single reason holds one.
	EndReason() string
}

// EndReason returns why s is over in its game's words, "" for a game in
// progress, and "game over" for a finished game whose State does not
// implement Reasoner.
func EndReason(s State) string {
	if !s.Terminal() {
		return ""
	}
	if r, ok := s.(Reasoner); ok {
		return r.EndReason()
	}
	return "game over"
}

// EndReasons returns the reasons EndReason gives for s one by one
// ("bridge, fork" is bridge and fork), none for a game in progress.
func EndReasons(s State) []string {
	r := EndReason(s)
	if r == "" {
		return nil
	}
	return strings.Split(r, ", ")
}

// WinChecker is a State that knows, cheaply, whether a player could still
// win by some series of legal moves. A game under a clock reads it: a
// player whose flag falls loses, unless the opponent could not win anyway,
// which is a draw (FIDE's rule for chess).
type WinChecker interface {
	// CanWin reports whether p could still win from here.
	CanWin(p Player) bool
}

// CanWin reports whether p could still win from s: what s says where it
// implements WinChecker, else true.
func CanWin(s State, p Player) bool {
	if c, ok := s.(WinChecker); ok {
		return c.CanWin(p)
	}
	return true
}

// MoveChecker is a State that tells whether one move is legal without
// listing them all, which learning playouts ask of a remembered reply at
// every step. The conformance kit checks it against Legal.
type MoveChecker interface {
	// IsLegal reports whether m is among the moves Legal lists, for any m
	// (a move of another position, or outside MoveSpace, is not legal).
	IsLegal(m Move) bool
}

// RandomStarter is a Game whose options can make each game start from a
// position drawn at random, such as Kalah's start=random. Games declare it
// by the option start=standard|random, by convention.
type RandomStarter interface {
	// RandomStart returns the start position drawn from seed and true,
	// the same position for the same seed on every machine; or nil and
	// false when the game's options give it a fixed start.
	RandomStart(seed uint64) (State, bool)
}

// Start returns the start position of a game of g seeded with seed: a
// position drawn from seed where g has a random start (random is then
// true), g.NewState() otherwise.
func Start(g Game, seed uint64) (s State, random bool) {
	if rs, ok := g.(RandomStarter); ok {
		if s, ok := rs.RandomStart(seed); ok {
			return s, true
		}
	}
	return g.NewState(), false
}
