package tui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/progress"
	tea "github.com/charmbracelet/bubbletea"

	"mcarena/config"
	"mcarena/tournament"
)

// ResultsDir is where preset runs keep their results files, the same files
// as mcarena run's.
var ResultsDir = "results"

// presetPicker lists the presets of the configuration with a field for
// scaling a run down.
type presetPicker struct {
	names  []string
	cursor int
	form   form
	err    string
}

func newPresetPicker(e *env) *presetPicker {
	p := &presetPicker{form: newForm(field{"games per match (empty: the preset's)", ""})}
	if e.cfg != nil {
		p.names = e.cfg.PresetNames()
	}
	return p
}

func (p *presetPicker) keys(e *env) keyHelp {
	k := e.keys
	up, down, sel := as(k.ListUp, "previous preset"), as(k.ListDown, "next preset"), as(k.Select, "run it")
	return keyHelp{
		short: []key.Binding{up, down, sel, k.Back, k.Help},
		full:  [][]key.Binding{{up, down, sel}, {k.Back, k.Help, k.Quit}},
	}
}

func (r *runScreen) keys(e *env) keyHelp {
	k := e.keys
	back := as(k.Back, "back")
	if !r.finished {
		back = as(k.Back, "stop the run (it resumes next time)")
	}
	return keyHelp{short: []key.Binding{back, k.Help}, full: [][]key.Binding{{back, k.Help, k.Quit}}}
}

func (p *presetPicker) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch {
		case matches(k, e.keys.Back):
			return goBack(), nil
		case matches(k, e.keys.ListUp):
			if p.cursor > 0 {
				p.cursor--
			}
			return p, nil
		case matches(k, e.keys.ListDown):
			if p.cursor < len(p.names)-1 {
				p.cursor++
			}
			return p, nil
		case matches(k, e.keys.Select):
			if len(p.names) == 0 {
				return p, nil
			}
			count := 0
			if v := strings.TrimSpace(p.form.value(0)); v != "" {
				n, err := strconv.Atoi(v)
				if err != nil || n < 1 || n > config.MaxCount {
					p.err = fmt.Sprintf("games per match %q: want a whole number in 1..%d", v, config.MaxCount)
					return p, nil
				}
				count = n
			}
			pr, _ := e.cfg.Preset(p.names[p.cursor])
			r := newRunScreen(e.cfg, pr, count)
			return r, r.start()
		}
	}
	return p, p.form.update(msg)
}

func (p *presetPicker) view(e *env) string {
	var b strings.Builder
	b.WriteString(e.styles.Title.Render("Run a preset") + "\n\n")
	if len(p.names) == 0 {
		b.WriteString(e.styles.Subtle.Render("no config.toml with presets here") + "\n")
	}
	for i, n := range p.names {
		pr, _ := e.cfg.Preset(n)
		line := fmt.Sprintf("%-10s %s", n, e.styles.Subtle.Render(pr.Description))
		if i == p.cursor {
			b.WriteString(e.styles.MenuSelected.Render("> ") + line + "\n")
		} else {
			b.WriteString("  " + line + "\n")
		}
	}
	b.WriteString("\n" + p.form.view())
	if p.err != "" {
		b.WriteString(e.styles.Error.Render(p.err) + "\n")
	}
	b.WriteString("\n" + e.styles.Subtle.Render("enter runs it (results in "+ResultsDir+"/, resumed if the file exists); esc stops a run, which resumes next time") + "\n")
	return b.String()
}

// runScreen runs a preset in the background and shows its progress and
// results as they come.
type runScreen struct {
	cfg    *config.Config
	p      *config.Preset
	count  int
	path   string
	cancel context.CancelFunc
	done   chan error

	mu       sync.Mutex
	recs     []tournament.Record
	progress tournament.Progress
	note     string

	finished bool
	err      error
	bar      progress.Model
	id       int
}

// runTick asks the screen to redraw a running preset.
type runTick struct{ id int }

// runDone is the end of a preset run.
type runDone struct {
	id  int
	err error
}

var runIDs int

func newRunScreen(cfg *config.Config, p *config.Preset, count int) *runScreen {
	// The file mcarena run uses: a game's seed depends only on its match
	// and number, so runs of different lengths extend one another.
	runIDs++
	return &runScreen{cfg: cfg, p: p, count: count, path: filepath.Join(ResultsDir, p.Name+".jsonl"),
		bar: progress.New(progress.WithDefaultGradient()), id: runIDs}
}

