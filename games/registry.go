package games

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"mcarena/games/spec"
)

// Option declares one option of a registered game (see package spec).
type Option = spec.Option

// Options holds validated option values of one game spec.
type Options = spec.Values

// The option kinds games use.
const (
	Bool   = spec.Bool
	Int    = spec.Int
	Size   = spec.Size
	Choice = spec.Choice
)

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
		if _, err := spec.Check(o, o.Default); err != nil {
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
func New(text string) (Game, error) {
	e, opts, err := ParseSpec(text)
	if err != nil {
		return nil, err
	}
	g, err := e.Build(opts)
	if err != nil {
		return nil, fmt.Errorf("game %q: %w", text, err)
	}
	return g, nil
}

// ParseSpec resolves a spec to its registry entry and validated options.
func ParseSpec(text string) (Entry, Options, error) {
	name, opts, hasOpts := spec.Split(text)
	e, ok := Lookup(name)
	if !ok {
		return Entry{}, Options{}, fmt.Errorf("unknown game %q: valid games are %s", name, strings.Join(Names(), ", "))
	}
	v, err := spec.Resolve(fmt.Sprintf("game %q", name), e.Options, opts, hasOpts)
	if err != nil {
		return Entry{}, Options{}, err
	}
	return e, v, nil
}

// Canonical returns the canonical spec of the registered game name with
// the given option values (by option name, in the form a spec writes them;
// options left out take their defaults): the one place a spec is formatted,
// so that a game built by its package's constructor and one built from a
// spec name themselves alike. A name or value the registry refuses is a
// programming error and panics.
func Canonical(name string, values map[string]string) string {
	keys := make([]string, 0, len(values))
	for k := range values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + values[k]
	}
	text := name
	if len(parts) > 0 {
		text += ":" + strings.Join(parts, ",")
	}
	_, o, err := ParseSpec(text)
	if err != nil {
		panic(fmt.Sprintf("games: canonical spec of %s: %v", text, err))
	}
	return CanonicalSpec(name, o)
}

// CanonicalSpec formats a game name with the options that differ from their
// defaults, in declaration order.
func CanonicalSpec(name string, opts Options) string {
	e, ok := Lookup(name)
	if !ok {
		return name
	}
	return spec.Canonical(name, e.Options, opts)
}
