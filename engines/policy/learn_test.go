package policy

import (
	"strings"
	"testing"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/rng"
)

// learnerFor returns the learning policy of cfg for spec's start position.
func learnerFor(t testing.TB, spec string, cfg Config) *learner {
	t.Helper()
	return mustPolicy(t, cfg, pos(t, spec, "")).(*learner)
}

// record returns the trace of moves (in the game's notation, separated by
// spaces) played from the start position of spec, the first player first,
// and the position they reach.
func record(t testing.TB, spec, moves string) (*Trace, games.State) {
	t.Helper()
	s := pos(t, spec, "")
	tr := &Trace{}
	for _, name := range strings.Fields(moves) {
		m, err := s.ParseMove(name)
		if err != nil {
			t.Fatalf("%s: %v", moves, err)
		}
		tr.Add(m, s.ToMove())
		s.Play(m)
	}
	return tr, s
}

// played is a game a learner is shown: its moves and outcome.
type played struct {
	moves   string
	outcome games.Outcome
}

// nextMoves shows p the games, then plays one step of p, seeds times,
// after the moves of at (given as the trace that led there), and returns
// the moves it chose.
func nextMoves(t *testing.T, spec string, p *learner, games_ []played, at string, seeds int) map[string]int {
	t.Helper()
	for _, g := range games_ {
		tr, _ := record(t, spec, g.moves)
		p.Observe(tr, g.outcome)
	}
	got := map[string]int{}
	for seed := range seeds {
		tr, s := record(t, spec, at)
		r := rng.New(uint64(seed))
		if n, _ := p.Run(s, &r, 1, nil, tr); n != 1 {
			t.Fatalf("played %d moves", n)
		}
		p.running = false
		got[moveName(t, spec, tr)]++
	}
	return got
}

// moveName names the last move of tr.
func moveName(t *testing.T, spec string, tr *Trace) string {
	s := pos(t, spec, "")
	for _, m := range tr.Moves[:len(tr.Moves)-1] {
		s.Play(m)
	}
	return s.MoveString(tr.Moves[len(tr.Moves)-1])
}

// The Last-Good-Reply claims of the Havannah paper's section 3.2, on NoGo
// 5x5 (moves are cells): the winner's reply is stored and played when
// legal; forgetting deletes a reply that lost; LGR-2 answers the pair of
// moves and falls back to the reply to the last one.
func TestLastGoodReply(t *testing.T) {
	const spec = "nogo:size=5"
	won, lost := games.FirstWins, games.SecondWins
	for _, tc := range []struct {
		name  string
		kind  LGRKind
		games []played
		at    string
		want  string // "" when the default policy must move
	}{
		{"LGR-1 plays the winner's reply", LGR1, []played{{"a1 b2 c3 d4", won}}, "e5 b2", "c3"},
		{"LGR-1 stores the winner's replies only", LGR1, []played{{"a1 b2 c3 d4", lost}}, "e5 b2", ""},
		{"LGR-1 stores the second player's replies when it wins", LGR1, []played{{"a1 b2 c3 d4", lost}}, "c3", "d4"},
		{"LGR-1 plays the latest reply", LGR1, []played{{"a1 b2 c3", won}, {"e1 b2 d2", won}}, "e5 b2", "d2"},
		{"LGR-1 skips an illegal reply", LGR1, []played{{"a1 b2 c3", won}}, "c3 b2", ""},
		{"LGR-1 keeps a reply that lost", LGR1, []played{{"a1 b2 c3", won}, {"e1 b2 c3", lost}}, "e5 b2", "c3"},
		{"LGRF-1 deletes a reply that lost", LGRF1, []played{{"a1 b2 c3", won}, {"e1 b2 c3", lost}}, "e5 b2", ""},
		{"LGRF-1 keeps a reply another move lost after", LGRF1, []played{{"a1 b2 c3", won}, {"e1 b2 d3", lost}}, "e5 b2", "c3"},
		{"a drawn game stores nothing", LGR1, []played{{"a1 b2 c3", games.Draw}}, "e5 b2", ""},
		{"LGR-2 answers the pair", LGR2, []played{{"a1 b2 c3", won}, {"e1 b2 d2", won}}, "a1 b2", "c3"},
		{"LGR-2 falls back to the last move's reply", LGR2, []played{{"a1 b2 c3", won}, {"e1 b2 d2", won}}, "d1 b2", "d2"},
		{"LGR-2 falls back when the pair's reply is illegal", LGR2, []played{{"a1 b2 c3", won}, {"e1 b2 d2", won}}, "c3 a5 a1 b2", "d2"},
		{"LGR-1 ignores the pair", LGR1, []played{{"a1 b2 c3", won}, {"e1 b2 d2", won}}, "a1 b2", "d2"},
		{"LGRF-2 forgets the pair's reply", LGRF2, []played{{"a1 b2 c3", won}, {"e1 b2 d2", won}, {"a1 b2 c3", lost}}, "a1 b2", "d2"},
		{"LGRF-2 forgets in both tables", LGRF2, []played{{"a1 b2 c3", won}, {"a1 b2 c3", lost}}, "e1 b2", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := learnerFor(t, spec, Config{Kind: LGR, Learn: Learning{LGR: tc.kind}})
			got := nextMoves(t, spec, p, tc.games, tc.at, 40)
			if tc.want != "" {
				if got[tc.want] != 40 {
					t.Errorf("replies %v, want %s every time", got, tc.want)
				}
				return
			}
			if len(got) < 5 {
				t.Errorf("replies %v, want the default policy's (many moves)", got)
			}
		})
	}
}

