// Package chess implements chess on bitboards under the FIDE Laws of Chess,
// with the draws a program can rule on by itself made automatic.
//
// Rules: every legal move, castling (not out of, through or into check; the
// king and rook unmoved, the squares between empty), en passant (only on the
// move right after the double step, and not when it exposes the king, also
// along the rank both pawns leave), promotion to queen, rook, bishop or
// knight. A player in check with no legal move is checkmated and loses; a
// player not in check with none is stalemated: a draw. mcarena's readings of
// the draws, all applied at once, without a claim:
//
//   - fifty-move rule: a position whose halfmove clock (plies since the last
//     capture or pawn move) reaches 100 is drawn, unless the move that made
//     it 100 mated (checkmate comes first);
//   - threefold repetition: a position that occurs for the third time is
//     drawn, positions being the same when the same player is to move with
//     the same pieces on the same squares, the same castling rights and the
//     same en passant capture possible;
//   - insufficient material: a position with no pawn, rook or queen and at
//     most one knight or bishop on the board (K v K, K+N v K, K+B v K), or
//     with bishops only, all on squares of one colour (K+B v K+B with
//     same-coloured bishops and the like), is drawn: no sequence of moves
//     can mate there;
//   - maxplies=N (mcarena's rule, off by default): a game that reaches ply N,
//     counting plies from the start of the game as the FEN move number gives
//     them, is drawn. Random games end without it: by the fifty-move rule, if
//     by nothing else, after at most about 6000 moves; a uniform random game
//     from the start lasts about 340 plies (the longest of 20,000 seeded
//     games, 856), and ends by dead material in 54% of games, the fifty-move
//     rule 22%, checkmate 15%, stalemate 6% and repetition 3%.
//
// draws=stockfish (a reading, off by default) rules on the draws as
// Stockfish 2.2.2's Position::is_draw did, the test the Monte Carlo chess
// thesis' engine MCC, built on that Stockfish, would have made for its
// Algorithm 7.4's isMateOrDraw (the thesis does not print the function):
//
//   - repetition: a position that occurs for the second time since the last
//     irreversible move is drawn (is_draw compares the position with those
//     4, 6, 8... plies back, within the halfmove clock);
//   - material: a position with no pawn and at most one knight or bishop
//     (the non-pawn material of both sides together at most a bishop's) is
//     drawn; bishops on one colour are not (K+B v K+B plays on, to the
//     fifty-move rule, a repetition or the capture of a bishop);
//   - the fifty-move rule as above, on Stockfish's clock, which castling
//     resets too (its do_castle_move sets rule50 to 0); the halfmove clock
//     a FEN writes is that clock;
//   - stalemate, checkmate and maxplies as above.
//
// Stockfish's hash holds an en passant square whenever a pawn of the side
// to move attacks it, an illegal capture too, where mcarena's holds only a
// legal one (String writes only a legal one; ParsePosition reads the
// other too and drops it). Under these draws the repetition history keeps
// Stockfish's key, so that a position right after such a double step (or
// read from such a FEN) and the same position reached again by reversible
// moves are two positions, as in Stockfish.
//
// Repetition history: a State keeps the Zobrist hashes of the positions since
// the last irreversible move (a capture, a pawn move or a change of castling
// rights; none of these positions can occur again), at most 100 since the
// halfmove clock bounds them, in a fixed array copied with the state. A
// position read from FEN has no history: FEN holds none, so a repetition
// counts from there, and a position drawn by repetition reads back from its
// FEN as a game in progress. Hashes stand for positions: two positions
// sharing a 64-bit hash would be taken for a repetition, about once in 10^15
// random games (some 17,000 comparisons each).
//
// Board: square i is file i%8 (a..h), rank i/8+1, as games.Chess draws it:
//
//	8  56 57 58 59 60 61 62 63      r n b q k b n r
//	7  48 49 50 51 52 53 54 55      p p p p p p p p
//	6  40 41 42 43 44 45 46 47      . . . . . . . .
//	5  32 33 34 35 36 37 38 39      . . . . . . . .
//	4  24 25 26 27 28 29 30 31      . . . . . . . .
//	3  16 17 18 19 20 21 22 23      . . . . . . . .
//	2   8  9 10 11 12 13 14 15      P P P P P P P P
//	1   0  1  2  3  4  5  6  7      R N B Q K B N R
//	    a  b  c  d  e  f  g  h      (the start; White, the first player, below)
//
// Bitboards hold bit i for square i: one per colour and piece type.
//
// Moves: a move below 4096 is from + 64*to; a pawn reaching the last rank so
// promotes to a queen, and castling is the king's move of two squares (e1g1).
// Promotions to a knight, bishop or rook are 4096 + 9*(8*colour + from file)
// + 3*(to file - from file + 1) + piece (0 knight, 1 bishop, 2 rook), so
// MoveSpace is 4240. Legal lists the king's moves first, then castling,
// knights, bishops, rooks, queens, pawns and en passant, and Playout draws
// from that order (Legal()[r.Intn(n)]).
//
// Notation: MoveString writes Standard Algebraic Notation (Nf3, exd5, O-O,
// e8=Q, Nbd7, R1e2, Qh4e1, Qxf7#); UCI writes long algebraic (e2e4, e1g1,
// e7e8q). ParseMove reads either, and forgives SAN's decorations: check and
// mate marks, annotations (!, ?), 0-0 for O-O, a promotion without '=', and
// a capture without 'x'.
//
// Position text: FEN, the six fields (placement, side to move, castling
// rights, en passant square, halfmove clock, fullmove number); ParsePosition
// also takes the first four alone (then the clock is 0 and the move number
// 1). String writes an en passant square only when an en passant capture is
// legal there, so that positions that are the same by the repetition rule
// have one text and one hash; ParsePosition accepts any square a double step
// just passed, and drops it when no capture is legal. Castling rights need
// the king and rook on their squares; the side not to move may not be in
// check.
//
// Perft: games.Perft counts the game's tree, in which the draws end games;
// Perft counts the tree of legal moves the published perft figures count,
// draws ignored, with bulk counting at the last ply.
package chess

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"mcarena/games"
	"mcarena/games/rng"
)

