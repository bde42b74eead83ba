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
// "=" or "?", and ends each answer with one empty line.
func FuzzServer(f *testing.F) {
	for _, s := range []string{
		"protocol_version\nplay w d4\ngenmove b\n",
		"1 boardsize 4\n\t2 undo 3 # x\r\nshowboard\nquit\nname",
		"time -m 0.001 -i 2\ngenmove w 0.001\nplay b \x00swap\n99999999999999999999 name",
	} {
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
			return // a line too long for the scanner
		}
		if out.Len() == 0 {
			return
		}
		text := out.String()
		if !strings.HasSuffix(text, "\n\n") {
			t.Fatalf("output %q does not end with an empty line", text)
		}
		for _, a := range strings.Split(strings.TrimSuffix(text, "\n\n"), "\n\n") {
			if a == "" || (a[0] != '=' && a[0] != '?') || strings.Contains(a, "\n\n") {
				t.Fatalf("answer %q in %q", a, text)
			}
		}
	})
}
