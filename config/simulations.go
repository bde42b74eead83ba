package config

import (
	"fmt"
	"slices"
	"strings"

	"mcarena/engines/policy"
	"mcarena/games"
)

// MaxSimulations bounds the playouts per position of a simulations preset.
const MaxSimulations = 1_000_000_000

var simulationsKeys = []string{"kind", "description", "game", "position", "line", "playout", "playouts", "count", "seed", "paper", "reading"}

// parseSimulations validates a simulations preset: a game, a start position
// (the game's start when left out), a line of moves legal one after another
// from it, the playout policy (playout) or policies (playouts), the
// playouts per position, the seed and the paper's winning probability of
// the first player per position.
func parseSimulations(t map[string]any, name string, errAt func(key, format string, args ...any) error) (*Preset, error) {
	for _, key := range sortedKeys(t) {
		if !contains(simulationsKeys, key) {
			return nil, errAt(key, "unknown key of a simulations preset: valid keys are %s", strings.Join(simulationsKeys, ", "))
		}
	}
	p := &Preset{Name: name, Kind: Simulations, Count: 10000, Seed: 1, Policies: []string{string(policy.Random)}}
	if err := readTexts(t, p, errAt); err != nil {
		return nil, err
	}
	g, s, err := gameAndPosition(t, errAt)
	if err != nil {
		return nil, err
	}
	p.Game = g.Spec()
	p.Position = s.String()
	p.Positions = []string{p.Position}
	if v, ok := t["line"]; ok {
		moves, ok := stringList(v)
		if !ok {
			return nil, errAt("line", "want a list of moves in the game's notation, played one after another from the position, like [\"e4\", \"Nf6\"]")
		}
		for i, text := range moves {
			if s.Terminal() {
				return nil, errAt("line", "ply %d (%s): the game is over after ply %d", i+1, text, i)
			}
			m, err := s.ParseMove(text)
			if err != nil {
				return nil, errAt("line", "ply %d (%s): %v", i+1, text, err)
			}
			p.Line = append(p.Line, s.MoveString(m))
			s.Play(m)
			p.Positions = append(p.Positions, s.String())
		}
	}
	_, one := t["playout"]
	_, several := t["playouts"]
	switch {
	case one && several:
		return nil, errAt("playouts", "playout and playouts both given: give one policy as playout or a list of them as playouts")
	case one:
		text, ok := t["playout"].(string)
		if !ok || text == "" {
			return nil, errAt("playout", "want a playout policy as text: %s", validPolicies(g))
		}
		if _, err := policy.Named(g, text); err != nil {
			return nil, errAt("playout", "%v", err)
		}
		p.Policies = []string{text}
	case several:
		list, ok := stringList(t["playouts"])
		if !ok || len(list) == 0 {
			return nil, errAt("playouts", "want a list of playout policies, like [\"random\", \"decisive\"]: %s", validPolicies(g))
		}
		for i, text := range list {
			if text == "" {
				return nil, errAt("playouts", "playout %d is empty: %s", i+1, validPolicies(g))
			}
			if slices.Contains(list[:i], text) {
				return nil, errAt("playouts", "playout %q is listed twice: list each once", text)
			}
			if _, err := policy.Named(g, text); err != nil {
				return nil, errAt("playouts", "playout %d (%s): %v", i+1, text, err)
			}
		}
		p.Policies = list
	}
	if err := readCount(t, "count", "playouts per position", MaxSimulations, p, errAt); err != nil {
		return nil, err
	}
	if err := readSeed(t, p, errAt); err != nil {
		return nil, err
	}
	if v, ok := t["paper"]; ok {
		if len(p.Policies) > 1 {
			return nil, errAt("paper", "the paper's figures are of one playout policy, and the preset simulates %d: give them in a preset of that policy alone", len(p.Policies))
		}
		list, err := numbers(v, len(p.Line)+1, 100, "position (the start, then the position after each move of line)")
		if err != nil {
			return nil, errAt("paper", "%v", err)
		}
		p.PaperWinning = list
	}
	return p, nil
}

// validPolicies names the playout policies a simulations preset of g may
// give, for the errors that refuse a malformed one.
func validPolicies(g games.Game) string {
	return fmt.Sprintf("valid ones for %s are %s", g.Spec(), strings.Join(policy.NamedPolicies(g), ", "))
}
