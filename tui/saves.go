package tui

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"mcarena/engines"
	"mcarena/games"
	"mcarena/games/pgn"
	"mcarena/internal/words"
)

// SavesDir is where games are saved; the app creates it when missing.
var SavesDir = "saves"

// Autosaves: every game is kept in a file of its own in SavesDir, named by
// the game and the time it was first written
// (autosave-breakthrough-20260102-150405.pgn), rewritten after every move,
// undo and redo; only the newest keepAutosaves files are kept.
const (
	autosavePrefix = "autosave-"
	keepAutosaves  = 10
)

// record builds the save of the game on screen, with the tags the package
// pgn documents: First and Second (who plays each seat, with the budget),
// FirstSpec and SecondSpec (an engine's full spec) and the Seed; under a
// clock, PGN's TimeControl (BASE+INCREMENT in seconds, "300+2"), mcarena's
// Clocks (the time each side has left, "4m58.2s 5m0s"), and for a game
// ended on time Termination "time forfeit" and its Result; for a resigned
// game, Termination "resignation", mcarena's Resigned with the seat that
// resigned (First or Second), and its Result.
func (p *play) record() *pgn.Record {
	r := &pgn.Record{Game: p.g, Start: p.start, Moves: append(p.moves[:0:0], p.moves...)}
	for i, seat := range p.seats {
		tag := pgn.SeatTag(games.Player(i))
		r.Set(tag, seat.text)
		if !seat.human() {
			r.Set(tag+"Spec", seat.engine.Spec())
		}
	}
	r.Set("Date", time.Now().Format("2006.01.02"))
	r.Set("Seed", strconv.FormatUint(p.seed, 10))
	if p.timed() {
		secs := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
		tc := secs(p.control.Base)
		if p.control.Increment > 0 {
			tc += "+" + secs(p.control.Increment)
		}
		r.Set("TimeControl", tc)
		tenths := func(d time.Duration) string { return max(d, 0).Round(100 * time.Millisecond).String() }
		r.Set("Clocks", tenths(p.leftOf(games.First))+" "+tenths(p.leftOf(games.Second)))
		if len(p.leftAt) > len(p.moves) {
			movers, _ := turns(p.start, p.moves)
			for i, who := range movers {
				r.Clocks = append(r.Clocks, p.leftAt[i+1][who]) // chess writes them as %clk comments
			}
		}
		if p.flagged >= 0 {
			r.Set("Termination", "time forfeit")
			r.Set("Result", flagOutcome(p.state, games.Player(p.flagged)).String())
		}
	}
	if p.resigned >= 0 {
		r.Set("Termination", "resignation")
		r.Set("Resigned", pgn.SeatTag(games.Player(p.resigned)))
		r.Set("Result", games.WinFor(games.Player(p.resigned).Other()).String())
	}
	return r
}

// clockOfRecord reads a save's time control and clocks, as record writes
// them: ok is false where the save has no TimeControl of that form (a
// chess save from elsewhere may have another, "40/7200"), and left is
// the full clocks where it has no Clocks.
func clockOfRecord(r *pgn.Record) (tc engines.TimeControl, left [2]time.Duration, ok bool) {
	secs := func(t string) (time.Duration, bool) {
		f, err := strconv.ParseFloat(t, 64)
		if err != nil || f < 0 || f > engines.MaxClock.Seconds() {
			return 0, false
		}
		return time.Duration(f * float64(time.Second)), true
	}
	base, inc, hasInc := strings.Cut(r.Get("TimeControl"), "+")
	if tc.Base, ok = secs(base); !ok || tc.Base == 0 {
		return tc, left, false
	}
	if hasInc {
		if tc.Increment, ok = secs(inc); !ok {
			return tc, left, false
		}
	}
	left = [2]time.Duration{tc.Base, tc.Base}
	if f := strings.Fields(r.Get("Clocks")); len(f) == 2 {
		for i, t := range f {
			if d, err := time.ParseDuration(t); err == nil && d >= 0 {
				left[i] = d
			}
		}
	}
	return tc, left, true
}

