package kalah

import (
	"testing"

	"mcarena/games"
	"mcarena/games/gametest"
)

// dealt returns the random start of g from seed, failing when g has none.
func dealt(t *testing.T, g games.Game, seed uint64) *State {
	t.Helper()
	s, random := games.Start(g, seed)
	if !random {
		t.Fatalf("%s: no random start", g.Spec())
	}
	return s.(*State)
}

// A random start holds every seed of the game in the houses, none in the
// stores, seeds on both sides, South to move; its text reads back as the
// same position with the same hash.
func TestRandomStartConservesSeedsWithEmptyStores(t *testing.T) {
	for _, g := range []*Game{NewRandomStart(6, 4, false), NewRandomStart(3, 3, true), NewRandomStart(1, 1, false), NewRandomStart(10, 12, false)} {
		t.Run(g.Spec(), func(t *testing.T) {
			for seed := range uint64(300) {
				s := dealt(t, g, seed)
				sum := 0
				for p := range g.pits {
					sum += int(s.pit[p])
				}
				switch {
				case sum != g.total:
					t.Fatalf("seed %d: %s holds %d seeds, want %d", seed, s, sum, g.total)
				case s.pit[g.store[0]] != 0 || s.pit[g.store[1]] != 0:
					t.Fatalf("seed %d: %s: stores not empty", seed, s)
				case s.sideEmpty(0) || s.sideEmpty(1) || s.Terminal():
					t.Fatalf("seed %d: %s: a side has no seeds", seed, s)
				case s.ToMove() != games.First:
					t.Fatalf("seed %d: %s: North to move", seed, s)
				case s.Hash() != s.RecomputeHash():
					t.Fatalf("seed %d: hash not kept", seed)
				}
				back, err := g.ParsePosition(s.String())
				if err != nil || back.String() != s.String() || back.Hash() != s.Hash() {
					t.Fatalf("seed %d: %s reads back as %v (%v)", seed, s, back, err)
				}
			}
		})
	}
}

// The deal is a function of the seed: the same seed gives the same board,
// from a new game built from the same spec too, and seeds give many boards.
func TestRandomStartIsDeterministicFromSeed(t *testing.T) {
	g := NewRandomStart(6, 4, false)
	again := gametest.MustGame(t, "kalah:start=random")
	boards := map[string]bool{}
	for seed := range uint64(200) {
		a, b := dealt(t, g, seed).String(), dealt(t, again, seed).String()
		if a != b {
			t.Fatalf("seed %d: %s, then %s", seed, a, b)
		}
		boards[a] = true
	}
	if len(boards) < 199 {
		t.Fatalf("200 seeds dealt %d boards", len(boards))
	}
}

// Each house's count is Binomial(48, 1/12) in Kalah(6,4): a seed lands in
// every house equally often (a chi-square of the totals with 11 degrees of
// freedom, p = 0.001 at 31.3), every house is seen empty and holding at
// least twice the mean, and the variance of a house is 48 (1/12)(11/12) =
// 3.67, far below a uniform composition's.
func TestRandomStartDealsEachSeedToUniformHouse(t *testing.T) {
	g := NewRandomStart(6, 4, false)
	const deals = 4000
	var total, sq [12]float64
	var empty, full [12]bool
	houses := []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12}
	for seed := range uint64(deals) {
		s := dealt(t, g, 1000+seed)
		for i, p := range houses {
			n := float64(s.pit[p])
			total[i] += n
			sq[i] += n * n
			empty[i] = empty[i] || n == 0
			full[i] = full[i] || n >= 8
		}
	}
	expect := float64(deals * 48 / 12)
	chi := 0.0
	for i := range houses {
		chi += (total[i] - expect) * (total[i] - expect) / expect
		mean := total[i] / deals
		if v := sq[i]/deals - mean*mean; v < 3.67*0.85 || v > 3.67*1.15 {
			t.Errorf("house %s: variance %.2f, want about 3.67", houseName(g.fileOf(houses[i])), v)
		}
		if !empty[i] || !full[i] {
			t.Errorf("house %s: empty seen %v, 8 or more seen %v; want both", houseName(g.fileOf(houses[i])), empty[i], full[i])
		}
	}
	if chi > 31.3 {
		t.Errorf("chi-square %.1f of the house totals %v, want at most 31.3", chi, total)
	}
}

// Only start=random deals: the standard game starts where NewState does,
// and the option round-trips through the spec.
func TestRandomStartOption(t *testing.T) {
	tests := []struct {
		spec, canonical string
		random          bool
	}{
		{"kalah", "kalah", false},
		{"kalah:start=standard", "kalah", false},
		{"kalah:start=random", "kalah:start=random", true},
		{"kalah:houses=3,seeds=3,start=random,empty_capture", "kalah:houses=3,seeds=3,empty_capture,start=random", true},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			g := gametest.MustGame(t, tt.spec)
			if g.Spec() != tt.canonical {
				t.Errorf("spec %s, want %s", g.Spec(), tt.canonical)
			}
			s, random := games.Start(g, 7)
			if random != tt.random {
				t.Fatalf("random start %v, want %v", random, tt.random)
			}
			if !random && s.String() != g.NewState().String() {
				t.Errorf("fixed start %s, want %s", s, g.NewState())
			}
			if g.NewState().String() != New(g.(*Game).houses, g.(*Game).seeds, false).NewState().String() {
				t.Errorf("NewState of %s is not the standard start", tt.spec)
			}
		})
	}
	if _, err := games.New("kalah:start=shuffled"); err == nil {
		t.Error("start=shuffled accepted")
	}
}

// Games from random starts keep every invariant of the conformance test.
func TestRandomStartConformance(t *testing.T) {
	g := NewRandomStart(6, 4, false)
	seed := uint64(0)
	gametest.Conformance(t, g, gametest.Config{Games: 60, Start: func(games.Game) games.State {
		seed++
		return g.deal(seed)
	}})
}