// The colours; White is the first player.
const (
	White = 0
	Black = 1
)

// Piece types, as indexes of the bitboards.
const (
	pawn = iota
	knight
	bishop
	rook
	queen
	king
)

// Castling rights, as bits.
const (
	castleWK = 1 << iota
	castleWQ
	castleBK
	castleBQ
)

// Squares named in the rules.
const (
	sqA1 = 0
	sqC1 = 2
	sqD1 = 3
	sqE1 = 4
	sqF1 = 5
	sqG1 = 6
	sqH1 = 7
	sqA8 = 56
	sqC8 = 58
	sqD8 = 59
	sqE8 = 60
	sqF8 = 61
	sqG8 = 62
	sqH8 = 63
)

const (
	maxMoves = 256 // 218 is the most any legal position has
	// underBase is the first under-promotion move.
	underBase = 4096
	moveSpace = underBase + 2*8*3*3
	// histLen bounds the repetition history: the halfmove clock.
	histLen = 100
)

// StartFEN is the start position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

const pieceLetters = "PNBRQK"

func init() {
	games.Register(games.Entry{
		Name: "chess",
		Doc:  "chess (FIDE), draws by repetition, fifty moves and dead material automatic",
		Options: []games.Option{
			{Name: "maxplies", Kind: games.Int, Default: "0", Min: 0, Max: 1000000, Doc: "plies after which an unfinished game is a draw, 0 for none (mcarena's rule)"},
			{Name: "order", Kind: games.Choice, Default: "native", Choices: []string{"native", StockfishOrder},
				Doc: "the order Legal lists moves in: native (king, castling, knights, bishops, rooks, queens, pawns), or stockfish (Stockfish 2.2.2's, which the Monte Carlo chess thesis' MCC expanded children in)"},
			{Name: "draws", Kind: games.Choice, Default: "fide", Choices: []string{"fide", StockfishDraws},
				Doc: "the draw rules: fide (threefold repetition, dead material, fifty moves), or stockfish (Stockfish 2.2.2's is_draw, a reading of the chess thesis' MCC: twofold repetition, no pawn and at most one minor piece, fifty moves)"},
		},
		Build: func(o games.Options) (games.Game, error) {
			return NewRules(Rules{
				MaxPlies:       o.Int("maxplies"),
				StockfishOrder: o.String("order") == StockfishOrder,
				StockfishDraws: o.String("draws") == StockfishDraws,
			}), nil
		},
	})
}