// save writes the game to a new file in SavesDir, named by the game and the
// time, with -2, -3... where a file of that name exists (two saves in one
// second, or another mcarena saving into the same folder): a save never
// replaces another.
func (p *play) save() bool {
	base := filepath.Join(SavesDir, p.g.Name()+"-"+time.Now().Format("20060102-150405"))
	path := base + ".pgn"
	for n := 2; ; n++ {
		err := pgn.SaveNew(path, p.record())
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) || n > 1000 {
			p.setStatus("could not save: "+err.Error(), true)
			return false
		}
		path = fmt.Sprintf("%s-%d.pgn", base, n)
	}
	p.unsaved, p.savedAs = false, p.saveKey()
	p.setStatus("saved to "+path, false)
	return true
}

// saveKey says what a save of the game holds that play can change: its
// moves and how it ended off the board (a resignation, a flag fall).
func (p *play) saveKey() string {
	return fmt.Sprint(p.moves, p.resigned, p.flagged)
}

// autosave keeps the game in its own autosave file, made at its first move.
// A failure shows in the status line but does not stop play.
func (p *play) autosave() {
	if !p.autosaving || (len(p.moves) == 0 && p.autosavePath == "") {
		return
	}
	if p.autosavePath == "" {
		p.autosavePath = newAutosavePath(p.g.Name(), time.Now())
		defer pruneAutosaves(p.autosavePath)
	}
	if err := pgn.Save(p.autosavePath, p.record()); err != nil {
		p.setStatus("autosave failed: "+err.Error(), true)
	}
}

// newAutosavePath names a new autosave file for a game of the named kind
// started at t, one that no other game uses.
func newAutosavePath(game string, t time.Time) string {
	base := filepath.Join(SavesDir, autosavePrefix+game+"-"+t.Format("20060102-150405"))
	path := base + ".pgn"
	for n := 2; ; n++ {
		if _, err := os.Lstat(path); os.IsNotExist(err) {
			return path
		}
		path = fmt.Sprintf("%s-%d.pgn", base, n)
	}
}

// autosaves returns the autosave files in SavesDir, newest first.
func autosaves() []string {
	var out []string
	for _, f := range listSaves() {
		if strings.HasPrefix(f, autosavePrefix) {
			out = append(out, filepath.Join(SavesDir, f))
		}
	}
	return out
}

// pruneAutosaves removes all but the newest keepAutosaves autosaves, never
// keep, the file of the game in progress.
func pruneAutosaves(keep string) {
	n := 1
	for _, f := range autosaves() {
		if f == keep {
			continue
		}
		if n++; n > keepAutosaves {
			os.Remove(f)
		}
	}
}

// listSaves returns the names of the saves in SavesDir, newest first.
func listSaves() []string {
	names, _ := readSaves()
	return names
}

func readSaves() ([]string, error) {
	entries, err := os.ReadDir(SavesDir)
	if os.IsNotExist(err) {
		err = nil
	}
	type file struct {
		name string
		mod  time.Time
	}
	var fs []file
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".pgn") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		fs = append(fs, file{e.Name(), info.ModTime()})
	}
	sort.SliceStable(fs, func(i, j int) bool {
		if !fs[i].mod.Equal(fs[j].mod) {
			return fs[i].mod.After(fs[j].mod)
		}
		return fs[i].name > fs[j].name
	})
	var names []string
	for _, f := range fs {
		names = append(names, f.name)
	}
	return names, err
}

// loadGame opens the save at path on the play screen.
func loadGame(e *env, path string) (*play, error) {
	r, err := pgn.Load(path)
	if err != nil {
		return nil, err
	}
	p := loadedPlay(e, r)
	if strings.HasPrefix(filepath.Base(path), autosavePrefix) {
		p.autosavePath = path // a resumed game goes on in its own file
	}
	return p, nil
}

// browser lists the saves, newest first, each with who played, the
// result and the moves, and loads the one chosen.
type browser struct {
	files  []string
	notes  []string // what each file holds, or why it cannot be read
	cursor int
	err    string
	list   scroller
}

func newBrowser(e *env) *browser {
	b := &browser{}
	b.reload(e)
	return b
}

// reload reads the list of saves again, and each save that changed since
// it was last described.
func (b *browser) reload(e *env) {
	files, err := readSaves()
	b.files, b.err = files, ""
	if err != nil {
		b.err = err.Error()
	}
	b.notes = make([]string, len(files))
	for i, f := range files {
		b.notes[i] = e.notes.note(filepath.Join(SavesDir, f))
	}
	b.cursor = min(b.cursor, max(len(b.files)-1, 0))
}

