package cli

import (
	"fmt"
	"testing"
)

// An accepted shard is i of n with 0 <= i < n, and i/n reads back as itself.
func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"0/2", "1/2", "2/2", "auto", "auto/4", "-1/3", "3", "1/0", "01/02", "+1/2", " 1/2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		t.Setenv("SLURM_ARRAY_TASK_ID", "")
		t.Setenv("SLURM_ARRAY_TASK_COUNT", "")
		t.Setenv("JOB_COMPLETION_INDEX", "")
		i, n, err := parseShard(text)
		if err != nil {
			return
		}
		if n < 1 || i < 0 || i >= n {
			t.Fatalf("%q: shard %d of %d", text, i, n)
		}
		if i2, n2, err := parseShard(fmt.Sprintf("%d/%d", i, n)); err != nil || i2 != i || n2 != n {
			t.Fatalf("%q: %d/%d reads back as %d/%d, %v", text, i, n, i2, n2, err)
		}
	})
}
