package uci

import (
	"context"
	"fmt"
	"strings"
	"time"

	"mcarena/engines"
	"mcarena/engines/internal/child"
	"mcarena/games"
)

// proc is a running UCI program.
type proc struct {
	*child.Process
}

// await sends command and reads lines until one starts with the word want,
// which it returns, passing the others to seen. A cancelled ctx sends stop
// once and keeps waiting (the answer to stop is the one wanted).
func (p *proc) await(ctx context.Context, command, want string, wait time.Duration, seen func(string)) (string, error) {
	var got []string
	if err := p.Send(command); err != nil {
		return "", p.died(command, got)
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	done := ctx.Done()
	for {
		select {
		case line, ok := <-p.Lines():
			if !ok {
				return "", p.died(command, got)
			}
			p.Received(line)
			line = strings.TrimSpace(line)
			if f := strings.Fields(line); len(f) > 0 && f[0] == want {
				return line, nil
			}
			if len(got) < 5 {
				got = append(got, line)
			}
			if seen != nil {
				seen(line)
			}
		case <-timer.C:
			return "", fmt.Errorf("uci program %s gave no %s to %q within %v (received: %q); its log is %s",
				p.Name(), want, command, wait, strings.Join(got, "\n"), p.LogPath())
		case <-done:
			done = nil
			if err := p.Send("stop"); err != nil {
				return "", p.died("stop", got)
			}
			timer.Reset(min(wait, 5*time.Second))
		}
	}
}

// search sends the position and go, and reads the info lines and bestmove.
func (p *proc) search(ctx context.Context, req engines.Request, pos, goCmd string, wait time.Duration) (engines.Stats, games.Move, error) {
	st := engines.Stats{}
	if err := p.Send(pos); err != nil {
		return st, games.NoMove, p.died(pos, nil)
	}
	last := time.Time{}
	answer, err := p.await(ctx, goCmd, "bestmove", wait, func(line string) {
		if readInfo(req.Position, line, &st) && req.Report != nil && time.Since(last) >= engines.ReportEvery {
			last = time.Now()
			req.Report(st)
		}
	})
	if err != nil {
		return st, games.NoMove, err
	}
	f := strings.Fields(answer)
	if len(f) < 2 {
		return st, games.NoMove, fmt.Errorf("uci program %s answered %q to %q: no move; its log is %s", p.Name(), answer, goCmd, p.LogPath())
	}
	m, err := req.Position.ParseMove(f[1])
	if err != nil || !isUCI(f[1]) {
		return st, games.NoMove, fmt.Errorf("uci program %s answered %q to %q, not a legal move in %s; its log is %s", p.Name(), answer, goCmd, req.Position.String(), p.LogPath())
	}
	return st, m, nil
}

// died describes a program whose output ended during command, having
// written the lines got.
func (p *proc) died(command string, got []string) error {
	having := ""
	if len(got) > 0 {
		having = fmt.Sprintf("written %q", strings.Join(got, "\n"))
	}
	return p.Died(command, having)
}

// Stop ends the program: quit, then its input closed and a kill a second
// later.
func (p *proc) Stop() {
	p.Send("quit")
	p.Process.Stop()
}