// noteCache keeps saveNote's description of each save with the size and
// modification time it was read at.
type noteCache map[string]cachedNote

type cachedNote struct {
	size int64
	mod  time.Time
	note string
}

// note is saveNote of path, read again only when the file's size or
// modification time has changed (or it cannot be looked at) since the
// last read.
func (c *noteCache) note(path string) string {
	info, err := os.Stat(path)
	if err != nil {
		return saveNote(path)
	}
	if n, ok := (*c)[path]; ok && n.size == info.Size() && n.mod.Equal(info.ModTime()) {
		return n.note
	}
	note := saveNote(path)
	if *c == nil {
		*c = noteCache{}
	}
	(*c)[path] = cachedNote{info.Size(), info.ModTime(), note}
	return note
}

// saveNote says what a save holds, "White human, Black uct · 1-0 · 42
// moves", or why it cannot be read (as loading it would say).
func saveNote(path string) string {
	r, err := pgn.Load(path)
	if err != nil {
		return "cannot be read: " + strings.TrimPrefix(err.Error(), path+": ")
	}
	names := r.Game.PlayerNames()
	var seats [2]string
	for p := range seats {
		text, _ := r.Player(games.Player(p))
		seats[p] = names[p] + " " + cmp.Or(text, "?")
	}
	return fmt.Sprintf("%s, %s · %s · %s", seats[0], seats[1], cmp.Or(r.Get("Result"), "*"), movesOf(r.Game, len(r.Moves)))
}

// reveal rereads the saves when a game loaded from the list is left.
func (b *browser) reveal(e *env) tea.Cmd {
	b.reload(e)
	return nil
}

func (b *browser) keys(e *env) keyHelp { return listHelp(e.keys, "load") }

func (b *browser) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return b, nil
	}
	switch {
	case matches(k, e.keys.Back):
		return goBack(), nil
	case matches(k, e.keys.ListUp) && b.cursor > 0:
		b.cursor--
	case matches(k, e.keys.ListDown) && b.cursor < len(b.files)-1:
		b.cursor++
	case matches(k, e.keys.PageUp):
		b.cursor = max(b.cursor-max(b.list.rows, 1), 0)
	case matches(k, e.keys.PageDown):
		b.cursor = max(min(b.cursor+max(b.list.rows, 1), len(b.files)-1), 0)
	case matches(k, e.keys.Select) && len(b.files) > 0:
		p, err := loadGame(e, filepath.Join(SavesDir, b.files[b.cursor]))
		if err != nil {
			b.err = "refused: " + err.Error()
			return b, nil
		}
		return p, p.next(e)
	}
	return b, nil
}

// loadedPlay opens a saved game: its moves, its seed, and its players with
// their budgets where an engine can still be built, from its name in the
// configuration or else from the spec the save recorded (humans otherwise).
func loadedPlay(e *env, r *pgn.Record) *play {
	names := r.Game.PlayerNames()
	var seats [2]player
	var lost []string
	for i := range seats {
		text, spec := r.Player(games.Player(i))
		seat, err := loadPlayer(e, r.Game, text, spec)
		if err != nil {
			seat = player{text: "human"}
			lost = append(lost, names[i]+" "+text)
		}
		seats[i] = seat
	}
	p := newPlay(r.Game, r.Start, seats)
	badSeed := ""
	if text := r.Get("Seed"); text != "" {
		if seed, err := strconv.ParseUint(text, 10, 64); err == nil {
			p.seed = seed
		} else {
			badSeed = text // the engines then search from the seed newPlay drew
		}
	}
	p.autosaving = false // replaying is not playing
	for _, m := range r.Moves {
		p.playMove(m)
	}
	p.autosaving = true
	p.unsaved = false
	if tc, left, ok := clockOfRecord(r); ok {
		p.setControl(tc)
		p.left = left
		// Undo goes back to the clocks after each move where the save
		// has them (chess's %clk comments), else to the clocks saved.
		for i := range p.leftAt {
			p.leftAt[i] = left
		}
		if len(r.Clocks) == len(p.moves) && !slices.Contains(r.Clocks, -1) {
			movers, _ := turns(p.start, p.moves)
			p.leftAt[0] = [2]time.Duration{tc.Base, tc.Base}
			for i, who := range movers[:max(len(movers)-1, 0)] {
				p.leftAt[i+1] = p.leftAt[i]
				p.leftAt[i+1][who] = r.Clocks[i]
			}
		}
		if r.Get("Termination") == "time forfeit" && !p.state.Terminal() {
			p.flagged = int(p.state.ToMove())
		}
	}
	if r.Get("Termination") == "resignation" && !p.state.Terminal() {
		p.resigned = int(resignedOf(r, p.state.ToMove()))
	}
	// Paused even when the game is over: an undo must not set an engine
	// thinking on its own.
	p.paused = !seats[0].human() || !seats[1].human()
	p.clocks, p.turnFrom = [2]time.Duration{}, time.Time{} // replaying took no one's time
	p.startClock()
	status := "loaded " + movesOf(r.Game, len(r.Moves))
	if p.paused && !p.over() {
		status += "; engines paused (ctrl+p resumes)"
	}
	if len(lost) > 0 {
		status += "; played by humans now: " + strings.Join(lost, ", ")
	}
	if badSeed != "" {
		status += fmt.Sprintf("; its Seed tag %q is no whole number from 0 to 2^64-1, so the engines search from a new seed", badSeed)
	}
	p.setStatus(status, false)
	p.savedAs = p.saveKey()
	return p
}

