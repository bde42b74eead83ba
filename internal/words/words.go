// Package words holds the small pieces of English that mcarena's messages
// share.
package words

import (
	"fmt"
	"strings"
)

// Plural writes n and the noun, in the plural unless n is 1: "1 move",
// "3 moves", "2 matches".
func Plural(n int, noun string) string {
	switch {
	case n == 1:
		return "1 " + noun
	case strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "s"):
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
