package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"mcarena/internal/words"
	"mcarena/tournament"
)

// resultsBrowser lists the results files in ResultsDir, newest first; enter
// lists the games of the one chosen.
type resultsBrowser struct {
	files  []string
	cursor int
	err    string
	list   scroller
}

// newResultsBrowser lists the results files, the cursor on the file named
// prefer when there is one (the file of the preset chosen on the preset
// screen, at its budget scale).
func newResultsBrowser(prefer string) *resultsBrowser {
	b := &resultsBrowser{}
	b.files, b.err = readResultsFiles()
	for i, f := range b.files {
		if f == prefer {
			b.cursor = i
		}
	}
	return b
}

// readResultsFiles returns the names of the results files, newest first.
func readResultsFiles() ([]string, string) {
	entries, err := os.ReadDir(ResultsDir)
	if os.IsNotExist(err) {
		return nil, ""
	}
	if err != nil {
		return nil, err.Error()
	}
	type file struct {
		name string
		mod  int64
	}
	var fs []file
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".jsonl") {
			continue
		}
		if info, err := e.Info(); err == nil {
			fs = append(fs, file{e.Name(), info.ModTime().UnixNano()})
		}
	}
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].mod > fs[j].mod })
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.name
	}
	return names, ""
}

func (b *resultsBrowser) keys(e *env) keyHelp { return listHelp(e.keys, "list its games") }

func (b *resultsBrowser) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return b, nil
	}
	switch {
	case matches(k, e.keys.Back):
		return goBack(), nil
	case matches(k, e.keys.Select) && len(b.files) > 0:
		path := filepath.Join(ResultsDir, b.files[b.cursor])
		g, err := newGameList(path)
		if err != nil {
			b.err = err.Error()
			return b, nil
		}
		b.err = ""
		return g, g.verify(e)
	default:
		b.cursor = listKey(e, k, b.cursor, len(b.files), b.list.rows)
	}
	return b, nil
}

// listKey moves a list cursor by ↑/↓, pgup and pgdn.
func listKey(e *env, k tea.KeyMsg, cursor, n, page int) int {
	switch {
	case matches(k, e.keys.ListUp):
		cursor--
	case matches(k, e.keys.ListDown):
		cursor++
	case matches(k, e.keys.PageUp):
		cursor -= max(page, 1)
	case matches(k, e.keys.PageDown):
		cursor += max(page, 1)
	}
	return max(min(cursor, n-1), 0)
}

func (b *resultsBrowser) view(e *env) string {
	st := e.styles
	head := cut(st.Title.Render("Review results")+"  "+st.Subtle.Render(ResultsDir+"/"), e.width) + "\n\n"
	tail := ""
	if b.err != "" {
		tail = "\n" + st.Error.Width(e.width).Render(b.err)
	}
	if len(b.files) == 0 {
		return head + st.Subtle.Width(e.width).Render("no results files yet: a preset run (Run a preset) writes one") + tail
	}
	lines := make([]string, len(b.files))
	for i, f := range b.files {
		if i == b.cursor {
			lines[i] = st.MenuSelected.Render("> " + f)
		} else {
			lines[i] = st.MenuItem.Render(f)
		}
	}
	return head + b.list.render(lines, b.cursor, e.width, e.bodyHeight-2-tailHeight(tail)) + tail
}

func (b *resultsBrowser) statusLine(e *env) string {
	return statusParts(b.list.span(), fmt.Sprintf("%d results files in %s/", len(b.files), ResultsDir))
}

// gameList lists the games of a results file (not the searches of an
// analysis preset); enter reviews the one chosen.
type gameList struct {
	path   string
	recs   []tournament.Record
	cursor int
	err    string
	note   string // a damaged last line, left out
	list   scroller
	// verdict is what verifying the file found ("" while it runs), and
	// wrong each line it found wrong, with the reason.
	verdict string
	wrong   map[int]string
	// checkedPresets says the check had a configuration to compare the
	// records with.
	checkedPresets bool
	// checks numbers the checks started; only the last one's answer is
	// taken.
	checks int
}

