package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/viewport"
	"github.com/charmbracelet/x/ansi"
)

// scroller shows a window of a list too long for the screen in a viewport.
// The window moves only when the cursor would leave it, so that the cursor
// is always on screen and the rows do not jump while it moves inside.
type scroller struct {
	vp          viewport.Model
	total, rows int // the list's length and the window's, at the last render
}

// render returns height lines (fewer when the list is shorter) of lines,
// each cut to width, with the line cursor inside them (a cursor below 0
// keeps the window where it is).
func (s *scroller) render(lines []string, cursor, width, height int) string {
	height = max(height, 1)
	s.total, s.rows = len(lines), height
	s.vp.Width, s.vp.Height = max(width, 1), height
	if len(lines) <= height {
		s.vp.SetYOffset(0)
		return strings.Join(cutLines(lines, width), "\n")
	}
	s.vp.SetContent(strings.Join(lines, "\n"))
	if cursor >= 0 {
		switch {
		case cursor < s.vp.YOffset:
			s.vp.SetYOffset(cursor)
		case cursor >= s.vp.YOffset+height:
			s.vp.SetYOffset(cursor - height + 1)
		default:
			s.vp.SetYOffset(s.vp.YOffset) // clamps a window left beyond a list that shrank
		}
	}
	return s.vp.View()
}

// scrolls reports whether the last render showed only part of the list.
func (s *scroller) scrolls() bool { return s.total > s.rows }

// span says which lines the last render showed, such as "12-30 of 58", or
// "" when it showed all of them.
func (s *scroller) span() string {
	if !s.scrolls() {
		return ""
	}
	first := s.vp.YOffset + 1
	return fmt.Sprintf("%d-%d of %d", first, min(s.vp.YOffset+s.rows, s.total), s.total)
}

// cutLines cuts each line to width cells, with an ellipsis where it cuts.
func cutLines(lines []string, width int) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = cut(l, width)
	}
	return out
}

// cut cuts one line to width cells, with an ellipsis where it cuts text;
// trailing spaces are dropped without one (lipgloss's wrapping can leave
// a space beyond the width it wraps at).
func cut(s string, width int) string {
	width = max(width, 1)
	if ansi.StringWidth(s) <= width {
		return s
	}
	if ansi.StringWidth(strings.TrimRight(ansi.Strip(s), " ")) <= width {
		return ansi.Truncate(s, width, "")
	}
	return ansi.Truncate(s, width, "…")
}

// elidePath shortens a path (plain text) to at most width cells (one when
// width is less) by dropping its leading folders, whole where it can,
// behind an ellipsis, so that the file's name stays in view:
// "…/results/tiny.jsonl". It cuts between whole characters.
func elidePath(path string, width int) string {
	w := ansi.StringWidth(path)
	if w <= width {
		return path
	}
	if width < 2 {
		return "…"
	}
	tail := ansi.TruncateLeft(path, w-(width-1), "")
	for n := w - (width - 1) + 1; ansi.StringWidth(tail) > width-1; n++ {
		tail = ansi.TruncateLeft(path, n, "") // a wide character kept whole
	}
	if j := strings.IndexRune(tail, '/'); j >= 0 && j < len(tail)-1 {
		tail = tail[j:]
	}
	return "…" + tail
}

// wrapWords wraps plain text to width cells at its spaces only, so that a
// result such as 1/2-1/2 or a move such as e2-e4 stays whole (lipgloss
// also breaks after hyphens). A word wider than width stays on its own
// line, for the renderer to deal with.
func wrapWords(s string, width int) string { return wrapAfter(s, width, "") }

// wrapAfter wraps plain text as wrapWords does, and may also break a word
// after any of the bytes in after (the | between an option's choices).
func wrapAfter(s string, width int, after string) string {
	var b strings.Builder
	line := 0
	for i, w := range strings.Fields(s) {
		for j, piece := range splitAfter(w, after) {
			pw := ansi.StringWidth(piece)
			switch {
			case i == 0 && j == 0:
			case j > 0 && line+pw <= width:
			case j == 0 && line+1+pw <= width:
				b.WriteByte(' ')
				line++
			default:
				b.WriteByte('\n')
				line = 0
			}
			b.WriteString(piece)
			line += pw
		}
	}
	return b.String()
}

// splitAfter cuts w after each byte of after it holds.
func splitAfter(w, after string) []string {
	if after == "" {
		return []string{w}
	}
	var out []string
	for {
		i := strings.IndexAny(w, after)
		if i < 0 || i == len(w)-1 {
			return append(out, w)
		}
		out = append(out, w[:i+1])
		w = w[i+1:]
	}
}

// fitBox makes text exactly width cells wide and at most height lines high:
// lines are cut (never wrapped) and the lines beyond height dropped from the
// bottom, so that the top of a screen is always on it.
func fitBox(text string, width, height int) string {
	lines := strings.Split(text, "\n")
	if len(lines) > height {
		lines = lines[:max(height, 0)]
	}
	return strings.Join(cutLines(lines, width), "\n")
}

// padLines adds empty lines to text until it is height lines high.
func padLines(text string, height int) string {
	n := strings.Count(text, "\n") + 1
	if n >= height {
		return text
	}
	return text + strings.Repeat("\n", height-n)
}

// statuser is a screen with a status line: what runs, what it costs and
// where it writes. The root draws it above the key help on every screen.
type statuser interface{ statusLine(e *env) string }

// statusParts joins the non-empty parts of a status line.
func statusParts(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, " · ")
}
