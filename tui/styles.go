package tui

import (
	"os"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Styles holds every style of the interface; views use nothing else.
type Styles struct {
	Title, Subtle, Error, Status, Banner lipgloss.Style
	MenuItem, MenuSelected               lipgloss.Style
	Cell, CellLast, CellCursor, CellFrom lipgloss.Style
	Piece                                [2]lipgloss.Style
	Label                                lipgloss.Style
	Pane                                 lipgloss.Style
	Plain                                lipgloss.Style
}

// Wrap returns a style that wraps text at width.
func (s Styles) Wrap(width int) lipgloss.Style { return s.Plain.Width(max(width, 1)) }

// DefaultStyles returns the interface's styles. With NO_COLOR set, colours are
// dropped and emphasis is kept.
func DefaultStyles() Styles {
	if os.Getenv("NO_COLOR") != "" {
		lipgloss.SetColorProfile(termenv.Ascii)
	}
	return Styles{
		Title:        lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("12")),
		Subtle:       lipgloss.NewStyle().Foreground(lipgloss.Color("8")),
		Error:        lipgloss.NewStyle().Foreground(lipgloss.Color("9")),
		Status:       lipgloss.NewStyle().Foreground(lipgloss.Color("11")),
		Banner:       lipgloss.NewStyle().Bold(true).Reverse(true).Padding(0, 1),
		MenuItem:     lipgloss.NewStyle().PaddingLeft(2),
		MenuSelected: lipgloss.NewStyle().PaddingLeft(0).Bold(true).Foreground(lipgloss.Color("12")),
		Cell:         lipgloss.NewStyle(),
		CellLast:     lipgloss.NewStyle().Underline(true).Background(lipgloss.Color("237")),
		CellCursor:   lipgloss.NewStyle().Reverse(true),
		CellFrom:     lipgloss.NewStyle().Bold(true).Background(lipgloss.Color("22")),
		Piece: [2]lipgloss.Style{
			lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("15")),
			lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("9")),
		},
		Label: lipgloss.NewStyle().Foreground(lipgloss.Color("8")),
		Pane:  lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).Padding(0, 1),
		Plain: lipgloss.NewStyle(),
	}
}
