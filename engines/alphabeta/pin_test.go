package alphabeta

import "testing"

// The implicit-minimax presets' alpha-beta (efMS or efLH with static
// ordering, with and without quiescence) searches Breakthrough 8x8 exactly
// as it did before killers, history and scored captures were added: the
// same move, score and node count at a fixed depth. The figures were read
// from the search before those options existed.
func TestBreakthroughDefaultsUnchanged(t *testing.T) {
	const pos = "bbbbbbbb/b1b1b1bb/5b2/2b1b3/3w4/8/www1wwww/wwwwwwww w"
	tests := []struct {
		name  string
		cfg   Config
		depth int
		move  string
		score float64
		nodes int64
	}{
		{"efms static", Config{Heuristic: "efms", Order: true}, 5, "d4-c5", 205, 109797},
		{"efms static quiescence", Config{Heuristic: "efms", Order: true, Quiescence: true}, 4, "d4-c5", 165, 24281},
		{"eflh static", Config{Heuristic: "eflh", Order: true}, 4, "d4-c5", 0, 34881},
		{"efms unordered", Config{Heuristic: "efms"}, 4, "d4-c5", 165, 27071},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustPos(t, "breakthrough:size=8x8", pos)
			res := searchWith(t, tt.cfg, s, tt.depth)
			got, score := s.MoveString(res.Move), res.Stats.Cell(0, "score")
			if got != tt.move || score != tt.score || res.Stats.States != tt.nodes {
				t.Errorf("played %s, score %v, %d nodes; want %s, %v, %d", got, score, res.Stats.States, tt.move, tt.score, tt.nodes)
			}
		})
	}
}
