package alphabeta

import (
	"fmt"
	"strings"
	"testing"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

// Keyed ordering on a chess position where White's a-pawn can take the
// queen (SEE +900) and White's queen can take a pawn that a pawn defends
// (SEE -800): the good capture first, then the killers, newer first, then
// the quiet moves by history, and the losing capture last. Without a move
// score the two captures keep the game's order, ahead of the rest.
func TestKeyedOrder(t *testing.T) {
	const fen = "4k3/8/1q2p3/P2p4/8/8/3Q4/4K3 w - -"
	tests := []struct {
		name          string
		cfg           Config
		killers       [2]string
		history       map[string]int32
		first, last   []string // the leading and trailing moves, in order
		firstN, lastN int
	}{
		{"see: good capture first, losing capture last", Config{Captures: "see"}, [2]string{}, nil,
			[]string{"axb6"}, []string{"Qxd5"}, 1, 1},
		{"mvvlva: both captures first, pawn takes queen first", Config{Captures: "mvvlva"}, [2]string{}, nil,
			[]string{"axb6", "Qxd5"}, nil, 2, 0},
		{"killers after the good captures, newer first", Config{Captures: "see", Killers: true}, [2]string{"Qg5", "Kf1"}, nil,
			[]string{"axb6", "Qg5", "Kf1"}, []string{"Qxd5"}, 3, 1},
		{"history orders the quiet moves", Config{Captures: "see", History: true}, [2]string{}, map[string]int32{"a6": 9, "Qh6": 4, "Qa2": 1},
			[]string{"axb6", "a6", "Qh6", "Qa2"}, []string{"Qxd5"}, 4, 1},
		{"killers only: captures in the game's order first", Config{Killers: true}, [2]string{"Qg5", ""}, nil,
			[]string{"Qxd5", "axb6", "Qg5"}, nil, 3, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustPos(t, "chess", fen)
			cfg := tt.cfg
			cfg.Heuristic, cfg.MaxDepth, cfg.TTBits = "pesto", 4, 10
			sr, err := New(cfg, "alphabeta").take(s, 4)
			if err != nil {
				t.Fatal(err)
			}
			parse := func(san string) games.Move {
				m, err := s.ParseMove(san)
				if err != nil {
					t.Fatal(err)
				}
				return m
			}
			for i, k := range tt.killers {
				if k != "" {
					sr.killers[1][i] = parse(k)
				}
			}
			for san, h := range tt.history {
				sr.history[int(s.ToMove())*sr.moveSpace+int(parse(san))] = h
			}
			moves := s.Legal(nil)
			sr.sortKeyed(s, moves, 1)
			var got []string
			for _, m := range moves {
				got = append(got, s.MoveString(m))
			}
			if g := strings.Join(got[:tt.firstN], " "); g != strings.Join(tt.first, " ") {
				t.Errorf("first moves %q, want %q (all: %v)", g, strings.Join(tt.first, " "), got)
			}
			if g := strings.Join(got[len(got)-tt.lastN:], " "); g != strings.Join(tt.last, " ") {
				t.Errorf("last moves %q, want %q (all: %v)", g, strings.Join(tt.last, " "), got)
			}
		})
	}
}

// A player in check may not stand pat in quiescence. White, a queen up
// but checked by a knight that also attacks the queen, must move the king
// and loses the queen: about a knight down. Standing pat (a game that
// cannot tell check) would call the position a queen for a knight up.
func TestQuiescenceInCheckDoesNotStandPat(t *testing.T) {
	s := mustPos(t, "chess", "4k3/8/8/8/8/2Q5/4n3/6K1 w - -")
	for _, tt := range []struct {
		name     string
		check    bool
		positive bool
	}{
		{"in check: evasions only", true, false},
		{"check unknown: stands pat", false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, captures := range []string{"", "see"} {
				sr, err := New(Config{Heuristic: "pesto", Quiescence: true, Captures: captures, MaxDepth: 1, TTBits: 10}, "alphabeta").take(s, 1)
				if err != nil {
					t.Fatal(err)
				}
				if !sr.know.check {
					t.Fatal("chess positions do not tell check")
				}
				sr.know.check = tt.check
				v := sr.captures(s, 0, 0, -Mate-1, Mate+1)
				if (v > 0) != tt.positive {
					t.Errorf("captures=%q: value %d, want positive %v", captures, v, tt.positive)
				}
			}
		})
	}
}

// livePositions returns n positions of 5x5 Breakthrough, each 14 to 19
// random plies from the start and not over (most such games are), drawing
// seeds until it has them.
func livePositions(t *testing.T, n int) []games.State {
	t.Helper()
	var out []games.State
	for seed := uint64(1); len(out) < n; seed++ {
		if seed > 1000 {
			t.Fatalf("%d live positions in 1000 seeds, want %d", len(out), n)
		}
		r := rng.New(seed)
		s := mustPos(t, "breakthrough", "")
		if !gametest.RandomPlies(s, &r, 14+r.Intn(6)).Terminal() {
			out = append(out, s)
		}
	}
	return out
}

