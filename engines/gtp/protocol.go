// Package gtp speaks the Go Text Protocol, version 2, both ways: Server
// answers a controller's commands for any mcarena game with an mcarena
// engine ('mcarena gtp'), and the engine family "gtp" plays through an
// external GTP program (castro, or another mcarena).
//
// Server takes castro's command names and aliases (clear, print, exit,
// playgame, winner, ...) and castro's time command with all its flags and
// castro's clock, so that castro's own scripts and programs written for
// castro can drive it; see Server for each command.
//
// # The protocol
//
// A command is one line, [ID] NAME [ARGUMENT...], where ID is a whole
// number. Before parsing, a line loses its carriage returns and other
// control characters except tabs, tabs become spaces, and everything from
// a '#' on is a comment; a line left empty is ignored. The answer is
// "=ID TEXT" on success or "?ID MESSAGE" on failure (ID only when the
// command had one), and ends with an empty line; an answer of several
// lines has no empty line inside. Command names are case sensitive, as the
// specification has them (all lower case); colours, vertices and words
// such as "true" are not.
//
// # Games and notation
//
// A vertex is a move in the game's own notation, which must be one word.
// In the placement games havannah (cell names as in castro: the row
// letter a+y, then x+1, such as d4), nogo, atarigo and tictactoe (file
// letter and rank, such as c3) a move is a cell name, as GTP tools expect.
// The other games (breakthrough, knightthrough, domineering, loa, kalah)
// work too with their own notation as the vertex ("a2-a3"), but programs
// and tools that expect cell names will not read it. Havannah with the
// swap option takes "swap" as a vertex.
//
// A colour is a player's name or its first letter, in any case: w, white,
// b, black in Havannah (White moves first, as in castro), NoGo, AtariGo and
// Lines of Action (Black moves first). In games whose players are not
// called White and Black, b and black name the first player and w and
// white the second, as in Go: TicTacToe's X is b, its O is w.
package gtp

import (
	"strconv"
	"strings"
)

// command is one parsed command line.
type command struct {
	id    string // "" when the line had none
	name  string
	args  []string
	empty bool // the line held nothing after preprocessing
}

// parseLine applies the specification's preprocessing to a line and splits
// it into id, command name and arguments.
func parseLine(line string) command {
	var b strings.Builder
	for _, r := range line {
		switch {
		case r == '#':
			goto done
		case r == '\t':
			b.WriteByte(' ')
		case r < 32 || r == 127:
			// other control characters, carriage returns included, go
		default:
			b.WriteRune(r)
		}
	}
done:
	f := strings.Fields(b.String())
	if len(f) == 0 {
		return command{empty: true}
	}
	var c command
	if _, err := strconv.ParseUint(f[0], 10, 64); err == nil {
		c.id, f = f[0], f[1:]
	}
	if len(f) == 0 {
		return c // an id alone: a command without a name
	}
	c.name, c.args = f[0], f[1:]
	return c
}

// response formats an answer: "=ID TEXT" or "?ID TEXT", its lines kept
// free of empty ones, and the empty line that ends it.
func response(id string, ok bool, text string) string {
	mark := "="
	if !ok {
		mark = "?"
	}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, l := range lines {
		if i > 0 && strings.TrimSpace(l) == "" {
			lines[i] = " "
		}
	}
	return mark + id + " " + strings.Join(lines, "\n") + "\n\n"
}
