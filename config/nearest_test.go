package config

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"mcarena/games"
)

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "ab", 2}, {"kitten", "sitting", 3}, {"im-bl", "im-bl", 0}, {"im-lb", "im-bl", 2},
	} {
		if got := editDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// Names that contain what was typed come first, then the closest by edit
// distance, ties in name order.
func TestNearest(t *testing.T) {
	names := []string{"hav-base", "hav-lgr1", "im-bl", "im-bl-im40", "im-blp", "mcc", "uct"}
	for _, tc := range []struct {
		typed string
		k     int
		want  []string
	}{
		{"im-bl", 3, []string{"im-bl", "im-bl-im40", "im-blp"}},
		{"im-lb", 2, []string{"im-bl", "im-blp"}},
		{"uvt", 1, []string{"uct"}},
		{"x", 10, names[:7]},
	} {
		got := nearest(tc.typed, names, tc.k)
		if tc.typed == "x" {
			if len(got) != len(names) {
				t.Errorf("nearest(x) = %v, want all %d", got, len(names))
			}
			continue
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("nearest(%q, %d) = %v, want %v", tc.typed, tc.k, got, tc.want)
		}
	}
	// Ties go by name whatever the order given: "ab" is one edit from each.
	if got, want := nearest("ab", []string{"xb", "ax", "ab1"}, 3), []string{"ab1", "ax", "xb"}; !slices.Equal(got, want) {
		t.Errorf("nearest(ab) over an unsorted list = %v, want %v", got, want)
	}
}

// EngineFor names a named engine a game refuses, with its spec; an unknown
// name in a long configuration gets the nearest names, a short one all.
func TestEngineFor(t *testing.T) {
	var b strings.Builder
	for i := range maxListed + 5 {
		fmt.Fprintf(&b, "[engines.uct%d]\nfamily = \"uct\"\n", i)
	}
	b.WriteString("[engines.rave]\nfamily = \"mcts\"\nrave = 50\nreading = \"mate\"\n")
	long, err := Parse("long.toml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	short, err := Parse("short.toml", []byte("[engines.a]\nfamily = \"uct\"\n[engines.b]\nfamily = \"random\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	bt, err := games.New("breakthrough")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		c    *Config
		name string
		want string // the error, "" for none
	}{
		{long, "uct3", ""},
		{nil, "uct", ""},
		{long, "rave", `engine rave (mcts:reading=mate,rave=50, long.toml:51) cannot play breakthrough: option reading: game "breakthrough" has no reading "mate": it has no readings`},
		{nil, "mcts:reading=mate", `engine "mcts:reading=mate", option reading: game "breakthrough" has no reading "mate": it has no readings`},
		{long, "uct33", `unknown engine "uct33": valid engines are alphabeta, gtp, mcts, nmcs, random, uci, uct; long.toml names 26 engines (mcarena engines lists them), 25 of them for breakthrough, the nearest: uct13, uct23, uct3, uct0, uct1, uct10`},
		// The nearest are among the engines that can play the game: rave,
		// nearest to "rav", cannot play Breakthrough.
		{long, "rav", `unknown engine "rav": valid engines are alphabeta, gtp, mcts, nmcs, random, uci, uct; long.toml names 26 engines (mcarena engines lists them), 25 of them for breakthrough, the nearest: uct0, uct1, uct2, uct3, uct4, uct5; rave is named but cannot play breakthrough`},
		{short, "c", `unknown engine "c": valid engines are alphabeta, gtp, mcts, nmcs, random, uci, uct; short.toml names a, b`},
	} {
		_, err := EngineFor(tc.c, tc.name, bt)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// An unknown preset in a long configuration gets the nearest names, in a
// short one all of them.
func TestDefinedPresets(t *testing.T) {
	const engs = "[engines.u]\nfamily = \"uct\"\n[engines.r]\nfamily = \"random\"\n"
	b := strings.Builder{}
	b.WriteString(engs)
	for i := range maxListed + 3 {
		fmt.Fprintf(&b, "[presets.sweep%d]\ngames = [\"tictactoe\"]\npairs = [[\"u\", \"r\"]]\n", i)
	}
	long, err := Parse("long.toml", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	short, err := Parse("short.toml", []byte(engs+"[presets.a]\ngames = [\"tictactoe\"]\npairs = [[\"u\", \"r\"]]\n[presets.b]\ngames = [\"tictactoe\"]\npairs = [[\"u\", \"r\"]]\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		c           *Config
		typed, want string
	}{
		{long, "sweep22x", "23 presets (mcarena list shows them), the nearest: sweep22, sweep12, sweep2, sweep20, sweep21, sweep0"},
		{short, "c", "a, b"},
	} {
		if got := tc.c.DefinedPresets(tc.typed); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.typed, got, tc.want)
		}
	}
}