// StockfishDraws is the value of chess's draws option under which the game
// rules on draws as Stockfish 2.2.2's Position::is_draw did (the package
// comment gives the rules).
const StockfishDraws = "stockfish"

// Rules are chess's options.
type Rules struct {
	// MaxPlies is the ply cap, 0 for none.
	MaxPlies int
	// StockfishOrder makes Legal list moves in Stockfish 2.2.2's order
	// (the option order=stockfish).
	StockfishOrder bool
	// StockfishDraws rules on draws as Stockfish 2.2.2's is_draw (the
	// option draws=stockfish).
	StockfishDraws bool
}

// Game is chess, with an optional ply cap.
type Game struct {
	maxPlies int
	spec     string
	// sf says Legal lists moves in Stockfish's order (StockfishOrder).
	sf bool
	// sfDraws says the draws are Stockfish's (StockfishDraws).
	sfDraws bool
}

// New returns chess with a draw at maxPlies plies, or none when maxPlies is 0.
func New(maxPlies int) *Game { return NewRules(Rules{MaxPlies: maxPlies}) }

// NewStockfishOrder returns New(maxPlies) whose Legal lists moves in
// Stockfish 2.2.2's order (StockfishOrder).
func NewStockfishOrder(maxPlies int) *Game {
	return NewRules(Rules{MaxPlies: maxPlies, StockfishOrder: true})
}

// NewRules returns chess under the options r.
func NewRules(r Rules) *Game {
	g := &Game{maxPlies: max(r.MaxPlies, 0), sf: r.StockfishOrder, sfDraws: r.StockfishDraws}
	var opts []string
	if g.maxPlies > 0 {
		opts = append(opts, "maxplies="+strconv.Itoa(g.maxPlies))
	}
	if g.sf {
		opts = append(opts, "order="+StockfishOrder)
	}
	if g.sfDraws {
		opts = append(opts, "draws="+StockfishDraws)
	}
	g.spec = "chess"
	if len(opts) > 0 {
		g.spec += ":" + strings.Join(opts, ",")
	}
	return g
}

// Name implements games.Game.
func (g *Game) Name() string { return "chess" }

// Spec implements games.Game.
func (g *Game) Spec() string { return g.spec }

// MaxPlies returns the ply cap, 0 for none.
func (g *Game) MaxPlies() int { return g.maxPlies }

// reps returns the occurrence of a position that draws: the third, or the
// second under Stockfish's draws.
func (g *Game) reps() int {
	if g.sfDraws {
		return 2
	}
	return 3
}

// PlayerNames implements games.Game.
func (g *Game) PlayerNames() [2]string { return [2]string{"White", "Black"} }

// MaxMoves implements games.Game.
func (g *Game) MaxMoves() int { return maxMoves }

// MoveSpace implements games.Game: from and to squares, and the
// under-promotions.
func (g *Game) MoveSpace() int { return moveSpace }

// MaxLength implements games.Game: the ply cap, or 0 without one (the
// fifty-move rule bounds a game only by some 12,000 plies).
func (g *Game) MaxLength() int { return g.maxPlies }

// NewState implements games.Game.
func (g *Game) NewState() games.State {
	s, err := g.parse(StartFEN)
	if err != nil {
		panic(err)
	}
	return s
}

