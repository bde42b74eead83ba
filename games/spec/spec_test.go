package spec

import (
	"slices"
	"strings"
	"testing"
)

var testDecl = []Option{
	{Name: "c", Kind: Float, Default: "0.7", FloatMin: 0, FloatMax: 10},
	{Name: "playout", Kind: Component, Default: "random", Components: []ComponentDecl{
		{Name: "random"},
		{Name: "nested", Options: []Option{
			{Name: "level", Kind: Int, Default: "1", Min: 0, Max: 3},
			{Name: "discount", Kind: Bool, Default: "false"},
			{Name: "inner", Kind: Component, Default: "plain", Components: []ComponentDecl{
				{Name: "plain"},
				{Name: "deep", Options: []Option{{Name: "k", Kind: Int, Default: "2", Min: 1, Max: 9}}},
			}},
		}},
	}},
	{Name: "heuristic", Kind: Word, Default: ""},
}

func TestComponents(t *testing.T) {
	for _, tc := range []struct {
		opts      string
		canonical string
		component string
		level     int
	}{
		{"", "e", "random", 0},
		{"playout=random", "e", "random", 0},
		{"playout=nested", "e:playout=nested", "nested", 1},
		{"playout=nested()", "e:playout=nested", "nested", 1},
		{"playout=Nested(level=2,discount),c=0.5", "e:c=0.5,playout=nested(level=2,discount)", "nested", 2},
		{"c=0.5, playout=nested(discount, level=1)", "e:c=0.5,playout=nested(discount)", "nested", 1},
		{"playout=nested(inner=deep(k=5))", "e:playout=nested(inner=deep(k=5))", "nested", 1},
		{"playout=nested(inner=deep)", "e:playout=nested(inner=deep)", "nested", 1},
		{"heuristic=efms", "e:heuristic=efms", "random", 0},
	} {
		v, err := Resolve("engine \"e\"", testDecl, tc.opts, tc.opts != "")
		if err != nil {
			t.Errorf("%q: %v", tc.opts, err)
			continue
		}
		if got := Canonical("e", testDecl, v); got != tc.canonical {
			t.Errorf("%q: canonical %q, want %q", tc.opts, got, tc.canonical)
		}
		name, cv := v.Component("playout")
		if name != tc.component || (name == "nested" && cv.Int("level") != tc.level) {
			t.Errorf("%q: component %s level %d, want %s level %d", tc.opts, name, cv.Int("level"), tc.component, tc.level)
		}
		// The canonical form reads back to itself.
		if _, opts, ok := strings.Cut(tc.canonical, ":"); ok {
			again, err := Resolve("e", testDecl, opts, true)
			if err != nil || Canonical("e", testDecl, again) != tc.canonical {
				t.Errorf("%q: canonical form does not read back: %v", tc.canonical, err)
			}
		}
	}
}

func TestComponentErrors(t *testing.T) {
	for _, tc := range []struct{ opts, want string }{
		{"playout=nestd", `engine "e": option "playout": unknown playout "nestd": valid ones are random, nested`},
		{"playout=nested(levl=2)", `engine "e": playout "nested": unknown option "levl": valid options are level=0..3, discount, inner=plain|deep(...)`},
		{"playout=nested(level=9)", `engine "e": playout "nested": option "level": 9 is out of range (want level=0..3)`},
		{"playout=nested(inner=deep(k=0))", `engine "e": playout "nested": inner "deep": option "k": 0 is out of range (want k=1..9)`},
		{"playout=nested(level=1", `engine "e": unbalanced "(" in "playout=nested(level=1"`},
		{"playout=nested)level=1(", `engine "e": unbalanced ")" in "playout=nested)level=1("`},
		{"playout=random(level=1)", `engine "e": playout "random": unknown option "level": valid options are none`},
		{"playout=nested(level=1)x", `engine "e": option "playout": "nested(level=1)x" does not end with ")"`},
		{"heuristic=2x", `engine "e": option "heuristic": "2x" is not a name (letters, digits, _ and -, starting with a letter)`},
		{"playout", `engine "e": option "playout" needs a value: playout=random|nested(...)`},
	} {
		_, err := Resolve(`engine "e"`, testDecl, tc.opts, true)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q:\n got %v\nwant %s", tc.opts, err, tc.want)
		}
	}
}

func FuzzResolve(f *testing.F) {
	for _, s := range []string{"playout=nested(level=2,discount),c=0.5", "playout=nested(inner=deep(k=5))", "c=1,heuristic=x", "playout=(((", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, opts string) {
		v, err := Resolve("e", testDecl, opts, true)
		if err != nil {
			return
		}
		c := Canonical("e", testDecl, v)
		_, o, ok := strings.Cut(c, ":")
		again, err := Resolve("e", testDecl, o, ok)
		if err != nil {
			t.Fatalf("canonical %q of %q does not read back: %v", c, opts, err)
		}
		if c2 := Canonical("e", testDecl, again); c2 != c {
			t.Fatalf("canonical %q reads back as %q", c, c2)
		}
	})
}

