package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"mcarena/games/pgn"
)

// SavesDir is where games are saved; the app creates it when missing.
var SavesDir = "saves"

// autosaveName is the file the game in progress is kept in after every move.
const autosaveName = "autosave.pgn"

// record builds the save of the game on screen.
func (p *play) record() *pgn.Record {
	r := &pgn.Record{Game: p.g, Start: p.start, Moves: append(p.moves[:0:0], p.moves...)}
	names := p.g.PlayerNames()
	for i, seat := range p.seats {
		r.Set(names[i]+"Player", seat.text)
		if !seat.human() {
			r.Set(names[i]+"Spec", seat.engine.Spec())
		}
	}
	r.Set("Date", time.Now().Format("2006.01.02"))
	r.Set("Seed", fmt.Sprint(p.seed))
	return r
}

// save writes the game to a new file in SavesDir.
func (p *play) save() {
	name := fmt.Sprintf("%s-%s.pgn", p.g.Name(), time.Now().Format("20060102-150405"))
	path := filepath.Join(SavesDir, name)
	if err := pgn.Save(path, p.record()); err != nil {
		p.setStatus("could not save: "+err.Error(), true)
		return
	}
	p.setStatus("saved to "+path, false)
}

// autosave keeps the game in progress in SavesDir/autosave.pgn. A failure
// shows in the status line but does not stop play.
func (p *play) autosave() {
	if len(p.moves) == 0 {
		return
	}
	if err := pgn.Save(filepath.Join(SavesDir, autosaveName), p.record()); err != nil {
		p.setStatus("autosave failed: "+err.Error(), true)
	}
}

// browser lists the saves, newest first, and loads the one chosen.
type browser struct {
	files  []string
	cursor int
	err    string
}

func newBrowser() *browser {
	b := &browser{}
	entries, err := os.ReadDir(SavesDir)
	if err != nil && !os.IsNotExist(err) {
		b.err = err.Error()
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
	sort.Slice(fs, func(i, j int) bool { return fs[i].mod.After(fs[j].mod) })
	for _, f := range fs {
		b.files = append(b.files, f.name)
	}
	return b
}

func (b *browser) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return b, nil
	}
	switch {
	case key.Matches(k, e.keys.Back):
		return newMenu(), nil
	case key.Matches(k, e.keys.Up) && b.cursor > 0:
		b.cursor--
	case key.Matches(k, e.keys.Down) && b.cursor < len(b.files)-1:
		b.cursor++
	case key.Matches(k, e.keys.Select) && len(b.files) > 0:
		path := filepath.Join(SavesDir, b.files[b.cursor])
		r, err := pgn.Load(path)
		if err != nil {
			b.err = "refused: " + err.Error()
			return b, nil
		}
		p := loadedPlay(e, r)
		return p, p.next(e)
	}
	return b, nil
}

// loadedPlay opens a saved game: its moves, and its players where the
// configuration still knows their engines (humans otherwise).
func loadedPlay(e *env, r *pgn.Record) *play {
	names := r.Game.PlayerNames()
	var seats [2]player
	var lost []string
	for i := range seats {
		text := r.Get(names[i] + "Player")
		seat, err := parsePlayer(e.cfg, text, r.Game)
		if err != nil {
			seat = player{text: "human"}
			lost = append(lost, names[i]+" "+text)
		}
		seats[i] = seat
	}
	p := newPlay(r.Game, r.Start, seats)
	p.autosaving = false // replaying is not playing
	for _, m := range r.Moves {
		p.playMove(m)
	}
	p.autosaving = true
	p.paused = !p.state.Terminal() && (!seats[0].human() || !seats[1].human())
	status := fmt.Sprintf("loaded %d moves", len(r.Moves))
	if p.paused {
		status += "; engines paused (ctrl+p resumes)"
	}
	if len(lost) > 0 {
		status += "; played by humans now: " + strings.Join(lost, ", ")
	}
	p.setStatus(status, false)
	return p
}

func (b *browser) view(e *env) string {
	var s strings.Builder
	s.WriteString(e.styles.Title.Render("Load game") + "  " + e.styles.Subtle.Render(SavesDir+"/") + "\n\n")
	if len(b.files) == 0 {
		s.WriteString(e.styles.Subtle.Render("no saved games yet (ctrl+w saves the game on screen)") + "\n")
	}
	for i, f := range b.files {
		if i == b.cursor {
			s.WriteString(e.styles.MenuSelected.Render("> "+f) + "\n")
		} else {
			s.WriteString(e.styles.MenuItem.Render(f) + "\n")
		}
	}
	if b.err != "" {
		s.WriteString("\n" + e.styles.Error.Render(b.err) + "\n")
	}
	return s.String()
}
