// Package knightthrough registers Knightthrough, with the rules of package race.
//
// Rules: the setup and winning conditions of Breakthrough (home rows full,
// White first, reaching the far rank wins, no legal move loses, misère swaps
// winner and loser), but a piece moves by one of the four forward knight leaps,
// two ranks forward and one file sideways or one rank forward and two files
// sideways, to an empty cell or capturing an enemy piece.
//
// Steps (package race's encoding, move = from*4 + step): 0 one rank and two
// files towards file a, 1 two ranks and one file towards file a, 2 two ranks
// and one file away from file a, 3 one rank and two files away from file a.
//
// Spec: "knightthrough", "knightthrough:size=8x8,misere".
package knightthrough

import (
	"mcarena/games"
	"mcarena/games/race"
)

// Rules are Knightthrough's steps.
var Rules = race.Rules{
	Name: "knightthrough",
	Steps: []race.Step{
		{Ranks: 1, Files: -2, Captures: true},
		{Ranks: 2, Files: -1, Captures: true},
		{Ranks: 2, Files: 1, Captures: true},
		{Ranks: 1, Files: 2, Captures: true},
	},
}

func init() {
	games.Register(race.Entry(Rules, "Knightthrough: pieces leap like forward knights; first to the far rank wins"))
}

// New returns Knightthrough with the given variant.
func New(v race.Variant) (*race.Game, error) { return race.NewGame(Rules, v, race.Spec(Rules.Name, v)) }
