// Package pgn reads and writes saved games in a PGN-style text: tag pairs,
// then the moves in the game's own notation. Chess saves are standard PGN.
//
//	[Game "breakthrough:size=6x6"]
//	[First "human"]
//	[Second "uct 1s"]
//	[SecondSpec "uct:c=0.4"]
//	[Date "2026.11.25"]
//	[Seed "12345"]
//	[Result "*"]
//
//	1. a2-a3 b5-b4 2. c2-c3 *
//
// Required tags: Game (a registry spec). Optional: Position (the start, in
// the game's position text, when it is not the game's start), Result (1-0,
// 0-1, 1/2-1/2 or * for an unfinished game), and any others, kept as they
// are. Tags the terminal UI writes and reads back when it loads a game:
// First and Second, who plays each seat ("human", or an engine, a name from
// config.toml or a spec, then its budget: "uct 1s", "nmcd1 states=5000");
// FirstSpec and SecondSpec, the full spec of a seat's engine, used when the
// configuration no longer knows the engine's name; Seed, the game's seed,
// from which every engine search of the game takes its own. Record.Player
// reads a seat, also from the tags of older saves (WhitePlayer, SouthPlayer:
// the game's name of the player, then "Player").
//
// Chess games are standard PGN (the PGN Standard of 1994, "export format"),
// so that other chess programs read them:
//
//	[Event "?"]
//	[Site "?"]
//	[Date "2026.11.25"]
//	[Round "-"]
//	[White "human"]
//	[Black "uct 1s"]
//	[Result "*"]
//	[Game "chess"]
//	[First "human"]
//	[Second "uct 1s"]
//	[SecondSpec "uct"]
//	[Seed "12345"]
//
//	1. e4 e5 2. Nf3 *
//
// The Seven Tag Roster comes first, in its order: Event, Site, Date, Round,
// White, Black, Result, each "?" (Round "-", Date "????.??.??") when the
// record does not set it, White and Black the seats' players (the First and
// Second tags) unless the record sets them. A game that does not start from
// the start position has [SetUp "1"] and [FEN "..."]. mcarena's own tags
// follow. The moves are in SAN with move numbers, which continue the FEN's
// move number, "N..." before a first move of Black. The result is the
// rules' where the game ended by them, else the Result tag's (a game
// resigned, drawn by agreement or lost on time), else "*". A game played
// under a clock has the mover's clock after each move in a comment, as
// chess servers write it: 1. e4 {[%clk 0:04:58]} e5 {[%clk 0:04:59.5]}
// (Record.Clocks).
//
// Reading takes any export- or import-format PGN: a file without a Game tag
// but with one of the roster's tags or a FEN is chess; the start is the FEN
// tag's, else the Position tag's; comments ({...} and ; to the end of the
// line), numeric annotation glyphs ($n), variations ((...), nested), escape
// lines (% in the first column) and move numbers, also glued to a move
// (1.e4), are skipped, but for the clock a comment gives after a move
// ([%clk H:MM:SS], among other commands or words); moves in SAN or in UCI's long algebraic notation.
// Reading stops at the first game's end.
//
// Move numbers count the first player's moves; a game whose turns do not
// alternate (Kalah's extra moves) lists a player's consecutive moves one after
// the other. Reading checks every move against the rules and refuses a file
// with an error that names its line.
package pgn

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"mcarena/games"
	"mcarena/internal/durable"
)

// Tag is one tag pair.
type Tag struct{ Name, Value string }

// Record is a saved game.
type Record struct {
	Tags  []Tag
	Game  games.Game
	Start games.State
	Moves []games.Move
	// Clocks holds, for a chess game played under a clock, the mover's
	// clock after each move, Clocks[i] after Moves[i], written and read as
	// PGN's clock comments ({[%clk 0:04:58]}); nil for a game without, and
	// -1 for a move whose comments give none.
	Clocks []time.Duration
}