// ParsePosition implements games.Game: it reads FEN.
func (g *Game) ParsePosition(text string) (games.State, error) {
	s, err := g.parse(text)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Zobrist keys: pieces by colour, type and square, then the side to move,
// the castling rights and the en passant file. They are kept in arrays that
// masked indexes cannot overrun, so that lookups need no bounds check
// (pieceKeys' rows 12 to 15 are unused).
var (
	keys       = games.ZobristKeys(12*64+1+16+8, 0xc4e55)
	pieceKeys  [16][64]uint64
	sideKey    = keys[12*64]
	castleKeys [16]uint64
	epKeys     [8]uint64
)

func init() {
	for i := range 12 {
		copy(pieceKeys[i][:], keys[i*64:])
	}
	copy(castleKeys[:], keys[12*64+1:])
	copy(epKeys[:], keys[12*64+17:])
}

func pieceKey(c, t, sq int) uint64 { return pieceKeys[(c*6+t)&15][sq&63] }

// pos is a position without history: what perft copies.
type pos struct {
	// pc holds the pieces of each type, of both colours, and occ the
	// pieces of each colour: pieces(c, t) is pc[t]&occ[c].
	pc  [6]uint64
	occ [2]uint64
	// board holds 0 for an empty square, else 8*colour + type + 1.
	board  [64]uint8
	hash   uint64
	side   uint8
	castle uint8
	// ep is the square a double step passed when an en passant capture of
	// it is legal, else 0 (a1 never is one).
	ep   uint8
	half uint8
	// ply is the number of plies from the start of the game, as the FEN
	// move number gives it.
	ply int32
}

// Reasons a game ends by a draw rule, kept in State.draw.
const (
	drawNone uint8 = iota
	drawMaterial
	drawRepetition
	drawFifty
	drawPlies
)

// State is a chess position with its repetition history.
type State struct {
	head
	// hist[:nhist] holds the hashes of the positions since the last
	// irreversible move, oldest first.
	hist [histLen]uint64
	// sf is kept, and copied, under Stockfish's order only.
	sf sfState
}

// head is a State but its history: CopyFrom copies it in one piece.
type head struct {
	g *Game
	pos
	// draw is the draw rule that ends the game here, if any (drawNone);
	// checkmate and stalemate are found by generating moves.
	draw  uint8
	nhist uint8
	// sfKey, under Stockfish's draws only, is what Stockfish's hash holds
	// beyond mcarena's here: the en passant key of a square a pawn of the
	// side to move attacks when the capture is not legal, else 0. The
	// history keeps hash^sfKey, so such a position repeats only as
	// Stockfish saw it.
	sfKey uint64
}

// Game implements games.State.
func (s *State) Game() games.Game { return s.g }

// ToMove implements games.State.
func (s *State) ToMove() games.Player { return games.Player(s.side) }

// pieces returns the pieces of colour c and type t.
func (p *pos) pieces(c, t int) uint64 { return p.pc[t] & p.occ[c] }

// colour returns the pieces of colour c by type.
func (p *pos) colour(c int) [6]uint64 {
	o := p.occ[c]
	return [6]uint64{p.pc[0] & o, p.pc[1] & o, p.pc[2] & o, p.pc[3] & o, p.pc[4] & o, p.pc[5] & o}
}

func (p *pos) put(c, t, sq int) {
	b := uint64(1) << sq
	p.pc[t] |= b
	p.occ[c] |= b
	p.board[sq] = uint8(c*8 + t + 1)
	p.hash ^= pieceKey(c, t, sq)
}

// parse reads a FEN.
func (g *Game) parse(text string) (*State, error) {
	f := strings.Fields(text)
	if len(f) != 4 && len(f) != 6 {
		return nil, fmt.Errorf("position %q: want a FEN of six fields (or the first four), like %q", text, StartFEN)
	}
	s := &State{head: head{g: g}}
	if _, ok := games.ChessBoard(f[0]); !ok {
		return nil, fmt.Errorf("position %q: piece placement %q is not eight ranks of pieces (KQRBNPkqrbnp) and digits, rank 8 first", text, f[0])
	}
	r, file := 7, 0
	for i := 0; i < len(f[0]); i++ {
		switch c := f[0][i]; {
		case c == '/':
			r, file = r-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
		default:
			t := strings.IndexByte(pieceLetters, c&^0x20)
			col := White
			if c >= 'a' {
				col = Black
			}
			s.put(col, t, r*8+file)
			file++
		}
	}
	for c, name := range g.PlayerNames() {
		if n := bits.OnesCount64(s.pieces(c, king)); n != 1 {
			return nil, fmt.Errorf("position %q: %s has %d kings, want 1", text, name, n)
		}
	}
	for c, name := range g.PlayerNames() {
		// Promotions aside, a side has 8 pawns, 2 knights, bishops and
		// rooks, 1 queen; each piece beyond those took a pawn.
		extra := bits.OnesCount64(s.pieces(c, pawn))
		for t, n := range [...]int{knight: 2, bishop: 2, rook: 2, queen: 1} {
			if t != pawn {
				extra += max(bits.OnesCount64(s.pieces(c, t))-n, 0)
			}
		}
		if extra > 8 {
			return nil, fmt.Errorf("position %q: %s has more pawns and promoted pieces than its 8 pawns", text, name)
		}
	}
	if s.pc[pawn]&(rank1|rank8) != 0 {
		return nil, fmt.Errorf("position %q: a pawn stands on the first or last rank", text)
	}
	switch f[1] {
	case "w":
	case "b":
		s.side = Black
		s.hash ^= sideKey
	default:
		return nil, fmt.Errorf("position %q: side to move %q is not w or b", text, f[1])
	}
	if f[2] != "-" {
		for i := 0; i < len(f[2]); i++ {
			k := strings.IndexByte("KQkq", f[2][i])
			if k < 0 || s.castle&(1<<k) != 0 {
				return nil, fmt.Errorf("position %q: castling rights %q are not - or some of KQkq in that order, each once", text, f[2])
			}
			if i > 0 && strings.IndexByte("KQkq", f[2][i-1]) > k {
				return nil, fmt.Errorf("position %q: castling rights %q are not in the order KQkq", text, f[2])
			}
			c, ksq, rsq := k/2, [2]int{sqE1, sqE8}[k/2], [4]int{sqH1, sqA1, sqH8, sqA8}[k]
			if s.board[ksq] != uint8(c*8+king+1) || s.board[rsq] != uint8(c*8+rook+1) {
				return nil, fmt.Errorf("position %q: castling right %c needs the king on %s and a rook on %s", text, f[2][i], squareName(ksq), squareName(rsq))
			}
			s.castle |= 1 << k
		}
	}
	s.hash ^= castleKeys[s.castle&15]
	if s.attacked(bits.TrailingZeros64(s.pieces(int(s.side^1), king)), s.occ[0]|s.occ[1], int(s.side)) {
		return nil, fmt.Errorf("position %q: the side not to move is in check", text)
	}
	ep := 0
	if f[3] != "-" {
		sq, ok := parseSquare(f[3])
		us := int(s.side)
		pushed, from := sq-8, sq+8 // the double step of Black, for White to move
		if us == Black {
			pushed, from = sq+8, sq-8
		}
		if !ok || (us == White && sq/8 != 5) || (us == Black && sq/8 != 2) ||
			s.board[pushed] != uint8((us^1)*8+pawn+1) || s.board[sq] != 0 || s.board[from] != 0 {
			return nil, fmt.Errorf("position %q: en passant square %q is not one a double step of the side not to move just passed", text, f[3])
		}
		s.setEP(sq)
		ep = sq
	}
	if g.sf {
		s.sfInit(ep)
	}
	if len(f) == 6 {
		half, err := strconv.Atoi(f[4])
		if err != nil || half < 0 || half > histLen {
			return nil, fmt.Errorf("position %q: halfmove clock %q is not a whole number 0..100", text, f[4])
		}
		full, err := strconv.Atoi(f[5])
		if err != nil || full < 1 || full > 1<<24 {
			return nil, fmt.Errorf("position %q: fullmove number %q is not a whole number from 1", text, f[5])
		}
		s.half = uint8(half)
		s.ply = int32(2*(full-1)) + int32(s.side)
	} else {
		s.ply = int32(s.side)
	}
	if g.sfDraws && ep != 0 {
		s.sfKey = s.sfEPKey(ep)
	}
	s.draw = s.drawRule()
	return s, nil
}

func parseSquare(t string) (int, bool) {
	if len(t) != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' {
		return 0, false
	}
	return int(t[1]-'1')*8 + int(t[0]-'a'), true
}

