package race

import (
	"fmt"
	"strconv"

	"mcarena/games"
	"mcarena/games/grid"
)

// Options are the registry options of every race game.
var Options = []games.Option{
	{Name: "size", Kind: games.Size, Default: "5x5", Min: 5, Max: 8, Doc: "rows x columns"},
	{Name: "home", Kind: games.Int, Default: "2", Min: 1, Max: 3, Doc: "filled home rows per side (at most (rows-1)/2)"},
	{Name: "misere", Kind: games.Bool, Default: "false", Doc: "swap winner and loser"},
	grid.OrderOption,
}

// Entry returns the registry entry of a race game.
func Entry(rules Rules, doc string) games.Entry {
	return games.Entry{
		Name:    rules.Name,
		Doc:     doc,
		Options: Options,
		Build: func(o games.Options) (games.Game, error) {
			r, c := o.Size("size")
			v := Variant{Rows: r, Cols: c, HomeRows: o.Int("home"), Misere: o.Bool("misere"), Order: o.String("order")}
			return NewGame(rules, v, games.CanonicalSpec(rules.Name, o))
		},
	}
}

// Spec returns the canonical registry spec of a race game variant.
func Spec(name string, v Variant) string {
	return games.Canonical(name, map[string]string{"size": fmt.Sprintf("%dx%d", v.Rows, v.Cols),
		"home": strconv.Itoa(v.HomeRows), "misere": strconv.FormatBool(v.Misere), "order": orderName(v.Order)})
}

func orderName(o string) string {
	if o == "" {
		return "native"
	}
	return o
}
