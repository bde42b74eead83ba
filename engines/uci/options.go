package uci

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// declared is an option a program declares in its answer to uci:
// option name NAME type TYPE [default D] [min A max B] [var V ...].
type declared struct {
	name, typ      string
	min, max       int64
	hasMin, hasMax bool
	vars           []string
}

// parseOption reads an option line; ok is false for another line.
func parseOption(line string) (d declared, ok bool) {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "option" || f[1] != "name" {
		return d, false
	}
	t := slices.Index(f[2:], "type")
	if t < 1 || 2+t+1 >= len(f) {
		return d, false
	}
	d.name, d.typ = strings.Join(f[2:2+t], " "), strings.ToLower(f[2+t+1])
	key, val := "", []string(nil)
	flush := func() {
		v := strings.Join(val, " ")
		switch key {
		case "min":
			n, err := strconv.ParseInt(v, 10, 64)
			d.min, d.hasMin = n, err == nil
		case "max":
			n, err := strconv.ParseInt(v, 10, 64)
			d.max, d.hasMax = n, err == nil
		case "var":
			d.vars = append(d.vars, v)
		}
		key, val = "", nil
	}
	for _, w := range f[2+t+2:] {
		switch w {
		case "default", "min", "max", "var":
			flush()
			key = w
		default:
			val = append(val, w)
		}
	}
	flush()
	return d, true
}

// String describes the option: its name and the values it takes.
func (d declared) String() string {
	switch {
	case d.typ == "spin" && d.hasMin && d.hasMax:
		return fmt.Sprintf("%s (spin %d..%d)", d.name, d.min, d.max)
	case d.typ == "combo":
		return fmt.Sprintf("%s (combo %s)", d.name, strings.Join(d.vars, "|"))
	}
	return fmt.Sprintf("%s (%s)", d.name, d.typ)
}

// optionList lists the declared options, or says there are none.
func optionList(decl []declared) string {
	if len(decl) == 0 {
		return "no options"
	}
	s := make([]string, len(decl))
	for i, d := range decl {
		s[i] = d.String()
	}
	return "the options " + strings.Join(s, ", ")
}

// setOptions returns the setoption commands of the spec's options (name,
// value) against the options the program declared: each name is matched
// to a declared one without regard to case or runs of spaces, as UCI
// compares them, and sent as the program declared it, since not every
// program compares names without case. A value is checked against the
// option's type: a spin's whole number within its range, a check's true
// or false, one of a combo's values (sent as declared); a button is
// pressed whatever the value. A name the program does not declare, or a
// value it would not take, is an error naming the option and listing those
// the program declares.
func setOptions(options [][2]string, decl []declared) ([]string, error) {
	norm := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	var cmds []string
	for _, o := range options {
		i := slices.IndexFunc(decl, func(d declared) bool { return strings.EqualFold(norm(d.name), norm(o[0])) })
		if i < 0 {
			return nil, fmt.Errorf("option.%s=%s: the program declares no option %q; it declares %s", o[0], o[1], o[0], optionList(decl))
		}
		d, v := decl[i], o[1]
		bad := func(takes string) error {
			return fmt.Errorf("option.%s=%s: the program's option %s takes %s", o[0], o[1], d.name, takes)
		}
		switch d.typ {
		case "spin":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || d.hasMin && n < d.min || d.hasMax && n > d.max {
				if d.hasMin && d.hasMax {
					return nil, bad(fmt.Sprintf("a whole number in %d..%d", d.min, d.max))
				}
				return nil, bad("a whole number")
			}
		case "check":
			if v = strings.ToLower(v); v != "true" && v != "false" {
				return nil, bad("true or false")
			}
		case "combo":
			j := slices.IndexFunc(d.vars, func(x string) bool { return strings.EqualFold(x, v) })
			if j < 0 {
				return nil, bad("one of " + strings.Join(d.vars, ", "))
			}
			v = d.vars[j]
		case "button":
			cmds = append(cmds, "setoption name "+d.name)
			continue
		}
		cmds = append(cmds, "setoption name "+d.name+" value "+v)
	}
	return cmds, nil
}

// refusal reports whether line, an answer to setoption, says the option is
// unknown: Stockfish's "No such option: NAME", mcarena uci's "info string
// no option ...", or a line saying "unknown option".
func refusal(line string) bool {
	l := strings.ToLower(line)
	return strings.Contains(l, "no such option") || strings.Contains(l, "unknown option") || strings.HasPrefix(l, "info string no option ")
}