func squareName(sq int) string {
	return string([]byte{byte('a' + sq%8), byte('1' + sq/8)})
}

// placement writes the piece placement field of the FEN.
func (p *pos) placement() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			pc := p.board[r*8+f]
			if pc == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			l := pieceLetters[pc&7-1]
			if pc>>3 == Black {
				l |= 0x20
			}
			b.WriteByte(l)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// String implements games.State: the FEN.
func (s *State) String() string {
	var b strings.Builder
	b.WriteString(s.placement())
	b.WriteString([]string{" w ", " b "}[s.side])
	if s.castle == 0 {
		b.WriteByte('-')
	}
	for k := range 4 {
		if s.castle&(1<<k) != 0 {
			b.WriteByte("KQkq"[k])
		}
	}
	b.WriteByte(' ')
	if s.ep == 0 {
		b.WriteByte('-')
	} else {
		b.WriteString(squareName(int(s.ep)))
	}
	fmt.Fprintf(&b, " %d %d", s.half, s.ply/2+1)
	return b.String()
}

// Board implements games.State: the pieces, and the king in check marked.
func (s *State) Board() games.Board {
	b, _ := games.ChessBoard(s.placement())
	if s.inCheck() {
		b.Cells[bits.TrailingZeros64(s.pieces(int(s.side), king))].Mark |= games.Check
	}
	return b
}

