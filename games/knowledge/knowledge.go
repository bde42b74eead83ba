// Package knowledge is the registry of game knowledge that engines reach
// through their options: heuristics (evaluation functions) and move
// classifiers (capture, decisive...), registered per game by name. A game
// package registers its own knowledge in init; knowledge that holds for
// every game registers under the game name "*"; a game may register its own
// piece of knowledge under the same name (a faster reading), which replaces
// the general one for that game.
//
// Engines look knowledge up when they are configured for a game, so an
// option that asks for knowledge a game lacks is refused when a preset or a
// spec is read, with a message naming the game, the knowledge asked for and
// what the game has.
package knowledge

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"mcarena/games"
)

// Heuristic values positions of one game. It may keep buffers: each search
// makes its own with the registered constructor.
type Heuristic interface {
	// Value returns a value of s in [-1, 1] from the first player's view:
	// an estimate, and for a finished game its outcome, except where a
	// heuristic models a program that valued finished positions by its
	// formula (Kalah's stores-fw). Searches that need the outcome of a
	// finished game (playouts reaching the end) take it from the game.
	Value(s games.State) float64
}

// Scorer is a Heuristic that also scores the position after a legal move
// without playing it, for greedy choices: ScoreAfter(s, m) orders the moves
// of s exactly as Value orders the positions after them (higher for higher,
// equal for equal), from the first player's view, a finished game at +Inf
// or -Inf. It is the heuristic before its squashing (tanh), read from the
// bitboards, so a greedy step costs a fraction of playing each move.
type Scorer interface {
	ScoreAfter(s games.State, m games.Move) float64
}

// Greedy is a Scorer that also makes a greedy step's choice in one call:
// Best appends to best[:0], in the order of moves (legal in s), every move
// whose ScoreAfter is the highest for the player to move (ScoreAfter
// negated when the second player moves), and returns it. It must choose
// exactly the moves a loop over ScoreAfter would, so that a playout plays
// the same game with either; it saves the per-move calls and float
// arithmetic.
type Greedy interface {
	Scorer
	Best(s games.State, moves, best []games.Move) []games.Move
}

// Drawer is a Greedy that also draws an epsilon-greedy step's move without
// the move list: Count returns how many legal moves s has and how many of
// them Best would return; Nth returns the j-th (from 0) of the legal moves,
// in Legal's order, or of Best's moves when best is true. Nth answers for
// the state last passed to Count, unchanged since. A step that draws its
// move with Count and Nth plays exactly the move Legal and Best would give
// it for the same random numbers.
type Drawer interface {
	Greedy
	Count(s games.State) (legal, best int)
	Nth(s games.State, j int, best bool) games.Move
}

// Raw is a Heuristic that also gives its evaluation before squashing, in
// the evaluation's own units, from the first player's view (chess's pesto:
// centipawns): for a term that a paper weighs in an engine's units, such as
// the chess thesis' progressive bias, whose constant k_bias = 0.001 is sized
// for Stockfish's internal units.
type Raw interface {
	Raw(s games.State) float64
}

// Live is a Heuristic that also values a position its caller knows is not
// over: LiveValue(s) equals Value(s) for every s that is not Terminal, and
// skips the game's end test, which a search has just made at the leaf.
type Live interface {
	LiveValue(s games.State) float64
}

// Classifier tells whether a legal move of a position belongs to a class
// (captures, decisive moves...). It may keep buffers: each search makes its
// own with the registered constructor.
type Classifier interface {
	// Is reports whether m, legal in s, is of the class. s is unchanged.
	Is(s games.State, m games.Move) bool
}

// Entry describes one registered piece of knowledge.
type Entry struct {
	Game string // the game's registry name, or "*" for every game
	Name string
	Doc  string
}

// table is the registry of one kind of knowledge.
type table[T any] struct {
	what     string // "heuristic", for messages
	mu       sync.RWMutex
	entries  map[string]entry[T]  // by game + "/" + name
	families map[string]family[T] // by game + "/" + prefix
}

type entry[T any] struct {
	Entry
	make func(g games.Game) (T, error)
}

// family is knowledge named by a prefix and a number: chess's heavy
// playouts "hp-eval-" and 40, the playout with epsilon 0.4. Its Entry's
// Name is the prefix and "E".
type family[T any] struct {
	Entry
	prefix   string
	min, max float64
	make     func(g games.Game, x float64) (T, error)
}

var (
	heuristics  = &table[Heuristic]{what: "heuristic", entries: map[string]entry[Heuristic]{}}
	classifiers = &table[Classifier]{what: "move classifier", entries: map[string]entry[Classifier]{}}
)

// AnyGame is the game name of knowledge that holds for every game.
const AnyGame = "*"

