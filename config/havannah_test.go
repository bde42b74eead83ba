package config

import (
	"strings"
	"testing"
)

// TestHavannahLearningReading: the Havannah paper's learning players
// learn from the play-out step's moves (learn=playout), as its section 3.2
// words it, and only the -wg players, the whole-simulation reading, from
// every move of the simulation; havannah-lgr-wholegame-counted plays only
// -wg players, havannah-ngram-readings-counted compares the readings, and
// every other Havannah preset plays the paper's reading; the opponent is
// the baseline hav-base, or for a player without RAVE in a -norave-
// probe, hav-uct (hav-base-6m for the -6m players of the node-cap probe).
func TestHavannahLearningReading(t *testing.T) {
	cfg := repositoryConfig(t)
	learning := 0
	for _, name := range cfg.EngineNames() {
		spec, _ := cfg.Engine(name)
		if !strings.HasPrefix(name, "hav-") || !strings.Contains(spec, "playout=lgr") && !strings.Contains(spec, "playout=ngram") {
			continue
		}
		learning++
		wg := strings.HasSuffix(name, "-wg")
		if strings.Contains(spec, "learn=playout") == wg {
			t.Errorf("%s is %s: want learn=playout unless it is a -wg player", name, spec)
		}
	}
	if learning < 40 {
		t.Errorf("%d Havannah learning players, want the paper's 40 and more", learning)
	}
	readings := map[string]bool{"havannah-lgr-wholegame-counted": true, "havannah-ngram-readings-counted": true}
	for _, name := range cfg.PresetNames() {
		p, _ := cfg.Preset(name)
		if !strings.HasPrefix(name, "havannah-") {
			continue
		}
		for _, pair := range p.Pairs {
			// The enhanced player is the first; the second is the baseline.
			wg := strings.HasSuffix(pair[0], "-wg")
			baseline := "hav-base"
			if strings.Contains(name, "-norave-") && strings.HasPrefix(pair[0], "hav-uct") {
				baseline = "hav-uct"
			}
			// The cap probe gives both players more room for nodes.
			if strings.HasSuffix(pair[0], "-6m") {
				baseline += "-6m"
			}
			if pair[1] != baseline || name == "havannah-lgr-wholegame-counted" && !wg || wg && !readings[name] {
				t.Errorf("preset %s plays %s against %s", name, pair[0], pair[1])
			}
		}
	}
}
