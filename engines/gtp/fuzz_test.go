package gtp_test

import (
	"context"
	"strings"
	"testing"

	"mcarena/engines"
	"mcarena/engines/gtp"
	"mcarena/games"
)

// Whatever a controller sends, the server answers each command once, with
// "=" or "?", and ends each answer with one empty line: never more answers
// than lines, and for the seed scripts exactly one a command (the line
// after quit is none).
func FuzzServer(f *testing.F) {
	seeds := map[string]int{
		"protocol_version\nplay w d4\ngenmove b\n":                                        3,
		"1 boardsize 4\n\t2 undo 3 # x\r\nshowboard\nquit\nname":                          4,
		"time -m 0.001 -i 2\ngenmove w 0.001\nplay b \x00swap\n99999999999999999999 name": 4,
	}
	for s := range seeds {
		f.Add(s)
	}
	g, err := games.New("havannah:base=4,swap")
	if err != nil {
		f.Fatal(err)
	}
	e, err := engines.New("random")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, script string) {
		var out strings.Builder
		srv := gtp.NewServer(g, e, engines.Budget{Iterations: 1}, 1)
		if err := srv.Serve(context.Background(), strings.NewReader(script), &out); err != nil {
			t.Fatalf("Serve: %v", err) // a line too long is answered, not an error
		}
		want, seed := seeds[script]
		if out.Len() == 0 {
			if seed && want > 0 {
				t.Fatalf("no answer to %q, want %d", script, want)
			}
			return
		}
		text := out.String()
		if !strings.HasSuffix(text, "\n\n") {
			t.Fatalf("output %q does not end with an empty line", text)
		}
		answers := strings.Split(strings.TrimSuffix(text, "\n\n"), "\n\n")
		for _, a := range answers {
			if a == "" || (a[0] != '=' && a[0] != '?') || strings.Contains(a, "\n\n") {
				t.Fatalf("answer %q in %q", a, text)
			}
		}
		if lines := strings.Count(script, "\n") + 1; len(answers) > lines {
			t.Fatalf("%d answers to %d lines: %q", len(answers), lines, text)
		}
		if seed && len(answers) != want {
			t.Fatalf("%d answers to %q, want %d: %q", len(answers), script, want, text)
		}
	})
}
