package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"mcarena/games"
)

// ReplayResult is the final status of a replayed game, as replay --json
// prints it.
type ReplayResult struct {
	// Result is 1-0, 0-1, 1/2-1/2, or * for a game in progress.
	Result string `json:"result"`
	// Plies is the number of moves played.
	Plies int `json:"plies"`
	// EndedAt is the ply that ended the game (0 when the position given was
	// already over), or nil for a game in progress.
	EndedAt *int `json:"ended_at"`
	// Reasons says why the game ended, in the game's words, one entry a
	// reason (a Havannah move that makes a bridge and a fork gives both);
	// empty while it goes on.
	Reasons []string `json:"reasons"`
	// Position is the final position in the game's text form.
	Position string `json:"position"`
}

func runReplay(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	position := fs.String("position", "", "start from this position (the game's text form)")
	asJSON := fs.Bool("json", false, "print the final status as one JSON object")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("want a GAME, then its moves if any (usage: mcarena %s)", replayUsage)
	}
	g, err := newGame(pos[0])
	if err != nil {
		return err
	}
	s := g.NewState()
	if *position != "" {
		if s, err = g.ParsePosition(*position); err != nil {
			return usageError{err.Error()}
		}
	}
	names := g.PlayerNames()
	var lines []string
	res := ReplayResult{Reasons: []string{}}
	if s.Terminal() {
		res.EndedAt = new(int)
	}
	for i, text := range pos[1:] {
		ply := i + 1
		switch {
		case res.EndedAt != nil && *res.EndedAt == 0:
			return usagef("ply %d, %s: the position given is already over (%s)", ply, text, games.EndReason(s))
		case res.EndedAt != nil:
			return usagef("ply %d, %s: the game is over (%s at ply %d)", ply, text, games.EndReason(s), *res.EndedAt)
		}
		m, err := s.ParseMove(text)
		if err != nil {
			return usagef("ply %d, %s to move: %v", ply, names[s.ToMove()], err)
		}
		lines = append(lines, fmt.Sprintf("ply %-5d %s %s", ply, names[s.ToMove()], s.MoveString(m)))
		s.Play(m)
		res.Plies = ply
		if s.Terminal() {
			res.EndedAt = &ply
		}
	}
	res.Result = "*"
	if s.Terminal() {
		res.Result = s.Outcome().String()
		res.Reasons = append(res.Reasons, games.EndReasons(s)...)
	}
	res.Position = s.String()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		return enc.Encode(res)
	}
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	fmt.Fprintf(stdout, "result    %s\n", res.Result)
	if res.EndedAt != nil {
		fmt.Fprintf(stdout, "ended at  ply %d\n", *res.EndedAt)
		fmt.Fprintf(stdout, "reason    %s\n", strings.Join(res.Reasons, ", "))
	} else {
		fmt.Fprintf(stdout, "to move   %s\n", names[s.ToMove()])
	}
	fmt.Fprintf(stdout, "position  %s\n", res.Position)
	return nil
}
