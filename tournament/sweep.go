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
	// Discarded counts, in a match played in pairs, the pairs left out
	// because one seat won both games: a point with pairs played but none
	// scored has Games 0 and Discarded above 0.
	Discarded int
	// Outside says the paper's figure lies outside the interval.
	Outside bool
}

// minSweep is the fewest matches a curve is drawn from.
const minSweep = 3

// FindSweeps returns the sweeps among sums, group by group in the order of
// their first matches: for each preset, game and budget, and each engine
// on one side, the matches against it whose engines on the other side
// differ in one numeric option and in nothing else, at least three of
// them. A preset may hold several series (the LOA sweep's three players,
// the N-gram decay's N-gram1 and N-gram2 against one baseline): each is a
// sweep of its own. specOf gives an engine's spec by preset and name; an
// engine it does not know (empty), or whose spec does not resolve, is in
// no sweep.
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
		for side := range 2 {
			var fixed []string
			against := map[string][]MatchSummary{}
			for _, m := range ms {
				f := m.Names[1-side]
				if _, ok := against[f]; !ok {
					fixed = append(fixed, f)
				}
				against[f] = append(against[f], m)
			}
			for _, f := range fixed {
				out = append(out, sweepsAgainst(against[f], side, f, specOf)...)
			}
		}
	}
	return out
}

// sweepsAgainst returns the sweeps among ms, matches against the engine
// fixed on side 1-side: for each numeric option in which their engines
// differ, the clusters of three or more engines alike in all else.
func sweepsAgainst(ms []MatchSummary, side int, fixed string, specOf func(preset, name string) string) []Sweep {
	if len(ms) < minSweep {
		return nil
	}
	type engine struct {
		m    MatchSummary
		name string
		opts map[string]string
	}
	var es []engine
	kinds := map[string]spec.Kind{}
	for _, m := range ms {
		name := m.Names[side]
		if slices.ContainsFunc(es, func(e engine) bool { return e.name == name }) {
			continue
		}
		opts, ok := flatSpec(specOf(m.Preset, name), kinds)
		if !ok {
			continue
		}
		es = append(es, engine{m, name, opts})
	}
	if len(es) < minSweep {
		return nil
	}
	var paths []string
	for p, k := range kinds {
		if k != spec.Int && k != spec.Float {
			continue
		}
		for _, e := range es[1:] {
			if e.opts[p] != es[0].opts[p] {
				paths = append(paths, p)
				break
			}
		}
	}
	slices.Sort(paths)
	var out []Sweep
	for _, p := range paths {
		// Engines alike in every option but p, in their order.
		var sigs []string
		clusters := map[string][]engine{}
		for _, e := range es {
			var parts []string
			for k, v := range e.opts {
				if k != p {
					parts = append(parts, k+"="+v)
				}
			}
			slices.Sort(parts)
			sig := strings.Join(parts, ",")
			if _, ok := clusters[sig]; !ok {
				sigs = append(sigs, sig)
			}
			clusters[sig] = append(clusters[sig], e)
		}
		for _, sig := range sigs {
			c := clusters[sig]
			if len(c) < minSweep {
				continue
			}
			s := Sweep{Preset: c[0].m.Preset, Game: c[0].m.Game, Budget: c[0].m.Budget, Option: p, Swept: side, Fixed: fixed}
			seen := map[float64]bool{}
			for _, e := range c {
				x, err := strconv.ParseFloat(e.opts[p], 64)
				if err != nil || seen[x] {
					s.Points = nil
					break
				}
				seen[x] = true
				m := e.m
				pt := SweepPoint{Label: strconv.FormatFloat(x, 'f', -1, 64), X: x, Engine: e.name, Paper: m.Paper, Outside: m.Outside,
					Games: m.Games, Score: m.Score, Low: m.Low, High: m.High}
				if m.Paired {
					s.Paired = true
					pt.Games, pt.Score, pt.Low, pt.High, pt.Discarded = m.Pairs, m.PairScore, m.PairLow, m.PairHigh, m.Discarded
				}
				s.Points = append(s.Points, pt)
			}
			if s.Points == nil {
				continue
			}
			slices.SortStableFunc(s.Points, func(a, b SweepPoint) int { return cmp.Compare(a.X, b.X) })
			out = append(out, s)
		}
	}
	return out
}

// flatSpec resolves an engine spec and returns every option of its family
// and of the components it uses, set or at their defaults, by path
// ("alpha", "playout" for the component's name, "playout.gamma" for one
// of its options), each value in its normal form; kinds gets each path's
// kind. ok is false for a spec that does not resolve.
func flatSpec(text string, kinds map[string]spec.Kind) (map[string]string, bool) {
	family, opts, has := spec.Split(text)
	f, found := engines.Lookup(family)
	if text == "" || !found {
		return nil, false
	}
	v, err := spec.Resolve(family, f.Options, opts, has)
	if err != nil {
		return nil, false
	}
	_, canonical, _ := spec.Split(spec.Canonical(family, f.Options, v))
	out := map[string]string{"": family}
	if !flatten(f.Options, canonical, "", out, kinds) {
		return nil, false
	}
	return out, true
}

// flatten adds the declared options of an option list to out by path,
// under prefix, descending into components.
func flatten(decl []spec.Option, opts, prefix string, out map[string]string, kinds map[string]spec.Kind) bool {
	given := topOptions(opts)
	for _, o := range decl {
		path := prefix + o.Name
		if strings.HasSuffix(o.Name, ".") { // a family of options by prefix: as written
			for k, v := range given {
				if strings.HasPrefix(k, o.Name) {
					out[prefix+k] = v
				}
			}
			continue
		}
		v, set := given[o.Name]
		switch {
		case set && o.Kind == spec.Bool && v == "":
			v = "true"
		case !set && o.Kind != spec.Component && o.Default != "":
			d, err := spec.Check(o, o.Default)
			if err != nil {
				return false
			}
			v = d
		case !set:
			v = o.Default
		}
		if o.Kind != spec.Component {
			out[path] = v
			kinds[path] = o.Kind
			continue
		}
		name, sub := componentParts(v)
		out[path] = name
		if name == "" {
			continue
		}
		i := slices.IndexFunc(o.Components, func(c spec.ComponentDecl) bool { return c.Name == name })
		if i < 0 || !flatten(o.Components[i].Options, sub, path+".", out, kinds) {
			return false
		}
	}
	return true
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