// RecomputeHash implements games.State.
func (s *State) RecomputeHash() uint64 {
	var h uint64
	for sq, pc := range s.board {
		if pc != 0 {
			h ^= pieceKey(int(pc>>3), int(pc&7-1), sq)
		}
	}
	if s.side == Black {
		h ^= sideKey
	}
	h ^= castleKeys[s.castle&15]
	if s.ep != 0 {
		h ^= epKeys[s.ep%8]
	}
	return h
}

// Hash implements games.State.
func (s *State) Hash() uint64 { return s.hash }

// Clone implements games.State.
func (s *State) Clone() games.State { c := *s; return &c }

// CopyFrom implements games.State: it copies the history in use only, and
// Stockfish's piece lists only under its order.
func (s *State) CopyFrom(src games.State) {
	o := src.(*State)
	s.head = o.head
	if n := o.nhist; n > 0 {
		copy(s.hist[:n], o.hist[:n])
	}
	if o.g.sf {
		s.sf = o.sf
	}
}

// Repetitions returns how many times the position has occurred since the
// last irreversible move (or since it was read from FEN), this time
// included.
func (s *State) Repetitions() int {
	n := 1
	for i := int(s.nhist) - 4; i >= 0; i -= 2 {
		if s.hist[i] == s.hash {
			n++
		}
	}
	return n
}

// drawRule returns the draw rule that ends the game here, if any.
func (s *State) drawRule() uint8 {
	switch {
	case s.g.drawnMaterial(&s.pos):
		return drawMaterial
	case s.Repetitions() >= s.g.reps():
		return drawRepetition
	case s.half >= histLen:
		return drawFifty
	case s.g.maxPlies > 0 && int(s.ply) >= s.g.maxPlies:
		return drawPlies
	}
	return drawNone
}

// sfEPKey returns the en passant key of square ep when a pawn of the side
// to move attacks it and the capture is not legal (p holds no en passant
// square), the key Stockfish's hash adds and mcarena's does not; else 0.
func (p *pos) sfEPKey(ep int) uint64 {
	us := int(p.side & 1)
	if p.ep == 0 && pawnAttacks[us^1][ep&63]&p.pieces(us, pawn) != 0 {
		return epKeys[ep%8]
	}
	return 0
}

// castles reports whether m is a castling move of p.
func (p *pos) castles(m games.Move) bool {
	from, to, _ := decode(m)
	return p.board[from&63] == uint8(int(p.side)*8+king+1) && (to-from == 2 || from-to == 2)
}

// drawnMaterial reports whether the material of p draws under g's rules:
// dead material, or under Stockfish's draws no pawn and at most one minor
// piece.
func (g *Game) drawnMaterial(p *pos) bool {
	if g.sfDraws {
		return p.pc[pawn]|p.pc[rook]|p.pc[queen] == 0 && bits.OnesCount64(p.pc[knight]|p.pc[bishop]) <= 1
	}
	return p.deadMaterial()
}

// deadMaterial reports whether no sequence of moves can mate: no pawn, rook
// or queen, and at most one minor piece or only bishops on one colour.
func (p *pos) deadMaterial() bool {
	if p.pc[pawn]|p.pc[rook]|p.pc[queen] != 0 {
		return false
	}
	n, b := p.pc[knight], p.pc[bishop]
	if bits.OnesCount64(n|b) <= 1 {
		return true
	}
	return n == 0 && (b&dark == 0 || b&^dark == 0)
}

// Terminal implements games.State.
func (s *State) Terminal() bool { return s.draw != drawNone || !s.hasMove() }

// Outcome implements games.State: checkmate wins for the mating side; every
// other end is a draw.
func (s *State) Outcome() games.Outcome {
	if !s.hasMove() && s.inCheck() {
		return games.WinFor(games.Player(s.side ^ 1))
	}
	return games.Draw
}

// Score implements games.State.
func (s *State) Score() int { return int(s.Outcome()) }

