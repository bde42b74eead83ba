package engines

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"mcarena/games/spec"
)

// Family is a registered search family: its name, what it is, its options
// and a builder.
type Family struct {
	Name    string
	Doc     string
	Options []spec.Option
	// Build makes the engine from validated options; it may still refuse a
	// combination of values. spec is the canonical spec to report.
	Build func(v spec.Values, canonical string) (Engine, error)
}

var (
	regMu    sync.RWMutex
	families = map[string]Family{}
)

// Register adds a family. It panics on a duplicate or a bad default.
func Register(f Family) {
	regMu.Lock()
	defer regMu.Unlock()
	if _, dup := families[f.Name]; dup {
		panic("engines: duplicate registration of " + f.Name)
	}
	for _, o := range f.Options {
		if _, err := spec.Check(o, o.Default); err != nil {
			panic(fmt.Sprintf("engines: %s: bad default: %v", f.Name, err))
		}
	}
	families[f.Name] = f
}

// Names returns the registered family names in alphabetical order.
func Names() []string {
	regMu.RLock()
	defer regMu.RUnlock()
	names := make([]string, 0, len(families))
	for n := range families {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Lookup returns a registered family.
func Lookup(name string) (Family, bool) {
	regMu.RLock()
	defer regMu.RUnlock()
	f, ok := families[name]
	return f, ok
}

// New builds an engine from a spec such as "nmcs:level=2,discount". An
// unknown family or option, or a bad value, is an error listing what is valid.
func New(text string) (Engine, error) {
	name, opts, hasOpts := spec.Split(text)
	f, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("unknown engine %q: valid engines are %s", name, strings.Join(Names(), ", "))
	}
	v, err := spec.Resolve(fmt.Sprintf("engine %q", name), f.Options, opts, hasOpts)
	if err != nil {
		return nil, err
	}
	e, err := f.Build(v, spec.Canonical(name, f.Options, v))
	if err != nil {
		return nil, fmt.Errorf("engine %q: %w", text, err)
	}
	return e, nil
}
