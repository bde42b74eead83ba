package config

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// simulationsHeader opens a simulations preset at line 8 of presetBase's
// file: its keys follow from line 9.
const simulationsHeader = "[presets.s]\nkind = \"simulations\"\n"

// A simulations preset keeps its line in canonical notation, the positions
// it simulates (the start and one after each move), its playout and the
// paper's figure per position; left out, the start is the game's and the
// playout uniform; a list of playouts keeps each in its order.
func TestSimulationsPreset(t *testing.T) {
	tests := []struct {
		name, text      string
		line, positions []string
		policies        []string
		count           int
		paper           []float64
	}{
		{"defaults", "game = \"tictactoe\"\n", nil, []string{"3/3/3 x"}, []string{"random"}, 10000, nil},
		{"line from a position", "game = \"tictactoe\"\nposition = \"x2/3/3 o\"\nline = [\"b2\", \"c1\"]\ncount = 30\npaper = [-1, 40, 50.5]\n",
			[]string{"b2", "c1"}, []string{"x2/3/3 o", "x2/1o1/3 x", "x2/1o1/2x o"}, []string{"random"}, 30, []float64{-1, 40, 50.5}},
		{"chess line in SAN", "game = \"chess\"\nline = [\"e4\", \"Nf6\"]\nplayout = \"game(name=dm)\"\n",
			[]string{"e4", "Nf6"}, []string{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
				"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"},
			[]string{"game(name=dm)"}, 10000, nil},
		{"decisive", "game = \"tictactoe\"\nplayout = \"decisive\"\nseed = 9\n", nil, []string{"3/3/3 x"}, []string{"decisive"}, 10000, nil},
		{"several playouts", "game = \"tictactoe\"\nplayouts = [\"decisive\", \"random\"]\ncount = 20\n", nil, []string{"3/3/3 x"},
			[]string{"decisive", "random"}, 20, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Parse("x.toml", []byte(presetBase+simulationsHeader+tt.text))
			if err != nil {
				t.Fatal(err)
			}
			p := cfg.Presets["s"]
			if p.Kind != Simulations || !slices.Equal(p.Line, tt.line) || !slices.Equal(p.Positions, tt.positions) || !slices.Equal(p.Policies, tt.policies) ||
				p.Count != tt.count || !slices.Equal(p.PaperWinning, tt.paper) {
				t.Fatalf("got kind %s, line %q, positions %q, playouts %q, count %d, paper %v; want simulations, %q, %q, %q, %d, %v",
					p.Kind, p.Line, p.Positions, p.Policies, p.Count, p.PaperWinning, tt.line, tt.positions, tt.policies, tt.count, tt.paper)
			}
		})
	}
}

// A preset's seed is any whole number from 0 on, 0 included.
func TestSimulationsPresetSeed(t *testing.T) {
	for _, seed := range []uint64{0, 9, 1 << 62} {
		cfg, err := Parse("x.toml", []byte(presetBase+simulationsHeader+fmt.Sprintf("game = \"tictactoe\"\nseed = %d\n", seed)))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if got := cfg.Presets["s"].Seed; got != seed {
			t.Errorf("seed %d read as %d", seed, got)
		}
	}
}

