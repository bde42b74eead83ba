package pgn

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"mcarena/games"
)

// roster is the Seven Tag Roster with each tag's value when unknown.
var roster = []Tag{{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "-"}, {"White", "?"}, {"Black", "?"}, {"Result", "*"}}

// isChessPGN reports whether tags without a Game tag are those of a chess
// game: one of the roster's tags, or a FEN.
func isChessPGN(r *Record) bool {
	for _, t := range append(roster, Tag{Name: "FEN"}) {
		if r.Get(t.Name) != "" {
			return true
		}
	}
	return false
}

// quote writes a tag's value as PGN does: in double quotes, with '"' and
// '\' escaped by a backslash, and control characters (which PGN does not
// allow) as spaces.
func quote(v string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range v {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c < ' ' || c == 0x7f:
			b.WriteByte(' ')
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// formatChess writes a chess record as standard PGN.
func formatChess(r *Record) string {
	end := r.End()
	result := "*"
	switch {
	case end.Terminal():
		result = end.Outcome().String()
	case isResult(r.Get("Result")):
		result = r.Get("Result")
	}
	r.Set("Game", r.Game.Spec())
	r.Set("Result", result)
	start := r.Start.String()
	custom := start != r.Game.NewState().String()
	var b strings.Builder
	for i, t := range roster {
		v := r.Get(t.Name)
		if v == "" && i >= 4 && i <= 5 {
			v, _ = r.Player(games.Player(i - 4))
		}
		if v == "" {
			v = t.Value
		}
		fmt.Fprintf(&b, "[%s %s]\n", t.Name, quote(v))
	}
	if custom {
		fmt.Fprintf(&b, "[SetUp \"1\"]\n[FEN %s]\n", quote(start))
	}
	fmt.Fprintf(&b, "[Game %s]\n", quote(r.Get("Game")))
	for _, t := range r.Tags {
		switch t.Name {
		case "Event", "Site", "Date", "Round", "White", "Black", "Result", "SetUp", "FEN", "Position", "Game":
			continue
		}
		fmt.Fprintf(&b, "[%s %s]\n", t.Name, quote(t.Value))
	}
	b.WriteString("\n")
	number := 1
	if f := strings.Fields(start); len(f) == 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			number = n
		}
	}
	s := r.Start.Clone()
	var line strings.Builder
	for i, m := range r.Moves {
		var tok string
		switch {
		case s.ToMove() == games.First:
			tok = strconv.Itoa(number) + ". "
		case i == 0:
			tok = strconv.Itoa(number) + "... "
		}
		tok += s.MoveString(m)
		if i < len(r.Clocks) && r.Clocks[i] >= 0 {
			tok += " {[%clk " + clkText(r.Clocks[i]) + "]}"
		}
		if s.ToMove() == games.Second {
			number++
		}
		if line.Len()+len(tok) > 78 {
			b.WriteString(strings.TrimSpace(line.String()) + "\n")
			line.Reset()
		}
		line.WriteString(tok + " ")
		s.Play(m)
	}
	if line.Len()+len(result) > 78 {
		b.WriteString(strings.TrimSpace(line.String()) + "\n")
		line.Reset()
	}
	line.WriteString(result)
	b.WriteString(strings.TrimSpace(line.String()) + "\n")
	return b.String()
}

// clkText writes a clock as PGN's %clk comments do: H:MM:SS, with tenths
// where it has them.
func clkText(d time.Duration) string {
	d = d.Round(100 * time.Millisecond)
	text := fmt.Sprintf("%d:%02d:%02d", int(d/time.Hour), int(d/time.Minute)%60, int(d/time.Second)%60)
	if t := int(d/(100*time.Millisecond)) % 10; t != 0 {
		text += fmt.Sprintf(".%d", t)
	}
	return text
}

// clkComment finds a clock, [%clk H:MM:SS] (seconds with a fraction or
// not), in a comment's text.
var clkComment = regexp.MustCompile(`\[%clk\s+(\d+):([0-5]?\d):([0-5]?\d(?:\.\d+)?)\s*\]`)

// clockOf reads the clock of a comment's text, if it has one.
func clockOf(text string) (time.Duration, bool) {
	m := clkComment.FindStringSubmatch(text)
	if m == nil {
		return 0, false
	}
	h, err1 := strconv.Atoi(m[1])
	min, err2 := strconv.Atoi(m[2])
	sec, err3 := strconv.ParseFloat(m[3], 64)
	if err1 != nil || err2 != nil || err3 != nil || h > 1000 {
		return 0, false
	}
	return time.Duration(h)*time.Hour + time.Duration(min)*time.Minute + time.Duration(sec*float64(time.Second)), true
}

