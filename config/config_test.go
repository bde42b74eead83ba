package config

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"mcarena/engines"
	_ "mcarena/engines/all"
)

// The repository's config.toml parses and every engine builds.
func TestRepositoryConfig(t *testing.T) {
	_, here, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(here), "..", "config.toml")
	cfg, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"nmcd2", "uct", "uct-nmc1-cow", "mcts-mr2"} {
		if _, ok := cfg.Engine(want); !ok {
			t.Errorf("engine %q missing", want)
		}
	}
	for _, name := range cfg.EngineNames() {
		if _, err := ResolveEngine(cfg, name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if s, _ := cfg.Engine("nmcd2"); s != "nmcs:level=2,discount" {
		t.Errorf("nmcd2 is %q", s)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"syntax", "[engines.a]\nfamily = \"uct\"\nc = = 2\n", "x.toml:3: "},
		{"unknown section", "[engine.a]\nfamily = \"uct\"\n", "x.toml:1: engine: unknown section: valid sections are engines, presets"},
		{"unknown family", "[engines.a]\nfamily = \"monte\"\n", `x.toml:2: engines.a.family: unknown engine family "monte": valid families are alphabeta, gtp, mcts, nmcs, random, uci, uct`},
		{"no family", "[engines.a]\nc = 1.0\n", "x.toml:1: engines.a: needs family = one of alphabeta, gtp, mcts, nmcs, random, uci, uct"},
		{"family misspelt", "[engines.a]\nc = 1.0\nfamly = \"uct\"\n", "x.toml:3: engines.a.famly: unknown key: did you mean family? the table needs family = one of alphabeta, gtp, mcts, nmcs, random, uci, uct"},
		{"family two slips away", "[engines.a]\nfmly = \"uct\"\n", "x.toml:2: engines.a.fmly: unknown key: did you mean family?"},
		{"a comment after the header", "[engines.a] # fast\nfamily = \"monte\"\n", `x.toml:2: engines.a.family: unknown engine family "monte"`},
		{"family capitalised", "[engines.a]\nFamily = \"uct\"\n", "x.toml:2: engines.a.Family: unknown key: did you mean family? the table needs family = one of alphabeta, gtp, mcts, nmcs, random, uci, uct"},
		{"component option", "[engines.a]\nfamily = \"mcts\"\nplayout = { kind = \"nested\", levl = 2 }\n", `x.toml:3: engines.a.playout: playout "nested": unknown option "levl": valid options are level=0..3, discount, cow=0..4, pod=0..4`},
		{"component kind", "[engines.a]\nfamily = \"mcts\"\nplayout = { level = 2 }\n", `x.toml:3: engines.a.playout: a component table needs kind = "NAME"`},
		{"component in text", "[engines.a]\nfamily = \"mcts\"\nplayout = \"nested(level=7)\"\n", `x.toml:3: engines.a.playout: playout "nested": option "level": 7 is out of range (want level=0..3)`},
		{"heuristic the game lacks", "[engines.a]\nfamily = \"mcts\"\nleaf = \"heuristic\"\nheuristic = \"efms\"\n[engines.b]\nfamily = \"random\"\n[presets.p]\ngames = [\"breakthrough\", \"nogo\"]\npairs = [[\"b\", \"a\"]]\n",
			`x.toml:9: presets.p.pairs: engine "a" cannot play nogo: engine "mcts:leaf=heuristic,heuristic=efms", option heuristic: game "nogo" has no heuristic "efms": its heuristics are outcome`},
		{"unknown option", "# comment\n[engines.a]\nfamily = \"nmcs\"\nlevel = 2\ndepth = 3\n", "x.toml:5: engines.a.depth: unknown option of nmcs: valid options are level=0..5, discount, cow=0..6, pod=0..6"},
		{"beyond TOML's numbers", "[presets.p]\ngames = [\"nogo\"]\ncount = 99999999999999999999\n", "x.toml:3: presets.p.count: 99999999999999999999 is past 9223372036854775807, the largest whole number of TOML: want 1..10000000"},
		{"out of range", "[engines.b]\nfamily = \"nmcs\"\n\n[engines.a]\nfamily = \"nmcs\"\nlevel = 9\n", `x.toml:6: engines.a.level: option "level": 9 is out of range (want level=0..5)`},
		{"bad choice", "[engines.a]\nfamily = \"uct\"\nplayout = \"greedy\"\n", `x.toml:3: engines.a.playout: option "playout": "greedy" is not one of random, decisive, mr, nested`},
		{"bad type", "[engines.a]\nfamily = \"uct\"\nc = [1, 2]\n", "x.toml:3: engines.a.c: a list is not an option value"},
		{"a date", "[engines.a]\nfamily = \"uct\"\nc = 1979-05-27\n", "x.toml:3: engines.a.c: a date or time is not an option value"},
		{"a spec as a name", "[engines.\"nmcs:level=2\"]\nfamily = \"uct\"\n", `x.toml:1: engines.nmcs:level=2: "nmcs:level=2" is no engine name: a name is letters, digits`},
		{"an empty name", "[engines.\"\"]\nfamily = \"uct\"\n", `x.toml:1: engines.: "" is no engine name`},
		{"a name with a space", "[engines.b]\nfamily = \"random\"\n[engines.\"x y\"]\nfamily = \"uct\"\n", `x.toml:3: engines.x y: "x y" is no engine name`},
		{"combination", "[engines.a]\nfamily = \"nmcs\"\npod = 2\n", "x.toml:1: engines.a: engine \"nmcs:pod=2\": pod needs discount"},
		{"option of another playout", "[engines.a]\nfamily = \"uct\"\nmr = 2\n", "x.toml:1: engines.a: engine \"uct:mr=2\": mr=2 is the depth of playout=mr, and the playout is random"},
		{"nested option without nested", "[engines.a]\nfamily = \"uct\"\nplayout = \"mr\"\ncow = 1\n", "x.toml:1: engines.a: engine \"uct:cow=1,playout=mr\": cow applies to playout=nested, and the playout is mr"},
		{"not a table", "engines = 3\n", "x.toml:1: engines: must be a table of named engines"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x.toml", []byte(tt.text))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("error %v, want prefix %q", err, tt.want)
			}
		})
	}
}