func (t *table[T]) register(game, name, doc string, make func(g games.Game) (T, error)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	key := game + "/" + name
	if _, dup := t.entries[key]; dup {
		panic("knowledge: duplicate " + t.what + " " + key)
	}
	t.entries[key] = entry[T]{Entry{game, name, doc}, make}
}

// registerFamily adds a family of knowledge named prefix+E, E a number in
// [min, max], which make builds; it panics on a duplicate prefix.
func (t *table[T]) registerFamily(game, prefix, doc string, min, max float64, make func(g games.Game, x float64) (T, error)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	key := game + "/" + prefix
	if _, dup := t.families[key]; dup {
		panic("knowledge: duplicate " + t.what + " family " + key)
	}
	if t.families == nil {
		t.families = map[string]family[T]{}
	}
	t.families[key] = family[T]{Entry{game, prefix + "E", doc}, prefix, min, max, make}
}

func (t *table[T]) build(g games.Game, name string) (T, error) {
	t.mu.RLock()
	e, ok := t.entries[g.Name()+"/"+name]
	if !ok {
		e, ok = t.entries[AnyGame+"/"+name]
	}
	var fam family[T]
	var famOK bool
	if !ok {
		for _, f := range t.families {
			if (f.Game == g.Name() || f.Game == AnyGame) && strings.HasPrefix(name, f.prefix) && len(f.prefix) > len(fam.prefix) {
				fam, famOK = f, true
			}
		}
	}
	t.mu.RUnlock()
	var zero T
	if famOK {
		x, err := strconv.ParseFloat(name[len(fam.prefix):], 64)
		if err != nil || !(x >= fam.min && x <= fam.max) {
			return zero, fmt.Errorf("%s %q of %q: want %s with E a number from %g to %g", t.what, name, g.Spec(), fam.Name, fam.min, fam.max)
		}
		k, err := fam.make(g, x)
		if err != nil {
			return zero, fmt.Errorf("%s %q for %q: %w", t.what, name, g.Spec(), err)
		}
		return k, nil
	}
	if !ok {
		return zero, fmt.Errorf("game %q has no %s %q: %s", g.Spec(), t.what, name, available(t.what+"s", t.list(g.Name())))
	}
	k, err := e.make(g)
	if err != nil {
		return zero, fmt.Errorf("%s %q for %q: %w", t.what, name, g.Spec(), err)
	}
	return k, nil
}

// list returns the entries of the game named game and of every game, less
// those of every game that the game's own entries of the same name replace,
// or all entries when game is "".
func (t *table[T]) list(game string) []Entry {
	t.mu.RLock()
	defer t.mu.RUnlock()
	var out []Entry
	for _, e := range t.entries {
		if game == "" || e.Game == game {
			out = append(out, e.Entry)
			continue
		}
		if _, own := t.entries[game+"/"+e.Name]; e.Game == AnyGame && !own {
			out = append(out, e.Entry)
		}
	}
	for _, f := range t.families {
		if game == "" || f.Game == game || f.Game == AnyGame {
			out = append(out, f.Entry)
		}
	}
	sortEntries(out)
	return out
}

// RegisterHeuristic adds a heuristic of the game named game. make builds it
// for one game (a variant may be refused with an error that says why). It
// panics on a duplicate.
func RegisterHeuristic(game, name, doc string, make func(g games.Game) (Heuristic, error)) {
	heuristics.register(game, name, doc, make)
}

// RegisterClassifier adds a move classifier of the game named game, as
// RegisterHeuristic does.
func RegisterClassifier(game, name, doc string, make func(g games.Game) (Classifier, error)) {
	classifiers.register(game, name, doc, make)
}

// NewHeuristic builds the heuristic named name for g. An unknown name is
// an error naming the game and listing the heuristics it has.
func NewHeuristic(g games.Game, name string) (Heuristic, error) { return heuristics.build(g, name) }

// NewClassifier builds the classifier named name for g, as NewHeuristic
// does.
func NewClassifier(g games.Game, name string) (Classifier, error) { return classifiers.build(g, name) }

// Heuristics lists the heuristics registered for g's game and for every
// game, by name.
func Heuristics(g games.Game) []Entry { return heuristics.list(g.Name()) }

// Classifiers lists the move classifiers registered for g's game and for
// every game, by name.
func Classifiers(g games.Game) []Entry { return classifiers.list(g.Name()) }

func sortEntries(es []Entry) {
	sort.Slice(es, func(i, j int) bool {
		if es[i].Name != es[j].Name {
			return es[i].Name < es[j].Name
		}
		return es[i].Game < es[j].Game
	})
}

func available(what string, es []Entry) string {
	if len(es) == 0 {
		return "it has no " + what
	}
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = e.Name
	}
	return "its " + what + " are " + strings.Join(names, ", ")
}
