package games

import "errors"

// NotationError is the error of State.ParseMove for a text that names no
// move of the game at all: malformed, or a cell off the board. A move
// written well but illegal where it is played (a taken cell, a piece that
// cannot go there, a game already over) is another error. Protocols that
// answer the two apart test for it with IsNotation: GTP's "syntax error"
// against its "illegal move".
type NotationError struct{ Err error }

// Error implements error with the wrapped error's text.
func (e *NotationError) Error() string { return e.Err.Error() }

// Unwrap returns the wrapped error.
func (e *NotationError) Unwrap() error { return e.Err }

// Notation marks err as a NotationError; nil stays nil.
func Notation(err error) error {
	if err == nil {
		return nil
	}
	return &NotationError{Err: err}
}

// IsNotation reports whether err, or an error it wraps, is a
// NotationError.
func IsNotation(err error) bool {
	var e *NotationError
	return errors.As(err, &e)
}
