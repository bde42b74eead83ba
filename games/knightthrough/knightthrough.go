// Package knightthrough registers Knightthrough, with the rules of package race.
//
// Rules: the setup and winning conditions of Breakthrough (home rows full,
// White first, reaching the far rank wins, no legal move loses or with
// stuck=draw draws, misère swaps winner and loser); a piece moves by one of
// the four forward knight leaps, two ranks forward and one file sideways or
// one rank forward and two files sideways. The capture option says how
// pieces take:
//
//   - capture=leap (the default): a leap lands on an empty cell or captures
//     the enemy piece on its target. There are no other steps.
//   - capture=diagonal (the rule sheet of the Dresden General Game Playing
//     server): a leap lands only on an empty cell, and a piece captures only
//     as a chess pawn does, one cell diagonally forward onto an enemy piece;
//     a diagonal step onto an empty cell, a straight step and a capture by a
//     leap do not exist. That sheet also ends the game in a draw when the
//     player to move has no legal move, no piece included: the spec
//     "knightthrough:capture=diagonal,stuck=draw" is the whole sheet.
//
// Steps (package race's encoding, move = from*K + step). capture=leap, K = 4:
// 0 one rank and two files towards file a, 1 two ranks and one file towards
// file a, 2 two ranks and one file away from file a, 3 one rank and two files
// away from file a; each lands on an empty cell or an enemy piece.
// capture=diagonal, K = 6: steps 0 to 3 the same leaps, onto empty cells only,
// then 4 the capture one rank forward and one file towards file a, 5 the
// capture one rank forward and one file away from file a, onto enemy pieces
// only.
//
// Spec: "knightthrough", "knightthrough:size=8x8,misere",
// "knightthrough:capture=diagonal,stuck=draw".
package knightthrough

import (
	"mcarena/games"
	"mcarena/games/race"
)

// Rules are Knightthrough's steps under capture=leap, the default.
var Rules = race.Rules{
	Name: "knightthrough",
	Steps: []race.Step{
		{Ranks: 1, Files: -2, Captures: true},
		{Ranks: 2, Files: -1, Captures: true},
		{Ranks: 2, Files: 1, Captures: true},
		{Ranks: 1, Files: 2, Captures: true},
	},
}

// Diagonal are Knightthrough's steps under capture=diagonal: quiet leaps and
// a pawn's captures.
var Diagonal = race.Rules{
	Name: "knightthrough",
	Steps: []race.Step{
		{Ranks: 1, Files: -2},
		{Ranks: 2, Files: -1},
		{Ranks: 2, Files: 1},
		{Ranks: 1, Files: 2},
		{Ranks: 1, Files: -1, OnlyCaptures: true},
		{Ranks: 1, Files: 1, OnlyCaptures: true},
	},
	Values: map[string]string{"capture": "diagonal"},
}

// CaptureOption is Knightthrough's own option: how pieces capture.
var CaptureOption = games.Option{Name: "capture", Kind: games.Choice, Default: "leap", Choices: []string{"leap", "diagonal"},
	Doc: "leap: a leap may capture; diagonal: leaps only onto empty cells, capture one cell diagonally forward (Dresden GGP sheet)"}

func init() {
	games.Register(race.Entry(Rules.Name, "Knightthrough: pieces leap like forward knights; first to the far rank wins",
		[]games.Option{CaptureOption}, func(o games.Options) race.Rules {
			if o.String("capture") == "diagonal" {
				return Diagonal
			}
			return Rules
		}))
}

// New returns Knightthrough (capture=leap) with the given variant; race.New
// with Diagonal builds capture=diagonal.
func New(v race.Variant) (*race.Game, error) { return race.New(Rules, v) }
