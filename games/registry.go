package games

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// OptionKind is the type of a game option's value.
type OptionKind uint8

// The option kinds.
const (
	// Bool is a flag: "misere" alone means true; "misere=false" is accepted.
	Bool OptionKind = iota
	// Int is a whole number in [Min, Max].
	Int
	// Size is ROWSxCOLS (or N for N x N), each side in [Min, Max].
	Size
)

// Option declares one option of a registered game.
type Option struct {
	Name    string
	Kind    OptionKind
	Default string
	Min     int
	Max     int
	Doc     string
}

// Syntax describes the values the option takes, for error messages and help.
func (o Option) Syntax() string {
	switch o.Kind {
	case Bool:
		return o.Name
	case Int:
		return fmt.Sprintf("%s=%d..%d", o.Name, o.Min, o.Max)
	default:
		return fmt.Sprintf("%s=RxC (%d..%d each)", o.Name, o.Min, o.Max)
	}
}

// Options holds validated option values of one game spec.
type Options struct {
	vals map[string]string
}

// Bool returns a Bool option's value.
func (o Options) Bool(name string) bool { return o.vals[name] == "true" }

// Int returns an Int option's value.
func (o Options) Int(name string) int {
	v, _ := strconv.Atoi(o.vals[name])
	return v
}

// Size returns a Size option's rows and columns.
func (o Options) Size(name string) (rows, cols int) {
	rows, cols, _ = parseSize(o.vals[name])
	return rows, cols
}

// Entry is a registered game: its name, what it is, its options and a builder.
type Entry struct {
	Name    string
	Doc     string
	Options []Option
	// Build makes the game from validated options; it may still refuse a
	// combination of values with an error.
	Build func(Options) (Game, error)
}

var (
	regMu   sync.RWMutex
	entries = map[string]Entry{}
)

// Register adds a game to the registry. It panics on a duplicate name or a
// malformed declaration, both programming errors.
func Register(e Entry) {
	regMu.Lock()
	defer regMu.Unlock()
	if _, dup := entries[e.Name]; dup {
		panic("games: duplicate registration of " + e.Name)
	}
	for _, o := range e.Options {
		if _, err := checkValue(o, o.Default); err != nil {
			panic(fmt.Sprintf("games: %s: bad default: %v", e.Name, err))
		}
	}
	entries[e.Name] = e
}

