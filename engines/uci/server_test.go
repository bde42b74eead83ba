package uci

import (
	"context"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"mcarena/engines"
	_ "mcarena/engines/alphabeta"
	_ "mcarena/engines/mcts"
	_ "mcarena/engines/random"
	"mcarena/games"
	_ "mcarena/games/all"
)

// session runs a scripted session with engine spec and returns the output.
func session(t *testing.T, spec, script string) string {
	t.Helper()
	g, err := games.New("chess")
	if err != nil {
		t.Fatal(err)
	}
	e, err := engines.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := NewServer(g, e, engines.Budget{States: 1000}, 1).Serve(context.Background(), strings.NewReader(script), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestServerSession(t *testing.T) {
	out := session(t, "uct", `uci
isready
setoption name Hash value 16
ucinewgame
position startpos moves e2e4 e7e5
go nodes 2000
`)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for i, want := range []string{"id name mcarena uct", "id author the mcarena authors", "uciok", "readyok", "info string no option name Hash value 16: mcarena uci declares none"} {
		if i >= len(lines) || lines[i] != want {
			t.Fatalf("line %d: want %q in\n%s", i+1, want, out)
		}
	}
	last := lines[len(lines)-1]
	info := lines[len(lines)-2]
	if !strings.HasPrefix(last, "bestmove ") || !strings.HasPrefix(info, "info depth ") || !strings.Contains(info, " score cp ") || !strings.Contains(info, " pv ") {
		t.Fatalf("no final info and bestmove:\n%s", out)
	}
}

// A mate in one found by alpha-beta is reported as mate 1; a mated side
// at the root gets bestmove 0000.
func TestServerMateScore(t *testing.T) {
	out := session(t, "alphabeta", "position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\ngo depth 2\n")
	if !strings.Contains(out, "score mate 1 pv f7f8") || !strings.HasSuffix(out, "bestmove f7f8\n") {
		t.Fatalf("session:\n%s", out)
	}
	out = session(t, "random", "position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1 moves f7f8\ngo\n")
	if !strings.Contains(out, "bestmove 0000") {
		t.Fatalf("session:\n%s", out)
	}
}

func TestServerErrors(t *testing.T) {
	for _, tc := range []struct{ script, want string }{
		{"position fen 8/8 w\n", "info string error: "},
		{"position startpos moves e2e5\n", "info string error: position: move 1: e2e5"},
		{"position startpos e2e4\n", `info string error: position: "e2e4" where moves was expected`},
		{"go nodes x\n", `info string error: go nodes "x": want a whole number`},
		{"go nodes -5\n", "info string error: go nodes -5: want 1 or more\nbestmove 0000"},
		{"go nodes 0\n", "info string error: go nodes 0: want 1 or more"},
		{"go depth 0\n", "info string error: go depth 0: want 1 or more"},
		{"go movetime -50\n", "info string error: go movetime -50: want 1 or more"},
		{"go wtime 1000 winc -5\n", "info string error: go winc -5: want 0 or more milliseconds"},
		{"go movetime 9223372036854775807\n", "info string error: go movetime 9223372036854775807: more than a program can wait"},
		{"hello\n", "info string unknown command hello"},
		// A go after a refused position does not search the position
		// before it; a position accepted again is searched.
		{"position startpos moves e2e4\nposition startpos moves e2e4 e7e5 e1e3\ngo nodes 50\n", "info string error: go: no position to search, the last position command was refused (position: move 3: e1e3: the king on e1 cannot move to e3 here)\nbestmove 0000"},
		{"position fen garbage\ngo nodes 50\n", "info string error: go: no position to search, the last position command was refused ("},
		{"position startpos moves " + strings.Repeat("e2e4 ", 1<<18) + "\nisready\n", "info string error: a line of more than 1048576 bytes, skipped\nreadyok"},
	} {
		if out := session(t, "random", tc.script); !strings.Contains(out, tc.want) {
			t.Errorf("%q: got %q, want %q", tc.script, out, tc.want)
		}
	}
}

// A position accepted after a refused one is searched again, and so is the
// start position after ucinewgame.
func TestServerSearchesAgainAfterARefusedPosition(t *testing.T) {
	for _, tc := range []struct {
		script string
		ranks  string // the ranks the mover's pieces can move from
	}{
		{"position fen garbage\nposition startpos moves e2e4\ngo nodes 50\n", "78"},
		{"position startpos moves e2e4\nposition fen garbage\nucinewgame\ngo nodes 50\n", "12"},
	} {
		out := session(t, "random", tc.script)
		i := strings.Index(out, "bestmove ")
		if i < 0 || strings.HasPrefix(out[i:], "bestmove 0000") || strings.Count(out, "bestmove") != 1 {
			t.Fatalf("%q: got %q, want one bestmove of a real move", tc.script, out)
		}
		if mv := strings.Fields(out[i:])[1]; !strings.ContainsRune(tc.ranks, rune(mv[1])) {
			t.Errorf("%q: bestmove %s is not from ranks %s", tc.script, mv, tc.ranks)
		}
	}
}

// go infinite answers bestmove only after stop; go ponder after ponderhit.
func TestServerInfiniteAndPonder(t *testing.T) {
	for _, start := range []string{"go infinite\n", "go ponder movetime 50\n"} {
		g, _ := games.New("chess")
		e, _ := engines.New("uct")
		r, w := io.Pipe()
		out := &syncBuilder{}
		done := make(chan error, 1)
		go func() { done <- NewServer(g, e, engines.Budget{States: 100}, 1).Serve(context.Background(), r, out) }()
		io.WriteString(w, "position startpos\n"+start)
		time.Sleep(150 * time.Millisecond)
		if strings.Contains(out.String(), "bestmove") {
			t.Fatalf("%q: bestmove before stop:\n%s", start, out.String())
		}
		if strings.Contains(start, "ponder") {
			io.WriteString(w, "ponderhit\n")
		} else {
			io.WriteString(w, "stop\n")
		}
		deadline := time.Now().Add(5 * time.Second)
		for !strings.Contains(out.String(), "bestmove") && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		w.Close()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "bestmove") {
			t.Fatalf("%q: no bestmove after stop or ponderhit:\n%s", start, out.String())
		}
	}
}

func TestCentipawns(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want int
	}{{0, 0}, {0.28, 100}, {-0.28, -100}, {1, 920}, {-1, -920}} {
		if got := Centipawns(tc.v); got != tc.want {
			t.Errorf("Centipawns(%v) = %d, want %d", tc.v, got, tc.want)
		}
	}
}

