// Package knowledge is the registry of game knowledge that engines reach
// through their options: heuristics (evaluation functions) and move
// classifiers (capture, decisive...), registered per game by name. A game
// package registers its own knowledge in init; knowledge that holds for
// every game registers under the game name "*".
//
// Engines look knowledge up when they are configured for a game, so an
// option that asks for knowledge a game lacks is refused when a preset or a
// spec is read, with a message naming the game, the knowledge asked for and
// what the game has.
package knowledge

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"mcarena/games"
)

// Heuristic values positions of one game. It may keep buffers: each search
// makes its own with the registered constructor.
type Heuristic interface {
	// Value returns a value of s in [-1, 1] from the first player's view:
	// the outcome for a finished game, an estimate otherwise.
	Value(s games.State) float64
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

type heuristicEntry struct {
	Entry
	make func(g games.Game) (Heuristic, error)
}

type classifierEntry struct {
	Entry
	make func(g games.Game) (Classifier, error)
}

var (
	mu          sync.RWMutex
	heuristics  = map[string]heuristicEntry{} // by game + "/" + name
	classifiers = map[string]classifierEntry{}
)

// AnyGame is the game name of knowledge that holds for every game.
const AnyGame = "*"

// RegisterHeuristic adds a heuristic of the game named game. make builds it
// for one game (a variant may be refused with an error that says why). It
// panics on a duplicate.
func RegisterHeuristic(game, name, doc string, make func(g games.Game) (Heuristic, error)) {
	mu.Lock()
	defer mu.Unlock()
	key := game + "/" + name
	if _, dup := heuristics[key]; dup {
		panic("knowledge: duplicate heuristic " + key)
	}
	heuristics[key] = heuristicEntry{Entry{game, name, doc}, make}
}

// RegisterClassifier adds a move classifier of the game named game, as
// RegisterHeuristic does.
func RegisterClassifier(game, name, doc string, make func(g games.Game) (Classifier, error)) {
	mu.Lock()
	defer mu.Unlock()
	key := game + "/" + name
	if _, dup := classifiers[key]; dup {
		panic("knowledge: duplicate classifier " + key)
	}
	classifiers[key] = classifierEntry{Entry{game, name, doc}, make}
}

// NewHeuristic builds the heuristic named name for g. An unknown name is
// an error naming the game and listing the heuristics it has.
func NewHeuristic(g games.Game, name string) (Heuristic, error) {
	mu.RLock()
	e, ok := heuristics[g.Name()+"/"+name]
	if !ok {
		e, ok = heuristics[AnyGame+"/"+name]
	}
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("game %q has no heuristic %q: %s", g.Spec(), name, available("heuristics", Heuristics(g)))
	}
	h, err := e.make(g)
	if err != nil {
		return nil, fmt.Errorf("heuristic %q for %q: %w", name, g.Spec(), err)
	}
	return h, nil
}

// NewClassifier builds the classifier named name for g, as NewHeuristic
// does.
func NewClassifier(g games.Game, name string) (Classifier, error) {
	mu.RLock()
	e, ok := classifiers[g.Name()+"/"+name]
	if !ok {
		e, ok = classifiers[AnyGame+"/"+name]
	}
	mu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("game %q has no move classifier %q: %s", g.Spec(), name, available("move classifiers", Classifiers(g)))
	}
	c, err := e.make(g)
	if err != nil {
		return nil, fmt.Errorf("move classifier %q for %q: %w", name, g.Spec(), err)
	}
	return c, nil
}

// Heuristics lists the heuristics registered for g's game and for every
// game, by name.
func Heuristics(g games.Game) []Entry {
	mu.RLock()
	defer mu.RUnlock()
	var out []Entry
	for _, e := range heuristics {
		if e.Game == g.Name() || e.Game == AnyGame {
			out = append(out, e.Entry)
		}
	}
	sortEntries(out)
	return out
}

// Classifiers lists the move classifiers registered for g's game and for
// every game, by name.
func Classifiers(g games.Game) []Entry {
	mu.RLock()
	defer mu.RUnlock()
	var out []Entry
	for _, e := range classifiers {
		if e.Game == g.Name() || e.Game == AnyGame {
			out = append(out, e.Entry)
		}
	}
	sortEntries(out)
	return out
}

// All lists every registered heuristic and classifier, for help screens.
func All() (hs, cs []Entry) {
	mu.RLock()
	defer mu.RUnlock()
	for _, e := range heuristics {
		hs = append(hs, e.Entry)
	}
	for _, e := range classifiers {
		cs = append(cs, e.Entry)
	}
	sortEntries(hs)
	sortEntries(cs)
	return hs, cs
}

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
