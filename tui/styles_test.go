package tui

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Without colour (NO_COLOR) the cursor, the last move and a picked cell keep
// their emphasis, and no colour is written.
func TestNoColorKeepsEmphasis(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI)
	st := newStyles(r, false)
	for _, tc := range []struct {
		name  string
		style lipgloss.Style
		want  string // an SGR attribute
	}{
		{"cursor", st.CellCursor, "7"},
		{"last move", st.CellLast, "4"},
		{"picked cell", st.CellFrom, "1"},
		{"selected menu item", st.MenuSelected, "1"},
		{"banner", st.Banner, "7"},
	} {
		out := tc.style.Render("x")
		if !hasSGR(out, tc.want) {
			t.Errorf("%s: %q lacks attribute %s", tc.name, out, tc.want)
		}
		if strings.Contains(out, "38;") || strings.Contains(out, "48;") || hasSGRIn(out, 30, 49) || hasSGRIn(out, 90, 107) {
			t.Errorf("%s: %q has a colour", tc.name, out)
		}
	}
}

// hasSGR reports whether s sets attribute a in an escape sequence.
func hasSGR(s, a string) bool {
	for _, seq := range sgrs(s) {
		for _, p := range strings.Split(seq, ";") {
			if p == a {
				return true
			}
		}
	}
	return false
}

// hasSGRIn reports whether s sets an attribute numbered lo..hi.
func hasSGRIn(s string, lo, hi int) bool {
	for n := lo; n <= hi; n++ {
		if hasSGR(s, itoa(n)) {
			return true
		}
	}
	return false
}

func sgrs(s string) []string {
	var out []string
	for _, part := range strings.Split(s, "\x1b[")[1:] {
		if i := strings.IndexByte(part, 'm'); i >= 0 {
			out = append(out, part[:i])
		}
	}
	return out
}

// Colours adapt to the background: the first player's pieces are not
// bright white on a light terminal.
func TestAdaptiveColours(t *testing.T) {
	render := func(dark bool) string {
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.ANSI256)
		r.SetHasDarkBackground(dark)
		return newStyles(r, true).Piece[0].Render("w")
	}
	light, dark := render(false), render(true)
	if light == dark {
		t.Fatalf("the same piece colour on light and dark backgrounds: %q", light)
	}
	if !strings.Contains(light, "38;5;236") {
		t.Fatalf("on a light background the first player's pieces are %q, want dark grey", light)
	}
}