// N-gram games on NoGo 5x5 after which, at c1 b2, the first player's
// moves have these ratios:
//
//	move  N-gram2 (c1 b2)  N-gram1 (b2)  average
//	a2    1/1 = 1          1/4 = 0.25    0.625
//	c2    1/2 = 0.5        4/5 = 0.8     0.65
var ngramGames = []played{
	{"c1 b2 a2", games.FirstWins},
	{"e1 b2 a2", games.SecondWins}, {"e1 b2 a2", games.SecondWins}, {"e1 b2 a2", games.SecondWins},
	{"c1 b2 c2", games.FirstWins}, {"c1 b2 c2", games.SecondWins},
	{"d1 b2 c2", games.FirstWins}, {"d1 b2 c2", games.FirstWins}, {"d1 b2 c2", games.FirstWins},
}

// rareBest adds a move after b2 of the best N-gram1 ratio, seen once.
var rareBest = append(ngramGames[:len(ngramGames):len(ngramGames)], played{"a1 b2 d2", games.FirstWins})

// With epsilon 0 the N-gram playout plays the legal move of the best
// ratio among the qualifying n-grams: N-gram2's, N-gram1's where the pair
// is unseen or rare, or their average; a threshold excludes rare n-grams.
func TestNGramPicksTheBestLegalMove(t *testing.T) {
	const spec = "nogo:size=5"
	for _, tc := range []struct {
		name  string
		l     Learning
		games []played
		at    string
		want  string // "" when the default policy must move
	}{
		{"N-gram1 takes the best ratio", Learning{N: 1}, ngramGames, "c1 b2", "c2"},
		{"N-gram1 takes the best legal ratio", Learning{N: 1}, ngramGames, "c2 a5 c1 b2", "a2"},
		{"N-gram2 takes the pair's best ratio", Learning{N: 2}, ngramGames, "c1 b2", "a2"},
		{"N-gram2 values an unseen pair by N-gram1", Learning{N: 2}, ngramGames, "d2 a5 a1 b2", "c2"},
		{"N-gram2 averages with N-gram1", Learning{N: 2, Average: true}, ngramGames, "c1 b2", "c2"},
		{"N-gram2 falls back to N-gram1 below the threshold", Learning{N: 2, Threshold: 2}, ngramGames, "c1 b2", "c2"},
		{"a rare n-gram counts without a threshold", Learning{N: 1}, rareBest, "c1 b2", "d2"},
		{"the threshold excludes the rare best move", Learning{N: 1, Threshold: 2}, rareBest, "c1 b2", "c2"},
		{"the threshold excludes all", Learning{N: 1, Threshold: 6}, ngramGames, "c1 b2", ""},
		{"no statistics after an unseen move", Learning{N: 1}, ngramGames, "c1 e5", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := learnerFor(t, spec, Config{Kind: NGram, Learn: tc.l})
			got := nextMoves(t, spec, p, tc.games, tc.at, 40)
			if tc.want != "" {
				if got[tc.want] != 40 {
					t.Errorf("moves %v, want %s every time", got, tc.want)
				}
				return
			}
			if len(got) < 5 {
				t.Errorf("moves %v, want the default policy's (many moves)", got)
			}
		})
	}
}

