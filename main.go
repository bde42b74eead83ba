// Command mcarena is a terminal lab for Monte Carlo game search. Without
// arguments, or with only --config FILE, it opens the terminal UI;
// subcommands do headless work (run 'mcarena help').
//
// The terminal UI reads the configuration named by --config, else
// config.toml in the current directory, else config.toml in the user's
// configuration directory (mcarena/config.toml under os.UserConfigDir:
// ~/.config on Linux). It keeps saves/ and results/ in the directory of the
// file it read, or, with no configuration anywhere, in that mcarena
// directory of the user's.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"mcarena/cli"
	"mcarena/config"
	_ "mcarena/engines/all" // every engine family registers itself, once, here
	_ "mcarena/games/all"   // every game too
	"mcarena/internal/terminal"
	"mcarena/tui"
)

func main() {
	flagPath, ui := uiArgs(os.Args[1:])
	if badConfigFlag(os.Args[1:], flagPath, ui) {
		fmt.Fprintln(os.Stderr, "mcarena: --config FILE alone opens the terminal UI with FILE; a subcommand takes it after its name (mcarena run PRESET --config FILE)")
		os.Exit(cli.ExitUsage)
	}
	if !ui {
		os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
	}
	if !terminal.Is(os.Stdin) || !terminal.Is(os.Stdout) {
		fmt.Fprint(os.Stderr, "mcarena: the terminal UI needs a terminal; for headless work use a subcommand:\n\n"+cli.Usage())
		os.Exit(cli.ExitUsage)
	}
	wd, _ := os.Getwd()
	where, err := locate(flagPath, wd, os.UserConfigDir)
	var cfg *config.Config
	if err == nil && where.Config != "" {
		cfg, err = config.Load(where.Config)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "mcarena: %v\n", err)
		os.Exit(cli.ExitUsage)
	}
	if err := tui.Run(cfg, where); err != nil {
		fmt.Fprintf(os.Stderr, "mcarena: %v\n", err)
		os.Exit(cli.ExitError)
	}
}

// uiArgs reports whether the arguments open the terminal UI (none, or only
// --config FILE) and the configuration they name.
func uiArgs(args []string) (config string, ui bool) {
	switch {
	case len(args) == 0:
		return "", true
	case len(args) == 2 && args[0] == "--config":
		return args[1], true
	case len(args) == 1 && strings.HasPrefix(args[0], "--config="):
		return strings.TrimPrefix(args[0], "--config="), true
	}
	return "", false
}

// badConfigFlag reports whether the arguments begin with --config but are
// not --config FILE alone: a FILE left out or empty, or a subcommand after
// it (which reads the flag after its own name).
func badConfigFlag(args []string, flagPath string, ui bool) bool {
	if ui {
		return len(args) > 0 && flagPath == ""
	}
	return len(args) > 0 && (args[0] == "--config" || strings.HasPrefix(args[0], "--config="))
}

// locate finds the terminal UI's configuration and the directory of its
// saves and results, as the package comment says: flagPath if given (it
// must exist), else config.toml in wd, else in the user's configuration
// directory.
func locate(flagPath, wd string, userDir func() (string, error)) (tui.Where, error) {
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return filepath.Clean(p)
		}
		return filepath.Join(wd, p)
	}
	if flagPath != "" {
		p := abs(flagPath)
		if _, err := os.Stat(p); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return tui.Where{}, fmt.Errorf("configuration %s does not exist", flagPath)
			}
			return tui.Where{}, err
		}
		return tui.Where{Config: p, Dir: filepath.Dir(p)}, nil
	}
	candidates := []string{filepath.Join(wd, config.DefaultPath)}
	own := wd // with no configuration anywhere, where the data go
	if dir, err := userDir(); err == nil && dir != "" {
		own = filepath.Join(dir, "mcarena")
		candidates = append(candidates, filepath.Join(own, config.DefaultPath))
	}
	for _, p := range candidates {
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return tui.Where{Config: p, Dir: filepath.Dir(p)}, nil
		}
	}
	return tui.Where{Dir: own, Looked: candidates}, nil
}