// Killers, history and the root's null window change how many nodes a
// proof takes, never the proof: outcome-only searches of eight live
// Breakthrough positions prove the root won or lost (the game has no
// draws), and agree on that value with and without them.
func TestOrderingKeepsProofs(t *testing.T) {
	for _, s := range livePositions(t, 8) {
		plain := searchWith(t, Config{}, s, 64)
		if rootValue(plain.Stats) == 0 {
			t.Fatalf("%q: the plain search proves nothing", s.String())
		}
		for _, cfg := range []Config{{Killers: true}, {History: true}, {Killers: true, History: true, RootCut: true}, {Order: true, Killers: true, History: true}} {
			res := searchWith(t, cfg, s, 64)
			if rootValue(plain.Stats) != rootValue(res.Stats) {
				t.Errorf("%q %+v: value %d, plain %d", s.String(), cfg, rootValue(res.Stats), rootValue(plain.Stats))
			}
		}
	}
}

// The new options are refused where they cannot work: a move score the
// game lacks, naming the scores it has, qprune without captures or
// quiescence, and moves beside the keyed orders it replaces.
func TestSpecRefusesOrderingOptions(t *testing.T) {
	tests := []struct {
		spec, game, want string
	}{
		{"alphabeta:heuristic=efms,captures=see", "breakthrough",
			`engine "alphabeta:heuristic=efms,captures=see", option captures: game "breakthrough" has no move score "see": its move scores are gameframe`},
		{"alphabeta:captures=see", "knightthrough",
			`engine "alphabeta:captures=see", option captures: game "knightthrough" has no move score "see": it has no move scores`},
		{"alphabeta:heuristic=efms,moves=see", "breakthrough",
			`engine "alphabeta:heuristic=efms,moves=see", option moves: game "breakthrough" has no move score "see": its move scores are gameframe`},
		{"alphabeta:moves=gameframe,killers", "breakthrough",
			`engine "alphabeta:moves=gameframe,killers": moves orders every move by its score; it excludes captures, killers and history`},
		{"alphabeta:heuristic=efms,tt=0,root=window,moves=gameframe,ties=first,mates=flat", "breakthrough:size=8x8", ""},
		{"alphabeta:moves=gameframe", "breakthrough",
			`engine "alphabeta:moves=gameframe", option moves: move score "gameframe" for "breakthrough": gameframe is the framework's order on its 8x8 board`},
		{"alphabeta:heuristic=pesto,captures=mvv", "chess",
			`engine "alphabeta:heuristic=pesto,captures=mvv", option captures: game "chess" has no move score "mvv": its move scores are mvvlva, see`},
		{"alphabeta:heuristic=pesto,quiescence,qprune", "chess",
			`engine "alphabeta:heuristic=pesto,quiescence,qprune": qprune needs quiescence and captures=NAME, one of the game's move scores (mcarena games lists them), to tell losing captures`},
		{"alphabeta:heuristic=pesto,captures=see,qprune", "chess",
			`engine "alphabeta:heuristic=pesto,captures=see,qprune": qprune needs quiescence and captures=NAME, one of the game's move scores (mcarena games lists them), to tell losing captures`},
		{"alphabeta:killers,history", "tictactoe", ""},
		{"alphabeta:heuristic=pesto,quiescence,captures=see,killers,history,qprune,root=cut", "chess", ""},
	}
	for _, tt := range tests {
		t.Run(tt.spec+" "+tt.game, func(t *testing.T) {
			e, err := engines.New(tt.spec)
			if err == nil {
				err = engines.CheckGame(e, gametest.MustGame(t, tt.game))
			}
			if got := fmt.Sprint(err); (err != nil || tt.want != "") && got != tt.want {
				t.Errorf("got %v, want %q", err, tt.want)
			}
		})
	}
}

// The implicit-minimax presets' specs build the configurations that
// TestBreakthroughDefaultsUnchanged pins: the new options are off unless
// named.
func TestPresetSpecsLeaveNewOptionsOff(t *testing.T) {
	tests := []struct {
		spec string
		want Config
	}{
		{"alphabeta:heuristic=efms", Config{MaxDepth: 64, TTBits: 20, Heuristic: "efms", Order: true}},
		{"alphabeta:heuristic=eflh,quiescence", Config{MaxDepth: 64, TTBits: 20, Heuristic: "eflh", Order: true, Quiescence: true}},
	}
	for _, tt := range tests {
		e, err := engines.New(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.(*Engine).cfg; got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.spec, got, tt.want)
		}
	}
}

// A mate stored in the table is stored as its distance from the node and
// read back as its distance from the root of the search that reads it: a
// mate 4 plies below a node 3 plies deep (7 from the root) is a mate in 6
// plies when the same node is reached 2 plies deep. Other values pass
// unchanged.
func TestTableKeepsMateDistances(t *testing.T) {
	tests := []struct {
		name                   string
		value, storePly, probe int
		want                   int
	}{
		{"a win, reached sooner", Mate - 7, 3, 2, Mate - 6},
		{"a win, reached later", Mate - 7, 3, 5, Mate - 9},
		{"a loss, reached sooner", -Mate + 7, 3, 2, -Mate + 6},
		{"a loss, reached later", -Mate + 7, 3, 5, -Mate + 9},
		{"a heuristic value", 978, 3, 5, 978},
		{"a draw", 0, 3, 5, 0},
		{"the longest mate", Mate - MaxDepth, 100, 50, Mate - MaxDepth + 50},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stored := toTT(tt.value, tt.storePly)
			if stored != int(int16(stored)) {
				t.Fatalf("stored %d does not fit the entry's int16", stored)
			}
			if got := fromTT(stored, tt.probe); got != tt.want {
				t.Errorf("stored at ply %d, read at ply %d: %d, want %d", tt.storePly, tt.probe, got, tt.want)
			}
		})
	}
}
