package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"mcarena/games"
)

// proc is a running GTP program and what it holds.
type proc struct {
	name    string // the program, as the command line names it
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string   // stdout, a line at a time; closed at its end
	exited  chan struct{} // closed once the program has exited
	waitErr error         // its exit status, once exited
	log     *os.File
	logPath string
	stderr  *tail
	id      int

	// The program's game: its spec, whether its board holds exactly moves
	// (played from the start), and the time per move it was last given.
	game    string
	synced  bool
	moves   []games.Move
	timeSet time.Duration
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
	var log *os.File
	var err error
	if logPath == "" {
		log, err = os.CreateTemp("", "mcarena-gtp-*.log")
	} else {
		log, err = os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	}
	if err != nil {
		return nil, fmt.Errorf("gtp: the program's log: %w", err)
	}
	p := &proc{name: filepath.Base(argv[0]), log: log, logPath: log.Name(), stderr: &tail{w: log},
		lines: make(chan string, 64), exited: make(chan struct{})}
	p.cmd = exec.Command(argv[0], argv[1:]...)
	p.cmd.Stderr = p.stderr
	p.cmd.WaitDelay = time.Second
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		log.Close()
		return nil, fmt.Errorf("gtp: %w", err)
	}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		log.Close()
		return nil, fmt.Errorf("gtp: %w", err)
	}
	fmt.Fprintf(log, "gtp: start %s\n", strings.Join(argv, " "))
	if err := p.cmd.Start(); err != nil {
		log.Close()
		if logPath == "" {
			os.Remove(log.Name())
		}
		return nil, fmt.Errorf("gtp: cannot start %s: %w", argv[0], err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
		p.waitErr = p.cmd.Wait()
		fmt.Fprintf(log, "gtp: %s exited: %v\n", p.name, p.waitErr)
		close(p.exited)
	}()
	return p, nil
}

// call sends one command and returns the answer's text, waiting at most
// wait for it. A "? ..." answer is a *refusal.
func (p *proc) call(ctx context.Context, wait time.Duration, command string) (string, error) {
	p.id++
	id := strconv.Itoa(p.id)
	fmt.Fprintf(p.log, "gtp> %s %s\n", id, command)
	if _, err := io.WriteString(p.stdin, id+" "+command+"\n"); err != nil {
		return "", p.died(command, "")
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	var got []string
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				return "", p.died(command, strings.Join(got, "\n"))
			}
			fmt.Fprintf(p.log, "gtp< %s\n", line)
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
				p.name, command, wait, strings.Join(got, "\n"), p.logPath)
		case <-ctx.Done():
			return "", fmt.Errorf("gtp program %s stopped during %q: %w", p.name, command, ctx.Err())
		}
	}
}

// answer reads a complete answer to command.
func (p *proc) answer(command, id string, lines []string) (string, error) {
	first := lines[0]
	garbage := func() error {
		return fmt.Errorf("gtp program %s answered %q to %q: not a GTP answer (\"= ...\" or \"? ...\"); its log is %s",
			p.name, strings.Join(lines, "\n"), command, p.logPath)
	}
	if first[0] != '=' && first[0] != '?' {
		return "", garbage()
	}
	rest := first[1:]
	digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
	if digits > 0 && rest[:digits] != id {
		return "", fmt.Errorf("gtp program %s answered %q to %q (id %s): the answer of another command; its log is %s",
			p.name, strings.Join(lines, "\n"), command, id, p.logPath)
	}
	rest = rest[digits:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return "", garbage()
	}
	text := strings.TrimSpace(strings.Join(append([]string{rest}, lines[1:]...), "\n"))
	if first[0] == '?' {
		return "", &refusal{p.name, command, text}
	}
	return text, nil
}

// died describes a program whose output ended during command.
func (p *proc) died(command, partial string) error {
	status := "still running"
	select {
	case <-p.exited:
		status = "exit: " + fmt.Sprint(p.waitErr)
		if p.waitErr == nil {
			status = "exit status 0"
		}
	case <-time.After(2 * time.Second):
	}
	last := p.stderr.last()
	msg := fmt.Sprintf("gtp program %s closed its output after the command %q (%s)", p.name, command, status)
	if partial != "" {
		msg += fmt.Sprintf(", having answered only %q", partial)
	}
	if last != "" {
		msg += fmt.Sprintf("; the last line of its stderr: %q", last)
	}
	return errors.New(msg + "; its log is " + p.logPath)
}

// stop ends the program: its input closes, so a GTP program ends at once,
// and one that does not is killed a second later.
func (p *proc) stop() {
	p.stdin.Close()
	go func() {
		select {
		case <-p.exited:
		case <-time.After(time.Second):
			p.cmd.Process.Kill()
			<-p.exited
		}
		p.log.Close()
	}()
}

// tail writes a program's stderr to its log and keeps the last line.
type tail struct {
	w       io.Writer
	mu      sync.Mutex
	partial []byte
	line    string
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.partial = append(t.partial, b...)
	for {
		i := strings.IndexByte(string(t.partial), '\n')
		if i < 0 {
			break
		}
		if l := strings.TrimSpace(string(t.partial[:i])); l != "" {
			t.line = l
		}
		t.partial = t.partial[i+1:]
	}
	if len(t.partial) > 4096 {
		t.partial = t.partial[len(t.partial)-4096:]
	}
	return t.w.Write(b)
}

// last returns the last line written that was not blank.
func (t *tail) last() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if l := strings.TrimSpace(string(t.partial)); l != "" {
		return l
	}
	return t.line
}