// onlyLost is a game after which, at c1 b2, the first player's one
// N-gram1 after b2, a2, has only lost.
var onlyLost = []played{{"c1 b2 a2", games.SecondWins}}

// With unseen=loss a legal move whose n-gram was never played is valued 0,
// a lost game: it ties with a reply that only lost, which skip would play
// every time, and loses to any reply that ever won.
func TestNGramUnseenMovesAsLosses(t *testing.T) {
	const spec = "nogo:size=5"
	for _, tc := range []struct {
		name   string
		unseen Unseen
		games  []played
		want   string // the one move it must choose, or "" for many with a2 among them
	}{
		{"skip replays the reply that only lost", UnseenSkip, onlyLost, "a2"},
		{"loss ties it with the unseen moves", UnseenLoss, onlyLost, ""},
		{"a ratio above 0 beats the unseen moves", UnseenLoss, ngramGames, "c2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := learnerFor(t, spec, Config{Kind: NGram, Learn: Learning{N: 1, Unseen: tc.unseen}})
			got := nextMoves(t, spec, p, tc.games, "c1 b2", 200)
			if tc.want != "" {
				if got[tc.want] != 200 {
					t.Errorf("moves %v, want %s every time", got, tc.want)
				}
				return
			}
			if len(got) < 10 || got["a2"] == 0 || got["a2"] > 40 {
				t.Errorf("moves %v, want many moves, a2 among them as one of them", got)
			}
		})
	}
}

func TestParseUnseen(t *testing.T) {
	for i, name := range Unseens {
		u, err := ParseUnseen(name)
		if err != nil || u != Unseen(i) || u.String() != name {
			t.Errorf("ParseUnseen(%q) = %v, %v; want %d", name, u, err, i)
		}
	}
	if _, err := ParseUnseen("draw"); err == nil || !strings.Contains(err.Error(), "skip win loss") {
		t.Errorf("ParseUnseen(draw) error %v, want one listing skip, win and loss", err)
	}
}

