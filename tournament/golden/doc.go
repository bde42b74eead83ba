// Package golden holds no code: its test replays recorded experiments (the
// NMCS paper's Tables 1 and 2 in full, and the first games of Tables 3, 4 and
// 5 and of every other named engine at counted budgets) and compares every
// move, states and iterations count and result with the files in testdata,
// byte for byte. The files were recorded before the search core was
// restructured; a change that alters any engine's play on any seed fails it.
//
// Rewrite the files only for a change meant to alter play:
//
//	go test ./tournament/golden -update
package golden
