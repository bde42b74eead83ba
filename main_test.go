package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"mcarena/internal/tools"
	"mcarena/tournament"
	"mcarena/tui"
)

// TestTerminalEndToEnd drives the real binary in a tmux terminal, started in
// one directory with --config naming a file in another: the menu names that
// file, and the saves go beside it. It opens a new game against an engine, plays a move by typed notation, sees the
// engine answer, tries an illegal move and reads its reason, saves the game,
// loads it back from the file browser, reviews it a move back and copies
// that position, opens the NMCS stepper on the loaded
// position and steps once, comes back to the game, opens the stepper again
// on a level-4 playout and cancels it with esc while its first step
// computes, comes back to the browser with esc, resumes the last game from
// the menu, shrinks the terminal to 80x24 and to 60x20 and reads the play
// screen whole at each size, reviews a game of a results file with its
// per-move figures, and quits from the menu with q.
// It needs tmux (.ci/run installs it) and is skipped without it (fails,
// with MCARENA_REQUIRE_TOOLS set).
func TestTerminalEndToEnd(t *testing.T) {
	tools.Find(t, "tmux", "tmux")
	bin := filepath.Join(t.TempDir(), "mcarena")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	session := fmt.Sprintf("mcarena-e2e-%d", os.Getpid())
	tmux := func(args ...string) string {
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	// The configuration is named by --config from another directory: saves
	// go beside it, to work/saves.
	work := t.TempDir()
	cfgText, err := os.ReadFile("config.toml")
	if err != nil {
		t.Fatal(err)
	}
	cfgPath := filepath.Join(work, "config.toml")
	if err := os.WriteFile(cfgPath, cfgText, 0o644); err != nil {
		t.Fatal(err)
	}
	// A results file of one game, as a preset run writes it, to review.
	rec := tournament.Record{Preset: "demo", Match: "breakthrough|uct|nmc1|", Index: 0, Game: "breakthrough",
		Names: [2]string{"uct", "nmc1"}, Result: "1/2-1/2", Winner: -1, Plies: 3, Seconds: 1.5,
		Moves: []tournament.MoveSummary{{Move: "a2-a3", States: 41000, Iterations: 900, Millis: 310},
			{Move: "e4-e3", States: 42000, Iterations: 910, Millis: 320}, {Move: "d2xe3", States: 43000, Iterations: 920, Millis: 330}}}
	line, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(work, "results"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "results", "demo.jsonl"), append(line, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "40", "-c", t.TempDir(), bin, "--config", cfgPath)
	defer exec.Command("tmux", "kill-session", "-t", session).Run()
	screen := func() string { return tmux("capture-pane", "-t", session, "-p") }
	// waitWithin waits for the screen to show want, for at most d.
	waitWithin := func(want string, d time.Duration) string {
		t.Helper()
		deadline := time.Now().Add(d)
		for {
			s := screen()
			if strings.Contains(s, want) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("the screen never showed %q:\n%s", want, s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	waitFor := func(want string) string {
		t.Helper()
		return waitWithin(want, 10*time.Second)
	}
	send := func(keys ...string) {
		tmux(append([]string{"send-keys", "-t", session}, keys...)...)
		time.Sleep(100 * time.Millisecond)
	}
	waitFor("config " + cfgPath)
	send("Enter")
	waitFor("first:")
	send("Tab", "C-u", "human", "Tab", "C-u", "random", "Enter")
	waitFor("White (human) to move")
	send("a2-a3", "Enter")
	waitFor("random (last search)") // Black has answered
	send("a1-a3", "Enter")          // a1 cannot have moved or been taken yet
	waitFor("illegal: a1-a3: not a breakthrough step for White")
	send("C-u", "C-w")
	waitFor("saved to " + filepath.Join(work, "saves", "breakthrough-"))
	send("Escape") // saved: no question
	waitFor("Resume last game")
	send("Down", "Down", "Enter")
	waitFor("autosave-breakthrough-")
	send("Enter")
	waitFor("loaded 2 moves")
	send("C-r") // review the moves without undoing them
	waitFor("ply 2 of 2")
	send("Up")
	waitFor("ply 1 of 2")
	send("p")
	waitFor("copied the position to " + filepath.Join(work, "saves", "copied", "position.txt"))
	send("Escape")
	waitFor("loaded 2 moves")
	send("C-n")
	waitFor("position: ")
	send("Tab", "Tab", "C-u", "nmcs:level=1,discount", "Enter")
	waitFor("step 1 at depth 0, White to move")
	send("Right")
	waitFor("step 2 at depth 1, Black to move")
	send("Escape") // the stepper returns to its game
	waitFor("White (human) to move")
	// A step that takes long (a level-4 step here is some tens of
	// seconds): esc while it computes stops it and leaves at once, where
	// waiting for the step would take far longer than the 3 s allowed.
	send("C-n")
	waitFor("position: ")
	send("Tab", "Tab", "C-u", "nmcs:level=4", "Enter")
	waitFor("computing step 1")
	send("Escape")
	waitWithin("White (human) to move", 3*time.Second)
	send("Escape") // the game returns to the list it was loaded from
	waitFor("autosave-breakthrough-")
	send("Escape") // alone: an escape followed by a key is read as alt+key
	waitFor("Resume last game")
	send("Up", "Enter") // from Load game up to Resume last game
	waitFor("loaded 2 moves")
	// Smaller terminals: the title, the board, both panes and the status
	// line stay on screen, down to the least size.
	for _, size := range [][2]string{{"80", "24"}, {"60", "20"}} {
		tmux("resize-window", "-t", session, "-x", size[0], "-y", size[1])
		wants := []string{"breakthrough", " 5  b  b  b  b  b", "Moves", "Engine", "move: ", "PAUSED", "time used White"}
		deadline := time.Now().Add(10 * time.Second)
		for {
			// The screen of the new size: the title first and every part
			// on it, the status line too (a screen too tall would scroll
			// the title off the pane's top).
			s := screen()
			ok := strings.HasPrefix(s, wants[0])
			for _, want := range wants {
				ok = ok && strings.Contains(s, want)
			}
			if ok {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("at %sx%s the screen never showed the title first and %q:\n%s", size[0], size[1], wants[1:], s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	send("Escape") // the resumed game is in its autosave: no question
	waitFor("Resume last game")
	// A results file's game on the board, with its searches' figures.
	send("Down", "Down", "Down", "Enter") // from Resume last game to Review results
	waitFor("demo.jsonl")
	send("Enter")
	waitFor("uct v nmc1  #1")
	send("Enter")
	waitFor("ply 3 of 3")
	waitFor("43k")
	send("Up")
	waitFor("ply 2 of 3")
	send("Escape")
	waitFor("uct v nmc1  #1")
	send("Escape")
	waitFor("demo.jsonl")
	send("Escape")
	waitFor("Resume last game")
	send("q")
	deadline := time.Now().Add(10 * time.Second)
	for exec.Command("tmux", "has-session", "-t", session).Run() == nil {
		if time.Now().After(deadline) {
			t.Fatalf("q on the menu did not quit:\n%s", screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
	saves, _ := filepath.Glob(filepath.Join(work, "saves", "breakthrough-*.pgn"))
	if len(saves) != 1 {
		t.Fatalf("saves: %v", saves)
	}
}

// The terminal UI's configuration is the --config file, else config.toml
// here, else the user's; saves and results go beside it, or in the user's
// mcarena directory when there is none.
func TestLocate(t *testing.T) {
	here, user := t.TempDir(), t.TempDir()
	userDir := func() (string, error) { return user, nil }
	own := filepath.Join(user, "mcarena")
	other := filepath.Join(t.TempDir(), "my.toml")
	os.WriteFile(other, []byte(""), 0o644)

	check := func(name, flag string, want tui.Where) {
		t.Helper()
		got, err := locate(flag, here, userDir)
		if err != nil || got.Config != want.Config || got.Dir != want.Dir || !slices.Equal(got.Looked, want.Looked) {
			t.Errorf("%s: got %+v, %v; want %+v", name, got, err, want)
		}
	}
	check("nothing anywhere", "", tui.Where{Dir: own, Looked: []string{filepath.Join(here, "config.toml"), filepath.Join(own, "config.toml")}})
	os.MkdirAll(own, 0o755)
	os.WriteFile(filepath.Join(own, "config.toml"), []byte(""), 0o644)
	check("the user's", "", tui.Where{Config: filepath.Join(own, "config.toml"), Dir: own})
	os.WriteFile(filepath.Join(here, "config.toml"), []byte(""), 0o644)
	check("here before the user's", "", tui.Where{Config: filepath.Join(here, "config.toml"), Dir: here})
	check("--config first", other, tui.Where{Config: other, Dir: filepath.Dir(other)})
	// A relative --config is read from the working directory.
	os.WriteFile(filepath.Join(here, "rel.toml"), []byte(""), 0o644)
	check("a relative --config", "rel.toml", tui.Where{Config: filepath.Join(here, "rel.toml"), Dir: here})
	if _, err := locate(filepath.Join(here, "missing.toml"), here, userDir); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("a missing --config file: %v", err)
	}
	for _, tc := range []struct {
		args []string
		flag string
		ui   bool
		bad  bool // --config misplaced or without its FILE
	}{
		{nil, "", true, false},
		{[]string{"--config", "a.toml"}, "a.toml", true, false},
		{[]string{"--config=a.toml"}, "a.toml", true, false},
		{[]string{"list"}, "", false, false},
		{[]string{"list", "--config", "a.toml"}, "", false, false},
		{[]string{"--config"}, "", false, true},
		{[]string{"--config="}, "", true, true},
		{[]string{"--config", ""}, "", true, true},
		{[]string{"--config", "a.toml", "list"}, "", false, true},
	} {
		flag, ui := uiArgs(tc.args)
		if flag != tc.flag || ui != tc.ui {
			t.Errorf("uiArgs(%q) = %q, %v", tc.args, flag, ui)
		}
		if bad := badConfigFlag(tc.args, flag, ui); bad != tc.bad {
			t.Errorf("badConfigFlag(%q) = %v, want %v", tc.args, bad, tc.bad)
		}
	}
}
