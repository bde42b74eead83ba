package child

import "time"

// Stop ends the program: its input closes, which ends a GTP or UCI
// program, and one still running a second later is killed. The lines
// nobody reads any more are discarded, and the log closes once the
// program has exited.
func (p *Process) Stop() {
	p.stdin.Close()
	go func() {
		for range p.lines {
		}
	}()
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
