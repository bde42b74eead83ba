package all_test

import (
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
	"mcarena/games/rng"
)

// A text that names no move of the game (malformed, or a cell off the
// board) is a notation error; a move written well but refused where it is
// played is not. GTP answers the first "syntax error", the second "illegal
// move".
func TestParseMoveNotation(t *testing.T) {
	for _, tt := range notationTests {
		s := gametest.MustGame(t, tt.spec).NewState()
		if tt.moves != "" {
			gametest.MustPlay(t, s, tt.moves)
		}
		_, err := s.ParseMove(tt.text)
		if err == nil {
			t.Errorf("%s after %q: %q accepted", tt.spec, tt.moves, tt.text)
			continue
		}
		if got := games.IsNotation(err); got != tt.notation {
			t.Errorf("%s after %q: %q: %v: notation %v, want %v", tt.spec, tt.moves, tt.text, err, got, tt.notation)
		}
	}
}

// A text that names no move stays a notation error once the game is over,
// and every other move is refused for the end, not for its notation: GTP
// answers "syntax error" to play b zz after the end as before it.
func TestParseMoveNotationAfterTheEnd(t *testing.T) {
	for i, tt := range notationTests {
		r := rng.New(uint64(i + 1))
		s := gametest.RandomPlies(gametest.MustGame(t, tt.spec).NewState(), &r, 1<<20)
		if !s.Terminal() {
			t.Fatalf("%s: a random game did not end", tt.spec)
		}
		_, err := s.ParseMove(tt.text)
		if err == nil {
			t.Errorf("%s, game over: %q accepted", tt.spec, tt.text)
			continue
		}
		if got := games.IsNotation(err); got != tt.notation {
			t.Errorf("%s, game over: %q: %v: notation %v, want %v", tt.spec, tt.text, err, got, tt.notation)
		}
	}
}

// notationTests are texts and whether each names no move of its game, at
// its game's start or after moves.
var notationTests = []struct {
	spec, moves, text string
	notation          bool
}{
	{"tictactoe", "", "b", true},
	{"tictactoe", "", "d1", true},
	{"tictactoe", "", "b22", true},
	{"tictactoe", "b2", "b2", false},
	{"breakthrough", "", "a2a3", true},
	{"breakthrough", "", "a2-a9", true},
	{"breakthrough", "", "a2-", true},
	{"breakthrough", "", "a1-a5", false},
	{"breakthrough", "", "c3-c4", false},
	{"knightthrough:size=6x7,misere", "", "z1-b3", true},
	{"domineering:size=4x6", "", "q7", true},
	{"domineering:size=4x6", "", "a1-z1", true},
	{"domineering:size=4x6", "a1", "a1", false},
	{"nogo", "", "j10", true},
	{"nogo", "c3", "c3", false},
	{"atarigo:crosscut", "", "x", true},
	{"atarigo:crosscut", "", "d4", false},
	{"kalah", "", "g1", true},
	{"kalah", "", "a3", true},
	{"kalah", "", "a2", false},
	{"loa", "", "b1b3", true},
	{"loa", "", "b1-b9", true},
	{"loa", "", "b1-b4", false},
	{"loa", "", "pass", false},
	{"havannah:base=4", "", "zz", true},
	{"havannah:base=4", "", "z9", true},
	{"havannah:base=4", "", "g8", true},
	{"havannah:base=4", "", "a5", true},
	{"havannah:base=4", "d4", "d4", false},
	{"havannah:base=4", "", "swap", false},
	{"chess", "", "zz", true},
	{"chess", "", "e9", true},
	{"chess", "", "Ne4=Q", true},
	{"chess", "", "e2e9", true},
	{"chess", "", "e5", false},
	{"chess", "", "Ke2", false},
	{"chess", "", "e2e5", false},
	{"chess", "", "O-O", false},
}

func TestNotationNil(t *testing.T) {
	if err := games.Notation(nil); err != nil {
		t.Fatalf("Notation(nil) = %v", err)
	}
}
