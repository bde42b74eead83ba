package tournament

// The command registers every game and engine family in main; the tests of
// this package register them here.
import (
	_ "mcarena/engines/all"
	_ "mcarena/games/all"
)
