package tui

import (
	"mcarena/internal/terminal"
	"os"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Styles holds every style of the interface; views use nothing else.
type Styles struct {
	Title, Subtle, Error, Status, Banner lipgloss.Style
	// StatusBar is the status line every screen has above its key help.
	StatusBar                            lipgloss.Style
	MenuItem, MenuSelected               lipgloss.Style
	Cell, CellLast, CellCursor, CellFrom lipgloss.Style
	// CellAlarm marks a king in check and a captured group.
	CellAlarm lipgloss.Style
	// CellWin marks the structure that won the game (a Havannah ring,
	// bridge or fork).
	CellWin lipgloss.Style
	Piece   [2]lipgloss.Style
	Label   lipgloss.Style
	Pane    lipgloss.Style
	Plain   lipgloss.Style
	// ASCII draws boards with ASCII only: chessmen and stones as letters,
	// dominoes with brackets, Kalah's store arrows as < and >, and panes
	// with ASCII borders (MCARENA_ASCII set, or the Linux console).
	ASCII bool
}

// Wrap returns a style that wraps text at width.
func (s Styles) Wrap(width int) lipgloss.Style { return s.Plain.Width(max(width, 1)) }

// DefaultStyles returns the interface's styles for the terminal on standard
// output, with colours for its background, light or dark. With NO_COLOR
// set, colours are dropped and emphasis (bold, reverse, underline) is kept,
// so that the cursor, a selection and the last move stay visible: lipgloss
// alone would drop emphasis too.
func DefaultStyles() Styles {
	noColor := os.Getenv("NO_COLOR") != ""
	if noColor {
		if terminal.Is(os.Stdout) && termenv.NewOutput(os.Stdout).ColorProfile() != termenv.Ascii {
			lipgloss.SetColorProfile(termenv.ANSI)
		}
	}
	st := newStyles(lipgloss.DefaultRenderer(), !noColor)
	st.ASCII = asciiOnly(os.Getenv)
	if st.ASCII {
		st.Pane = st.Pane.Border(lipgloss.ASCIIBorder()) // the Linux console's font lacks rounded corners too
	}
	return st
}

// asciiOnly reports whether the terminal should get ASCII boards: when
// MCARENA_ASCII is set (to anything but 0), or on the Linux console, whose
// font lacks chessmen.
func asciiOnly(getenv func(string) string) bool {
	if v := getenv("MCARENA_ASCII"); v != "" {
		return v != "0"
	}
	return getenv("TERM") == "linux"
}

// newStyles returns the styles rendered by r, with colours or without.
// Every colour adapts to the terminal's background (lipgloss.AdaptiveColor).
func newStyles(r *lipgloss.Renderer, colour bool) Styles {
	c := func(light, dark string) lipgloss.TerminalColor {
		if !colour {
			return lipgloss.NoColor{}
		}
		return lipgloss.AdaptiveColor{Light: light, Dark: dark}
	}
	accent := c("4", "12")
	subtle := c("243", "245")
	return Styles{
		Title:        r.NewStyle().Bold(true).Foreground(accent),
		Subtle:       r.NewStyle().Foreground(subtle),
		Error:        r.NewStyle().Foreground(c("1", "9")),
		Status:       r.NewStyle().Foreground(c("130", "11")),
		Banner:       r.NewStyle().Bold(true).Reverse(true).Padding(0, 1),
		StatusBar:    r.NewStyle().Foreground(c("236", "252")).Background(c("254", "236")),
		MenuItem:     r.NewStyle().PaddingLeft(2),
		MenuSelected: r.NewStyle().PaddingLeft(0).Bold(true).Foreground(accent),
		Cell:         r.NewStyle(),
		CellLast:     r.NewStyle().Underline(true).Background(c("254", "237")),
		CellCursor:   r.NewStyle().Reverse(true),
		CellFrom:     r.NewStyle().Bold(true).Underline(true).Background(c("151", "22")),
		CellAlarm:    r.NewStyle().Bold(true).Background(c("224", "52")),
		CellWin:      r.NewStyle().Bold(true).Underline(true).Background(c("229", "58")),
		Piece: [2]lipgloss.Style{
			r.NewStyle().Bold(true).Foreground(c("236", "15")),
			r.NewStyle().Bold(true).Foreground(c("1", "9")),
		},
		Label: r.NewStyle().Foreground(subtle),
		Pane:  r.NewStyle().Border(lipgloss.RoundedBorder()).Padding(0, 1),
		Plain: r.NewStyle(),
	}
}
