package lines

import (
	"strings"
	"testing"
)

func TestScanner(t *testing.T) {
	long := strings.Repeat("a", 100)
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"lines", "name\r\nversion\nquit", []string{"name", "version", "quit"}},
		{"a long line between", "name\n" + long + "\nquit\n", []string{"name", TooLong, "quit"}},
		{"a long last line", "name\n" + long, []string{"name", TooLong}},
		{"two long lines", long + "\n" + long + "\nx\n", []string{TooLong, TooLong, "x"}},
		{"at the limit", strings.Repeat("b", 15) + "\n", []string{strings.Repeat("b", 15)}},
		{"empty lines", "\n\nx\n", []string{"", "", "x"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := Scanner(strings.NewReader(tc.in), 16)
			var got []string
			for sc.Scan() {
				got = append(got, sc.Text())
			}
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}
