// Package spec reads the names mcarena gives games and engines:
// NAME[:OPTION[=VALUE],...], for example "breakthrough:size=6x6,misere" or
// "nmcs:level=2,discount,pod=3". A bare option name sets a flag. Options are
// declared with a kind and a range, so that a bad spec is refused with a
// message that lists what is valid.
//
// A Component option takes a component with options of its own,
// NAME or NAME(OPTION[=VALUE],...), nested as deep as the declarations go:
// "mcts:playout=nested(level=1,discount),c=0.7". An error inside a
// component names it.
package spec

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Kind is the type of an option's value.
type Kind uint8

// The option kinds.
const (
	// Bool is a flag: "misere" alone means true; "misere=false" is accepted.
	Bool Kind = iota
	// Int is a whole number in [Min, Max].
	Int
	// Size is ROWSxCOLS (or N for N x N), each side in [Min, Max].
	Size
	// Float is a number in [FloatMin, FloatMax].
	Float
	// Choice is one of Choices.
	Choice
	// Component is one of Components, with its own options.
	Component
	// Word is a name checked elsewhere (a heuristic of the game, say):
	// lower-case letters, digits, '_' and '-', starting with a letter, or
	// empty for none.
	Word
	// Text is free text, such as a command line. A spec writes it in
	// single quotes when it holds a comma or a parenthesis ('a,b c'), and
	// Canonical does so; it cannot hold a single quote itself.
	Text
)

// ComponentDecl declares one component a Component option may take.
type ComponentDecl struct {
	Name    string
	Doc     string
	Options []Option
}

// Option declares one option, or, with a name ending in '.', a family of
// options named by that prefix and any continuation.
type Option struct {
	Name    string
	Kind    Kind
	Default string
	Min     int
	Max     int
	// FloatMin and FloatMax bound a Float option.
	FloatMin, FloatMax float64
	// Choices lists the values of a Choice option.
	Choices []string
	// Components lists the components of a Component option.
	Components []ComponentDecl
	Doc        string
}

// Syntax describes the values the option takes, for messages and help.
func (o Option) Syntax() string {
	if o.prefix() {
		o.Name += "NAME"
	}
	switch o.Kind {
	case Bool:
		return o.Name
	case Int:
		return fmt.Sprintf("%s=%d..%d", o.Name, o.Min, o.Max)
	case Float:
		return fmt.Sprintf("%s=%g..%g", o.Name, o.FloatMin, o.FloatMax)
	case Choice:
		return fmt.Sprintf("%s=%s", o.Name, strings.Join(o.Choices, "|"))
	case Word:
		return o.Name + "=NAME"
	case Text:
		return o.Name + "=TEXT"
	case Component:
		names := make([]string, len(o.Components))
		for i, c := range o.Components {
			names[i] = c.Name
			if len(c.Options) > 0 {
				names[i] += "(...)"
			}
		}
		return fmt.Sprintf("%s=%s", o.Name, strings.Join(names, "|"))
	default:
		return fmt.Sprintf("%s=RxC (%d..%d each)", o.Name, o.Min, o.Max)
	}
}

// Values holds validated option values in their normal form.
type Values struct {
	vals  map[string]string
	comps map[string]Values // the options of Component options' values
	name  string            // the component's name, for a component's Values
}

// Component returns a Component option's component name and its options.
func (v Values) Component(name string) (string, Values) {
	c := v.comps[name]
	return c.name, c
}

// Bool returns a Bool option's value.
func (v Values) Bool(name string) bool { return v.vals[name] == "true" }

// Int returns an Int option's value.
func (v Values) Int(name string) int {
	n, _ := strconv.Atoi(v.vals[name])
	return n
}

// Float returns a Float option's value.
func (v Values) Float(name string) float64 {
	f, _ := strconv.ParseFloat(v.vals[name], 64)
	return f
}

// String returns an option's value as text (the choice of a Choice option).
func (v Values) String(name string) string { return v.vals[name] }

// Size returns a Size option's rows and columns.
func (v Values) Size(name string) (rows, cols int) {
	rows, cols, _ = parseSize(v.vals[name])
	return rows, cols
}

// Split separates a spec into its lower-cased name and the text of its
// options (empty when there are none); hasOpts says whether a colon was there.
func Split(text string) (name, opts string, hasOpts bool) {
	name, opts, hasOpts = strings.Cut(strings.TrimSpace(text), ":")
	return strings.ToLower(strings.TrimSpace(name)), opts, hasOpts
}