// With unseen=win a legal move whose n-gram was never played is valued 1,
// a won game: it beats every ratio below 1 and ties with ratio 1; a
// threshold still leaves it out.
func TestNGramUnseenMovesAsWins(t *testing.T) {
	const spec = "nogo:size=5"
	for _, tc := range []struct {
		name  string
		l     Learning
		games []played
		never []string // moves it must not choose
		among string   // a move it must choose among many
		want  string   // the one move it must choose, or "" for many
	}{
		{"unseen moves beat every ratio below 1", Learning{N: 1, Unseen: UnseenWin}, ngramGames, []string{"a2", "c2"}, "", ""},
		{"a ratio of 1 ties with the unseen moves", Learning{N: 1, Unseen: UnseenWin}, rareBest, []string{"a2", "c2"}, "d2", ""},
		{"N-gram2 falls back to N-gram1, then to a win", Learning{N: 2, Unseen: UnseenWin}, ngramGames, []string{"c2"}, "a2", ""},
		{"a threshold leaves unseen moves out", Learning{N: 1, Unseen: UnseenWin, Threshold: 2}, ngramGames, nil, "", "c2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := learnerFor(t, spec, Config{Kind: NGram, Learn: tc.l})
			got := nextMoves(t, spec, p, tc.games, "c1 b2", 200)
			if tc.want != "" {
				if got[tc.want] != 200 {
					t.Errorf("moves %v, want %s every time", got, tc.want)
				}
				return
			}
			for _, m := range tc.never {
				if got[m] > 0 {
					t.Errorf("moves %v: %s chosen %d times, want never", got, m, got[m])
				}
			}
			if len(got) < 10 {
				t.Errorf("moves %v, want many unseen moves", got)
			}
			if tc.among != "" && got[tc.among] == 0 {
				t.Errorf("moves %v, want %s among them", got, tc.among)
			}
		})
	}
}

// With epsilon 0.5 about half the moves are the default policy's.
func TestNGramEpsilon(t *testing.T) {
	const spec = "nogo:size=5"
	p := learnerFor(t, spec, Config{Kind: NGram, Learn: Learning{N: 1, Epsilon: 0.5}})
	got := nextMoves(t, spec, p, ngramGames, "c1 b2", 400)
	// c2 is the N-gram move, and one of the default policy's 23.
	if n := got["c2"]; n < 170 || n > 260 {
		t.Errorf("c2 in %d of 400 steps at epsilon 0.5, want about 209", n)
	}
}

// LGR with N-grams plays the last good reply first, else the N-gram move.
func TestLGRBeforeNGrams(t *testing.T) {
	const spec = "nogo:size=5"
	replyA2 := append(ngramGames[:len(ngramGames):len(ngramGames)], played{"e1 b2 a2", games.FirstWins})
	lostA2 := append(replyA2[:len(replyA2):len(replyA2)], played{"e1 b2 a2", games.SecondWins})
	for _, tc := range []struct {
		name  string
		kind  LGRKind
		games []played
		want  string
	}{
		{"the reply before the better N-gram", LGR1, replyA2, "a2"},
		{"the reply that lost is kept without forgetting", LGR1, lostA2, "a2"},
		{"the N-gram move once the reply is forgotten", LGRF1, lostA2, "c2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := learnerFor(t, spec, Config{Kind: LGRNGram, Learn: Learning{LGR: tc.kind, N: 1}})
			if got := nextMoves(t, spec, p, tc.games, "c1 b2", 20); got[tc.want] != 20 {
				t.Errorf("moves %v, want %s every time", got, tc.want)
			}
		})
	}
}

// The N-gram statistics equal a recount over every game shown, each move
// counted in its player's table after the move (and the two moves) before
// it, a win 1, a draw 1/2.
func TestNGramStatisticsMatchRecount(t *testing.T) {
	for _, spec := range []string{"nogo:size=5", "tictactoe", "breakthrough:size=5x5"} {
		p := learnerFor(t, spec, Config{Kind: NGram, Learn: Learning{N: 2}})
		type key struct {
			p       games.Player
			k, j, i games.Move
		}
		w, n := map[key]float64{}, map[key]float64{}
		start := pos(t, spec, "")
		r := rng.New(7)
		tr := &Trace{}
		for range 300 {
			s := start.Clone()
			tr.Reset()
			s.RecordPlayout(&r, games.NoLimit, tr)
			o := s.Outcome()
			p.Observe(tr, o)
			for x, m := range tr.Moves {
				if x == 0 {
					continue
				}
				v := float64(o.Value(tr.Movers[x])+1) / 2
				k1 := key{tr.Movers[x], games.NoMove, tr.Moves[x-1], m}
				w[k1] += v
				n[k1]++
				if x >= 2 {
					k2 := key{tr.Movers[x], tr.Moves[x-2], tr.Moves[x-1], m}
					w[k2] += v
					n[k2]++
				}
			}
		}
		sp := p.space
		for pl := range 2 {
			for k := -1; k < sp; k++ {
				for j := range sp {
					for i := range sp {
						var e stat
						if k < 0 {
							e = p.g1[(pl*sp+j)*sp+i]
						} else {
							e = p.g2[((pl*sp+k)*sp+j)*sp+i]
						}
						kk := key{games.Player(pl), games.Move(k), games.Move(j), games.Move(i)}
						if e.w != w[kk] || e.n != n[kk] {
							t.Fatalf("%s: %+v: table %v/%v, recount %v/%v", spec, kk, e.w, e.n, w[kk], n[kk])
						}
					}
				}
			}
		}
	}
}

