package tournament

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Resuming after the preset or an engine changed stops before anything is
// played, naming the first record that differs and what changed; Restart
// starts over and keeps the old file.
func TestResumeRefusesChanges(t *testing.T) {
	tests := []struct {
		name, from, to, want string
	}{
		{"engine option", "[engines.u]\nfamily = \"uct\"\n", "[engines.u]\nfamily = \"uct\"\nc = 0.5\n", "engine u was uct and is uct:c=0.5 now"},
		{"engine family", "[engines.r]\nfamily = \"random\"\n", "[engines.r]\nfamily = \"nmcs\"\n", "engine r was random and is nmcs now"},
		{"seed", "seed = 7", "seed = 8", "the preset gives"},
		{"budget", `budgets = ["iterations=200"]`, `budgets = ["iterations=300"]`, "the preset has no such match now"},
		{"swap", "seed = 7", "seed = 7\nswap = false", "first seat 1, the preset gives 0 (swap changed)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := load(t, testConfig)
			p, _ := cfg.Preset("small")
			path := filepath.Join(t.TempDir(), "r.jsonl")
			if _, err := runPreset(t.Context(), cfg, p, path, Options{Count: 2}, nil); err != nil {
				t.Fatal(err)
			}
			changed := strings.Replace(testConfig, tt.from, tt.to, 1)
			if changed == testConfig {
				t.Fatalf("%q is not in the test configuration", tt.from)
			}
			cfg2 := load(t, changed)
			p2, _ := cfg2.Preset("small")
			n, err := runPreset(t.Context(), cfg2, p2, path, Options{Count: 4}, nil)
			var re *ResumeError
			if n != 0 || !errors.As(err, &re) || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "--restart") {
				t.Fatalf("got %d games, %v; want 0 and a *ResumeError saying %q", n, err, tt.want)
			}
			if re.Line < 1 || !strings.HasPrefix(err.Error(), path+":") {
				t.Fatalf("got %q, want the file and line of the record", err)
			}
			n, err = runPreset(t.Context(), cfg2, p2, path, Options{Count: 2, Restart: true}, nil)
			if err != nil || n != 8 {
				t.Fatalf("restart: got %d games, %v; want 8", n, err)
			}
			if old, _ := filepath.Glob(path + ".old-*"); len(old) != 1 {
				t.Fatalf("got old files %v, want one", old)
			}
		})
	}
}

// The first record that differs is the one named.
func TestResumeNamesFirstMismatch(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if _, err := runPreset(t.Context(), cfg, p, path, Options{Count: 2, Workers: 1}, nil); err != nil {
		t.Fatal(err)
	}
	recs, _, _, _ := ReadResults(path)
	first := 0
	for _, r := range recs {
		if r.Names[0] == "n" {
			first = r.Line
			break
		}
	}
	cfg2 := load(t, strings.Replace(testConfig, "level = 0", "level = 2", 1))
	p2, _ := cfg2.Preset("small")
	_, err := runPreset(t.Context(), cfg2, p2, path, Options{Count: 2}, nil)
	var re *ResumeError
	if !errors.As(err, &re) || re.Line != first || !strings.Contains(re.What, "engine n was nmcs:level=0 and is nmcs:level=2 now") {
		t.Fatalf("got %v, want line %d and engine n", err, first)
	}
}

// A run given no results file writes one named for its preset, its scale
// and its share, so that runs of other scales or shares never meet in one
// file, and the command line and the terminal UI name the same file.
func TestOptionsFileName(t *testing.T) {
	for _, tt := range []struct {
		opt  Options
		want string
	}{
		{Options{}, "p.jsonl"},
		{Options{Scale: 1, Shards: 1}, "p.jsonl"},
		{Options{Scale: 0.5}, "p.scale-0.5.jsonl"},
		{Options{Shard: 1, Shards: 4}, "p.shard-1-of-4.jsonl"},
		{Options{Scale: 0.01, Shard: 0, Shards: 2}, "p.scale-0.01.shard-0-of-2.jsonl"},
	} {
		if got := tt.opt.FileName("p"); got != tt.want {
			t.Errorf("%+v: %s, want %s", tt.opt, got, tt.want)
		}
	}
}

// ShardOfName reads back the names FileName gives shards, and no other.
func TestShardOfName(t *testing.T) {
	for _, o := range []Options{{Shard: 0, Shards: 2}, {Shard: 9, Shards: 10}, {Shard: 3, Shards: 7, Scale: 0.5}} {
		name := filepath.Join("results", o.FileName("table4"))
		whole, i, n, ok := ShardOfName(name)
		want := filepath.Join("results", Options{Scale: o.Scale}.FileName("table4"))
		if !ok || whole != want || i != o.Shard || n != o.Shards {
			t.Errorf("ShardOfName(%q) = %q %d %d %v, want %q %d %d", name, whole, i, n, ok, want, o.Shard, o.Shards)
		}
	}
	for _, name := range []string{"table4.jsonl", "table4.shard-2-of-2.jsonl", "table4.shard-1-of-1.jsonl", "table4.shard-01-of-10.jsonl", "table4.shard-1-of-10.jsonl.old", "table4.shard-x-of-10.jsonl", "table4.shard-1-10.jsonl", "table4.shard-0-of-999999999999.jsonl"} {
		if _, _, _, ok := ShardOfName(name); ok {
			t.Errorf("ShardOfName(%q) reads a shard", name)
		}
	}
}

// A record whose index was edited is named as such: its seed and seats are
// another game's of its match, not a changed seed or swap.
func TestResumeNamesAnEditedIndex(t *testing.T) {
	cfg := load(t, testConfig)
	p, _ := cfg.Preset("small")
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if _, err := runPreset(t.Context(), cfg, p, path, Options{Count: 2, Workers: 1}, nil); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	for i, l := range lines {
		if strings.Contains(l, `"index":1,`) {
			lines[i] = strings.Replace(l, `"index":1,`, `"index":3,`, 1)
			break
		}
	}
	os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644)
	_, err := runPreset(t.Context(), cfg, p, path, Options{Count: 4}, nil)
	var re *ResumeError
	if !errors.As(err, &re) || re.What != "index 3, but its seed and seats are those of game 1 of the match: the index was changed" {
		t.Fatalf("got %v, want the edited index named", err)
	}
}
