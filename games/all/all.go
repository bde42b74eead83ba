// Package all imports every game package so that each registers itself.
package all

import (
	// Each import registers one game or family.
	_ "mcarena/games/atarigo"
	_ "mcarena/games/breakthrough"
	_ "mcarena/games/chess"
	_ "mcarena/games/chess/tb" // chess's oracles tb3 and tb4
	_ "mcarena/games/domineering"
	_ "mcarena/games/havannah"
	_ "mcarena/games/kalah"
	_ "mcarena/games/knightthrough"
	_ "mcarena/games/loa"
	_ "mcarena/games/nogo"
	_ "mcarena/games/tictactoe"
)