// verifiedMsg is the answer of gameList.verify.
type verifiedMsg struct {
	to      *gameList
	check   int
	v       tournament.Verified
	err     error
	presets bool // compared with a configuration's presets
}

// verify replays the games of g's results file under the rules and
// compares each record with its preset in the interface's configuration
// (the rules alone without one), in the background: mcarena verify's
// check. A check started before is superseded: its answer, if it comes,
// is dropped.
func (g *gameList) verify(e *env) tea.Cmd {
	g.checks++
	cfg, path, to, n := e.cfg, g.path, g, g.checks
	return func() tea.Msg {
		v, err := tournament.Verify(path, tournament.NewChecker(cfg))
		return verifiedMsg{to: to, check: n, v: v, err: err, presets: cfg != nil}
	}
}

// reveal implements revealer: a check whose answer reached the screen
// opened above the list (a review) was dropped there, so the list starts
// another when it shows again without a verdict.
func (g *gameList) reveal(e *env) tea.Cmd {
	if g.verdict != "" {
		return nil
	}
	return g.verify(e)
}

// takeVerdict keeps what verifying g's file found.
func (g *gameList) takeVerdict(m verifiedMsg) {
	if m.err != nil {
		g.verdict = "could not verify the file: " + m.err.Error()
		return
	}
	g.wrong, g.checkedPresets = map[int]string{}, m.presets
	for _, p := range m.v.Moved {
		g.wrong[p.Line] = p.Msg
	}
	shown := 0
	for _, r := range g.recs {
		if g.wrong[r.Line] != "" {
			shown++
		}
	}
	checked := m.v.Checked()
	switch {
	case checked == "" && len(m.v.Moved) == 0:
		g.verdict = "verified: the file holds no records"
	case len(m.v.Moved) == 0:
		g.verdict = fmt.Sprintf("verified: %s, every record checked under the rules", checked)
		if len(m.v.Unmatched) == 0 && g.checkedPresets {
			g.verdict += " and against its preset"
		}
	default:
		g.verdict = fmt.Sprintf("%s of the file wrong (%s marked ! here): 'mcarena verify %s' lists them, 'mcarena repair --check %s' sets them aside",
			words.Plural(len(m.v.Moved), "line"), words.Plural(shown, "game"), g.path, g.path)
	}
	for _, u := range m.v.Unmatched {
		g.verdict += fmt.Sprintf("; preset %s: %s, its games checked by the rules alone", u.Preset, u.Why)
	}
}

func newGameList(path string) (*gameList, error) {
	recs, _, tail, err := tournament.ReadResults(path)
	if err != nil {
		return nil, err
	}
	g := &gameList{path: path}
	for _, r := range recs {
		if r.Kind == "" {
			g.recs = append(g.recs, r)
		}
	}
	if tail != nil {
		g.note = fmt.Sprintf("line %d is damaged (a run cut short?) and left out: %s", tail.Line, tail.Msg)
	}
	return g, nil
}

func (g *gameList) keys(e *env) keyHelp { return listHelp(e.keys, "review it") }

func (g *gameList) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	if m, ok := msg.(verifiedMsg); ok {
		if m.to == g && m.check == g.checks {
			g.takeVerdict(m)
		}
		return g, nil
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return g, nil
	}
	switch {
	case matches(k, e.keys.Back):
		return goBack(), nil
	case matches(k, e.keys.Select) && len(g.recs) > 0:
		r, err := recordReview(g.recs[g.cursor], g.path)
		if err != nil {
			g.err = fmt.Sprintf("cannot review line %d: %v", g.recs[g.cursor].Line, err)
			return g, nil
		}
		g.err = ""
		return r, nil
	default:
		g.cursor = listKey(e, k, g.cursor, len(g.recs), g.list.rows)
	}
	return g, nil
}

