// Package golden holds no code: its test replays recorded experiments (the
// NMCS paper's Tables 1 and 2 in full, and the first games of Tables 3, 4 and
// 5 and of the other engines named when they were recorded, at counted
// budgets) and compares every move, states and iterations count and result
// with the files in testdata, byte for byte. The files were recorded before
// the search core was restructured, so they pin the engines of the NMCS
// paper (nmcs, uct, plain alphabeta and random): a change that alters their
// play on any seed fails it. The later papers' engines are pinned where
// they are built: the mcts family's searches by engines/mcts's
// TestSearchesArePinned, alpha-beta with evaluations by engines/alphabeta's
// tests.
//
// Rewrite the files only for a change meant to alter play:
//
//	go test ./tournament/golden -update
package golden
