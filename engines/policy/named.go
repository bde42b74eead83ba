package policy

import (
	"fmt"
	"strings"

	"mcarena/games"
	"mcarena/games/knowledge"
)

// Named returns the policy that text names for game g, in the words an
// mcts engine's playout option takes them without further options:
// "random" (uniform moves: the game's own Playout), "decisive" (Decisive)
// or "game(name=NAME)", one of the playouts g registers (chess's dm or
// hp-see-40, say). An unknown name is refused with the valid ones
// (NamedPolicies).
func Named(g games.Game, text string) (Config, error) {
	switch {
	case text == string(Random):
		return Config{Kind: Random}, nil
	case text == string(Decisive):
		return Config{Kind: Decisive}, nil
	case strings.HasPrefix(text, "game(name=") && strings.HasSuffix(text, ")"):
		name := strings.TrimSuffix(strings.TrimPrefix(text, "game(name="), ")")
		if _, err := knowledge.NewPlayout(g, name); err == nil {
			return Config{Kind: Game, Name: name}, nil
		}
	}
	return Config{}, fmt.Errorf("unknown playout %q for %s: valid ones are %s", text, g.Spec(), strings.Join(NamedPolicies(g), ", "))
}

// NamedPolicies lists the policies Named accepts for g: random, decisive
// and the game's own playouts as game(name=NAME).
func NamedPolicies(g games.Game) []string {
	out := []string{string(Random), string(Decisive)}
	for _, e := range knowledge.Playouts(g) {
		out = append(out, "game(name="+e.Name+")")
	}
	return out
}
