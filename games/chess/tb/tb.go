// Package tb holds chess endgame tablebases of mcarena's own: distance to
// mate for every position of two kings and one or two other pieces, built
// by retrograde analysis on first use and kept in the user's cache
// directory.
//
// Distance to mate (DTM) is counted in plies: 0 for a side checkmated now, 1
// for a mate in one, and in general a side to move that mates in k moves has
// DTM 2k-1, one that is mated after k of its own moves has DTM 2k. So the
// longest KQK mate, "mate in 10" with White to move, is 19 plies; Black to
// move in the longest loss has 20.
//
// The values are those of the moves alone: the fifty-move rule, repetitions
// and the halfmove clock are not considered (so a mate DTM plies away is a
// draw under the fifty-move rule when the halfmove clock is above 100-DTM
// and neither side resets it), and stalemate is a draw. The oracles tb3 and
// tb4 (oracle.go) therefore prove a win or loss only where the game's rules
// let its mate stand, and give any other hit as the table's value unproven.
// Positions with castling rights are not probed. En passant arises in one
// material, KPvKP, whose table has a second half for the positions right
// after a double step that an en passant capture can answer (see
// generateLocked).
//
// Tables: one per material, named with White's pieces first (KQvK, KBNvK,
// KQvKR), the stronger side as White; a position with the stronger side
// Black is probed mirrored (ranks reversed, colours swapped). A table is a
// plain array of one byte per index (side*slots + slot(white king))*64^(n-1)
// + sq[1]*64^(n-2) + ... + sq[n-1], squares in the order white king, black
// king, White's other pieces, Black's (each side's in the order QRBNP),
// square i being file i%8, rank i/8+1 as in package chess. The white king's
// slot keeps one position of each set of symmetric ones: without pawns the
// king is brought into the triangle a1-d1-d4 (10 slots) by mirroring files,
// ranks and the diagonal, with pawns onto files a-d (32 slots) by mirroring
// files. Indexes of no legal position (two pieces on a square, a pawn on the
// first or last rank, the side not to move in check, a position kept under
// another index) are marked 255, the others hold 0 for a draw and DTM+1
// otherwise. So a table of three pieces has 81,920 entries without a pawn
// and 262,144 with one; of four pieces, 5,242,880 (5 MiB) and 16,777,216
// (16 MiB), KPvKP twice that with its en passant half.
//
// Files: Dir holds a file per table, NAME.mctb: a 32-byte header (the magic
// "MCTB", the format version, the material's name, the data length, a
// CRC-32C of header and data) then the entries. A file whose header,
// length or checksum is wrong is refused, removed and rebuilt, never used.
// Files are written to a temporary name and renamed, so a crash leaves no
// half-written table behind a good name. On Linux files are memory-mapped
// read-only (the checksum is verified once, on loading), elsewhere read.
package tb

import (
	"errors"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"sync"

	"mcarena/games/chess"
)

// Result is a position's value for the side to move.
type Result int8

// The results.
const (
	Loss Result = -1
	Draw Result = 0
	Win  Result = 1
)

func (r Result) String() string {
	switch r {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "draw"
}

// MaxPieces is the largest number of pieces, kings included, the tables
// cover.
const MaxPieces = 4

// Tablebase is a set of tables kept in a directory, loaded or built on
// first use. It is safe for concurrent use.
type Tablebase struct {
	dir string
	// Logf, when set, is told of tables built and files refused.
	Logf func(format string, args ...any)

	mu     sync.RWMutex
	tables map[material]*table
	stats  Stats
}

// Stats counts what a Tablebase has done.
type Stats struct {
	// Loaded counts tables read from files, Built tables generated, Refused
	// files refused as damaged (and rebuilt), Unsaved tables that could not
	// be written (kept in memory).
	Loaded, Built, Refused, Unsaved int
}

type table struct {
	m       material
	data    []byte
	release func() error
}

// Open returns the tablebase kept in dir. Nothing is read until a probe
// needs it.
func Open(dir string) *Tablebase {
	return &Tablebase{dir: dir, tables: map[material]*table{}}
}

// DirEnv names the environment variable that overrides DefaultDir.
const DirEnv = "MCARENA_TB_DIR"

// DefaultDir returns the directory of the default tablebase: $MCARENA_TB_DIR
// when set, else mcarena/tb in the user's cache directory.
func DefaultDir() (string, error) {
	if d := os.Getenv(DirEnv); d != "" {
		return d, nil
	}
	c, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("tablebase directory: %w", err)
	}
	return filepath.Join(c, "mcarena", "tb"), nil
}

var (
	defaultOnce sync.Once
	defaultTB   *Tablebase
	defaultErr  error
)

// Default returns the tablebase of DefaultDir, shared by the process.
func Default() (*Tablebase, error) {
	defaultOnce.Do(func() {
		var dir string
		if dir, defaultErr = DefaultDir(); defaultErr == nil {
			defaultTB = Open(dir)
		}
	})
	return defaultTB, defaultErr
}

// Dir returns the tablebase's directory.
func (t *Tablebase) Dir() string { return t.dir }

// Stats returns the counts so far.
func (t *Tablebase) Stats() Stats {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.stats
}

// Close releases the tables' memory maps; the tablebase may not be probed
// afterwards.
func (t *Tablebase) Close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	var errs []error
	for m, tab := range t.tables {
		if tab.release != nil {
			errs = append(errs, tab.release())
		}
		delete(t.tables, m)
	}
	return errors.Join(errs...)
}