// Gamma multiplies the N-gram statistics before every search of a game
// but its first; 0 clears them. A search of another game clears every
// table; Reset clears the replies before every search.
func TestTablesAcrossSearches(t *testing.T) {
	const spec = "nogo:size=5"
	start := pos(t, spec, "")
	at := func(moves string) engines.Request {
		tr, s := record(t, spec, moves)
		return engines.Request{Position: s, Start: start, History: tr.Moves}
	}
	noHistory := func(moves string) engines.Request {
		_, s := record(t, spec, moves)
		return engines.Request{Position: s}
	}
	setUp := func(moves string) engines.Request {
		_, s := record(t, spec, moves)
		return engines.Request{Position: s, Start: s}
	}
	// Each case searches first at "a1 b2", where it is shown the game's
	// continuation c3 four times, won, then searches again.
	for _, tc := range []struct {
		name        string
		l           Learning
		first, then engines.Request
		visits      float64 // of c3 after b2
		replies     bool    // the reply c3 to b2 is kept
	}{
		{"gamma 1 keeps the statistics", Learning{LGR: LGR1, N: 1, Gamma: 1}, at("a1 b2"), at("a1 b2 c3 d4"), 4, true},
		{"gamma 0.5 halves them", Learning{LGR: LGR1, N: 1, Gamma: 0.5}, at("a1 b2"), at("a1 b2 c3 d4"), 2, true},
		{"gamma 0 clears them", Learning{LGR: LGR1, N: 1}, at("a1 b2"), at("a1 b2 c3 d4"), 0, true},
		{"reset clears the replies", Learning{LGR: LGR1, N: 1, Gamma: 1, Reset: true}, at("a1 b2"), at("a1 b2 c3 d4"), 4, false},
		{"a history that does not extend the last is another game", Learning{LGR: LGR1, N: 1, Gamma: 1}, at("a1 b2"), at("e5"), 0, false},
		{"another start is another game", Learning{LGR: LGR1, N: 1, Gamma: 1}, at("a1 b2"), noHistory("e5"), 0, false},
		{"another start position is another game", Learning{LGR: LGR1, N: 1, Gamma: 1}, at("a1 b2"), setUp("e5"), 0, false},
		{"a search without history continues", Learning{LGR: LGR1, N: 1, Gamma: 1}, noHistory("a1 b2"), noHistory("a1 b2 c3 d4"), 4, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := learnerFor(t, spec, Config{Kind: LGRNGram, Learn: tc.l})
			p.StartSearch(tc.first)
			seen := "c3" // the move before it is the history's last
			if tc.first.Start == nil {
				seen = "a1 b2 c3" // no history: the game from the start
			}
			for range 4 {
				tr, _ := record(t, spec, seen)
				if seen == "c3" {
					tr.Movers[0] = games.First
				}
				p.Observe(tr, games.FirstWins)
			}
			p.StartSearch(tc.then)
			sp := p.space
			b2, c3 := mustMove(t, start, "b2"), mustMove(t, start, "c3")
			e := p.g1[(0*sp+int(b2))*sp+int(c3)]
			if e.n != tc.visits || e.w != tc.visits {
				t.Errorf("c3 after b2: %v/%v, want %v/%v", e.w, e.n, tc.visits, tc.visits)
			}
			if kept := p.reply1[int(b2)] == int32(c3)+1; kept != tc.replies {
				t.Errorf("reply kept %v, want %v", kept, tc.replies)
			}
		})
	}
}

