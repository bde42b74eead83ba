// Package all imports every engine family so that each registers itself.
package all

import (
	// Each import registers one search family.
	_ "mcarena/engines/alphabeta"
	_ "mcarena/engines/gtp"
	_ "mcarena/engines/mcts"
	_ "mcarena/engines/nmcs"
	_ "mcarena/engines/random"
	_ "mcarena/engines/uci"
)