// syncBuilder is a strings.Builder safe for a writer and a reader.
type syncBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuilder) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuilder) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// preparer is a random player that counts its Prepare calls.
type preparer struct {
	engines.Engine
	calls int
}

func (p *preparer) Prepare(games.Game) error { p.calls++; return nil }

// The first isready is where the engine does its one-time work (building
// endgame tables), before readyok; later ones answer at once.
func TestServerPreparesAtTheFirstIsready(t *testing.T) {
	g, err := games.New("chess")
	if err != nil {
		t.Fatal(err)
	}
	r, err := engines.New("random")
	if err != nil {
		t.Fatal(err)
	}
	e := &preparer{Engine: r}
	var out strings.Builder
	if err := NewServer(g, e, engines.Budget{}, 1).Serve(context.Background(), strings.NewReader("uci\nisready\nisready\n"), &out); err != nil {
		t.Fatal(err)
	}
	if e.calls != 1 || strings.Count(out.String(), "readyok") != 2 {
		t.Errorf("Prepare called %d times, output:\n%s\nwant once and two readyok", e.calls, out.String())
	}
}

// Alpha-beta with an evaluation reports its score in centipawns, read back
// from its score column's scale: a queen up is several pawns; without an
// evaluation its horizon scores say nothing and no score is given.
func TestServerAlphaBetaCentipawns(t *testing.T) {
	out := session(t, "alphabeta:heuristic=pesto", "position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1\ngo depth 2\n")
	i := strings.LastIndex(out, " score cp ")
	if i < 0 {
		t.Fatalf("no centipawn score:\n%s", out)
	}
	f := strings.Fields(out[i+len(" score cp "):])
	if cp, err := strconv.Atoi(f[0]); err != nil || cp < 500 {
		t.Errorf("a queen up scored %q centipawns, want at least 500:\n%s", f[0], out)
	}
	if out := session(t, "alphabeta", "position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1\ngo depth 2\n"); strings.Contains(out, " score ") {
		t.Errorf("alpha-beta without an evaluation gave a score:\n%s", out)
	}
}