// Names returns the registered game names in alphabetical order.
func Names() []string {
	regMu.RLock()
	defer regMu.RUnlock()
	names := make([]string, 0, len(entries))
	for n := range entries {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Lookup returns the registry entry of a game name.
func Lookup(name string) (Entry, bool) {
	regMu.RLock()
	defer regMu.RUnlock()
	e, ok := entries[name]
	return e, ok
}

// New builds a game from a spec: a name, optionally followed by a colon and
// comma-separated options, each NAME=VALUE or a bare NAME for a true flag, for
// example "breakthrough:size=6x6,misere" or "kalah:houses=4,seeds=3".
// An unknown game or option, or a bad value, is an error that lists what is
// valid.
func New(spec string) (Game, error) {
	e, opts, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	g, err := e.Build(opts)
	if err != nil {
		return nil, fmt.Errorf("game %q: %w", spec, err)
	}
	return g, nil
}

// ParseSpec resolves a spec to its registry entry and validated options.
func ParseSpec(spec string) (Entry, Options, error) {
	name, rest, hasOpts := strings.Cut(strings.TrimSpace(spec), ":")
	name = strings.ToLower(strings.TrimSpace(name))
	e, ok := Lookup(name)
	if !ok {
		return Entry{}, Options{}, fmt.Errorf("unknown game %q: valid games are %s", name, strings.Join(Names(), ", "))
	}
	vals := make(map[string]string, len(e.Options))
	for _, o := range e.Options {
		vals[o.Name] = o.Default
	}
	if hasOpts {
		seen := map[string]bool{}
		for _, item := range strings.Split(rest, ",") {
			item = strings.TrimSpace(item)
			if item == "" {
				return Entry{}, Options{}, fmt.Errorf("game %q: empty option in %q", name, spec)
			}
			key, val, hasVal := strings.Cut(item, "=")
			key = strings.ToLower(strings.TrimSpace(key))
			o, ok := findOption(e, key)
			if !ok {
				return Entry{}, Options{}, fmt.Errorf("game %q: unknown option %q: valid options are %s", name, key, optionList(e))
			}
			if seen[key] {
				return Entry{}, Options{}, fmt.Errorf("game %q: option %q given twice", name, key)
			}
			seen[key] = true
			if !hasVal {
				if o.Kind != Bool {
					return Entry{}, Options{}, fmt.Errorf("game %q: option %q needs a value: %s", name, key, o.Syntax())
				}
				val = "true"
			}
			norm, err := checkValue(o, strings.TrimSpace(val))
			if err != nil {
				return Entry{}, Options{}, fmt.Errorf("game %q: %w", name, err)
			}
			vals[key] = norm
		}
	}
	return e, Options{vals: vals}, nil
}

// CanonicalSpec formats a game name with the options that differ from their
// defaults, in declaration order; values are as given to Build.
func CanonicalSpec(name string, opts Options) string {
	e, ok := Lookup(name)
	if !ok {
		return name
	}
	var parts []string
	for _, o := range e.Options {
		v := opts.vals[o.Name]
		if v == o.Default {
			continue
		}
		if o.Kind == Bool {
			if v == "true" {
				parts = append(parts, o.Name)
			} else {
				parts = append(parts, o.Name+"=false")
			}
			continue
		}
		parts = append(parts, o.Name+"="+v)
	}
	if len(parts) == 0 {
		return name
	}
	return name + ":" + strings.Join(parts, ",")
}

func findOption(e Entry, key string) (Option, bool) {
	for _, o := range e.Options {
		if o.Name == key {
			return o, true
		}
	}
	return Option{}, false
}

func optionList(e Entry) string {
	if len(e.Options) == 0 {
		return "none"
	}
	s := make([]string, len(e.Options))
	for i, o := range e.Options {
		s[i] = o.Syntax()
	}
	return strings.Join(s, ", ")
}

// checkValue validates a value for an option and returns its normal form.
func checkValue(o Option, v string) (string, error) {
	switch o.Kind {
	case Bool:
		switch strings.ToLower(v) {
		case "true", "1", "yes", "on":
			return "true", nil
		case "false", "0", "no", "off":
			return "false", nil
		}
		return "", fmt.Errorf("option %q: %q is not true or false", o.Name, v)
	case Int:
		n, err := strconv.Atoi(v)
		if err != nil {
			return "", fmt.Errorf("option %q: %q is not a whole number (want %s)", o.Name, v, o.Syntax())
		}
		if n < o.Min || n > o.Max {
			return "", fmt.Errorf("option %q: %d is out of range (want %s)", o.Name, n, o.Syntax())
		}
		return strconv.Itoa(n), nil
	default:
		r, c, err := parseSize(v)
		if err != nil {
			return "", fmt.Errorf("option %q: %v (want %s)", o.Name, err, o.Syntax())
		}
		if r < o.Min || r > o.Max || c < o.Min || c > o.Max {
			return "", fmt.Errorf("option %q: %dx%d is out of range (want %s)", o.Name, r, c, o.Syntax())
		}
		return fmt.Sprintf("%dx%d", r, c), nil
	}
}

func parseSize(v string) (rows, cols int, err error) {
	a, b, two := strings.Cut(strings.ToLower(v), "x")
	rows, err = strconv.Atoi(a)
	if err != nil {
		return 0, 0, fmt.Errorf("%q is not a size like 5x5", v)
	}
	cols = rows
	if two {
		cols, err = strconv.Atoi(b)
		if err != nil {
			return 0, 0, fmt.Errorf("%q is not a size like 5x5", v)
		}
	}
	return rows, cols, nil
}