// Get returns a tag's value.
func (r *Record) Get(name string) string {
	for _, t := range r.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// Set sets a tag, adding it if missing.
func (r *Record) Set(name, value string) {
	for i := range r.Tags {
		if r.Tags[i].Name == name {
			r.Tags[i].Value = value
			return
		}
	}
	r.Tags = append(r.Tags, Tag{name, value})
}

// SeatTag is the tag naming who plays seat p: "First" or "Second". The
// seat's engine spec is in SeatTag(p)+"Spec".
func SeatTag(p games.Player) string {
	if p == games.First {
		return "First"
	}
	return "Second"
}

// Player returns who plays seat p ("human", "uct 1s") and the full spec of
// its engine, if the save names one: from the First and Second tags, or
// from the game's own player names in older saves ([WhitePlayer "human"],
// [BlackSpec "uct"]).
func (r *Record) Player(p games.Player) (text, spec string) {
	tag := SeatTag(p)
	if text = r.Get(tag); text != "" {
		return text, r.Get(tag + "Spec")
	}
	if r.Game != nil {
		name := r.Game.PlayerNames()[p]
		return r.Get(name + "Player"), r.Get(name + "Spec")
	}
	return "", ""
}

// End returns the position after all moves.
func (r *Record) End() games.State {
	s := r.Start.Clone()
	for _, m := range r.Moves {
		s.Play(m)
	}
	return s
}

// Format writes the record's text. The Game and Result tags are set from the
// game and its position.
func Format(r *Record) string {
	if r.Game.Name() == "chess" {
		return formatChess(r)
	}
	end := r.End()
	result := "*"
	switch {
	case end.Terminal():
		result = end.Outcome().String()
	case endedOffTheBoard(r) && isResult(r.Get("Result")):
		result = r.Get("Result")
	}
	r.Set("Game", r.Game.Spec())
	r.Set("Result", result)
	if start := r.Start.String(); start != r.Game.NewState().String() {
		r.Set("Position", start)
	}
	var b strings.Builder
	// Game first, Result last, the rest as given.
	fmt.Fprintf(&b, "[Game %q]\n", r.Get("Game"))
	for _, t := range r.Tags {
		if t.Name != "Game" && t.Name != "Result" {
			fmt.Fprintf(&b, "[%s %q]\n", t.Name, t.Value)
		}
	}
	fmt.Fprintf(&b, "[Result %q]\n\n", result)
	s := r.Start.Clone()
	var line strings.Builder
	number := 1
	prev := games.Second
	for i, m := range r.Moves {
		var tok string
		switch {
		case s.ToMove() == games.First && (i == 0 || prev == games.Second):
			tok = fmt.Sprintf("%d. ", number)
			number++
		case i == 0:
			tok = fmt.Sprintf("%d... ", number)
			number++
		}
		tok += s.MoveString(m)
		if line.Len()+len(tok) > 78 {
			b.WriteString(strings.TrimSpace(line.String()) + "\n")
			line.Reset()
		}
		line.WriteString(tok + " ")
		prev = s.ToMove()
		s.Play(m)
	}
	line.WriteString(result)
	b.WriteString(strings.TrimSpace(line.String()) + "\n")
	return b.String()
}

var (
	tagLine   = regexp.MustCompile(`^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]$`)
	moveIndex = regexp.MustCompile(`^\d+\.(\.\.)?$`)
)

// Parse reads a saved game; name labels errors ("saves/x.pgn"). A chess
// game is read as standard PGN (see the package comment); a file of several
// games gives its first.
func Parse(name, text string) (*Record, error) {
	text = strings.TrimPrefix(text, "\ufeff") // a byte-order mark some editors write
	r := &Record{}
	lines := strings.Split(text, "\n")
	i := 0
	escape := -1 // the first escape line (PGN's '%'), while no tag is read
	for ; i < len(lines); i++ {
		text := strings.TrimSpace(lines[i])
		if text == "" || strings.HasPrefix(text, ";") {
			continue
		}
		if strings.HasPrefix(lines[i], "%") {
			if escape < 0 && len(r.Tags) == 0 {
				escape = i
			}
			continue
		}
		if !strings.HasPrefix(text, "[") {
			break
		}
		m := tagLine.FindStringSubmatch(text)
		if m == nil {
			return nil, fmt.Errorf("%s:%d: %q is not a tag like [Name \"value\"]", name, i+1, text)
		}
		v := strings.ReplaceAll(strings.ReplaceAll(m[2], `\"`, `"`), `\\`, `\`)
		r.Tags = append(r.Tags, Tag{m[1], v})
	}
	spec := r.Get("Game")
	if spec == "" && isChessPGN(r) {
		spec = "chess"
	}
	if spec == "" {
		if len(r.Tags) == 0 && escape >= 0 {
			i = escape // not PGN's escape, the file's first line
		}
		if i < len(lines) {
			return nil, fmt.Errorf("%s:%d: no [Game \"...\"] tag before the moves: not an mcarena save", name, i+1)
		}
		return nil, fmt.Errorf("%s: no [Game \"...\"] tag: not an mcarena save", name)
	}
	g, err := games.New(spec)
	if err != nil {
		return nil, fmt.Errorf("%s: Game tag: %w", name, err)
	}
	r.Game, r.Start = g, g.NewState()
	chess := g.Name() == "chess"
	if !chess && r.Get("FEN") != "" {
		return nil, fmt.Errorf("%s: a FEN tag in a save of %s: only chess has FEN; the other games keep their start in a Position tag", name, g.Name())
	}
	posTag := "Position"
	if chess && r.Get("FEN") != "" {
		posTag = "FEN"
	}
	if pos := r.Get(posTag); pos != "" {
		if r.Start, err = g.ParsePosition(pos); err != nil {
			return nil, fmt.Errorf("%s: %s tag: %w", name, posTag, err)
		}
	}
	if res := r.Get("Result"); res != "" && !isResult(res) {
		return nil, fmt.Errorf("%s: the Result tag says %q, which is no result: want 1-0, 0-1, 1/2-1/2 or *", name, res)
	}
	if chess {
		err = r.readMovetext(name, lines, i)
	} else {
		err = r.readMoves(name, lines, i)
	}
	if err != nil {
		return nil, err
	}
	if res := r.Get("Result"); res != "" && res != "*" {
		end := r.End()
		// A chess game may end without a rule deciding it: by resignation,
		// agreement or time.
		if end.Terminal() && end.Outcome().String() != res || !end.Terminal() && !((chess || endedOffTheBoard(r)) && isResult(res)) {
			return nil, fmt.Errorf("%s: the Result tag says %s but the moves do not end so", name, res)
		}
	}
	return r, nil
}

// endedOffTheBoard reports whether a record says its game ended by a flag
// fall or a resignation (mcarena's Termination tags), so that its Result
// stands though the position goes on.
func endedOffTheBoard(r *Record) bool {
	t := r.Get("Termination")
	return t == "time forfeit" || t == "resignation"
}

// resultAgrees checks the result that ends the movetext against the Result
// tag, which PGN requires to be the same.
func (r *Record) resultAgrees(tok string) error {
	if tag := r.Get("Result"); tag != "" && tag != tok {
		return fmt.Errorf("the moves end with %s but the Result tag says %s", tok, tag)
	}
	return nil
}

// isResult reports whether t is a game's result as PGN writes it.
func isResult(t string) bool {
	return t == "*" || t == "1-0" || t == "0-1" || t == "1/2-1/2"
}

// readMoves reads the moves of a game other than chess from lines[from:]:
// move numbers, moves in the game's notation and the result, with lines
// starting with ';' skipped.
func (r *Record) readMoves(name string, lines []string, from int) error {
	s := r.Start.Clone()
	resultSeen := false
	for i := from; i < len(lines); i++ {
		text := strings.TrimSpace(lines[i])
		if text == "" || strings.HasPrefix(text, ";") {
			continue
		}
		for _, tok := range strings.Fields(text) {
			switch {
			case resultSeen:
				return fmt.Errorf("%s:%d: %q after the result", name, i+1, tok)
			case moveIndex.MatchString(tok):
				continue
			case isResult(tok):
				if err := r.resultAgrees(tok); err != nil {
					return fmt.Errorf("%s:%d: %v", name, i+1, err)
				}
				resultSeen = true
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
	return nil
}

// MaxSize bounds a save file. The longest game of any registered game takes
// a few kilobytes; a larger file is not a save.
const MaxSize = 1 << 20

// Load reads a saved game from a file. It reads only a regular file of at
// most MaxSize bytes and refuses anything else with the reason, before
// reading: a named pipe would block the reader forever, and a link to a
// device such as /dev/zero would fill memory.
func Load(path string) (*Record, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkFile(path, fi); err != nil {
		return nil, err
	}
	// Opened without blocking: should a pipe have replaced the file since
	// the check, opening it must not wait for a writer.
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := checkFile(path, fi); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("%s: larger than %d bytes (it grew while read): not a save", path, MaxSize)
	}
	return Parse(path, string(data))
}

// checkFile refuses what is not a regular file of at most MaxSize bytes.
func checkFile(path string, fi os.FileInfo) error {
	m := fi.Mode()
	switch {
	case m&os.ModeNamedPipe != 0:
		return fmt.Errorf("%s is a named pipe (FIFO), not a regular file: not a save", path)
	case m&os.ModeDevice != 0:
		return fmt.Errorf("%s is a device, not a regular file: not a save", path)
	case m&os.ModeSocket != 0:
		return fmt.Errorf("%s is a socket, not a regular file: not a save", path)
	case m.IsDir():
		return fmt.Errorf("%s is a directory: not a save", path)
	case !m.IsRegular():
		return fmt.Errorf("%s is not a regular file (%v): not a save", path, m.Type())
	case fi.Size() > MaxSize:
		return fmt.Errorf("%s: %d bytes, larger than a save can be (%d bytes, 1 MiB)", path, fi.Size(), MaxSize)
	}
	return nil
}

// Save writes a record to path atomically: to a temporary file in the same
// folder, synced, then renamed over path, and the folder synced, so that a
// crash leaves the old file or the new one, never half of one, and a save
// that returned is on the disk.
func Save(path string, r *Record) error { return save(path, r, true) }

// SaveNew writes a record to path as Save does, but only as a new file: if
// path exists, it is left as it is and the error satisfies
// errors.Is(err, fs.ErrExist), so two saves that pick one name at once
// cannot overwrite each other. The file appears whole (a hard link to the
// synced temporary file), or where the file system has no hard links, empty
// for the moment before the rename that fills it.
func SaveNew(path string, r *Record) error { return save(path, r, false) }

func save(path string, r *Record, replace bool) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".save-*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp) // no-op after the rename
	if _, err := f.WriteString(Format(r)); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if !replace {
		return durable.Publish(tmp, path)
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	return durable.SyncDir(dir)
}
