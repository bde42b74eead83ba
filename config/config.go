// Package config reads config.toml, the file of named engines and of the
// presets of the papers' experiments. Every mistake is refused before anything
// runs, with the file, the line and the key named and the valid choices
// listed.
//
// Schema:
//
//	[engines.NAME]          # a named engine
//	family = "uct"          # a registered engine family (mcarena engines)
//	c = 0.7                 # any option of the family, as in a spec
//	playout = "nested"
//
// A named engine is the spec FAMILY:OPTION=VALUE,... built from its table;
// engines.New validates it.
package config

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/spec"
)

// DefaultPath is where the commands look for the configuration.
const DefaultPath = "config.toml"

// Config is a validated configuration.
type Config struct {
	// Path is the file it was read from.
	Path string
	// Engines maps a name to its engine spec.
	Engines map[string]string
	// Presets maps a name to an experiment.
	Presets map[string]*Preset
	// engineLines maps a named engine to the line of its table in Path,
	// for errors found where it is used.
	engineLines map[string]int
}

// Error is a configuration mistake at a place in the file.
type Error struct {
	Path string
	Line int // 0 if unknown
	Key  string
	Msg  string
}

func (e *Error) Error() string {
	loc := e.Path
	if e.Line > 0 {
		loc += ":" + strconv.Itoa(e.Line)
	}
	if e.Key != "" {
		return fmt.Sprintf("%s: %s: %s", loc, e.Key, e.Msg)
	}
	return fmt.Sprintf("%s: %s", loc, e.Msg)
}

// Load reads and validates a configuration file.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse validates configuration text; path names it in errors.
func Parse(path string, data []byte) (*Config, error) {
	var raw map[string]any
	if _, err := toml.Decode(string(data), &raw); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			line, key := syntaxPlace(string(data), pe)
			msg := pe.Message
			if strings.HasSuffix(msg, "is out of range for int64") {
				msg = strings.TrimSuffix(msg, "is out of range for int64") + "is past 9223372036854775807, the largest whole number of TOML"
				if strings.HasSuffix(key, ".count") {
					msg += fmt.Sprintf(": want 1..%d", MaxCount)
				}
			}
			return nil, &Error{Path: path, Line: line, Key: key, Msg: msg}
		}
		return nil, &Error{Path: path, Msg: err.Error()}
	}
	lines := newLineIndex(string(data))
	cfg := &Config{Path: path, Engines: map[string]string{}, Presets: map[string]*Preset{}, engineLines: map[string]int{}}
	// Engines first: presets refer to them.
	keys := sortedKeys(raw)
	sort.SliceStable(keys, func(i, j int) bool { return keys[i] == "engines" && keys[j] != "engines" })
	for _, top := range keys {
		switch top {
		case "engines":
			tables, ok := raw[top].(map[string]any)
			if !ok {
				return nil, &Error{path, lines.find(nil, top), top, "must be a table of named engines, like [engines.NAME]"}
			}
			for _, name := range sortedKeys(tables) {
				s, err := engineSpec(path, lines, name, tables[name])
				if err != nil {
					return nil, err
				}
				cfg.Engines[name] = s
				cfg.engineLines[name] = lines.find([]string{"engines"}, name)
			}
		case "presets":
			if err := parsePresets(path, lines, raw[top], cfg); err != nil {
				return nil, err
			}
		default:
			return nil, &Error{path, lines.find(nil, top), top, "unknown section: valid sections are engines, presets"}
		}
	}
	return cfg, nil
}