// movesOf counts n moves of a game as its players do: plies in chess, where
// a move is White's and Black's together, moves elsewhere.
func movesOf(g games.Game, n int) string {
	if g.Name() != "chess" {
		return words.Plural(n, "move")
	}
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

// loadPlayer rebuilds a saved seat: its text ("uct 1s"), or, when the
// configuration no longer knows the engine's name, its recorded spec with
// the same budget.
func loadPlayer(e *env, g games.Game, text, spec string) (player, error) {
	seat, err := parsePlayer(e.cfg, text, g)
	if err == nil || spec == "" {
		return seat, err
	}
	f := strings.Fields(text)
	again := spec
	if len(f) == 2 {
		again += " " + f[1]
	}
	if seat, err2 := parsePlayer(e.cfg, again, g); err2 == nil {
		seat.text = text
		return seat, nil
	}
	return seat, err
}

func (b *browser) view(e *env) string {
	var s strings.Builder
	s.WriteString(cut(e.styles.Title.Render("Load game")+"  "+e.styles.Subtle.Render(elidePath(SavesDir+"/", e.width-len("Load game  "))), e.width) + "\n\n")
	errText, errH := "", 0
	if b.err != "" {
		errText = "\n" + e.styles.Error.Width(e.width).Render(b.err)
		errH = lipgloss.Height(errText)
	}
	if len(b.files) == 0 {
		s.WriteString(e.styles.Subtle.Render("no saved games yet (ctrl+w saves the game on screen)") + "\n")
	}
	lines := make([]string, len(b.files))
	for i, f := range b.files {
		if i == b.cursor {
			lines[i] = e.styles.MenuSelected.Render("> " + f)
		} else {
			lines[i] = e.styles.MenuItem.Render(f)
		}
		lines[i] = cut(lines[i]+"  "+e.styles.Subtle.Render(b.notes[i]), e.width)
	}
	if len(lines) > 0 {
		s.WriteString(b.list.render(lines, b.cursor, e.width, e.bodyHeight-2-errH))
	}
	s.WriteString(errText)
	return s.String()
}

// statusLine says how many saves there are, where, and which are shown.
func (b *browser) statusLine(e *env) string {
	return statusParts(b.list.span(), words.Plural(len(b.files), "save")+" in "+SavesDir+"/")
}

// resignedOf is the seat that resigned a saved game: its Resigned tag, else
// the loser of a decisive Result (a chess save from elsewhere), else the
// side to move, toMove (saves written before the tag, where only engines
// resigned, on their turn).
func resignedOf(r *pgn.Record, toMove games.Player) games.Player {
	for _, p := range []games.Player{games.First, games.Second} {
		if r.Get("Resigned") == pgn.SeatTag(p) {
			return p
		}
	}
	switch r.Get("Result") {
	case games.WinFor(games.First).String():
		return games.Second
	case games.WinFor(games.Second).String():
		return games.First
	}
	return toMove
}
