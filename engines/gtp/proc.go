package gtp

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"mcarena/engines/internal/child"
	"mcarena/games"
)

// proc is a running GTP program and what it holds.
type proc struct {
	*child.Process
	id int

	// The program's game: its spec, whether its board holds exactly moves
	// (played from the start), the time per move it was last given, and
	// the main time of the clock it was last given (0: none since its
	// board was cleared).
	game      string
	synced    bool
	moves     []games.Move
	timeSet   time.Duration
	clockMain time.Duration
}

// refusal is a program's "? ..." answer to a command: the program runs on.
type refusal struct {
	name, cmd, answer string
}

func (r *refusal) Error() string {
	return fmt.Sprintf("gtp program %s refused %q: %s", r.name, r.cmd, r.answer)
}

// startProc starts the program of argv, its stderr appended to logPath, or
// to a new temporary file when logPath is "".
func startProc(argv []string, logPath string) (*proc, error) {
	c, err := child.Start(argv, logPath, "gtp")
	if err != nil {
		return nil, err
	}
	return &proc{Process: c}, nil
}

// call sends one command and returns the answer's text, waiting at most
// wait for it. A "? ..." answer is a *refusal.
func (p *proc) call(ctx context.Context, wait time.Duration, command string) (string, error) {
	p.id++
	id := strconv.Itoa(p.id)
	if err := p.Send(id + " " + command); err != nil {
		return "", p.died(command, "")
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	var got []string
	for {
		select {
		case line, ok := <-p.Lines():
			if !ok {
				return "", p.died(command, strings.Join(got, "\n"))
			}
			p.Received(line)
			line = strings.TrimRight(line, "\r")
			if len(got) == 0 && strings.TrimSpace(line) == "" {
				continue // blank lines before an answer
			}
			if line != "" {
				got = append(got, line)
				continue
			}
			return p.answer(command, id, got)
		case <-timer.C:
			return "", fmt.Errorf("gtp program %s gave no answer to %q within %v (received so far: %q); its log is %s",
				p.Name(), command, wait, strings.Join(got, "\n"), p.LogPath())
		case <-ctx.Done():
			return "", fmt.Errorf("gtp program %s stopped during %q: %w", p.Name(), command, ctx.Err())
		}
	}
}

// answer reads a complete answer to command.
func (p *proc) answer(command, id string, lines []string) (string, error) {
	first := lines[0]
	garbage := func() error {
		return fmt.Errorf("gtp program %s answered %q to %q: not a GTP answer (\"= ...\" or \"? ...\"); its log is %s",
			p.Name(), strings.Join(lines, "\n"), command, p.LogPath())
	}
	if first[0] != '=' && first[0] != '?' {
		return "", garbage()
	}
	rest := first[1:]
	digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
	if digits > 0 && rest[:digits] != id {
		return "", fmt.Errorf("gtp program %s answered %q to %q (id %s): the answer of another command; its log is %s",
			p.Name(), strings.Join(lines, "\n"), command, id, p.LogPath())
	}
	rest = rest[digits:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return "", garbage()
	}
	text := strings.TrimSpace(strings.Join(append([]string{rest}, lines[1:]...), "\n"))
	if first[0] == '?' {
		return "", &refusal{p.Name(), command, text}
	}
	return text, nil
}

// died describes a program whose output ended during command, having
// answered only partial.
func (p *proc) died(command, partial string) error {
	having := ""
	if partial != "" {
		having = fmt.Sprintf("answered only %q", partial)
	}
	return p.Died(command, having)
}
