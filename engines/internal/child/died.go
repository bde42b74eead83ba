package child

import (
	"errors"
	"fmt"
	"time"
)

// Died describes a program whose output ended during command: its exit
// status (waited for up to two seconds), what it had written ("having "
// and having, when having is not ""), the last line of its stderr and its
// log.
func (p *Process) Died(command, having string) error {
	status := "still running"
	select {
	case <-p.exited:
		status = "exit: " + fmt.Sprint(p.waitErr)
		if p.waitErr == nil {
			status = "exit status 0"
		}
	case <-time.After(2 * time.Second):
	}
	msg := fmt.Sprintf("%s program %s closed its output after the command %q (%s)", p.protocol, p.name, command, status)
	if having != "" {
		msg += ", having " + having
	}
	if last := p.stderr.last(); last != "" {
		msg += fmt.Sprintf("; the last line of its stderr: %q", last)
	}
	return errors.New(msg + "; its log is " + p.logPath)
}