// Each mistake in a simulations preset names the file, the line, the key
// and what is valid; an illegal move of the line names its ply and why.
func TestSimulationsPresetErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"unknown kind", "[presets.s]\nkind = \"simulation\"\n",
			`x.toml:9: presets.s.kind: want "match", "analysis" or "simulations"`},
		{"unknown key", simulationsHeader + "game = \"tictactoe\"\nruns = 5\n",
			"x.toml:11: presets.s.runs: unknown key of a simulations preset: valid keys are kind, description, game, position, line, playout, playouts, count, seed, paper, reading"},
		{"no game", simulationsHeader + "count = 5\n", `x.toml:8: presets.s.game: want a game spec, like "chess"`},
		{"unknown game", simulationsHeader + "game = \"chequers\"\n", `x.toml:10: presets.s.game: unknown game "chequers"`},
		{"bad position", simulationsHeader + "game = \"tictactoe\"\nposition = \"xx\"\n", "x.toml:11: presets.s.position: "},
		{"position not text", simulationsHeader + "game = \"tictactoe\"\nposition = 3\n", "x.toml:11: presets.s.position: want the position as text, in the game's notation"},
		{"line not a list", simulationsHeader + "game = \"tictactoe\"\nline = \"b2\"\n",
			`x.toml:11: presets.s.line: want a list of moves in the game's notation, played one after another from the position, like ["e4", "Nf6"]`},
		{"illegal move", simulationsHeader + "game = \"chess\"\nline = [\"e4\", \"e5\", \"Ke3\"]\n", "x.toml:11: presets.s.line: ply 3 (Ke3): "},
		{"move after the end", simulationsHeader + "game = \"tictactoe\"\nline = [\"a1\", \"b1\", \"a2\", \"b2\", \"a3\", \"b3\"]\n",
			"x.toml:11: presets.s.line: ply 6 (b3): the game is over after ply 5"},
		{"unknown playout", simulationsHeader + "game = \"chess\"\nplayout = \"heavy\"\n",
			`x.toml:11: presets.s.playout: unknown playout "heavy" for chess: valid ones are random, decisive, game(name=dm), `},
		{"playout not text", simulationsHeader + "game = \"tictactoe\"\nplayout = 3\n",
			`x.toml:11: presets.s.playout: want a playout policy as text: valid ones for tictactoe are random, decisive`},
		{"empty playout in a list", simulationsHeader + "game = \"tictactoe\"\nplayouts = [\"random\", \"\"]\n",
			`x.toml:11: presets.s.playouts: playout 2 is empty: valid ones for tictactoe are random, decisive`},
		{"playout and playouts", simulationsHeader + "game = \"tictactoe\"\nplayout = \"random\"\nplayouts = [\"decisive\"]\n",
			"x.toml:12: presets.s.playouts: playout and playouts both given: give one policy as playout or a list of them as playouts"},
		{"playouts not a list", simulationsHeader + "game = \"tictactoe\"\nplayouts = \"random\"\n",
			`x.toml:11: presets.s.playouts: want a list of playout policies, like ["random", "decisive"]: valid ones for tictactoe are random, decisive`},
		{"no playouts", simulationsHeader + "game = \"tictactoe\"\nplayouts = []\n",
			`x.toml:11: presets.s.playouts: want a list of playout policies, like ["random", "decisive"]: valid ones for tictactoe are random, decisive`},
		{"playout twice", simulationsHeader + "game = \"tictactoe\"\nplayouts = [\"random\", \"decisive\", \"random\"]\n",
			`x.toml:11: presets.s.playouts: playout "random" is listed twice: list each once`},
		{"unknown playout in a list", simulationsHeader + "game = \"chess\"\nplayouts = [\"random\", \"heavy\"]\n",
			`x.toml:11: presets.s.playouts: playout 2 (heavy): unknown playout "heavy" for chess: valid ones are random, decisive, game(name=dm), `},
		{"paper of several playouts", simulationsHeader + "game = \"tictactoe\"\nplayouts = [\"random\", \"decisive\"]\npaper = [50]\n",
			"x.toml:12: presets.s.paper: the paper's figures are of one playout policy, and the preset simulates 2: give them in a preset of that policy alone"},
		{"playout of another game", simulationsHeader + "game = \"tictactoe\"\nplayout = \"game(name=dm)\"\n",
			`x.toml:11: presets.s.playout: unknown playout "game(name=dm)" for tictactoe: valid ones are random, decisive`},
		{"count zero", simulationsHeader + "game = \"tictactoe\"\ncount = 0\n",
			"x.toml:11: presets.s.count: want a whole number of playouts per position in 1..1000000000"},
		{"seed negative", simulationsHeader + "game = \"tictactoe\"\nseed = -1\n", "x.toml:11: presets.s.seed: want a whole number >= 0"},
		{"paper too short", simulationsHeader + "game = \"tictactoe\"\nline = [\"a1\"]\npaper = [50]\n",
			"x.toml:12: presets.s.paper: want 2 numbers, one per position (the start, then the position after each move of line), -1 where the paper gives none"},
		{"paper not a percentage", simulationsHeader + "game = \"tictactoe\"\npaper = [101]\n",
			"x.toml:11: presets.s.paper: 101 is not a percentage: want 0..100, or -1 for none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x.toml", []byte(presetBase+tt.text))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("got error %v, want prefix %q", err, tt.want)
			}
		})
	}
}