// Resolve validates the option text of a spec named what against decl and
// returns every option's value, defaults filled in. Errors name the option
// and list the valid ones.
func Resolve(what string, decl []Option, opts string, hasOpts bool) (Values, error) {
	vals := make(map[string]string, len(decl))
	comps := map[string]Values{}
	set := func(o Option, val string) error {
		if o.Kind != Component {
			norm, err := Check(o, val)
			if err != nil {
				return err
			}
			vals[o.Name] = norm
			return nil
		}
		c, err := resolveComponent(o, val)
		if err != nil {
			return err
		}
		vals[o.Name], comps[o.Name] = c.canonical(o), c
		return nil
	}
	for _, o := range decl {
		if err := set(o, o.Default); err != nil {
			return Values{}, fmt.Errorf("%s: bad default: %w", what, err)
		}
	}
	if !hasOpts {
		return Values{vals: vals, comps: comps}, nil
	}
	seen := map[string]bool{}
	items, err := SplitOptions(opts)
	if err != nil {
		return Values{}, fmt.Errorf("%s: %w", what, err)
	}
	for _, item := range items {
		item = strings.TrimSpace(item)
		if item == "" {
			return Values{}, fmt.Errorf("%s: empty option", what)
		}
		key, val, hasVal := strings.Cut(item, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		o, ok := find(decl, key)
		if !ok {
			return Values{}, fmt.Errorf("%s: unknown option %q: valid options are %s", what, key, List(decl))
		}
		if seen[key] {
			return Values{}, fmt.Errorf("%s: option %q given twice", what, key)
		}
		seen[key] = true
		if !hasVal {
			if o.Kind != Bool {
				return Values{}, fmt.Errorf("%s: option %q needs a value: %s", what, key, o.Syntax())
			}
			val = "true"
		}
		if o.Kind == Component {
			if err := set(o, strings.TrimSpace(val)); err != nil {
				return Values{}, fmt.Errorf("%s: %w", what, err)
			}
			continue
		}
		norm, err := Check(o, strings.TrimSpace(val))
		if err != nil {
			return Values{}, fmt.Errorf("%s: %w", what, err)
		}
		vals[key] = norm
	}
	return Values{vals: vals, comps: comps}, nil
}

// SplitOptions splits an option list at the commas outside parentheses
// and single quotes: "a=1,p=x(b=2,c=3)" into "a=1" and "p=x(b=2,c=3)".
// Unbalanced parentheses or quotes are an error.
func SplitOptions(opts string) ([]string, error) {
	var items []string
	depth, from, quoted := 0, 0, false
	for i, r := range opts {
		if r == '\'' {
			quoted = !quoted
		}
		if quoted {
			continue
		}
		switch r {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return nil, fmt.Errorf("unbalanced %q in %q", ")", opts)
			}
		case ',':
			if depth == 0 {
				items = append(items, opts[from:i])
				from = i + 1
			}
		}
	}
	if quoted {
		return nil, fmt.Errorf("unbalanced %q in %q", "'", opts)
	}
	if depth != 0 {
		return nil, fmt.Errorf("unbalanced %q in %q", "(", opts)
	}
	return append(items, opts[from:]), nil
}

// resolveComponent reads a Component option's value, NAME or
// NAME(OPTIONS), against the option's declarations.
func resolveComponent(o Option, text string) (Values, error) {
	name, inner, hasOpts := strings.Cut(text, "(")
	name = strings.ToLower(strings.TrimSpace(name))
	if hasOpts {
		if !strings.HasSuffix(inner, ")") {
			return Values{}, fmt.Errorf("option %q: %q does not end with %q", o.Name, text, ")")
		}
		inner = inner[:len(inner)-1]
	}
	var decl *ComponentDecl
	for i := range o.Components {
		if o.Components[i].Name == name {
			decl = &o.Components[i]
		}
	}
	if decl == nil {
		names := make([]string, len(o.Components))
		for i, c := range o.Components {
			names[i] = c.Name
		}
		return Values{}, fmt.Errorf("option %q: unknown %s %q: valid ones are %s", o.Name, o.Name, name, strings.Join(names, ", "))
	}
	if hasOpts && strings.TrimSpace(inner) == "" {
		hasOpts = false
	}
	v, err := Resolve(fmt.Sprintf("%s %q", o.Name, name), decl.Options, inner, hasOpts)
	if err != nil {
		return Values{}, err
	}
	v.name = name
	return v, nil
}

// canonical formats a component value: its name, and its options that
// differ from their defaults in parentheses.
func (v Values) canonical(o Option) string {
	for _, c := range o.Components {
		if c.Name == v.name {
			full := Canonical(v.name, c.Options, v)
			if name, opts, ok := strings.Cut(full, ":"); ok {
				return name + "(" + opts + ")"
			}
			return full
		}
	}
	return v.name
}

// Canonical formats name with the options that differ from their defaults,
// in declaration order.
func Canonical(name string, decl []Option, v Values) string {
	var parts []string
	for _, o := range decl {
		if o.prefix() {
			for _, kv := range v.Prefixed(o.Name) {
				parts = append(parts, o.Name+kv[0]+"="+o.Format(kv[1]))
			}
			continue
		}
		val := v.vals[o.Name]
		if def, err := Check(o, o.Default); val == o.Default || (err == nil && val == def) {
			continue
		}
		if o.Kind == Bool {
			if val == "true" {
				parts = append(parts, o.Name)
			} else {
				parts = append(parts, o.Name+"=false")
			}
			continue
		}
		parts = append(parts, o.Name+"="+o.Format(val))
	}
	if len(parts) == 0 {
		return name
	}
	return name + ":" + strings.Join(parts, ",")
}