// validName says whether name can name an engine: letters, digits, '-',
// '_' and '.', so that it never reads as a spec (nmcs:level=2), a list
// (a,b) or a per-engine budget (NAME iterations=N).
func validName(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

// engineSpec validates one [engines.NAME] table and returns its spec.
func engineSpec(path string, lines lineIndex, name string, v any) (string, error) {
	table := []string{"engines", name}
	where := "engines." + name
	if !validName(name) {
		return "", &Error{path, lines.find([]string{"engines"}, name), where, fmt.Sprintf("%q is no engine name: a name is letters, digits, '-', '_' and '.', like im-bl or uct-nmc1 (a spec such as nmcs:level=2 is written where an engine is named, not as a name)", name)}
	}
	t, ok := v.(map[string]any)
	if !ok {
		return "", &Error{path, lines.find([]string{"engines"}, name), where, "must be a table with a family and options"}
	}
	fam, ok := t["family"].(string)
	if !ok {
		want := fmt.Sprintf("needs family = one of %s", strings.Join(engines.Names(), ", "))
		if _, has := t["family"]; !has {
			// A key one slip from "family" is most likely it, misspelt.
			for _, key := range sortedKeys(t) {
				if editDistance(strings.ToLower(key), "family") <= 2 {
					return "", &Error{path, lines.find(table, key), where + "." + key, fmt.Sprintf("unknown key: did you mean family? the table %s", want)}
				}
			}
		}
		return "", &Error{path, lines.find([]string{"engines"}, name), where, want}
	}
	f, ok := engines.Lookup(fam)
	if !ok {
		return "", &Error{path, lines.find(table, "family"), where + ".family", fmt.Sprintf("unknown engine family %q: valid families are %s", fam, strings.Join(engines.Names(), ", "))}
	}
	var parts []string
	for _, key := range sortedKeys(t) {
		if key == "family" {
			continue
		}
		o, ok := findOption(f.Options, key)
		if !ok {
			return "", &Error{path, lines.find(table, key), where + "." + key, fmt.Sprintf("unknown option of %s: valid options are %s", fam, spec.List(f.Options))}
		}
		text, err := valueText(t[key])
		norm := text
		if err == nil {
			norm, err = spec.Check(o, text)
		}
		if err != nil {
			return "", &Error{path, lines.find(table, key), where + "." + key, err.Error()}
		}
		if o.Kind == spec.Text {
			text = o.Format(norm) // a command line may hold commas
		}
		parts = append(parts, key+"="+text)
	}
	s := fam
	if len(parts) > 0 {
		s += ":" + strings.Join(parts, ",")
	}
	e, err := engines.New(s)
	if err != nil {
		return "", &Error{path, lines.find([]string{"engines"}, name), where, err.Error()}
	}
	return e.Spec(), nil
}

// Engine returns the spec of a named engine.
func (c *Config) Engine(name string) (string, bool) {
	if c == nil {
		return "", false
	}
	s, ok := c.Engines[name]
	return s, ok
}

// EngineNames returns the named engines in order.
func (c *Config) EngineNames() []string { return sortedKeys(c.Engines) }

// EnginesFor returns, in order, the named engines that can play g: those
// whose knowledge (a heuristic, a prior, a reading, tables of a size) g
// has, as EngineFor checks.
func (c *Config) EnginesFor(g games.Game) []string {
	var names []string
	for _, n := range c.EngineNames() {
		if e, err := engines.New(c.Engines[n]); err == nil && engines.CheckGame(e, g) == nil {
			names = append(names, n)
		}
	}
	return names
}

// ResolveEngine turns a name defined in c (which may be nil) or a spec into
// an engine. A named engine takes options as a family does,
// NAME:OPTION=VALUE,...: they replace or add to its own (withOptions), so
// hav-base:nodes=6000000 is hav-base with room for more nodes. A family's
// name before the colon is the family's spec, as without a config.
func ResolveEngine(c *Config, nameOrSpec string) (engines.Engine, error) {
	return resolveEngine(c, nameOrSpec, nil)
}

// resolveEngine is ResolveEngine; an unknown name's error names the engines
// of c nearest to it, among those g can use when g is not nil.
func resolveEngine(c *Config, nameOrSpec string, g games.Game) (engines.Engine, error) {
	if c != nil {
		if s, ok := c.Engine(nameOrSpec); ok {
			return engines.New(s)
		}
		if e, ok, err := c.namedWithOptions(nameOrSpec); ok {
			return e, err
		}
	}
	e, err := engines.New(nameOrSpec)
	if err != nil && c != nil && len(c.Engines) > 0 && !strings.Contains(nameOrSpec, ":") {
		if g == nil || len(c.Engines) <= maxListed {
			return nil, fmt.Errorf("%w; %s names %s", err, c.Path, c.namedEngines(nameOrSpec))
		}
		fit := c.EnginesFor(g)
		var those string
		switch {
		case len(fit) == 0:
			those = "none of them for " + g.Spec()
		case len(fit) <= maxListed:
			those = fmt.Sprintf("those for %s: %s", g.Spec(), strings.Join(fit, ", "))
		default:
			those = fmt.Sprintf("%d of them for %s, the nearest: %s", len(fit), g.Spec(), strings.Join(nearest(nameOrSpec, fit, 6), ", "))
		}
		// The nearest name of all, when the game cannot use it, is said
		// too: it may be the one meant.
		if all := nearest(nameOrSpec, c.EngineNames(), 1); len(all) == 1 && !slices.Contains(fit, all[0]) {
			those += fmt.Sprintf("; %s is named but cannot play %s", all[0], g.Spec())
		}
		return nil, fmt.Errorf("%w; %s names %d engines (mcarena engines lists them), %s", err, c.Path, len(c.Engines), those)
	}
	return e, err
}

// namedWithOptions builds text, NAME:OPTION=VALUE,..., when NAME is an
// engine of c and not a family; ok says whether it was one.
func (c *Config) namedWithOptions(text string) (e engines.Engine, ok bool, err error) {
	name, opts, hasOpts := strings.Cut(text, ":")
	name = strings.TrimSpace(name)
	s, named := c.Engine(name)
	if _, family := engines.Lookup(strings.ToLower(name)); !hasOpts || !named || family {
		return nil, false, nil
	}
	merged, err := withOptions(s, opts)
	if err == nil {
		e, err = engines.New(merged)
	}
	if err != nil {
		return nil, true, fmt.Errorf("engine %s (%s) with %q: %w", name, s, opts, err)
	}
	return e, true, nil
}

// withOptions is the spec s with the options opts (OPTION[=VALUE],...)
// in place of its own of the same names, and the others of opts after
// them. An option given twice in opts stays twice, for engines.New to
// refuse.
func withOptions(s, opts string) (string, error) {
	items, err := spec.SplitOptions(opts)
	if err != nil {
		return "", err
	}
	key := func(item string) string {
		k, _, _ := strings.Cut(item, "=")
		return strings.ToLower(strings.TrimSpace(k))
	}
	given := map[string]bool{}
	for _, item := range items {
		given[key(item)] = true
	}
	family, own, hasOwn := strings.Cut(s, ":")
	var kept []string
	if hasOwn {
		ownItems, err := spec.SplitOptions(own)
		if err != nil {
			return "", err
		}
		for _, item := range ownItems {
			if !given[key(item)] {
				kept = append(kept, item)
			}
		}
	}
	return family + ":" + strings.Join(append(kept, items...), ","), nil
}

// namedEngines tells what engines c names, for an error about typed, a
// name it does not ("FILE names " goes before it).
func (c *Config) namedEngines(typed string) string {
	return listedOrNearest(typed, c.EngineNames(), "engines (mcarena engines lists them)")
}

// listedOrNearest is names for an error about typed, a name not among
// them: all of them, or beyond maxListed their count, what (which says
// where the full list is), and the nearest to typed.
func listedOrNearest(typed string, names []string, what string) string {
	if len(names) <= maxListed {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%d %s, the nearest: %s", len(names), what, strings.Join(nearest(typed, names, 6), ", "))
}

// maxListed is how many named engines an error lists in full; beyond it,
// the nearest names to what was typed.
const maxListed = 20

// EngineFor resolves nameOrSpec as ResolveEngine does and checks that the
// engine can play g (the knowledge it asks for exists there). A named
// engine the game refuses is named in the error with its spec.
func EngineFor(c *Config, nameOrSpec string, g games.Game) (engines.Engine, error) {
	e, err := resolveEngine(c, nameOrSpec, g)
	if err != nil {
		return nil, err
	}
	if err := engines.CheckGame(e, g); err != nil {
		if _, named := c.Engine(nameOrSpec); named {
			why := strings.TrimPrefix(err.Error(), fmt.Sprintf("engine %q, ", e.Spec()))
			where := ""
			if line := c.engineLines[nameOrSpec]; line > 0 {
				where = fmt.Sprintf(", %s:%d", c.Path, line)
			}
			return nil, fmt.Errorf("engine %s (%s%s) cannot play %s: %s", nameOrSpec, e.Spec(), where, g.Spec(), why)
		}
		return nil, err
	}
	return e, nil
}

func valueText(v any) (string, error) {
	switch x := v.(type) {
	case bool:
		return strconv.FormatBool(x), nil
	case int64:
		return strconv.FormatInt(x, 10), nil
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64), nil
	case string:
		return x, nil
	case map[string]any:
		// A component as a table: { kind = "nested", level = 1 } is
		// nested(level=1).
		kind, ok := x["kind"].(string)
		if !ok {
			return "", errors.New(`a component table needs kind = "NAME", like { kind = "nested", level = 1 }`)
		}
		var parts []string
		for _, k := range sortedKeys(x) {
			if k == "kind" {
				continue
			}
			text, err := valueText(x[k])
			if err != nil {
				return "", fmt.Errorf("%s %s: %w", kind, k, err)
			}
			parts = append(parts, k+"="+text)
		}
		if len(parts) == 0 {
			return kind, nil
		}
		return kind + "(" + strings.Join(parts, ",") + ")", nil
	}
	what := fmt.Sprintf("a %T", v)
	switch v.(type) {
	case []any, []map[string]any:
		what = "a list"
	case time.Time:
		what = "a date or time"
	}
	return "", fmt.Errorf("%s is not an option value (want a number, true/false, a string or a component table)", what)
}

// findOption returns the option key sets: one of that name, or a prefix
// option (a name ending in ".", such as uci's option.) that key extends;
// the prefix alone names no option.
func findOption(opts []spec.Option, key string) (spec.Option, bool) {
	for _, o := range opts {
		prefix := strings.HasSuffix(o.Name, ".")
		if !prefix && o.Name == key || prefix && strings.HasPrefix(key, o.Name) && len(key) > len(o.Name) {
			return o, true
		}
	}
	return spec.Option{}, false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
