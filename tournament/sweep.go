package tournament

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"mcarena/engines"
	"mcarena/games/spec"
)

// A Sweep is a curve among a preset's matches: one engine's score, match by
// match, where the engines of one side differ in a single numeric option
// and the other side is one engine throughout. The implicit-minimax
// paper's Figures 1 and 2 are sweeps over alpha (the swept side is the
// engine whose score is reported) and its Table III one over maximum
// backpropagation's threshold (the swept side is the opponent).
type Sweep struct {
	Preset, Game, Budget string
	// Option is the option the swept engines differ in, a component's
	// option written COMPONENT.OPTION ("playout.gamma").
	Option string
	// Swept is the side whose engines differ: 0 the engine whose score
	// is reported, 1 its opponent. Fixed is the other side's engine.
	Swept int
	Fixed string
	// Paired says the matches are played in seat-swapped pairs: the
	// points count pairs.
	Paired bool
	// Points are in increasing Option.
	Points []SweepPoint
}

// SweepPoint is one match of a sweep.
type SweepPoint struct {
	// Label is the option's value as the engine's spec writes it (its
	// default where the spec leaves it out); X is its number.
	Label string
	X     float64
	// Engine is the swept engine's name.
	Engine string
	// Games counts the games scored (the pairs, in a match played in
	// seat-swapped pairs); Score, Low and High are the reported engine's
	// score and its 95% interval as fractions (pair scores where the
	// match is played in pairs, as the paper's figures are), Paper the
	// paper's figure in percent (-1 for none).
	Games            int
	Score, Low, High float64
	Paper            float64
	// Outside says the paper's figure lies outside the interval.
	Outside bool
}

// minSweep is the fewest matches a curve is drawn from.
const minSweep = 3