// A component may be written as text or as a TOML table; both give the same
// spec.
func TestComponentTables(t *testing.T) {
	cfg, err := Parse("x.toml", []byte("[engines.a]\nfamily = \"mcts\"\nplayout = { kind = \"nested\", level = 2, discount = true }\n"+
		"[engines.b]\nfamily = \"mcts\"\nplayout = \"nested(discount,level=2)\"\n"+
		"[engines.c]\nfamily = \"mcts\"\nheuristic = \"efms\"\nalpha = 0.4\n[engines.c.leaf]\nkind = \"cutoff\"\nplies = 8\n"))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"a": "mcts:playout=nested(level=2,discount)",
		"b": "mcts:playout=nested(level=2,discount)",
		"c": "mcts:leaf=cutoff(plies=8),heuristic=efms,alpha=0.4",
	} {
		if got, _ := cfg.Engine(name); got != want {
			t.Errorf("engine %s: got %q, want %q", name, got, want)
		}
	}
}

func TestResolveEngine(t *testing.T) {
	cfg, err := Parse("x.toml", []byte("[engines.fast]\nfamily = \"uct\"\nc = 0.3\n"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := ResolveEngine(cfg, "fast")
	if err != nil || e.Spec() != "uct:c=0.3" {
		t.Fatalf("fast: %v %v", e, err)
	}
	if e, err := ResolveEngine(cfg, "nmcs:level=2"); err != nil || e.Spec() != "nmcs:level=2" {
		t.Fatalf("spec: %v %v", e, err)
	}
	if _, err := ResolveEngine(cfg, "slow"); err == nil || !strings.Contains(err.Error(), "x.toml names fast") {
		t.Fatalf("unknown name: %v", err)
	}
	if _, err := ResolveEngine(nil, "uct"); err != nil {
		t.Fatal(err)
	}
}

// A named engine with options is its own spec with them in place of its
// options of the same names; a family's name keeps meaning the family.
func TestResolveNamedEngineWithOptions(t *testing.T) {
	cfg, err := Parse("x.toml", []byte("[engines.fast]\nfamily = \"uct\"\nc = 0.3\nsolver = true\n[engines.plain]\nfamily = \"random\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, want string }{
		{"fast:c=0.7", "uct:c=0.7"},
		{"fast:C=0.7", "uct:c=0.7"},
		{"fast:solver=false", "uct:c=0.3,solver=false"},
		{"fast:playout=nested,level=1", "uct:c=0.3,playout=nested,level=1"},
		{"uct:c=0.2", "uct:c=0.2"},
	} {
		e, err := ResolveEngine(cfg, c.text)
		if err != nil {
			t.Errorf("%s: %v", c.text, err)
			continue
		}
		want, err := engines.New(c.want)
		if err != nil {
			t.Fatal(err)
		}
		if e.Spec() != want.Spec() {
			t.Errorf("%s: spec %q, want %q", c.text, e.Spec(), want.Spec())
		}
	}
	for _, c := range []struct{ text, want string }{
		{"fast:depth=2", `engine fast (uct:c=0.3) with "depth=2"`},
		{"fast:depth=2", "valid options are"},
		{"fast:c=1,c=2", "given twice"},
		{"fast:", "empty option"},
		{"plain:c=1", "engine plain (random)"},
	} {
		if _, err := ResolveEngine(cfg, c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one holding %q", c.text, err, c.want)
		}
	}
}

func TestLoadMissing(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "none.toml")); !os.IsNotExist(err) {
		t.Fatalf("error %v", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add("[engines.a]\nfamily = \"uct\"\nc = 0.5\n")
	f.Add("[engines.\"x y\"]\nfamily = \"nmcs\"\nlevel = 1\ndiscount = true\n")
	f.Fuzz(func(t *testing.T, text string) {
		cfg, err := Parse("f.toml", []byte(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.toml") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		for _, n := range cfg.EngineNames() {
			if _, err := ResolveEngine(cfg, n); err != nil {
				t.Fatalf("accepted engine %q does not build: %v", n, err)
			}
		}
	})
}

func TestSchedules(t *testing.T) {
	base := "[engines.a]\nfamily = \"random\"\n[engines.b]\nfamily = \"random\"\n[engines.c]\nfamily = \"random\"\n"
	cfg, err := Parse("x.toml", []byte(base+"[presets.rr]\ngames = [\"nogo\"]\nround_robin = [\"a\", \"b\", \"c\"]\n[presets.g]\ngames = [\"nogo\"]\ngauntlet = [\"a\", \"b\", \"c\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	rr, _ := cfg.Preset("rr")
	g, _ := cfg.Preset("g")
	if fmt.Sprint(rr.Pairs) != "[[a b] [a c] [b c]]" || fmt.Sprint(g.Pairs) != "[[a b] [a c]]" {
		t.Fatalf("round robin %v, gauntlet %v", rr.Pairs, g.Pairs)
	}
	_, err = Parse("x.toml", []byte(base+"[presets.bad]\ngames = [\"nogo\"]\npairs = [[\"a\", \"b\"]]\ngauntlet = [\"a\", \"b\"]\n"))
	if err == nil || !strings.Contains(err.Error(), "x.toml:7: presets.bad: give exactly one of pairs, round_robin, gauntlet or elimination") {
		t.Fatalf("error %v", err)
	}
}

// A text option such as the gtp family's command line may hold commas in
// the file, quoted or not; the spec quotes it.
func TestTextTables(t *testing.T) {
	cfg, err := Parse("x.toml", []byte("[engines.a]\nfamily = \"gtp\"\ncmd = \"prog --engine mcts:c=0.5,rave=100\"\n"+
		"[engines.b]\nfamily = \"gtp\"\ncmd = \"'prog --engine mcts:c=0.5,rave=100'\"\ntimeout = 5\n"+
		"[engines.c]\nfamily = \"gtp\"\ncmd = \"castro\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"a": "gtp:cmd='prog --engine mcts:c=0.5,rave=100'",
		"b": "gtp:cmd='prog --engine mcts:c=0.5,rave=100',timeout=5",
		"c": "gtp:cmd=castro",
	} {
		if got, _ := cfg.Engine(name); got != want {
			t.Errorf("engine %s: got %q, want %q", name, got, want)
		}
	}
}

// A prefix option, such as the uci family's option.NAME, is a key of the
// engine's table like any other (quoted when the name holds a space).
func TestPrefixOptionKeys(t *testing.T) {
	cfg, err := Parse("x.toml", []byte("[engines.sf]\nfamily = \"uci\"\ncmd = \"stockfish\"\n\"option.Skill Level\" = 0\n\"option.Threads\" = 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := mustEngineSpec(t, cfg, "sf"), "uci:cmd=stockfish,option.skill level=0,option.threads=1"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	_, err = Parse("x.toml", []byte("[engines.sf]\nfamily = \"uci\"\ncmd = \"stockfish\"\n\"option.\" = 0\n"))
	if want := "x.toml:4: engines.sf.option.: unknown option of uci"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a bare option. key: got %v, want an error with %q", err, want)
	}
}

func mustEngineSpec(t *testing.T, cfg *Config, name string) string {
	t.Helper()
	s, ok := cfg.Engine(name)
	if !ok {
		t.Fatalf("no engine %s", name)
	}
	return s
}