func mustMove(t *testing.T, s games.State, name string) games.Move {
	t.Helper()
	m, err := s.ParseMove(name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The context of a search's first moves reaches back into the game's
// history: the reply to the last move played before the root.
func TestReplyToTheMoveBeforeTheRoot(t *testing.T) {
	const spec = "nogo:size=5"
	p := learnerFor(t, spec, Config{Kind: LGR, Learn: Learning{LGR: LGR1}})
	start := pos(t, spec, "")
	hist, s := record(t, spec, "e5 b2")
	p.StartSearch(engines.Request{Position: s, Start: start, History: hist.Moves})
	// A game from the root at e5 b2: the first player replied c3 to b2.
	seen, _ := record(t, spec, "c3")
	p.Observe(seen, games.FirstWins)
	r := rng.New(1)
	empty := &Trace{}
	p.Run(s, &r, 1, nil, empty)
	if got := s.MoveString(empty.Moves[0]); got != "c3" {
		t.Errorf("first move %s, want the reply c3 to the history's b2", got)
	}
}

// With learn=playout only the playout's moves are learned; the move
// before the playout is still their context.
func TestLearnFromThePlayoutOnly(t *testing.T) {
	const spec = "nogo:size=5"
	winners := map[games.Outcome]bool{}
	for x := range 16 {
		only := x%2 == 1
		p := learnerFor(t, spec, Config{Kind: LGR, Learn: Learning{LGR: LGR1, PlayoutOnly: only}})
		tr, s := record(t, spec, "a1 b2") // the tree's moves
		r := rng.New(uint64(x / 2))
		p.Run(s, &r, games.NoLimit, nil, tr)
		a1, b2 := mustMove(t, pos(t, spec, ""), "a1"), mustMove(t, pos(t, spec, ""), "b2")
		p.Observe(tr, s.Outcome())
		winners[s.Outcome()] = true
		winner := 0
		if s.Outcome() == games.SecondWins {
			winner = 1
		}
		sp := p.space
		// The second player replied b2 to a1 in the tree; the playout's
		// first move replied to b2.
		treeKept := p.reply1[sp+int(a1)] == int32(b2)+1
		if treeKept != (winner == 1 && !only) {
			t.Errorf("playout only %v, winner %d: tree reply stored %v", only, winner, treeKept)
		}
		if want := winner == 0; (p.reply1[int(b2)] == int32(tr.Moves[2])+1) != want {
			t.Errorf("playout only %v, winner %d: the reply to the tree's last move stored %v, want %v", only, winner, !want, want)
		}
	}
	if len(winners) != 2 {
		t.Errorf("winners %v: want games won by each player", winners)
	}
}

// Tables too large for MaxTableBytes are refused, naming the game.
func TestTablesTooLargeAreRefused(t *testing.T) {
	for _, tc := range []struct {
		spec string
		cfg  Config
		ok   bool
	}{
		{"nogo:size=7", Config{Kind: LGRNGram, Learn: Learning{LGR: LGRF2, N: 2}}, true},
		{"loa", Config{Kind: LGR, Learn: Learning{LGR: LGR1}}, true},
		{"loa", Config{Kind: NGram, Learn: Learning{N: 1}}, true},
		{"loa", Config{Kind: NGram, Learn: Learning{N: 2}}, false},
		{"breakthrough:size=8x8", Config{Kind: NGram, Learn: Learning{N: 2}}, true},
		{"havannah:base=8", Config{Kind: LGRNGram, Learn: Learning{LGR: LGRF2, N: 2}}, true},
		{"havannah:base=9", Config{Kind: NGram, Learn: Learning{N: 2}}, false},
	} {
		s := pos(t, tc.spec, "")
		err := CheckTables(tc.cfg, s.Game())
		if (err == nil) != tc.ok {
			t.Errorf("%s %s: %v", tc.spec, tc.cfg.Kind, err)
		}
		if err != nil && !strings.Contains(err.Error(), s.Game().Spec()) {
			t.Errorf("%s: %v does not name the game", tc.spec, err)
		}
		if _, err2 := New(tc.cfg, s); (err2 == nil) != tc.ok {
			t.Errorf("%s: New: %v", tc.spec, err2)
		}
	}
}

func TestLearningConfigErrors(t *testing.T) {
	s := pos(t, "nogo:size=5", "")
	for _, cfg := range []Config{
		{Kind: LGR},
		{Kind: NGram, Learn: Learning{N: 3}},
		{Kind: NGram, Learn: Learning{N: 1, Average: true}},
		{Kind: NGram, Learn: Learning{N: 1, Gamma: 2}},
		{Kind: NGram, Learn: Learning{N: 1, Epsilon: -1}},
		{Kind: LGRNGram, Learn: Learning{LGR: LGR1}},
		{Kind: LGR, Learn: Learning{LGR: LGR1, Fallback: MR}},
	} {
		if _, err := New(cfg, s); err == nil {
			t.Errorf("%+v accepted", cfg)
		}
	}
}

// learningConfigs are the learning playouts the speed and allocation
// checks run.
var learningConfigs = []struct {
	name string
	cfg  Config
}{
	{"lgr1", Config{Kind: LGR, Learn: Learning{LGR: LGR1}}},
	{"lgr2", Config{Kind: LGR, Learn: Learning{LGR: LGR2}}},
	{"lgrf1", Config{Kind: LGR, Learn: Learning{LGR: LGRF1}}},
	{"lgrf2", Config{Kind: LGR, Learn: Learning{LGR: LGRF2}}},
	{"ngram1", Config{Kind: NGram, Learn: Learning{N: 1, Epsilon: 0.1}}},
	{"ngram2", Config{Kind: NGram, Learn: Learning{N: 2, Epsilon: 0.1}}},
	{"ngram2-average", Config{Kind: NGram, Learn: Learning{N: 2, Epsilon: 0.1, Average: true}}},
	{"lgrf2-ngram1", Config{Kind: LGRNGram, Learn: Learning{LGR: LGRF2, N: 1, Epsilon: 0.1}}},
	{"lgrf1-decisive", Config{Kind: LGR, Learn: Learning{LGR: LGRF1, Fallback: Decisive}}},
	{"mast", Config{Kind: MAST, Learn: Learning{Epsilon: 0.7}}},
	{"mast-inverted", Config{Kind: MAST, Learn: Learning{Epsilon: 0.7, Tree: TreeInverted}}},
}

// After warm-up a learning playout and its observation allocate nothing.
func TestLearningAllocatesNothing(t *testing.T) {
	for _, spec := range []string{"nogo:size=7", "atarigo", "breakthrough:size=5x5"} {
		start := pos(t, spec, "")
		for _, c := range learningConfigs {
			p := mustPolicy(t, c.cfg, start)
			l := p.(Learner)
			r := rng.New(5)
			s := start.Clone()
			tr := &Trace{}
			p.(SearchStarter).StartSearch(engines.Request{Position: start})
			run := func() {
				s.CopyFrom(start)
				tr.Reset()
				p.Run(s, &r, games.NoLimit, nil, tr)
				l.Observe(tr, s.Outcome())
				s.CopyFrom(start)
				p.Run(s, &r, games.NoLimit, nil, nil) // unrecorded
			}
			for range 20 {
				run()
			}
			if a := testing.AllocsPerRun(20, run); a != 0 {
				t.Errorf("%s %s: %v allocations per playout", spec, c.name, a)
			}
		}
	}
}

// BenchmarkLearningPlayouts measures playouts per second on NoGo 7x7 from
// the start, each recorded and observed as a search does, against the
// uniform policy's recorded playouts.
func BenchmarkLearningPlayouts(b *testing.B) {
	start := pos(b, "nogo:size=7", "")
	run := func(b *testing.B, p Policy) {
		l, _ := p.(Learner)
		r := rng.New(1)
		s := start.Clone()
		tr := &Trace{}
		b.ReportAllocs()
		plies := 0
		for b.Loop() {
			s.CopyFrom(start)
			tr.Reset()
			n, _ := p.Run(s, &r, games.NoLimit, nil, tr)
			plies += n
			if l != nil {
				l.Observe(tr, s.Outcome())
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
		b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
	}
	b.Run("random", func(b *testing.B) { run(b, mustPolicy(b, Config{Kind: Random}, start)) })
	b.Run("decisive", func(b *testing.B) { run(b, mustPolicy(b, Config{Kind: Decisive}, start)) })
	for _, c := range learningConfigs {
		b.Run(c.name, func(b *testing.B) { run(b, mustPolicy(b, c.cfg, start)) })
	}
}

// With ContextInPlayout the playout's moves are learnt only as replies to
// (and N-grams after) moves of the playout: the first playout move replies
// to nothing, the second to the first alone under LGR-2 and N-gram2, and
// the later ones as with PlayoutOnly.
func TestLearnWithContextInThePlayout(t *testing.T) {
	const spec = "nogo:size=5"
	for seed := range uint64(6) {
		p := learnerFor(t, spec, Config{Kind: LGRNGram, Learn: Learning{LGR: LGR2, N: 2, PlayoutOnly: true, ContextInPlayout: true}})
		tr, s := record(t, spec, "a1 b2") // the tree's moves
		r := rng.New(seed)
		p.Run(s, &r, games.NoLimit, nil, tr)
		p.Observe(tr, s.Outcome())
		sp := p.space
		winner := 0
		if s.Outcome() == games.SecondWins {
			winner = 1
		}
		m := tr.Moves
		if len(m) < 6 {
			t.Fatalf("seed %d: a playout of %d moves", seed, len(m)-2)
		}
		at := func(i int) int { return int(tr.Movers[i]) }
		// No entry has a tree move as context.
		for pl := range 2 {
			for _, ctx := range []games.Move{m[0], m[1]} {
				if got := p.reply1[pl*sp+int(ctx)]; got != 0 {
					t.Errorf("seed %d: a reply %d to the tree's move %d", seed, got-1, ctx)
				}
				for j := range sp {
					if p.g1[(pl*sp+int(ctx))*sp+j].n != 0 {
						t.Errorf("seed %d: an N-gram1 after the tree's move %d", seed, ctx)
					}
				}
			}
		}
		// The second playout move's N-gram1 after the first is counted; its
		// N-gram2 after (b2, first) is not.
		if e := p.g1[(at(3)*sp+int(m[2]))*sp+int(m[3])]; e.n < 1 {
			t.Errorf("seed %d: the second playout move's N-gram1 not counted", seed)
		}
		if e := p.g2[((at(3)*sp+int(m[1]))*sp+int(m[2]))*sp+int(m[3])]; e.n != 0 {
			t.Errorf("seed %d: an N-gram2 with a tree move in its context", seed)
		}
		// A winner's later move is its reply to the two before it.
		for i := 4; i < len(m); i++ {
			if at(i) == winner {
				if p.reply2[(winner*sp+int(m[i-2]))*sp+int(m[i-1])] == 0 {
					t.Errorf("seed %d: no LGR-2 reply stored for move %d", seed, i)
				}
				break
			}
		}
	}
}