// Format writes a value of the option as a spec writes it: a Text value
// that holds a comma or a parenthesis in single quotes, any other value as
// it is.
func (o Option) Format(v string) string {
	if o.Kind == Text && strings.ContainsAny(v, ",()") {
		return "'" + v + "'"
	}
	return v
}

// List describes every declared option, or says there are none.
func List(decl []Option) string {
	if len(decl) == 0 {
		return "none"
	}
	s := make([]string, len(decl))
	for i, o := range decl {
		s[i] = o.Syntax()
	}
	return strings.Join(s, ", ")
}

func find(decl []Option, key string) (Option, bool) {
	for _, o := range decl {
		if o.Name == key && !o.prefix() {
			return o, true
		}
	}
	for _, o := range decl {
		if o.prefix() && strings.HasPrefix(key, o.Name) && len(key) > len(o.Name) {
			o.Name = key
			return o, true
		}
	}
	return Option{}, false
}

// prefix reports whether o declares a family of options: a name ending in
// '.', such as "option.", takes any option whose name continues it
// ("option.skill level"), each with o's kind, none set by default.
func (o Option) prefix() bool { return strings.HasSuffix(o.Name, ".") }

// Prefixed returns the options set under a prefix option (see Option), as
// name (without the prefix) and value pairs in the order of their names.
func (v Values) Prefixed(prefix string) [][2]string {
	var out [][2]string
	for k, val := range v.vals {
		if strings.HasPrefix(k, prefix) && len(k) > len(prefix) {
			out = append(out, [2]string{k[len(prefix):], val})
		}
	}
	slices.SortFunc(out, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	return out
}

// Check validates a value for an option and returns its normal form.
func Check(o Option, v string) (string, error) {
	switch o.Kind {
	case Text:
		t := strings.TrimSpace(v)
		if len(t) >= 2 && t[0] == '\'' && t[len(t)-1] == '\'' {
			t = strings.TrimSpace(t[1 : len(t)-1])
		}
		if strings.Contains(t, "'") {
			return "", fmt.Errorf("option %q: %q: a value in single quotes cannot hold a single quote", o.Name, v)
		}
		return t, nil
	case Word:
		w := strings.ToLower(v)
		for i, r := range w {
			if !(r >= 'a' && r <= 'z' || i > 0 && (r >= '0' && r <= '9' || r == '_' || r == '-')) {
				return "", fmt.Errorf("option %q: %q is not a name (letters, digits, _ and -, starting with a letter)", o.Name, v)
			}
		}
		return w, nil
	case Component:
		c, err := resolveComponent(o, v)
		if err != nil {
			return "", err
		}
		return c.canonical(o), nil
	case Bool:
		switch strings.ToLower(v) {
		case "true", "1", "yes", "on":
			return "true", nil
		case "false", "0", "no", "off":
			return "false", nil
		}
		return "", fmt.Errorf("option %q: %q is not true or false (1 or 0, yes or no, on or off)", o.Name, v)
	case Int:
		n, err := strconv.Atoi(v)
		if err != nil {
			return "", fmt.Errorf("option %q: %q is not a whole number (want %s)", o.Name, v, o.Syntax())
		}
		if n < o.Min || n > o.Max {
			return "", fmt.Errorf("option %q: %d is out of range (want %s)", o.Name, n, o.Syntax())
		}
		return strconv.Itoa(n), nil
	case Float:
		f, err := strconv.ParseFloat(v, 64)
		if errors.Is(err, strconv.ErrRange) && decimal(v) {
			return "", fmt.Errorf("option %q: %s is out of range (want %s)", o.Name, v, o.Syntax())
		}
		if err != nil || f != f || !decimal(v) {
			return "", fmt.Errorf("option %q: %q is not a decimal number like 0.5 or 1e-3 (want %s)", o.Name, v, o.Syntax())
		}
		if f < o.FloatMin || f > o.FloatMax {
			return "", fmt.Errorf("option %q: %g is out of range (want %s)", o.Name, f, o.Syntax())
		}
		if f == 0 {
			f = 0 // -0 reads as 0, so that c=-0 and c=0 are one spec
		}
		return strconv.FormatFloat(f, 'g', -1, 64), nil
	case Choice:
		for _, c := range o.Choices {
			if strings.EqualFold(c, v) {
				return c, nil
			}
		}
		return "", fmt.Errorf("option %q: %q is not one of %s", o.Name, v, strings.Join(o.Choices, ", "))
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

// decimal reports whether v is written as a plain decimal number: a sign,
// digits with at most one point, and an exponent. strconv.ParseFloat also
// reads Go's digit separators (1_0), hexadecimal mantissas (0x1p-2), Inf
// and NaN, none of which a spec means.
func decimal(v string) bool {
	if v != "" && (v[0] == '+' || v[0] == '-') {
		v = v[1:]
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(v), "e")
	whole, frac, _ := strings.Cut(mant, ".")
	if whole == "" && frac == "" || !allDigits(whole) || !allDigits(frac) {
		return false
	}
	if !hasExp {
		return true
	}
	if len(exp) > 0 && (exp[0] == '+' || exp[0] == '-') {
		exp = exp[1:]
	}
	return exp != "" && allDigits(exp)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
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