func (r *runScreen) start() tea.Cmd {
	if err := os.MkdirAll(ResultsDir, 0o755); err != nil {
		r.finished, r.err = true, err
		return nil
	}
	if recs, _, _, err := tournament.ReadResults(r.path); err == nil {
		r.recs = recs
	}
	plan, err := tournament.NewPlan(r.cfg, r.p)
	if err != nil {
		r.finished, r.err = true, err
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	r.done = make(chan error, 1)
	go func() {
		_, err := tournament.Run(ctx, plan, r.path, tournament.Options{Count: r.count}, func(pr tournament.Progress) {
			r.mu.Lock()
			defer r.mu.Unlock()
			if pr.Total == 0 {
				r.note = pr.Last.Error
				return
			}
			r.progress = pr
			r.recs = append(r.recs, pr.Last)
		})
		r.done <- err
	}()
	id := r.id
	return tea.Batch(func() tea.Msg { return runDone{id, <-r.done} }, r.tick())
}

// close stops a run still going when the screen leaves (ctrl+c); the
// next run resumes it.
func (r *runScreen) close() {
	if !r.finished && r.cancel != nil {
		r.cancel()
	}
}

func (r *runScreen) tick() tea.Cmd {
	id := r.id
	return tea.Tick(200*time.Millisecond, func(time.Time) tea.Msg { return runTick{id} })
}

func (r *runScreen) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case runTick:
		if msg.id != r.id || r.finished {
			return r, nil
		}
		return r, r.tick()
	case runDone:
		if msg.id == r.id {
			r.finished, r.err = true, msg.err
		}
		return r, nil
	case tea.KeyMsg:
		if matches(msg, e.keys.Back) {
			if !r.finished {
				r.cancel() // games in progress are dropped; the next run resumes
				r.finished, r.err = true, context.Canceled
				return r, nil
			}
			return goBack(), nil
		}
	}
	return r, nil
}

func (r *runScreen) view(e *env) string {
	s := e.styles
	r.mu.Lock()
	pr, recs, note := r.progress, append([]tournament.Record(nil), r.recs...), r.note
	r.mu.Unlock()
	var b strings.Builder
	b.WriteString(s.Title.Render("Preset "+r.p.Name) + "  " + s.Subtle.Render(r.p.Description) + "\n")
	b.WriteString(s.Subtle.Render("results: "+r.path) + "\n\n")
	if note != "" {
		b.WriteString(s.Status.Render(note) + "\n")
	}
	r.bar.Width = max(20, min(e.width-30, 80))
	frac := 0.0
	if pr.Total > 0 {
		frac = float64(pr.Done) / float64(pr.Total)
	}
	eta := "-"
	if n := pr.Done - pr.Resumed; n > 0 && !r.finished {
		eta = (time.Duration(float64(pr.Elapsed) / float64(n) * float64(pr.Total-pr.Done))).Round(time.Second).String()
	}
	b.WriteString(fmt.Sprintf("overall %s %d/%d  eta %s\n", r.bar.ViewAs(frac), pr.Done, pr.Total, eta))
	switch {
	case r.finished && errors.Is(r.err, context.Canceled):
		b.WriteString(s.Status.Render("stopped: run it again to resume where it stopped (esc: menu)") + "\n")
	case r.finished && r.err != nil:
		b.WriteString(s.Error.Render("failed: "+r.err.Error()) + "\n")
	case r.finished:
		b.WriteString(s.Banner.Render("done") + "\n")
	}
	b.WriteString("\n")
	if r.p.Kind == config.Analysis {
		var t strings.Builder
		tournament.WriteAnalysisReport(&t, tournament.SummariseAnalysis(r.p, recs), tournament.Text)
		b.WriteString(t.String())
		return b.String()
	}
	// One bar per match, and the live results table.
	count := r.count
	if count == 0 {
		count = r.p.Count
	}
	byMatch := map[string]tournament.MatchSummary{}
	for _, sm := range tournament.Summarise(recs, nil) {
		byMatch[sm.Match] = sm
	}
	rows := max(3, e.height-16)
	bar := progress.New(progress.WithSolidFill("#5A56E0"), progress.WithoutPercentage())
	bar.Width = 20
	matches := tournament.Matches(r.p)
	for i, m := range matches {
		if i == rows {
			b.WriteString(s.Subtle.Render(fmt.Sprintf("... %d more matches", len(matches)-rows)) + "\n")
			break
		}
		sm := byMatch[m.Key(r.p)]
		done := sm.Games + sm.Errors
		line := fmt.Sprintf("%-22s %-14s %-14s %-6s %s %3d/%d", m.Game, m.Names[0], m.Names[1], r.p.Budgets[m.Budget].Text,
			bar.ViewAs(float64(done)/float64(count)), done, count)
		if sm.Games > 0 {
			line += fmt.Sprintf("  %5.1f%% [%4.1f-%4.1f]", 100*sm.Score, 100*sm.Low, 100*sm.High)
			if m.Paper >= 0 {
				flag := " "
				if tournament.Outside(m.Paper, sm.Low, sm.High) {
					flag = "!"
				}
				line += fmt.Sprintf("  paper %5.1f%s", m.Paper, flag)
			}
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}
