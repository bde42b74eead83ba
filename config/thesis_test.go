package config

import (
	"context"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/chess/tb"
)

// repositoryConfig loads the repository's config.toml.
func repositoryConfig(t *testing.T) *Config {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	cfg, err := Load(filepath.Join(filepath.Dir(here), "..", "config.toml"))
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// The chess thesis' presets read as its tables give them: the round robins
// of Tables 1, 3, 5 and 7 with their BayesElo ratings relative to MCC, and
// the games each engine played (100).
func TestChessThesisPresets(t *testing.T) {
	cfg := repositoryConfig(t)
	for _, tt := range []struct {
		preset  string
		engines int
		count   int
		elo     []float64
	}{
		{"mcc-hp-eval", 6, 20, []float64{153, 151, 110, 26, 5, 0}},
		{"mcc-hp-see", 6, 20, []float64{332, 324, 326, 270, 260, 0}},
		{"mcc-tablebase", 3, 50, []float64{56, 13, 0}},
		{"mcc-main", 5, 25, []float64{864, 336, 229, 85, 0}},
	} {
		t.Run(tt.preset, func(t *testing.T) {
			p, ok := cfg.Preset(tt.preset)
			if !ok {
				t.Fatal("missing")
			}
			var elo []float64
			for _, r := range p.PaperElo {
				elo = append(elo, r.Elo)
			}
			if !slices.Equal(elo, tt.elo) || p.PaperElo[len(p.PaperElo)-1].Name != "mcc" {
				t.Errorf("paper Elo %v, want %v ending with mcc", p.PaperElo, tt.elo)
			}
			if got, want := len(p.Pairs), tt.engines*(tt.engines-1)/2; got != want {
				t.Errorf("%d pairs, want a round robin's %d", got, want)
			}
			if per := (tt.engines - 1) * p.Count; per != 100 {
				t.Errorf("%d games an engine, want the thesis' 100", per)
			}
			if len(p.Budgets) != 1 || p.Budgets[0].Iterations == 0 || p.Reading == "" {
				t.Errorf("budgets %v, reading %q: want one counted budget and its reading", p.Budgets, p.Reading)
			}
			var names []string
			for _, r := range p.PaperElo {
				names = append(names, r.Name)
			}
			if p.PaperLOS == nil || !slices.Equal(p.PaperLOS.Names, names) {
				t.Fatalf("paper_los %v: want the thesis' matrix over the round robin's engines", p.PaperLOS)
			}
			// The thesis' likelihoods agree with its ratings: above one half
			// exactly where the row's engine is rated higher.
			for i, a := range p.PaperElo {
				for j, b := range p.PaperElo {
					if i != j && (p.PaperLOS.Percent[i][j] > 50) != (a.Elo > b.Elo) {
						t.Errorf("paper_los %s over %s is %g, their paper_elo %g and %g", a.Name, b.Name, p.PaperLOS.Percent[i][j], a.Elo, b.Elo)
					}
				}
			}
			if blitz, ok := cfg.Preset(tt.preset + "-blitz"); !ok || blitz.PaperLOS == nil || !slices.EqualFunc(blitz.PaperLOS.Percent, p.PaperLOS.Percent, slices.Equal) {
				t.Errorf("%s-blitz does not give %s's paper_los", tt.preset, tt.preset)
			}
			// MCC expanded in Stockfish's generation order and kept the
			// last of the best (children=ordered-last).
			if !slices.Equal(p.Games, []string{"chess:order=stockfish"}) {
				t.Errorf("games %v, want chess in Stockfish's order", p.Games)
			}
			for _, pair := range p.Pairs {
				for _, name := range pair {
					if spec, _ := cfg.Engine(name); !strings.Contains(spec, "children=ordered-last") {
						t.Errorf("engine %s is %s: want children=ordered-last", name, spec)
					}
				}
			}
		})
	}
	p, ok := cfg.Preset("mcc-reti")
	if !ok || p.Kind != Analysis || p.Move != "Kg7" || len(p.Engines) != 2 || len(p.Budgets) < 2 {
		t.Errorf("mcc-reti: %+v", p)
	}
	for _, b := range p.Budgets {
		if b.Iterations == 0 {
			t.Errorf("mcc-reti budget %q: want counted iterations, the same work on any machine", b.Text)
		}
	}
}

// The thesis' demonstrations of section 5.1 read as its text gives them:
// Figure 6's million simulations of king and queen against king and
// White's 50.2494%, and the accuracy line's six figures after 3...gxf6,
// each over three million simulations.
func TestChessThesisSimulations(t *testing.T) {
	cfg := repositoryConfig(t)
	tests := []struct {
		preset, policy string
		count          int
		line           string
		paper          []float64
	}{
		{"mcc-kqk", "random", 1000000, "", []float64{50.2494}},
		{"mcc-kqk-decisive", "game(name=dm)", 1000000, "", nil},
		{"mcc-accuracy", "random", 3000000, "e4 Nf6 e5 c5 exf6 gxf6 g4 d5 f4 Bxg4 Qxg4",
			[]float64{-1, -1, -1, -1, -1, -1, 49.81, 50.02, 49.78, 49.81, 49.33, 49.96}},
	}
	for _, tt := range tests {
		t.Run(tt.preset, func(t *testing.T) {
			p, ok := cfg.Preset(tt.preset)
			if !ok {
				t.Fatal("missing")
			}
			if p.Kind != Simulations || strings.Join(p.Policies, " ") != tt.policy || p.Count != tt.count || strings.Join(p.Line, " ") != tt.line ||
				!slices.Equal(p.PaperWinning, tt.paper) || p.Reading == "" {
				t.Errorf("got kind %s, playout %q, count %d, line %q, paper %v, reading %q; want simulations, %q, %d, %q, %v and a reading",
					p.Kind, p.Policies, p.Count, p.Line, p.PaperWinning, p.Reading, tt.policy, tt.count, tt.line, tt.paper)
			}
		})
	}
}

// The thesis' engines build and play a legal move of a chess middlegame,
// in the order its presets play (chess:order=stockfish), with a small
// budget. The 4-piece tables take minutes to build, so the
// engines that probe them play here with the 3-piece ones, the same
// engines otherwise; the tables go to a temporary directory.
func TestChessThesisEnginesPlayLegalMoves(t *testing.T) {
	t.Setenv(tb.DirEnv, t.TempDir())
	cfg := repositoryConfig(t)
	g, err := games.New("chess:order=stockfish")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.ParsePosition("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	if err != nil {
		t.Fatal(err)
	}
	legal := s.Legal(nil)
	for _, name := range []string{"mcc", "mcc-solver", "mcc-decisive-moves", "mcc-hp-eval-40", "mcc-hp-see-40", "mcc-tb3", "mcc-tb4",
		"mcc-progressive-bias", "mcc-combined", "mcc-combined-3pc", "mcc-combined-3pc-redraw"} {
		t.Run(name, func(t *testing.T) {
			spec, ok := cfg.Engine(name)
			if !ok {
				t.Fatal("missing")
			}
			spec = strings.ReplaceAll(spec, "name=tb4", "name=tb3")
			e, err := engines.New(spec)
			if err != nil {
				t.Fatal(err)
			}
			if err := engines.CheckGame(e, g); err != nil {
				t.Fatal(err)
			}
			res, err := e.Search(context.Background(), engines.Request{Position: s, Budget: engines.Budget{Iterations: 40}, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(legal, res.Move) {
				t.Errorf("played %d, not a legal move", res.Move)
			}
		})
	}
}