// gameRows are the games of the list, in aligned columns: the match
// (game, players, budget), the game's number in it (from 1), who moved
// first, the result (on time, when a flag fell), its length and time. A
// game or budget that every one of several rows shares is left out of
// them and returned in common instead, for the list's heading, so that
// narrow terminals keep the columns that differ.
func gameRows(recs []tournament.Record) (rows []string, common string) {
	cols := make([][6]string, len(recs))
	var w [6]int
	for i, r := range recs {
		res := r.Result
		switch {
		case r.Error != "":
			res = "error"
		case r.Reason == tournament.Resignation:
			res += " by resignation"
		case r.Reason != "":
			res += " on time"
		}
		c := [6]string{r.Game, matchPlayers(r), r.BudgetLabel(), fmt.Sprintf("#%d", r.Index+1), r.Names[r.FirstSeat] + " first", res}
		for j, t := range c {
			w[j] = max(w[j], ansi.StringWidth(t))
		}
		cols[i] = c
	}
	shared := [6]bool{}
	var commons []string
	for _, j := range []int{0, 2} {
		shared[j] = len(cols) > 1
		for _, c := range cols {
			shared[j] = shared[j] && c[j] == cols[0][j]
		}
		if shared[j] && cols[0][j] != "" {
			commons = append(commons, cols[0][j])
		}
	}
	rows = make([]string, len(recs))
	for i, r := range recs {
		var parts []string
		for j, t := range cols[i] {
			pad := strings.Repeat(" ", w[j]-ansi.StringWidth(t))
			switch {
			case w[j] == 0, shared[j]: // no budget in the whole file, or one the heading gives
			case j == 3:
				parts = append(parts, pad+t)
			default:
				parts = append(parts, t+pad)
			}
		}
		rows[i] = strings.Join(append(parts, fmt.Sprintf("%4d plies  %6.1fs", r.Plies, r.Seconds)), "  ")
	}
	return rows, strings.Join(commons, "  ")
}

// matchPlayers names a record's players as its match does: "a v b", or
// the one engine of an analysis run.
func matchPlayers(r tournament.Record) string {
	if r.Names[1] == "" {
		return r.Names[0]
	}
	return r.Names[0] + " v " + r.Names[1]
}

func (g *gameList) view(e *env) string {
	st := e.styles
	head := cut(st.Title.Render("Games")+"  "+st.Subtle.Render(g.path), e.width) + "\n\n"
	var tail string
	if g.note != "" {
		tail += "\n" + st.Status.Width(e.width).Render(g.note)
	}
	switch {
	case g.wrong == nil && g.verdict == "":
		tail += "\n" + st.Subtle.Width(e.width).Render("replaying the games under the rules...")
	case len(g.recs) > 0 && g.wrong[g.recs[g.cursor].Line] != "":
		tail += "\n" + st.Error.Width(e.width).Render(fmt.Sprintf("line %d: %s", g.recs[g.cursor].Line, g.wrong[g.recs[g.cursor].Line]))
	}
	if g.verdict != "" {
		tail += "\n" + st.Status.Width(e.width).Render(g.verdict)
	}
	if g.err != "" {
		tail += "\n" + st.Error.Width(e.width).Render(g.err)
	}
	if len(g.recs) == 0 {
		return head + st.Subtle.Render("no games in this file") + tail
	}
	lines, common := gameRows(g.recs)
	if common != "" {
		head = cut(st.Title.Render("Games")+"  "+st.Subtle.Render(g.path+"  (all: "+common+")"), e.width) + "\n\n"
	}
	if len(g.wrong) > 0 {
		for i, r := range g.recs {
			mark := "  "
			if g.wrong[r.Line] != "" {
				mark = "! "
			}
			lines[i] = mark + lines[i]
		}
	}
	for i, l := range lines {
		if i == g.cursor {
			lines[i] = st.MenuSelected.Render("> " + l)
		} else {
			lines[i] = st.MenuItem.Render(l)
		}
	}
	return head + g.list.render(lines, g.cursor, e.width, e.bodyHeight-2-tailHeight(tail)) + tail
}

// tailHeight is the height of the text under a list: none for "".
func tailHeight(tail string) int {
	if tail == "" {
		return 0
	}
	return lipgloss.Height(tail)
}

func (g *gameList) statusLine(e *env) string {
	return statusParts(g.list.span(), words.Plural(len(g.recs), "game"))
}