// FindSweeps returns the sweeps among sums, in the order of their first
// matches: for each preset, game and budget, the matches whose engines on
// one side all differ in one numeric option, against one engine on the
// other side, at least three of them. specOf gives an engine's spec by
// preset and name; an engine it does not know (empty) leaves its group
// out.
func FindSweeps(sums []MatchSummary, specOf func(preset, name string) string) []Sweep {
	type key struct{ preset, game, budget string }
	var order []key
	groups := map[key][]MatchSummary{}
	for _, m := range sums {
		k := key{m.Preset, m.Game, m.Budget}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], m)
	}
	var out []Sweep
	for _, k := range order {
		ms := groups[k]
		if len(ms) < minSweep {
			continue
		}
		for side := range 2 {
			if s, ok := sweepOf(ms, side, specOf); ok {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// sweepOf makes a sweep of ms with side swept, if the other side is one
// engine and the swept side's specs differ in one numeric option.
func sweepOf(ms []MatchSummary, side int, specOf func(preset, name string) string) (Sweep, bool) {
	fixed := ms[0].Names[1-side]
	var names, specs []string
	for _, m := range ms {
		if m.Names[1-side] != fixed || slices.Contains(names, m.Names[side]) {
			return Sweep{}, false
		}
		sp := specOf(m.Preset, m.Names[side])
		if sp == "" {
			return Sweep{}, false
		}
		names = append(names, m.Names[side])
		specs = append(specs, sp)
	}
	option, labels, xs, ok := numericDifference(specs)
	if !ok {
		return Sweep{}, false
	}
	s := Sweep{Preset: ms[0].Preset, Game: ms[0].Game, Budget: ms[0].Budget, Option: option, Swept: side, Fixed: fixed}
	for i, m := range ms {
		p := SweepPoint{Label: labels[i], X: xs[i], Engine: names[i], Paper: m.Paper, Outside: m.Outside,
			Games: m.Games, Score: m.Score, Low: m.Low, High: m.High}
		if m.Paired {
			s.Paired = true
			p.Games, p.Score, p.Low, p.High = m.Pairs, m.PairScore, m.PairLow, m.PairHigh
		}
		s.Points = append(s.Points, p)
	}
	slices.SortStableFunc(s.Points, func(a, b SweepPoint) int { return cmp.Compare(a.X, b.X) })
	return s, true
}

// numericDifference finds the one option in which specs (engine specs of
// one family) differ, descending into a component whose options
// differ, and returns its name, each spec's value of it as written (the
// declared default where a spec leaves it out) and as a number. ok is
// false unless exactly one option differs and all its values are
// numbers, each spec's different.
func numericDifference(specs []string) (option string, labels []string, xs []float64, ok bool) {
	family, _, _ := spec.Split(specs[0])
	f, found := engines.Lookup(family)
	if !found {
		return "", nil, nil, false
	}
	texts := make([]string, len(specs))
	for i, s := range specs {
		// Canonical specs leave out what is at its default and write
		// the rest one way, so that the texts differ where the engines do.
		name, opts, has := spec.Split(s)
		if name != family {
			return "", nil, nil, false
		}
		v, err := spec.Resolve(name, f.Options, opts, has)
		if err != nil {
			return "", nil, nil, false
		}
		_, texts[i], _ = spec.Split(spec.Canonical(name, f.Options, v))
	}
	decl := f.Options
	var path []string
	for {
		maps := make([]map[string]string, len(texts))
		for i, t := range texts {
			maps[i] = topOptions(t)
		}
		key, ok := oneDifferingKey(maps)
		if !ok {
			return "", nil, nil, false
		}
		path = append(path, key)
		o, declared := declaredOption(decl, key)
		if !declared {
			return "", nil, nil, false
		}
		values := make([]string, len(maps))
		for i, m := range maps {
			v, set := m[key]
			if !set {
				v = o.Default
			}
			values[i] = v
		}
		if o.Kind == spec.Component {
			// Descend when every value is the same component.
			comp, _ := componentParts(values[0])
			texts = texts[:0]
			for _, v := range values {
				c, s := componentParts(v)
				if c != comp {
					return "", nil, nil, false
				}
				texts = append(texts, s)
			}
			i := slices.IndexFunc(o.Components, func(c spec.ComponentDecl) bool { return c.Name == comp })
			if i < 0 {
				return "", nil, nil, false
			}
			decl = o.Components[i].Options
			continue
		}
		if o.Kind != spec.Int && o.Kind != spec.Float {
			return "", nil, nil, false
		}
		xs = make([]float64, len(values))
		for i, v := range values {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return "", nil, nil, false
			}
			xs[i] = x
		}
		seen := map[float64]bool{}
		for _, x := range xs {
			if seen[x] {
				return "", nil, nil, false
			}
			seen[x] = true
		}
		return strings.Join(path, "."), values, xs, true
	}
}

// oneDifferingKey returns the one key whose value (or absence) is not the
// same in all maps.
func oneDifferingKey(maps []map[string]string) (string, bool) {
	keys := map[string]bool{}
	for _, m := range maps {
		for k := range m {
			keys[k] = true
		}
	}
	var differ []string
	for k := range keys {
		v0, set0 := maps[0][k]
		for _, m := range maps[1:] {
			if v, set := m[k]; v != v0 || set != set0 {
				differ = append(differ, k)
				break
			}
		}
	}
	if len(differ) != 1 {
		return "", false
	}
	return differ[0], true
}

// declaredOption finds an option by its whole name among decl (a name
// that only a prefix declaration covers is not found).
func declaredOption(decl []spec.Option, name string) (spec.Option, bool) {
	for _, o := range decl {
		if o.Name == name {
			return o, true
		}
	}
	return spec.Option{}, false
}

// topOptions splits a canonical option list at its top-level commas into
// names and values (a bare flag has the value ""), leaving components'
// parenthesised options and quoted text whole.
func topOptions(text string) map[string]string {
	out := map[string]string{}
	parts, _ := spec.SplitOptions(text) // canonical text is balanced
	for _, part := range parts {
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		out[k] = v
	}
	return out
}

// componentParts splits NAME(OPTIONS) into its name and options.
func componentParts(v string) (name, opts string) {
	name, rest, found := strings.Cut(v, "(")
	if !found {
		return v, ""
	}
	return name, strings.TrimSuffix(rest, ")")
}
