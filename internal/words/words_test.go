package words

import (
	"fmt"
	"testing"
)

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{
		{1, "move", "1 move"},
		{0, "move", "0 moves"},
		{3, "move", "3 moves"},
		{1, "match", "1 match"},
		{2, "match", "2 matches"},
		{2, "pass", "2 passes"},
		{-1, "game", "-1 games"},
	} {
		if got := Plural(c.n, c.noun); got != c.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

func ExamplePlural() {
	fmt.Println(Plural(1, "game"), "and", Plural(4, "match"))
	// Output: 1 game and 4 matches
}
