package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestReplayText(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"replay", "loa", "b1-b3", "a2-c2"}, `ply 1     Black b1-b3
ply 2     White a2-c2
result    *
to move   Black
position  1bbbbbb1/w6w/w6w/w6w/w6w/wb5w/2w4w/2bbbbb1 b 2
`},
		{[]string{"replay", "tictactoe", "a1", "b1", "a2", "b2", "a3"}, `ply 1     X a1
ply 2     O b1
ply 3     X a2
ply 4     O b2
ply 5     X a3
result    1-0
ended at  ply 5
reason    three in a row
position  x2/xo1/xo1 o
`},
		{[]string{"replay", "kalah", "c1", "f1"}, `ply 1     South c1
ply 2     South f1
result    *
to move   North
position  4,4,5,5,5,5/4,4,0,5,5,0 2 0 n
`},
		{[]string{"replay", "loa:nomove=lose", "--position", "6wb/6ww/8/8/8/8/ww6/bw6 b"}, `result    0-1
ended at  ply 0
reason    no move
position  6wb/6ww/8/8/8/8/ww6/bw6 b
`},
		{[]string{"replay", "havannah:base=4,swap", "d4", "swap", "a1", "a2", "a3", "b1", "a4"}, `ply 1     White d4
ply 2     Black swap
ply 3     White a1
ply 4     Black a2
ply 5     White a3
ply 6     Black b1
ply 7     White a4
result    *
to move   Black
position  wbww/b..../....../...b.../....../...../.... b
`},
		{[]string{"replay", "havannah:base=4", "a1", "g7", "a2", "g6", "a3", "g5", "a4"}, `ply 1     White a1
ply 2     Black g7
ply 3     White a2
ply 4     Black g6
ply 5     White a3
ply 6     Black g5
ply 7     White a4
result    1-0
ended at  ply 7
reason    bridge
position  wwww/...../....../......./....../...../.bbb b
`},
	}
	for _, tt := range tests {
		code, out, errs := run(tt.args...)
		if code != ExitOK {
			t.Errorf("%v: code %d, stderr %q", tt.args, code, errs)
			continue
		}
		if out != tt.want {
			t.Errorf("%v: output\n%s\nwant\n%s", tt.args, out, tt.want)
		}
	}
}

func TestReplayJSON(t *testing.T) {
	one, two, thirteen := 1, 2, 13
	tests := []struct {
		args []string
		want ReplayResult
	}{
		{[]string{"replay", "loa", "--json"},
			ReplayResult{Result: "*", Plies: 0, Reasons: []string{}, Position: "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"}},
		{[]string{"replay", "loa", "--position", "w6b/8/8/8/8/8/8/b1w5 b", "a1xc1", "--json"},
			ReplayResult{Result: "0-1", Plies: 1, EndedAt: &one, Reasons: []string{"connection"}, Position: "w6b/8/8/8/8/8/8/2b5 w 1"}},
		{[]string{"replay", "loa:simultaneous=draw", "--json", "--position", "2ww4/8/8/4b3/3w4/2b5/8/3b4 b", "d1xd4"},
			ReplayResult{Result: "1/2-1/2", Plies: 1, EndedAt: &one, Reasons: []string{"simultaneous connection"}, Position: "2ww4/8/8/4b3/3b4/2b5/8/8 w 1"}},
		{[]string{"replay", "loa:maxplies=2", "b1-b3", "a2-c2", "--json"},
			ReplayResult{Result: "1/2-1/2", Plies: 2, EndedAt: &two, Reasons: []string{"ply limit"}, Position: "1bbbbbb1/w6w/w6w/w6w/w6w/wb5w/2w4w/2bbbbb1 b 2"}},
		{[]string{"replay", "breakthrough", "--json", "--position", "5/5/5/b4/1w3 w", "b1xa2"},
			ReplayResult{Result: "1-0", Plies: 1, EndedAt: &one, Reasons: []string{"no pieces"}, Position: "5/5/5/w4/5 b"}},
		// White's a5 joins corners a1 and a5 and touches three sides.
		{[]string{"replay", "havannah", "--json", "a1", "i5", "a2", "i6", "a3", "i7", "a4", "h8", "b1", "h7", "b6", "g7", "a5"},
			ReplayResult{Result: "1-0", Plies: 13, EndedAt: &thirteen, Reasons: []string{"bridge", "fork"}, Position: "wwwww/w....w/......./......../........./......../....b../...bb./bbb.. b"}},
	}
	for _, tt := range tests {
		code, out, errs := run(tt.args...)
		if code != ExitOK {
			t.Errorf("%v: code %d, stderr %q", tt.args, code, errs)
			continue
		}
		want, err := json.Marshal(tt.want)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(out); got != string(want) {
			t.Errorf("%v: JSON\n got %s\nwant %s", tt.args, got, want)
		}
	}
	// The keys, and null and [] for a game in progress.
	_, out, _ := run("replay", "loa", "--json")
	if want := `{"result":"*","plies":0,"ended_at":null,"reasons":[],"position":"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"}` + "\n"; out != want {
		t.Errorf("JSON %q, want %q", out, want)
	}
}

func TestReplayErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"replay"}, "mcarena replay: want a GAME, then its moves if any (usage: mcarena replay GAME [--position P] [MOVE...] [--json])"},
		{[]string{"replay", "shogi"}, `mcarena replay: unknown game "shogi": valid games are`},
		{[]string{"replay", "loa", "--position", "8/8 b"}, `mcarena replay: position "8/8 b": 2 ranks, want 8`},
		{[]string{"replay", "loa", "b1-b3", "zz"}, `mcarena replay: ply 2, White to move: "zz" is not a move like b1-b3, a capture like f8xh6 or pass`},
		{[]string{"replay", "loa", "b1-b4"}, "mcarena replay: ply 1, Black to move: b1-b4: the line holds 2 pieces, so the piece moves 2 squares, not 3"},
		{[]string{"replay", "loa", "--json", "a2-a4"}, "mcarena replay: ply 1, Black to move: a2-a4: no Black piece on a2"},
		{[]string{"replay", "loa", "--position", "w6b/8/8/8/8/8/8/b1w5 b", "a1xc1", "h8-h7"}, "mcarena replay: ply 2, h8-h7: the game is over (connection at ply 1)"},
		{[]string{"replay", "tictactoe", "--position", "xxx/oo1/3 o", "c2"}, "mcarena replay: ply 1, c2: the position given is already over (three in a row)"},
	}
	for _, tt := range tests {
		code, out, errs := run(tt.args...)
		if code != ExitUsage {
			t.Errorf("%v: exit code %d, want %d", tt.args, code, ExitUsage)
		}
		if out != "" || !strings.HasPrefix(errs, tt.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: stdout %q stderr %q, want one line starting %q", tt.args, out, errs, tt.want)
		}
	}
}
