package gtp

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// castroClock is the state of castro's time command: castro's time
// control and the time left in the game. The time of a move is a share of
// the time left, by the method, plus the time per move:
//
//	share = param% of left                     (-p, percent)
//	share = 2*param*left / moves left          (-e, even; -s, stats)
//	time  = min(share, left) + move
//
// and after the move the time left changes by what the move saved or
// overran:
//
//	left += move - used         with -f 1 (flexible)
//	left += min(0, move - used) with -f 0
//	left  = max(left, 0)
//
// castro's stats method divides by the mean length of the playouts of the
// search in progress and, before any, falls back to even; castro clears
// those lengths after each genmove and ponders by default not at all, so
// at a genmove it always falls back to even. mcarena does not ponder
// either, and takes stats as even.
type castroClock struct {
	// on: a time command with a flag set the clock and no time_settings
	// has replaced it since.
	on       bool
	method   byte // 'p', 'e' or 's'
	param    float64
	move     time.Duration // -m
	game     time.Duration // -g: the time left at the start of a game
	left     time.Duration // -r: the time left in this game
	flexible bool          // -f
}

// castroDefaults is castro's time control before any time command, less
// its 5 s a move (the server's time per move in force takes its place).
var castroDefaults = castroClock{method: 's', param: 2, flexible: true}

// castroTimeForm is castro's time command, for messages.
const castroTimeForm = "time [-p [PERCENT] | -e [X] | -s [X]] [-m SECONDS] [-g SECONDS] [-r SECONDS] [-f 0|1] [-i N]"

// castroMethods names the methods as castro does.
var castroMethods = map[byte]string{'p': "percent", 'e': "even", 's': "stats"}

// moveTime is the time of the next move with movesLeft moves at most to
// the end of the game.
func (c *castroClock) moveTime(movesLeft int) time.Duration {
	left := float64(c.left)
	var share float64
	if c.method == 'p' {
		share = c.param * left / 100
	} else {
		share = 2 * c.param * left / float64(max(movesLeft, 1))
	}
	return min(time.Duration(share), c.left) + c.move
}

// spent books a move that took used.
func (c *castroClock) spent(used time.Duration) {
	saved := c.move - used
	if !c.flexible {
		saved = min(saved, 0)
	}
	c.left = max(c.left+saved, 0)
}

// apply reads the flags of a time command into c and *iterations (castro's
// -i, the maximum of simulations a move, 0 for none), each flag in turn as
// castro does, a later one overriding an earlier; gameStarted says moves
// have been played, so that -g leaves the time left alone. It changes
// nothing on an error.
func (c *castroClock) apply(args []string, iterations *int64, gameStarted bool) error {
	n, its := *c, *iterations
	for i := 0; i < len(args); i++ {
		flag := args[i]
		value := func(want string) (string, error) {
			if i+1 >= len(args) {
				return "", fmt.Errorf("syntax error: time %s needs %s", flag, want)
			}
			i++
			return args[i], nil
		}
		secs := func() (time.Duration, error) {
			v, err := value("SECONDS")
			if err != nil {
				return 0, err
			}
			d, err := seconds(v)
			if err != nil {
				return 0, fmt.Errorf("syntax error: time %s %q: want seconds, 0 to 1000000", flag, v)
			}
			return d, nil
		}
		var err error
		switch flag {
		case "-p", "--percent", "-e", "--even", "-s", "--stats":
			// castro: the method, its parameter back to the method's
			// default, then the next word as the parameter if it is a
			// number above 0.
			n.method = flag[strings.LastIndexByte(flag, '-')+1]
			n.param = 2
			if n.method == 'p' {
				n.param = 10
			}
			if i+1 < len(args) {
				if f, err := strconv.ParseFloat(args[i+1], 64); err == nil && f > 0 && f <= 1e6 {
					n.param = f
					i++
				}
			}
		case "-m", "--move":
			n.move, err = secs()
		case "-g", "--game":
			n.game, err = secs()
			if !gameStarted {
				n.left = n.game
			}
		case "-r", "--remain":
			n.left, err = secs()
		case "-f", "--flexible":
			var v string
			if v, err = value("0 or 1"); err == nil {
				if n.flexible, err = strconv.ParseBool(v); err != nil {
					err = fmt.Errorf("syntax error: time %s %q: want 0 or 1", flag, v)
				}
			}
		case "-i", "--maxsims":
			var v string
			if v, err = value("N"); err == nil {
				if its, err = strconv.ParseInt(v, 10, 64); err != nil || its < 0 {
					err = fmt.Errorf("syntax error: time %s %q: want a whole number of iterations, 0 (none) or more", flag, v)
				}
			}
		default:
			return fmt.Errorf("syntax error: time %s: not one of castro's flags: %s", flag, castroTimeForm)
		}
		if err != nil {
			return err
		}
	}
	n.on = true
	*c, *iterations = n, its
	return nil
}

// String shows the clock's settings as castro's flags.
func (c *castroClock) String() string {
	return fmt.Sprintf("-%c %g (%s) -m %g -g %g -r %g -f %d",
		c.method, c.param, castroMethods[c.method], c.move.Seconds(), c.game.Seconds(), c.left.Seconds(), map[bool]int{false: 0, true: 1}[c.flexible])
}