// Probe returns the value of s for the side to move and its distance to
// mate in plies (0 for a draw), building the table it needs if no file
// holds it yet (a 4-piece table takes seconds). ok is false when s has more
// than MaxPieces pieces or castling rights, or when the table cannot be
// built. A position where an en passant capture is legal is read from its
// table's en passant half.
func (t *Tablebase) Probe(s *chess.State) (r Result, dtm int, ok bool) {
	occ := s.Occupied()
	if bits.OnesCount64(occ) > MaxPieces || s.CastlingRights() {
		return Draw, 0, false
	}
	var buf [MaxPieces]placed
	ps := buf[:0]
	for ; occ != 0; occ &= occ - 1 {
		sq := bits.TrailingZeros64(occ)
		l := s.PieceOn(sq)
		c := uint8(0)
		if l >= 'a' {
			c, l = 1, l-('a'-'A')
		}
		k := 0
		for kindLetters[k] != l {
			k++
		}
		ps = append(ps, placed{c, uint8(k), int8(sq)})
	}
	v, err := t.entry(ps, int(s.ToMove()), s.EnPassant() >= 0)
	if err != nil || v == entryIllegal {
		return Draw, 0, false
	}
	return decodeEntry(v)
}

func decodeEntry(v byte) (Result, int, bool) {
	if v == entryDraw {
		return Draw, 0, true
	}
	if d := int(v) - 1; d%2 == 1 {
		return Win, d, true
	} else {
		return Loss, d, true
	}
}

// entry returns the table entry of the position of pieces ps with side to
// move, loading or building the table; ep says an en passant capture is
// legal there.
func (t *Tablebase) entry(ps []placed, side int, ep bool) (byte, error) {
	if len(ps) <= 2 {
		return entryDraw, nil
	}
	m, sq, side := canonical(ps, side)
	t.mu.RLock()
	tab := t.tables[m]
	t.mu.RUnlock()
	if tab == nil {
		var err error
		if tab, err = t.table(m); err != nil {
			return 0, err
		}
	}
	i := m.index(sq, side)
	if ep && m.enPassant() {
		// Squares and side are those of the position: a material with
		// pawns of both colours is never mirrored to make White stronger.
		i += m.size()
	}
	return tab.data[i], nil
}

// Build makes sure the table of a material such as "KQvK" or "KBNvK" (and
// every table it depends on) is in the directory, building it if needed.
func (t *Tablebase) Build(name string) error {
	m, err := parseMaterial(name)
	if err != nil {
		return err
	}
	_, err = t.table(m)
	return err
}

// BuildAll makes sure every table of up to n pieces (n at most MaxPieces)
// is in the directory and loaded, building those that are missing: all 35
// for n = 4, some minutes the first time and a fraction of a second once
// they are on disk.
func (t *Tablebase) BuildAll(n int) error {
	for _, name := range Materials(n) {
		if err := t.Build(name); err != nil {
			return err
		}
	}
	return nil
}

// Materials returns the names of the tables of three to n pieces (n at most
// MaxPieces), the stronger side as White: KQvK ... KPvK, then KQQvK ...
// KPvKP.
func Materials(n int) []string {
	const kinds = "QRBNP"
	var names []string
	if n >= 3 {
		for i := range kinds {
			names = append(names, "K"+kinds[i:i+1]+"vK")
		}
	}
	if n >= 4 {
		for i := range kinds {
			for j := i; j < len(kinds); j++ {
				names = append(names, "K"+kinds[i:i+1]+kinds[j:j+1]+"vK")
			}
		}
		for i := range kinds {
			for j := i; j < len(kinds); j++ {
				names = append(names, "K"+kinds[i:i+1]+"vK"+kinds[j:j+1])
			}
		}
	}
	return names
}

// Probe probes the default tablebase.
func Probe(s *chess.State) (r Result, dtm int, ok bool) {
	t, err := Default()
	if err != nil {
		return Draw, 0, false
	}
	return t.Probe(s)
}

// table returns m's table, loading or building it under the lock.
func (t *Tablebase) table(m material) (*table, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.tableLocked(m)
}

func (t *Tablebase) tableLocked(m material) (*table, error) {
	if tab := t.tables[m]; tab != nil {
		return tab, nil
	}
	if !m.supported() {
		return nil, fmt.Errorf("tablebase %v: not built (more than %d pieces)", m, MaxPieces)
	}
	path := filepath.Join(t.dir, m.String()+".mctb")
	data, release, err := load(path, m)
	switch {
	case err == nil:
		t.stats.Loaded++
		tab := &table{m, data, release}
		t.tables[m] = tab
		return tab, nil
	case !errors.Is(err, os.ErrNotExist):
		t.stats.Refused++
		t.logf("tablebase: refusing %s and rebuilding it: %v", path, err)
		os.Remove(path)
	}
	data, err = t.generateLocked(m)
	if err != nil {
		return nil, err
	}
	t.stats.Built++
	if err := save(path, m, data); err != nil {
		t.stats.Unsaved++
		t.logf("tablebase: %v (kept in memory)", err)
	}
	tab := &table{m: m, data: data}
	t.tables[m] = tab
	return tab, nil
}

func (t *Tablebase) logf(format string, args ...any) {
	if t.Logf != nil {
		t.Logf(format, args...)
	}
}

// entryLocked is entry for the generator, which holds the lock.
func (t *Tablebase) entryLocked(ps []placed, side int) (byte, error) {
	if len(ps) <= 2 {
		return entryDraw, nil
	}
	m, sq, side := canonical(ps, side)
	tab, err := t.tableLocked(m)
	if err != nil {
		return 0, err
	}
	return tab.data[m.index(sq, side)], nil
}
