// Package spec reads the names mcarena gives games and engines:
// NAME[:OPTION[=VALUE],...], for example "breakthrough:size=6x6,misere" or
// "nmcs:level=2,discount,pod=3". A bare option name sets a flag. Options are
// declared with a kind and a range, so that a bad spec is refused with a
// message that lists what is valid.
package spec

import (
	"fmt"
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
)

// Option declares one option.
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
	Doc     string
}

// Syntax describes the values the option takes, for messages and help.
func (o Option) Syntax() string {
	switch o.Kind {
	case Bool:
		return o.Name
	case Int:
		return fmt.Sprintf("%s=%d..%d", o.Name, o.Min, o.Max)
	case Float:
		return fmt.Sprintf("%s=%g..%g", o.Name, o.FloatMin, o.FloatMax)
	case Choice:
		return fmt.Sprintf("%s=%s", o.Name, strings.Join(o.Choices, "|"))
	default:
		return fmt.Sprintf("%s=RxC (%d..%d each)", o.Name, o.Min, o.Max)
	}
}

// Values holds validated option values in their normal form.
type Values struct {
	vals map[string]string
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
	for _, o := range decl {
		vals[o.Name] = o.Default
	}
	if !hasOpts {
		return Values{vals}, nil
	}
	seen := map[string]bool{}
	for _, item := range strings.Split(opts, ",") {
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
		norm, err := Check(o, strings.TrimSpace(val))
		if err != nil {
			return Values{}, fmt.Errorf("%s: %w", what, err)
		}
		vals[key] = norm
	}
	return Values{vals}, nil
}

// Canonical formats name with the options that differ from their defaults,
// in declaration order.
func Canonical(name string, decl []Option, v Values) string {
	var parts []string
	for _, o := range decl {
		val := v.vals[o.Name]
		if val == o.Default {
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
		parts = append(parts, o.Name+"="+val)
	}
	if len(parts) == 0 {
		return name
	}
	return name + ":" + strings.Join(parts, ",")
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
		if o.Name == key {
			return o, true
		}
	}
	return Option{}, false
}

// Check validates a value for an option and returns its normal form.
func Check(o Option, v string) (string, error) {
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
	case Float:
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f != f {
			return "", fmt.Errorf("option %q: %q is not a number (want %s)", o.Name, v, o.Syntax())
		}
		if f < o.FloatMin || f > o.FloatMax {
			return "", fmt.Errorf("option %q: %g is out of range (want %s)", o.Name, f, o.Syntax())
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
