package race

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"mcarena/games"
	"mcarena/games/grid"
)

// Options are the registry options of every race game. A game's own
// options (see Entry) come after home.
var Options = []games.Option{
	{Name: "size", Kind: games.Size, Default: "5x5", Min: 5, Max: 8, Doc: "rows x columns"},
	{Name: "home", Kind: games.Int, Default: "2", Min: 1, Max: 3, Doc: "filled home rows per side (at most (rows-1)/2)"},
	{Name: "misere", Kind: games.Bool, Default: "false", Doc: "swap winner and loser"},
	{Name: "stuck", Kind: games.Choice, Default: "loss", Choices: []string{"loss", "draw"}, Doc: "the player to move with no legal move (or no piece) loses, or the game is a draw (as the Dresden GGP Knightthrough sheet)"},
	grid.OrderOption,
}

// GameframeOrder is the value of Breakthrough's order option (beside
// grid.OrderOption's) that lists moves as the implicit-minimax paper's
// co-authors' framework (mcts_gameframe) generated them: the pieces from
// the last rank down, each rank from file a, and each piece's diagonal
// step toward file a, then the other diagonal, then the step straight
// ahead. Its search trees kept children in that order, so ties went to
// the earliest (mcts option children=framework). As under grid's orders,
// uniform playouts draw among the same moves as in the native order, and
// efMS's greedy draw takes Legal's.
const GameframeOrder = "gameframe"

// breakthroughOrder is grid.OrderOption with GameframeOrder, for
// Breakthrough alone (the framework had no other race game).
var breakthroughOrder = func() games.Option {
	o := grid.OrderOption
	o.Choices = append(slices.Clone(o.Choices), GameframeOrder)
	o.Doc += ", or gameframe (the implicit-minimax co-authors' framework: pieces from the last rank down, files from a; diagonal toward a, the other, straight)"
	return o
}()

// Entry returns the registry entry of a race game: the shared Options, the
// game's own options extra (nil for none) after home, and rules, which picks
// the steps from the option values.
func Entry(name, doc string, extra []games.Option, rules func(games.Options) Rules) games.Entry {
	opts := append([]games.Option{}, Options[:2]...)
	opts = append(opts, extra...)
	opts = append(opts, Options[2:]...)
	if name == "breakthrough" {
		opts[len(opts)-1] = breakthroughOrder
	}
	return games.Entry{
		Name:    name,
		Doc:     doc,
		Options: opts,
		Build: func(o games.Options) (games.Game, error) {
			r, c := o.Size("size")
			v := Variant{Rows: r, Cols: c, HomeRows: o.Int("home"), Misere: o.Bool("misere"),
				StuckDraws: o.String("stuck") == "draw", Order: o.String("order")}
			return NewGame(rules(o), v, games.CanonicalSpec(name, o))
		},
	}
}

// New returns the race game of rules and v, with its canonical spec.
func New(rules Rules, v Variant) (*Game, error) { return NewGame(rules, v, Spec(rules, v)) }

// Spec returns the canonical registry spec of a race game variant.
func Spec(rules Rules, v Variant) string {
	stuck := "loss"
	if v.StuckDraws {
		stuck = "draw"
	}
	values := map[string]string{"size": fmt.Sprintf("%dx%d", v.Rows, v.Cols),
		"home": strconv.Itoa(v.HomeRows), "misere": strconv.FormatBool(v.Misere), "stuck": stuck, "order": orderName(v.Order)}
	maps.Copy(values, rules.Values)
	return games.Canonical(rules.Name, values)
}

func orderName(o string) string {
	if o == "" {
		return "native"
	}
	return o
}