// readMovetext reads a chess game's movetext from lines[from:], as the
// package comment says; a clock comment after a move gives its Clocks.
func (r *Record) readMovetext(name string, lines []string, from int) error {
	s := r.Start.Clone()
	depth := 0               // of nested variations
	comment := 0             // the line a {comment} opened on, 0 outside one
	variation := 0           // the line the outermost variation opened on
	var text strings.Builder // the comment being read
	defer func() {
		for r.Clocks != nil && len(r.Clocks) < len(r.Moves) {
			r.Clocks = append(r.Clocks, -1) // moves after the last clock
		}
	}()
	for i := from; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], "\r")
		if comment == 0 && strings.HasPrefix(line, "%") {
			continue
		}
		if comment > 0 {
			text.WriteByte(' ')
		}
		for j := 0; j < len(line); {
			c := line[j]
			switch {
			case comment > 0:
				if c == '}' {
					comment = 0
					if d, ok := clockOf(text.String()); ok && depth == 0 && len(r.Moves) > 0 {
						for len(r.Clocks) < len(r.Moves) {
							r.Clocks = append(r.Clocks, -1)
						}
						r.Clocks[len(r.Moves)-1] = d
					}
				} else if text.Len() < 4096 {
					text.WriteByte(c)
				}
				j++
				continue
			case c == '{':
				comment = i + 1
				text.Reset()
				j++
				continue
			case c == '}':
				return fmt.Errorf("%s:%d: '}' closes no comment", name, i+1)
			case c == ';':
				j = len(line)
				continue
			case c == '(':
				if depth == 0 {
					variation = i + 1
				}
				depth++
				j++
				continue
			case c == ')':
				if depth == 0 {
					return fmt.Errorf("%s:%d: ')' closes no variation", name, i+1)
				}
				depth--
				j++
				continue
			case c == ' ' || c == '\t' || c == '\v' || c == '\f':
				j++
				continue
			}
			k := j
			for k < len(line) && !strings.ContainsRune(" \t\v\f{};()", rune(line[k])) {
				k++
			}
			tok := line[j:k]
			j = k
			if depth > 0 {
				continue
			}
			if tok[0] == '[' {
				if len(r.Moves) == 0 {
					return fmt.Errorf("%s:%d: %q: a tag after the moves began", name, i+1, tok)
				}
				return nil // the next game's tags
			}
			if tok[0] == '$' {
				continue // a numeric annotation glyph
			}
			if isResult(tok) {
				if err := r.resultAgrees(tok); err != nil {
					return fmt.Errorf("%s:%d: %v", name, i+1, err)
				}
				return r.afterResult(name, lines, i, j)
			}
			// A move number, alone (12. 12...) or glued to the move (12.e4);
			// castling may be written with zeros (0-0).
			if d := len(tok) - len(strings.TrimLeft(tok, "0123456789")); d > 0 && d < len(tok) && tok[d] == '.' {
				tok = strings.TrimLeft(tok[d:], ".")
			}
			if tok == "" {
				continue
			}
			m, err := s.ParseMove(tok)
			if err != nil {
				return fmt.Errorf("%s:%d: ply %d: %v", name, i+1, len(r.Moves)+1, err)
			}
			r.Moves = append(r.Moves, m)
			s.Play(m)
		}
	}
	switch {
	case comment > 0:
		return fmt.Errorf("%s:%d: the comment '{' opened here is not closed", name, comment)

	case depth > 0:
		return fmt.Errorf("%s:%d: the variation '(' opened here is not closed", name, variation)
	}
	return nil
}

// afterResult checks what follows a game's result at lines[i][j:]: nothing
// but blank lines, comments, or the next game's tags.
func (r *Record) afterResult(name string, lines []string, i, j int) error {
	for ; i < len(lines); i, j = i+1, 0 {
		rest := strings.TrimSpace(lines[i][j:])
		switch {
		case rest == "" || rest[0] == ';' || rest[0] == '%' && j == 0:
			continue
		case rest[0] == '[':
			return nil
		}
		return fmt.Errorf("%s:%d: %q after the result", name, i+1, strings.Fields(rest)[0])
	}
	return nil
}
