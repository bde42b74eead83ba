package tui

import (
	"context"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"mcarena/engines"
	"mcarena/games"
)

// fullPlay returns a 200x60 play screen with a long move list and a full
// statistics pane, the heaviest frame the UI draws.
func fullPlay(b *testing.B) (Model, *play) {
	m := send(&testing.T{}, New(nil), tea.WindowSizeMsg{Width: 200, Height: 60})
	g, _ := games.New("breakthrough:size=8x8")
	e, _ := engines.New("uct")
	p := newPlay(g, g.NewState(), [2]player{{text: "human"}, {text: "uct", engine: e}})
	p.autosaving = false
	for i := 0; i < 40 && !p.state.Terminal(); i++ {
		p.playMove(p.state.Legal(nil)[i%3])
	}
	res, err := e.Search(context.Background(), engines.NewRequest(p.state, engines.Budget{Iterations: 50000}, 1))
	if err != nil {
		b.Fatal(err)
	}
	p.stats, p.statsFor, p.statsBy = res.Stats, p.state.Clone(), "uct"
	m.current = p
	return m, p
}

// BenchmarkPlayFrame renders the play screen at 200x60 with every pane
// full; a frame must take well under 16 ms.
func BenchmarkPlayFrame(b *testing.B) {
	m, _ := fullPlay(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkEngineUnderUI compares an engine searching alone with the same
// search while the UI reads its snapshots and redraws the screen ten times
// a second, as the play screen does.
func BenchmarkEngineUnderUI(b *testing.B) {
	for _, ui := range []bool{false, true} {
		name := "headless"
		if ui {
			name = "with-ui"
		}
		b.Run(name, func(b *testing.B) {
			m, p := fullPlay(b)
			e := p.seats[1].engine
			var states int64
			for b.Loop() {
				sr, _ := startSearch(1, e, engines.NewRequest(p.state, engines.Budget{Iterations: 400000}, 7))
				if ui {
					stop := make(chan struct{})
					go func() {
						t := time.NewTicker(statsEvery)
						defer t.Stop()
						for {
							select {
							case <-stop:
								return
							case <-t.C:
								if st, ok := sr.snapshot(); ok {
									p.stats = st
								}
								_ = m.View()
							}
						}
					}()
					d := <-sr.done
					close(stop)
					states += d.res.Stats.States
				} else {
					d := <-sr.done
					states += d.res.Stats.States
				}
			}
			b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
		})
	}
}
