package engines_test

import (
	"strings"
	"testing"
	"time"

	"mcarena/engines"
	"mcarena/games"
	_ "mcarena/games/all"
)

func TestRequestCheck(t *testing.T) {
	g, err := games.New("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	start := g.NewState()
	pos := g.NewState()
	var history []games.Move
	for _, text := range []string{"b2", "a1", "c3"} {
		m, err := pos.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		pos.Play(m)
		history = append(history, m)
	}
	other := g.NewState()
	for _, tc := range []struct {
		name string
		req  engines.Request
		want string // "" for no error
	}{
		{"no history", engines.NewRequest(pos, engines.Budget{}, 1), ""},
		{"history", engines.Request{Position: pos, Start: start, History: history}, ""},
		{"wrong history", engines.Request{Position: pos, Start: start, History: history[:2]}, "does not lead"},
		{"illegal history move", engines.Request{Position: pos, Start: start, History: append(history[:1:1], history[0], history[1])}, "history move 2 is not legal"},
		{"history without start", engines.Request{Position: pos, History: history}, "no start position"},
		{"start only", engines.Request{Position: other, Start: start}, ""},
		{"no position", engines.Request{}, "without a position"},
		{"negative time", engines.NewRequest(pos, engines.Budget{Time: -time.Second}, 1), "time budget -1s"},
		{"negative iterations", engines.NewRequest(pos, engines.Budget{Iterations: -5}, 1), "iterations budget -5"},
		{"negative states", engines.NewRequest(pos, engines.Budget{States: -1}, 1), "states budget -1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.req.Check()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("got %v, want no error", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
	req := engines.Request{Position: pos, Start: start, History: history}
	h := req.Hashes()
	if len(h) != 4 || h[0] != start.Hash() || h[3] != pos.Hash() {
		t.Errorf("hashes %v: want 4, from the start's to the position's", h)
	}
}
