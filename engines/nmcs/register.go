package nmcs

import (
	"fmt"

	"mcarena/engines"
	"mcarena/games/spec"
)

// Options are the nmcs engine's options.
var Options = []spec.Option{
	{Name: "level", Kind: spec.Int, Default: "1", Min: 0, Max: 5, Doc: "nesting n of the evaluations: the policy Π(V(NMC(n)))"},
	{Name: "discount", Kind: spec.Bool, Default: "false", Doc: "divide outcomes by playout depth (NMC_D)"},
	{Name: "cow", Kind: spec.Int, Default: "0", Min: 0, Max: 6, Doc: "Cut on Win at levels <= i (the root choice is level n+1); 0 off"},
	{Name: "pod", Kind: spec.Int, Default: "0", Min: 0, Max: 6, Doc: "Prune on Depth for bounds of levels <= i; 0 off"},
	OrderOption,
}

// OrderOption is the option that picks the successor order (Config.Order),
// shared with the nested playouts of the MCTS engines.
var OrderOption = spec.Option{Name: "order", Kind: spec.Choice, Default: "random", Choices: []string{"random", "legal"},
	Doc: "successor order: random (shuffled at each step) or legal (the game's move order, as a GGP engine; the default choice drawn first)"}

// ParseOrder returns the Order of an order option's value.
func ParseOrder(v string) Order {
	if v == "legal" {
		return Legal
	}
	return Shuffled
}

func init() {
	engines.Register(engines.Family{
		Name:    "nmcs",
		Doc:     "two-player Nested Monte Carlo Search policy (Cazenave et al. 2016, Algorithm 1)",
		Options: Options,
		Build: func(v spec.Values, canonical string) (engines.Engine, error) {
			cfg := Config{Level: v.Int("level"), Discount: v.Bool("discount"), COW: v.Int("cow"), POD: v.Int("pod"), Order: ParseOrder(v.String("order"))}
			for _, o := range []struct {
				name string
				v    int
			}{{"cow", cfg.COW}, {"pod", cfg.POD}} {
				if o.v > cfg.Level+1 {
					return nil, fmt.Errorf("%s=%d: a level-%d search's highest level is %d, its root's choice, so %s above it does what %s=%d does: give %s=0..%d", o.name, o.v, cfg.Level, cfg.Level+1, o.name, o.name, cfg.Level+1, o.name, cfg.Level+1)
				}
			}
			if cfg.POD > 0 && !cfg.Discount {
				return nil, fmt.Errorf("pod needs discount: without discounting every win has the same value, so no bound prunes")
			}
			return New(cfg, canonical), nil
		},
	})
}