// EndReason implements games.Reasoner: "checkmate", "stalemate",
// "insufficient material", "threefold repetition" ("twofold repetition"
// under Stockfish's draws), "fifty-move rule" or "ply limit".
func (s *State) EndReason() string {
	if !s.hasMove() {
		if s.inCheck() {
			return "checkmate"
		}
		return "stalemate"
	}
	if s.draw == drawRepetition && s.g.sfDraws {
		return "twofold repetition"
	}
	return [...]string{"", "insufficient material", "threefold repetition", "fifty-move rule", "ply limit"}[s.draw]
}

// Legal implements games.State.
func (s *State) Legal(buf []games.Move) []games.Move {
	buf = buf[:0]
	if s.draw != drawNone {
		return buf
	}
	if cap(buf) >= maxMoves { // generate in place
		return buf[:s.genOrdered((*[maxMoves]games.Move)(buf[:maxMoves]))]
	}
	var ml [maxMoves]games.Move
	n := s.genOrdered(&ml)
	return append(buf, ml[:n]...)
}

// genOrdered writes the legal moves in the game's order to ml and returns
// how many there are.
func (s *State) genOrdered(ml *[maxMoves]games.Move) int {
	if s.g.sf {
		return s.sfGen(ml)
	}
	return s.gen(ml)
}

// Play implements games.State. It rules on the draws as drawRule does, with
// less work: the material changes only by a capture or a promotion, moves
// that empty the history and reset the clock, so after them only the
// material can draw, and after any other move all but the material can.
func (s *State) Play(m games.Move) {
	old, castle, draw := s.hash, s.castle, s.draw
	s.draw = drawNone
	if s.g.sf {
		s.sfPlay(m)
	}
	// Under Stockfish's draws: castling resets the clock, and a double
	// step may leave an en passant square in Stockfish's key.
	resets, mid := false, -1
	if s.g.sfDraws {
		old ^= s.sfKey
		s.sfKey = 0
		from, to, _ := decode(m)
		switch s.board[from&63] {
		case uint8(int(s.side)*8 + king + 1):
			resets = to-from == 2 || from-to == 2
		case uint8(int(s.side)*8 + pawn + 1):
			if to-from == 16 || from-to == 16 {
				mid = (from + to) / 2
			}
		}
	}
	if s.play(m) {
		if mid >= 0 {
			s.sfKey = s.sfEPKey(mid)
		}
		s.nhist = 0
		if s.g.drawnMaterial(&s.pos) {
			s.draw = drawMaterial
		}
	} else {
		if resets {
			s.half = 0
		}
		if s.castle != castle {
			s.nhist = 0
		} else if s.nhist < histLen {
			s.hist[s.nhist] = old
			s.nhist++
		}
		switch {
		case draw == drawMaterial:
			s.draw = drawMaterial
		case s.nhist >= 4 && s.Repetitions() >= s.g.reps():
			s.draw = drawRepetition
		case s.half >= histLen:
			s.draw = drawFifty
		}
	}
	if s.draw == drawNone && s.g.maxPlies > 0 && int(s.ply) >= s.g.maxPlies {
		s.draw = drawPlies
	}
}

// Playout implements games.State by the reference rule.
func (s *State) Playout(r *rng.Rand, limit int) int { return s.playout(r, limit, nil) }

// RecordPlayout implements games.State: Playout's loop, recording each move
// and its mover.
func (s *State) RecordPlayout(r *rng.Rand, limit int, t *games.Trace) int {
	return s.playout(r, limit, t)
}

// playout draws each move as Legal()[r.Intn(len)] would, from the move sets
// without writing the list: it counts the moves, draws the index and finds
// that move.
func (s *State) playout(r *rng.Rand, limit int, t *games.Trace) int {
	var sets [maxSets]moveSet
	n := 0
	for ; n < limit && s.draw == drawNone; n++ {
		ns, k := s.genSets(&sets)
		if k == 0 {
			break
		}
		m := pick(sets[:ns], r.Intn(k))
		if t != nil {
			t.Add(m, games.Player(s.side))
		}
		s.Play(m)
	}
	return n
}

// MoveCells implements games.State: from and to (the king's squares for
// castling).
func (s *State) MoveCells(m games.Move) (from, to int) {
	from, to, _ = decode(m)
	return from, to
}