// A Text value is free text; single quotes let it hold commas and
// parentheses, and Canonical writes them back where needed.
func TestText(t *testing.T) {
	decl := []Option{
		{Name: "cmd", Kind: Text, Default: ""},
		{Name: "n", Kind: Int, Default: "1", Min: 1, Max: 9},
	}
	for _, tc := range []struct {
		opts, cmd, canonical string
	}{
		{"cmd=prog --level 3", "prog --level 3", "e:cmd=prog --level 3"},
		{"cmd='prog --engine uct:c=0.5,rave',n=2", "prog --engine uct:c=0.5,rave", "e:cmd='prog --engine uct:c=0.5,rave',n=2"},
		{"n=2, cmd = 'a (b)' ", "a (b)", "e:cmd='a (b)',n=2"},
		{"cmd='plain'", "plain", "e:cmd=plain"},
	} {
		v, err := Resolve("e", decl, tc.opts, true)
		if err != nil {
			t.Errorf("%q: %v", tc.opts, err)
			continue
		}
		if got := v.String("cmd"); got != tc.cmd {
			t.Errorf("%q: cmd %q, want %q", tc.opts, got, tc.cmd)
		}
		got := Canonical("e", decl, v)
		if got != tc.canonical {
			t.Errorf("%q: canonical %q, want %q", tc.opts, got, tc.canonical)
		}
		_, opts, _ := strings.Cut(got, ":")
		if again, err := Resolve("e", decl, opts, true); err != nil || again.String("cmd") != tc.cmd {
			t.Errorf("%q: canonical form does not read back: %v", got, err)
		}
	}
	for _, bad := range []string{"cmd='a,b", "cmd='it's'"} {
		if _, err := Resolve("e", decl, bad, true); err == nil {
			t.Errorf("%q: accepted", bad)
		}
	}
}

// A prefix option takes any option that continues its name, like the UCI
// family's option.NAME=VALUE, and Canonical writes them in name order.
func TestPrefixOption(t *testing.T) {
	decl := []Option{{Name: "cmd", Kind: Text}, {Name: "option.", Kind: Text, Doc: "a program's option"}}
	// Given in reverse name order, so that the order written is the sort's.
	v, err := Resolve("uci", decl, "option.threads=1,option.skill level=0,option.Move Overhead=30,cmd=sf,option.hash=16", true)
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]string{{"hash", "16"}, {"move overhead", "30"}, {"skill level", "0"}, {"threads", "1"}}
	if got := v.Prefixed("option."); !slices.Equal(got, want) {
		t.Errorf("Prefixed = %q, want %q", got, want)
	}
	if got, want := Canonical("uci", decl, v), "uci:cmd=sf,option.hash=16,option.move overhead=30,option.skill level=0,option.threads=1"; got != want {
		t.Errorf("Canonical = %q, want %q", got, want)
	}
	if _, err := Resolve("uci", decl, "option.=1", true); err == nil || !strings.Contains(err.Error(), `unknown option "option."`) {
		t.Errorf("option. alone: %v", err)
	}
}

// A Float option takes decimal numbers only; strconv.ParseFloat's Go
// literal forms are refused with the same message as any other non-number.
func TestFloatIsDecimal(t *testing.T) {
	for _, tc := range []struct {
		v, want string
	}{
		{"0.5", "0.5"}, {".5", "0.5"}, {"-0", "0"}, {"+.5e-1", "0.05"}, {"1E+1", "10"}, {"5.", "5"}, {"+1", "1"}, {"1e-1", "0.1"}, {"2E0", "2"}, {"0", "0"},
		{"1_0", ""}, {"0x1p-2", ""}, {"Inf", ""}, {"NaN", ""}, {".", ""}, {"1e", ""}, {"e1", ""}, {"1e+", ""}, {"--1", ""}, {"1.2.3", ""}, {"", ""},
	} {
		v, err := Resolve(`engine "e"`, testDecl, "c="+tc.v, true)
		if tc.want == "" {
			want := `engine "e": option "c": "` + tc.v + `" is not a decimal number like 0.5 or 1e-3 (want c=0..10)`
			if err == nil || err.Error() != want {
				t.Errorf("c=%s: got %v, want %s", tc.v, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("c=%s: %v", tc.v, err)
			continue
		}
		if got := v.String("c"); got != tc.want {
			t.Errorf("c=%s reads as %s, want %s", tc.v, got, tc.want)
		}
	}
}

// A decimal number too large for a float64 is out of range, not malformed.
func TestFloatOverflowIsOutOfRange(t *testing.T) {
	_, err := Resolve(`engine "e"`, testDecl, "c=1e99999", true)
	if want := `engine "e": option "c": 1e99999 is out of range (want c=0..10)`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
