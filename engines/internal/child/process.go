// Package child runs the external program behind an engine family that
// speaks a line protocol (GTP, UCI): it starts the program with its stderr
// and the session written to a log file, hands its stdout over a line at a
// time, describes its death and stops it.
package child

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Process is a running program and what it holds.
type Process struct {
	protocol string // "gtp", "uci": the prefix of messages and log lines
	name     string // the program, as the command line names it
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	lines    chan string   // stdout, a line at a time; closed at its end
	exited   chan struct{} // closed once the program has exited
	waitErr  error         // its exit status, once exited
	log      *os.File
	logPath  string
	stderr   *tail
}

// Start starts the program of argv, its stderr appended to logPath, or to
// a new temporary file mcarena-PROTOCOL-*.log when logPath is "". The
// protocol names the program's kind in errors and log lines.
func Start(argv []string, logPath, protocol string) (*Process, error) {
	var log *os.File
	var err error
	if logPath == "" {
		log, err = os.CreateTemp("", "mcarena-"+protocol+"-*.log")
	} else {
		log, err = os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: the program's log: %w", protocol, err)
	}
	p := &Process{protocol: protocol, name: filepath.Base(argv[0]), log: log, logPath: log.Name(),
		stderr: &tail{w: log}, lines: make(chan string, 256), exited: make(chan struct{})}
	p.cmd = exec.Command(argv[0], argv[1:]...)
	p.cmd.Stderr = p.stderr
	p.cmd.WaitDelay = time.Second
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		log.Close()
		return nil, fmt.Errorf("%s: %w", protocol, err)
	}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		log.Close()
		return nil, fmt.Errorf("%s: %w", protocol, err)
	}
	fmt.Fprintf(log, "%s: start %s\n", protocol, strings.Join(argv, " "))
	if err := p.cmd.Start(); err != nil {
		log.Close()
		if logPath == "" {
			os.Remove(log.Name())
		}
		return nil, fmt.Errorf("%s: cannot start %s: %w", protocol, argv[0], err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
		p.waitErr = p.cmd.Wait()
		fmt.Fprintf(log, "%s: %s exited: %v\n", protocol, p.name, p.waitErr)
		close(p.exited)
	}()
	return p, nil
}

// Name returns the program's name: the base name of its command.
func (p *Process) Name() string { return p.name }

// LogPath returns the path of the program's log.
func (p *Process) LogPath() string { return p.logPath }

// Send writes line and a newline to the program's stdin, and to the log
// after "PROTOCOL> ".
func (p *Process) Send(line string) error {
	fmt.Fprintf(p.log, "%s> %s\n", p.protocol, line)
	_, err := io.WriteString(p.stdin, line+"\n")
	return err
}

// Lines returns the program's stdout, a line at a time, without the
// newline; it is closed at the output's end. Each line read is for the
// reader to log with Received.
func (p *Process) Lines() <-chan string { return p.lines }

// Received writes a line read from Lines to the log after "PROTOCOL< ".
func (p *Process) Received(line string) {
	fmt.Fprintf(p.log, "%s< %s\n", p.protocol, line)
}

// Exited returns a channel closed once the program has exited.
func (p *Process) Exited() <-chan struct{} { return p.exited }
