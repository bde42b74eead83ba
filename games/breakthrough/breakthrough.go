// Package breakthrough registers Breakthrough, with the rules of package race.
//
// Rules: each side starts with its home rows full (two by default); White, at
// the bottom, moves first. A piece moves one cell straight forward to an empty
// cell, or one cell diagonally forward to an empty cell or capturing an enemy
// piece; a straight step never captures. A player wins on reaching the far
// rank; the player to move with no piece or no legal move loses (with
// stuck=draw the game is a draw; in Breakthrough a player with a piece always
// has a move, since the diagonals of its most advanced piece hold no own
// piece). The misère variant swaps winner and loser.
//
// Steps (package race's encoding, move = from*3 + step): 0 diagonal towards
// file a, 1 straight, 2 diagonal away from file a. Sizes from 5x5 to 8x8
// (rows x columns), default 5x5.
//
// Spec: "breakthrough", "breakthrough:size=6x6,misere", "breakthrough:size=8x8",
// "breakthrough:stuck=draw".
package breakthrough

import (
	"mcarena/games"
	"mcarena/games/race"
)

// Rules are Breakthrough's steps.
var Rules = race.Rules{
	Name: "breakthrough",
	Steps: []race.Step{
		{Ranks: 1, Files: -1, Captures: true},
		{Ranks: 1, Files: 0, Captures: false},
		{Ranks: 1, Files: 1, Captures: true},
	},
}

func init() {
	games.Register(race.Entry(Rules.Name, "Breakthrough: pieces step forward, capture diagonally; first to the far rank wins", nil,
		func(games.Options) race.Rules { return Rules }))
}

// New returns Breakthrough with the given variant.
func New(v race.Variant) (*race.Game, error) { return race.New(Rules, v) }
