package tui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/progress"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"mcarena/config"
	"mcarena/internal/words"
	"mcarena/tournament"
)

// ResultsDir is where preset runs keep their results files, the same files
// as mcarena run's.
var ResultsDir = "results"

// presetPicker lists the presets of the configuration, each marked when its
// results file is finished, partly run or held by another process (the
// file a run at the scale in the form's budget-scale field writes), with
// fields for scaling a run down and for the number of workers, and one that
// narrows the list to the presets whose name or description holds its text.
type presetPicker struct {
	all    []string // every preset, by name
	names  []string // those the filter keeps, the list's rows
	cursor int      // into names
	form   form     // games per match, budget scale, workers, budgets, filter
	err    string
	list   scroller
	marks  map[string]string
	scanID int
	scale  float64 // the budget-scale field's last valid scale, 1 when empty
	// marksScale is the scale the marks on screen were read at.
	marksScale float64
}

// presetMarks is what the picker found in the presets' results files of
// runs at a budget scale.
type presetMarks struct {
	id    int
	scale float64
	marks map[string]string
}

var scanIDs int

func newPresetPicker(e *env) (*presetPicker, tea.Cmd) {
	p := &presetPicker{form: newForm(field{"games per match", ""}, field{"budget scale", ""}, field{"workers", ""}, field{"only budgets", ""}, field{"filter", ""}), marks: map[string]string{}, scale: 1}
	p.form.inputs[0].Placeholder = "the preset's"
	p.form.inputs[1].Placeholder = "1 (the preset's budgets)"
	p.form.inputs[2].Placeholder = "one per core"
	p.form.inputs[3].Placeholder = "all (or some by their text, comma-separated)"
	p.form.inputs[filterField].Placeholder = "every preset (/ comes here: part of a name or description)"
	if e.cfg == nil {
		return p, nil
	}
	p.all = e.cfg.PresetNames()
	p.names = p.all
	scanIDs++
	p.scanID = scanIDs
	return p, scanPresets(e.cfg, p.all, p.scanID, 0)
}

// filterField is the picker's field that narrows the list.
const filterField = 4

// refilter keeps the presets whose name or description holds the filter's
// text, in any case, and the cursor on the preset it was on while that one
// is kept (else on the first).
func (p *presetPicker) refilter(e *env) {
	was := ""
	if p.cursor < len(p.names) {
		was = p.names[p.cursor]
	}
	q := strings.TrimSpace(p.form.value(filterField))
	p.names = p.all
	if q != "" {
		p.names = nil
		for _, n := range p.all {
			if pr, _ := e.cfg.Preset(n); pr.Holds(q) {
				p.names = append(p.names, n)
			}
		}
	}
	p.cursor = max(slices.Index(p.names, was), 0)
}

// scanPresets reads in the background every preset's results file of a
// run at the budget scale (0 or 1 for the preset's budgets) and marks the
// preset: done, partly run, or running in another process.
func scanPresets(cfg *config.Config, names []string, id int, scale float64) tea.Cmd {
	opt := tournament.Options{Scale: scale}
	return func() tea.Msg {
		marks := map[string]string{}
		for _, n := range names {
			pr, _ := cfg.Preset(n)
			marks[n] = presetMark(pr, filepath.Join(ResultsDir, opt.FileName(n)))
		}
		return presetMarks{id, scale, marks}
	}
}

// presetMark says how far the results file at path holds preset p's games
// (at the preset's count per match), or that another process holds it.
func presetMark(p *config.Preset, path string) string {
	if err := tournament.Busy(path); err != nil {
		return "running elsewhere"
	}
	recs, _, _, err := tournament.ReadResults(path)
	if err != nil || len(recs) == 0 {
		return ""
	}
	keys, count := tournament.Units(p, 0, 0)
	done, total := 0, len(keys)*count
	for _, t := range tallyUnits(p, recs, count) {
		done += t.done
	}
	switch {
	case done >= total:
		return "done"
	case done > 0:
		return fmt.Sprintf("%d/%d %s", done, total, tournament.UnitNoun(p.Kind))
	}
	return ""
}

func (p *presetPicker) keys(e *env) keyHelp {
	k := e.keys
	up, down, sel := as(k.ListUp, "previous preset"), as(k.ListDown, "next preset"), as(k.Select, "run it")
	filter := as(k.Filter, "filter the presets")
	help := k.Help
	if p.typing() {
		help = k.HelpF1
	}
	return keyHelp{
		short: []key.Binding{up, down, k.NextField, sel, filter, k.Results, k.Back, help},
		full:  [][]key.Binding{{up, down, k.PageUp, k.PageDown, sel}, {k.NextField, k.PrevField, filter, k.Results}, {k.Back, as(k.Help, typedHelp), k.Quit}},
	}
}

// typing reports whether the focused field holds text: ? is typed there.
func (p *presetPicker) typing() bool { return p.form.typing() }

func (r *runScreen) keys(e *env) keyHelp {
	k := e.keys
	back := as(k.Back, "back")
	if !r.finished {
		back = as(k.Back, "stop the run (it resumes next time)")
	}
	row := "match"
	if r.p != nil { // nil in the help screen's list of every screen's keys
		switch r.p.Kind {
		case config.Analysis:
			row = "engine"
		case config.Simulations:
			row = "position"
		}
	}
	up, down := as(k.ListUp, "previous "+row), as(k.ListDown, "next "+row)
	if r.sweeps {
		chart := as(k.Chart, "chart the sweep")
		if r.chart {
			chart = as(k.Chart, "the table")
		}
		return keyHelp{short: []key.Binding{up, down, chart, back, k.Help}, full: [][]key.Binding{{up, down, k.PageUp, k.PageDown}, {chart, back, k.Help, k.Quit}}}
	}
	return keyHelp{short: []key.Binding{up, down, back, k.Help}, full: [][]key.Binding{{up, down, k.PageUp, k.PageDown}, {back, k.Help, k.Quit}}}
}

func (p *presetPicker) update(e *env, msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case presetMarks:
		if msg.id == p.scanID {
			p.marks, p.marksScale = msg.marks, msg.scale
		}
		return p, nil
	case tea.KeyMsg:
		switch {
		case p.form.focus == filterField && msg.Type == tea.KeyRunes:
			// Text for the filter, j and k among it: the field's below.
		case matches(msg, e.keys.Filter):
			p.form.focusOn(filterField)
			return p, nil
		case matches(msg, e.keys.Back):
			return goBack(), nil
		case matches(msg, e.keys.ListUp):
			p.cursor = max(p.cursor-1, 0)
			return p, nil
		case matches(msg, e.keys.ListDown):
			p.cursor = max(min(p.cursor+1, len(p.names)-1), 0)
			return p, nil
		case matches(msg, e.keys.PageUp):
			p.cursor = max(p.cursor-max(p.list.rows, 1), 0)
			return p, nil
		case matches(msg, e.keys.PageDown):
			p.cursor = max(min(p.cursor+max(p.list.rows, 1), len(p.names)-1), 0)
			return p, nil
		case matches(msg, e.keys.NextField):
			p.form.move(1)
			return p, nil
		case matches(msg, e.keys.PrevField):
			p.form.move(-1)
			return p, nil
		case matches(msg, e.keys.Select):
			return p.start(e)
		case matches(msg, e.keys.Results):
			prefer := ""
			if p.cursor < len(p.names) {
				// The file a run at the form's budget scale writes.
				prefer = tournament.Options{Scale: p.scale}.FileName(p.names[p.cursor])
			}
			return newResultsBrowser(prefer), nil
		}
	}
	before := make([]string, len(p.form.inputs))
	for i := range before {
		before[i] = p.form.value(i)
	}
	cmd := p.form.update(msg)
	for i, was := range before {
		if i != filterField && p.form.value(i) != was {
			p.err = "" // the error was of a field's text before; the filter's changes are not its
		}
	}
	if p.form.value(filterField) != before[filterField] {
		p.refilter(e)
	}
	if f, ok := p.fieldScale(); ok && f != p.scale {
		p.scale = f
		cmd = tea.Batch(cmd, p.reveal(e))
	}
	return p, cmd
}

// fieldScale is the budget scale the form's field holds, 1 when it is
// empty, and false while its text is no valid scale (the marks then stay
// those of the last valid one).
func (p *presetPicker) fieldScale() (float64, bool) {
	v := strings.TrimSpace(p.form.value(1))
	if v == "" {
		return 1, true
	}
	f, err := strconv.ParseFloat(v, 64)
	return f, err == nil && f > 0 && f <= maxScale
}

// start reads the fields and runs the preset under the cursor, unless
// another process holds its results file: then it warns and runs nothing.
func (p *presetPicker) start(e *env) (screen, tea.Cmd) {
	if len(p.names) == 0 {
		return p, nil
	}
	var opt tournament.Options
	if v := strings.TrimSpace(p.form.value(0)); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > config.MaxCount {
			p.err = fmt.Sprintf("games per match %q: want a whole number in 1..%d", v, config.MaxCount)
			p.form.focusOn(0)
			return p, nil
		}
		opt.Count = n
	}
	if v := strings.TrimSpace(p.form.value(1)); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f > 0 && f <= maxScale) {
			p.err = fmt.Sprintf("budget scale %q: want a factor above 0 and at most %d, like 0.1", v, maxScale)
			p.form.focusOn(1)
			return p, nil
		}
		opt.Scale = f
	}
	if v := strings.TrimSpace(p.form.value(2)); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > tournament.MaxWorkers {
			p.err = fmt.Sprintf("workers %q: want a whole number in 1..%d", v, tournament.MaxWorkers)
			p.form.focusOn(2)
			return p, nil
		}
		opt.Workers = n
	}
	name := p.names[p.cursor]
	pr, _ := e.cfg.Preset(name)
	if opt.Count%2 == 1 && pr.Protocol == config.SeatPairs {
		p.err = fmt.Sprintf("games per match %d: preset %s plays seat-swapped pairs: want an even number", opt.Count, name)
		p.form.focusOn(0)
		return p, nil
	}
	if v := strings.TrimSpace(p.form.value(3)); v != "" {
		for _, b := range strings.Split(v, ",") {
			opt.Budgets = append(opt.Budgets, strings.TrimSpace(b))
		}
		if _, err := tournament.BudgetSelection(pr, opt.Budgets); err != nil {
			p.err = "only budgets: " + err.Error()
			p.form.focusOn(3)
			return p, nil
		}
	}
	if err := tournament.Busy(filepath.Join(ResultsDir, opt.FileName(name))); err != nil {
		p.err = "not started: " + err.Error()
		p.marks[name] = "running elsewhere"
		return p, nil
	}
	p.err = ""
	r := newRunScreen(e.cfg, pr, opt)
	return r, r.start()
}

// maxScale bounds the budget-scale field.
const maxScale = 1000

// reveal marks the presets again when a run closes (it may have finished
// one) or the budget scale changes.
func (p *presetPicker) reveal(e *env) tea.Cmd {
	if e.cfg == nil {
		return nil
	}
	scanIDs++
	p.scanID = scanIDs
	return scanPresets(e.cfg, p.all, p.scanID, p.scale)
}

func (p *presetPicker) view(e *env) string {
	st := e.styles
	w := e.width
	head := st.Title.Render("Run a preset") + "\n"
	var tail strings.Builder
	tail.WriteString("\n" + p.form.view())
	if p.err != "" {
		tail.WriteString(st.Error.Width(w).Render(p.err) + "\n")
	}
	tail.WriteString("\n" + st.Subtle.Width(w).Render("enter runs it (results in "+ResultsDir+"/, resumed if the file exists); esc stops a run, which resumes next time"))
	if len(p.all) == 0 {
		return head + "\n" + st.Subtle.Render("no config.toml with presets here") + "\n" + tail.String()
	}
	if len(p.names) == 0 {
		p.list.render(nil, -1, w, 1) // the status line's span then says nothing of the list shown before
		return head + "\n" + st.Subtle.Render(fmt.Sprintf("no preset's name or description holds %q", strings.TrimSpace(p.form.value(filterField)))) + "\n" + tail.String()
	}
	nameW, markW := 0, 0
	for _, n := range p.names {
		nameW, markW = max(nameW, len(n)), max(markW, len(p.marks[n]))
	}
	lines := make([]string, len(p.names))
	for i, n := range p.names {
		pr, _ := e.cfg.Preset(n)
		mark := fmt.Sprintf("%-*s", markW, p.marks[n])
		switch p.marks[n] {
		case "done":
			mark = st.Title.Render(mark)
		case "running elsewhere":
			mark = st.Error.Render(mark)
		case "":
		default:
			mark = st.Status.Render(mark)
		}
		line := fmt.Sprintf("%-*s  %s  %s", nameW, n, mark, st.Subtle.Render(pr.Description))
		if i == p.cursor {
			lines[i] = st.MenuSelected.Render("> ") + line
		} else {
			lines[i] = "  " + line
		}
	}
	pr, _ := e.cfg.Preset(p.names[p.cursor])
	// The details take at most a quarter of the body, less where the list
	// would keep fewer than three rows, and never less than two lines.
	tailH := lipgloss.Height(tail.String())
	details := presetDetails(pr, w, max(min(e.bodyHeight/4, e.bodyHeight-tailH-6), 2))
	height := e.bodyHeight - 3 - tailH - lipgloss.Height(details)
	return head + "\n" + p.list.render(lines, p.cursor, w, height) + "\n\n" + st.Subtle.Render(details) + "\n" + tail.String()
}

// presetDetails says what the chosen preset plays, on a line of its own
// (its extent, games and budgets), and its whole description wrapped to
// width, in at most lines lines in all (two at the least), the last ending
// in an ellipsis where the description goes on, as the list's rows cut it
// to one.
func presetDetails(p *config.Preset, width, lines int) string {
	lines = max(lines, 2)
	games := p.Games
	if p.Kind != config.Match {
		games = []string{p.Game}
	}
	parts := []string{tournament.Extent(p)}
	if g := strings.Join(games, ", "); g != "" {
		parts = append(parts, g)
	}
	if len(p.Budgets) > 0 {
		texts := make([]string, len(p.Budgets))
		for i, b := range p.Budgets {
			texts[i] = b.Text
		}
		parts = append(parts, strings.Join(texts, ", "))
	}
	out := []string{cut(strings.Join(parts, " · "), width)}
	if strings.TrimSpace(p.Description) == "" {
		return out[0]
	}
	for _, l := range strings.Split(wrapWords(p.Description, width), "\n") {
		if len(out) == lines {
			// The last line shown makes room for the ellipsis, without
			// the one cut would add of its own.
			out[lines-1] = ansi.Truncate(out[lines-1], max(width-1, 0), "") + "…"
			break
		}
		out = append(out, cut(l, width)) // a word wider than the screen is cut
	}
	return strings.Join(out, "\n")
}

// statusLine says where results go and the run the fields ask for.
func (p *presetPicker) statusLine(e *env) string {
	kept := ""
	if len(p.names) < len(p.all) {
		kept = fmt.Sprintf("%d of %d presets", len(p.names), len(p.all))
	}
	marks := ""
	if p.marksScale != 1 && p.marksScale != 0 {
		marks = fmt.Sprintf("marks of runs at budget scale %g", p.marksScale)
	}
	return statusParts(kept, p.list.span(), marks, "results in "+ResultsDir+"/")
}

// runScreen runs a preset in the background and shows its progress and
// results as they come: an overall bar, then a row per match (per engine
// for an analysis preset) with its games, its win rate and interval, the
// paper's figure and its own ETA.
type runScreen struct {
	cfg   *config.Config
	p     *config.Preset
	opt   tournament.Options
	count int // games per match (runs per engine and budget, batches of playouts per position) of this run
	// unitKeys are the match keys of the run's units in the schedule's order:
	// the preset's matches, an analysis preset's engines under each
	// budget, a simulations preset's positions by each policy; those under the budgets
	// the run selects, if it selects any.
	unitKeys []string
	path     string
	cancel   context.CancelFunc
	done     chan error
	began    time.Time

	mu       sync.Mutex
	recs     []tournament.Record // the run's games: those in the file, then this run's
	progress tournament.Progress
	note     string

	finished bool
	ended    time.Time
	err      error
	bar      progress.Model
	id       int
	cursor   int // the selected match
	table    scroller
	// sweeps says the preset's matches make a curve (tournament.Sweep);
	// chart shows it in place of the table.
	sweeps, chart bool
}

// runTick asks the screen to redraw a running preset.
type runTick struct{ id int }

// runDone is the end of a preset run.
type runDone struct {
	id  int
	err error
}

var runIDs int

func newRunScreen(cfg *config.Config, p *config.Preset, opt tournament.Options) *runScreen {
	// The file mcarena run uses (a scaled run has a file of its own): a
	// game's seed depends only on its match and number, so runs of
	// different lengths extend one another.
	runIDs++
	_, count := tournament.Units(p, opt.Count, opt.Scale)
	r := &runScreen{cfg: cfg, p: p, opt: opt, count: count, unitKeys: tournament.SelectUnits(p, opt.Budgets), path: filepath.Join(ResultsDir, opt.FileName(p.Name)),
		bar: progress.New(progress.WithDefaultGradient()), id: runIDs}
	r.sweeps = len(r.findSweeps(nil)) > 0
	return r
}

// findSweeps returns the curves among the run's matches (tournament.Sweep),
// with the games recs hold so far: every match of the run is a point,
// those without games show the paper's figure alone.
func (r *runScreen) findSweeps(recs []tournament.Record) []tournament.Sweep {
	if r.p.Kind != config.Match || r.p.Elimination != nil {
		return nil
	}
	byMatch := map[string]tournament.MatchSummary{}
	for _, sm := range tournament.Summarise(recs, nil) {
		byMatch[sm.Match] = sm
	}
	run := map[string]bool{}
	for _, k := range r.unitKeys {
		run[k] = true
	}
	var sums []tournament.MatchSummary
	for _, m := range tournament.Matches(r.p) {
		k := m.Key(r.p)
		if !run[k] {
			continue
		}
		sm, ok := byMatch[k]
		if !ok {
			sm = tournament.MatchSummary{Preset: r.p.Name, Match: k, Game: m.Game, Names: m.Names}
		}
		// One budget text for played and unplayed matches alike.
		sm.Budget = r.scaled(r.p.Budgets[m.Budget].Text)
		sm.Paper = m.Paper
		sm.Outside = m.Paper >= 0 && sm.Games > 0 && tournament.Outside(m.Paper, sm.Low, sm.High)
		if sm.Paired && m.Paper >= 0 {
			sm.Outside = sm.Pairs > 0 && tournament.Outside(m.Paper, sm.PairLow, sm.PairHigh)
		}
		sums = append(sums, sm)
	}
	return tournament.FindSweeps(sums, func(_, name string) string {
		spec, _ := r.cfg.Engine(name)
		return spec
	})
}

// maxChartRows is the most rows a chart takes on the run screen, as in
// mcarena report --plot.
const maxChartRows = 25

// chartView draws the sweep that holds the selected match (the first
// sweep when none does): its title, chart and legend, cut to the screen.
func (r *runScreen) chartView(e *env, recs []tournament.Record, height int) string {
	s := e.styles
	sweeps := r.findSweeps(recs)
	if len(sweeps) == 0 {
		return s.Subtle.Render("no sweep among these matches")
	}
	sw := sweeps[0]
	for _, m := range tournament.Matches(r.p) {
		if r.cursor >= len(r.unitKeys) || m.Key(r.p) != r.unitKeys[r.cursor] {
			continue
		}
		budget := r.scaled(r.p.Budgets[m.Budget].Text)
		for _, c := range sweeps {
			holds := func(pt tournament.SweepPoint) bool { return pt.Engine == m.Names[c.Swept] }
			if c.Game == m.Game && c.Budget == budget && c.Fixed == m.Names[1-c.Swept] && slices.ContainsFunc(c.Points, holds) {
				sw = c
			}
		}
	}
	// The title, the axis, its labels, the marks of points outside, the
	// legend and, with several sweeps, the line that says so take five or
	// six lines; the chart's rows get the rest.
	around := 5
	if len(sweeps) > 1 {
		around++
	}
	lines := []string{s.Subtle.Render(cut(sw.Title(), e.width))}
	for _, l := range sw.PlotIn(min(height-around, maxChartRows), e.width) {
		lines = append(lines, cut(l, e.width))
	}
	lines = append(lines, s.Subtle.Render(cut(tournament.Legend, e.width)))
	if len(sweeps) > 1 {
		lines = append(lines, s.Subtle.Render(cut(fmt.Sprintf("%d sweeps: ↑/↓ to a match of another shows it", len(sweeps)), e.width)))
	}
	if len(lines) > height {
		lines = lines[:max(height, 1)]
	}
	return strings.Join(lines, "\n")
}

// load reads the games the results file holds already, so that a resumed
// run shows its counts at once, before its first new game ends.
func (r *runScreen) load() {
	recs, _, _, err := tournament.ReadResults(r.path)
	if err != nil {
		return
	}
	units := map[string]bool{}
	for _, k := range r.unitKeys {
		units[k] = true
	}
	r.recs = r.recs[:0]
	for _, rec := range recs {
		if rec.Preset == r.p.Name && rec.Index < r.count && units[rec.Match] {
			r.recs = append(r.recs, rec)
		}
	}
	r.recs, _ = tournament.Unique(r.recs)
	n := len(r.recs)
	r.progress = tournament.Progress{Done: n, Total: len(units) * r.count, Resumed: n}
}

func (r *runScreen) start() tea.Cmd {
	if err := os.MkdirAll(ResultsDir, 0o755); err != nil {
		r.finished, r.err = true, err
		return nil
	}
	r.load()
	plan, err := tournament.NewPlan(r.cfg, r.p)
	if err != nil {
		r.finished, r.err = true, err
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	r.done = make(chan error, 1)
	r.began = time.Now()
	go func() {
		_, err := tournament.Run(ctx, plan, r.path, r.opt, func(pr tournament.Progress) {
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
			r.finished, r.err, r.ended = true, msg.err, time.Now()
		}
		return r, nil
	case tea.KeyMsg:
		units := len(r.unitKeys)
		switch {
		case matches(msg, e.keys.Back):
			if !r.finished {
				r.cancel() // games in progress are dropped; the next run resumes
				r.finished, r.err, r.ended = true, context.Canceled, time.Now()
				return r, nil
			}
			return goBack(), nil
		case matches(msg, e.keys.ListUp):
			r.cursor = max(r.cursor-1, 0)
		case matches(msg, e.keys.ListDown):
			r.cursor = max(min(r.cursor+1, units-1), 0)
		case matches(msg, e.keys.PageUp):
			r.cursor = max(r.cursor-max(r.table.rows, 1), 0)
		case matches(msg, e.keys.PageDown):
			r.cursor = max(min(r.cursor+max(r.table.rows, 1), units-1), 0)
		case r.sweeps && matches(msg, e.keys.Chart):
			r.chart = !r.chart
		}
	}
	return r, nil
}

// workers is the number of games the run plays at once.
func (r *runScreen) workers() int {
	if r.opt.Workers > 0 {
		return r.opt.Workers
	}
	return runtime.NumCPU()
}

// tally is what a match has played: its distinct games and their seconds.
type tally struct {
	done    int
	seconds float64
}

// tallyUnits counts the distinct games of preset p in recs, per match (or
// analysis engine, or simulations preset's position and playout), among
// the first count of each; a simulations batch counts only where it is of
// the preset as it stands (tournament.SimulationOf).
func tallyUnits(p *config.Preset, recs []tournament.Record, count int) map[string]tally {
	out := map[string]tally{}
	seen := map[string]bool{}
	for _, r := range recs {
		k := r.Match + "\x00" + strconv.Itoa(r.Index)
		if r.Preset != p.Name || r.Index >= count || seen[k] {
			continue
		}
		if p.Kind == config.Simulations && !tournament.SimulationOf(p, r) {
			continue // a batch of a policy or line the preset no longer has
		}
		seen[k] = true
		t := out[r.Match]
		t.done++
		t.seconds += r.Seconds
		out[r.Match] = t
	}
	return out
}

// matchETA estimates the time a match's games left take, from that match's
// own games: those left times its mean game time, shared over the workers.
// ok is false when the match has no game yet to time.
func matchETA(t tally, count, workers int) (time.Duration, bool) {
	left := count - t.done
	if left <= 0 {
		return 0, true
	}
	if t.done == 0 {
		return 0, false
	}
	return time.Duration(float64(left) * t.seconds / float64(t.done) / float64(max(workers, 1)) * float64(time.Second)), true
}

// runETA adds up the matches' ETAs; unknown says some match has no game to
// time yet, so that the sum is a lower bound.
func runETA(keys []string, tallies map[string]tally, count, workers int) (eta time.Duration, unknown bool) {
	for _, k := range keys {
		d, ok := matchETA(tallies[k], count, workers)
		eta += d
		unknown = unknown || !ok
	}
	return eta, unknown
}

// etaText writes an ETA rounded for reading.
func etaText(d time.Duration, ok bool) string {
	switch {
	case !ok:
		return "-"
	case d == 0:
		return "done"
	case d < time.Hour:
		return d.Round(time.Second).String()
	}
	return d.Round(time.Minute).String()
}

// snapshot copies what the runner goroutine shares.
func (r *runScreen) snapshot() (tournament.Progress, []tournament.Record, string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.progress, append([]tournament.Record(nil), r.recs...), r.note
}

// state says whether the run goes on, and how it ended.
func (r *runScreen) state() string {
	switch {
	case !r.finished:
		return "running"
	case errors.Is(r.err, context.Canceled):
		return "stopped"
	case r.err != nil:
		return "failed"
	}
	return "done"
}

// statusLine says whether the run goes on, the file it writes, the games
// played and left, the time taken and the time to go.
func (r *runScreen) statusLine(e *env) string {
	pr, recs, _ := r.snapshot()
	keys := r.unitKeys
	elapsed := ""
	if !r.began.IsZero() {
		end := time.Now()
		if r.finished {
			end = r.ended
		}
		elapsed = "elapsed " + end.Sub(r.began).Round(time.Second).String()
	}
	eta := ""
	if !r.finished {
		d, unknown := runETA(keys, tallyUnits(r.p, recs, r.count), r.count, r.workers())
		eta = "eta " + etaText(d, !unknown || d > 0)
		if unknown && d > 0 {
			eta += "+"
		}
	}
	scale := ""
	if r.opt.Scale != 0 && r.opt.Scale != 1 {
		scale = fmt.Sprintf("budgets x%g", r.opt.Scale)
	}
	if len(r.opt.Budgets) > 0 {
		scale = strings.TrimSpace(scale + " only " + strings.Join(r.opt.Budgets, ", "))
	}
	verb := "writing "
	if r.finished {
		verb = "results in "
	}
	return statusParts(r.state(), r.table.span(), fmt.Sprintf("%d/%d %s, %d left", pr.Done, pr.Total, tournament.UnitNoun(r.p.Kind), pr.Total-pr.Done),
		elapsed, eta, words.Plural(r.workers(), "worker"), scale, verb+r.path)
}

// scaled writes a budget of the preset as this run plays it: with the
// factor the run scales budgets by, where it does.
func (r *runScreen) scaled(budget string) string {
	return tournament.ScaledBudget(budget, r.opt.Scale)
}

func (r *runScreen) view(e *env) string {
	s := e.styles
	w := e.width
	pr, recs, note := r.snapshot()
	keys := r.unitKeys
	tallies := tallyUnits(r.p, recs, r.count)
	var top []string
	top = append(top, cut(s.Title.Render("Preset "+r.p.Name)+"  "+s.Subtle.Render(r.p.Description), w),
		cut(s.Subtle.Render("results: "+elidePath(r.path, w-len("results: "))), w), "")
	if note != "" {
		top = append(top, s.Status.Width(w).Render(note))
	}
	frac := 0.0
	if pr.Total > 0 {
		frac = float64(pr.Done) / float64(pr.Total)
	}
	eta, unknown := runETA(keys, tallies, r.count, r.workers())
	etaStr := etaText(eta, !unknown || eta > 0)
	if unknown && eta > 0 {
		etaStr += "+"
	}
	if r.finished {
		etaStr = "-"
	}
	rest := fmt.Sprintf(" %d/%d  eta %s", pr.Done, pr.Total, etaStr)
	r.bar.Width = max(10, min(w-len("overall ")-len(rest)-1, 60))
	top = append(top, cut("overall "+r.bar.ViewAs(frac)+rest, w))
	switch {
	case r.finished && errors.Is(r.err, context.Canceled):
		top = append(top, s.Status.Width(w).Render("stopped: run it again to resume where it stopped (esc: back)"))
	case r.finished && r.err != nil:
		top = append(top, s.Error.Width(w).Render("failed: "+r.err.Error()))
	case r.finished:
		top = append(top, s.Banner.Render("done"))
	}
	top = append(top, "")
	head := strings.Join(top, "\n")
	rows, header, detail := r.rows(e, recs, tallies, keys)
	height := e.bodyHeight - lipgloss.Height(head) - 2 // the table's header and the detail line
	if r.chart {
		return head + "\n" + r.chartView(e, recs, height+1) + "\n" + cut(detail, e.width)
	}
	table := r.table.render(rows, r.cursor, w, max(height, 1))
	if span := r.table.span(); span != "" && lipgloss.Width(header)+len(span)+2 <= w {
		header += "  " + span
	}
	return head + "\n" + s.Subtle.Render(cut(header, w)) + "\n" + table + "\n" + cut(detail, w)
}

// rows renders a row per match (per engine for an analysis preset) fitted
// to the terminal: its games, its win rate (an analysis engine's frequency
// of the preset's move) with the 95% interval, the paper's figure, flagged
// with ! when outside the interval, and its ETA. The label (game, engines,
// budget) is cut to what is left, and a bar per match shows when there is
// room; detail names the selected match in full.
func (r *runScreen) rows(e *env, recs []tournament.Record, tallies map[string]tally, keys []string) (rows []string, header, detail string) {
	s := e.styles
	w := e.width
	type row struct {
		label       string
		rate, paper string
		details     string
	}
	// Rows are made for every unit of the preset, in its order, then kept
	// for the units of the run (keys: those under the budgets it selects).
	all, _ := tournament.Units(r.p, 0, 0)
	out := make([]row, len(all))
	switch r.p.Kind {
	case config.Analysis:
		sums := tournament.SummariseAnalysis(r.p, recs)
		for i := range all {
			a := sums[i] // the preset's units come first, in its order
			rw := row{label: a.Engine, paper: "-"}
			switch {
			case r.p.Budgets == nil:
			case a.BudgetScale != 0: // the label has the scale already
				rw.label += " " + a.Budget
			default: // the preset's text, scaled as this run plays it
				rw.label += " " + r.scaled(a.Budget)
			}
			if a.Runs > 0 {
				if r.p.Move != "" {
					rw.rate = fmt.Sprintf("%5.1f%% [%4.1f-%5.1f]", 100*float64(a.Chosen)/float64(a.Runs), 100*a.Low, 100*a.High)
				}
				rw.details = fmt.Sprintf("states %.1fk ±%.1fk", a.MeanStates/1000, a.CI95/1000)
			}
			if a.PaperFrequency >= 0 {
				rw.paper = fmt.Sprintf("%5.1f", a.PaperFrequency)
				if a.Runs > 0 && r.p.Move != "" && tournament.Outside(a.PaperFrequency, a.Low, a.High) {
					rw.paper += "!"
				}
			}
			if a.PaperStates >= 0 {
				rw.details = strings.TrimSpace(rw.details + fmt.Sprintf("  paper %.0fk", a.PaperStates))
			}
			switch {
			case len(a.Others) == 0:
			case r.p.Move == "":
				rw.details += "  moves " + a.OthersText()
			default:
				rw.details += "  other moves " + a.OthersText()
			}
			out[i] = rw
		}
		header = "engine (move " + r.p.Move + ")"
		if r.p.Move == "" {
			header = "engine (the moves chosen below)"
		}
	case config.Simulations:
		sums, _ := tournament.SummariseSimulations(r.p, recs)
		moveW, plyW := len("(start)"), len(strconv.Itoa(len(r.p.Line)))
		for _, m := range r.p.Line {
			moveW = max(moveW, len(m))
		}
		for i, sm := range sums {
			move := sm.Move
			if move == "" {
				move = "(start)"
			}
			rw := row{label: fmt.Sprintf("%d %s", sm.Ply, move), paper: "-"}
			if len(r.p.Policies) > 1 {
				// The policy last, so that a narrow terminal cuts its
				// name, not the position's.
				rw.label = fmt.Sprintf("%-*d %-*s %s", plyW, sm.Ply, moveW, move, sm.Policy)
			}
			if sm.Playouts > 0 {
				rw.rate = fmt.Sprintf("%6.2f%% [±%.2f]", 100*sm.Winning, 100*(sm.High-sm.Low)/2)
				rw.details = fmt.Sprintf("%d playouts: %d-%d-%d, %.2f%% decisive", sm.Playouts, sm.Wins, sm.Draws, sm.Losses, 100*sm.Decisive())
			}
			if sm.Paper >= 0 {
				rw.paper = fmt.Sprintf("%5.2f", sm.Paper)
				if sm.Playouts > 0 && tournament.Outside(sm.Paper, sm.Low, sm.High) {
					rw.paper += "!"
				}
			}
			out[i] = rw
		}
		header = "ply move (" + r.p.Policies[0] + " playouts)"
		if len(r.p.Policies) > 1 {
			header = "ply move playout"
		}
	default:
		byMatch := map[string]tournament.MatchSummary{}
		for _, sm := range tournament.Summarise(recs, nil) {
			byMatch[sm.Match] = sm
		}
		ms := tournament.Matches(r.p)
		var gw, n0, n1 int
		for _, m := range ms {
			gw, n0, n1 = max(gw, len(m.Game)), max(n0, len(m.Names[0])), max(n1, len(m.Names[1]))
		}
		for i, m := range ms {
			sm := byMatch[all[i]]
			rw := row{label: fmt.Sprintf("%-*s %-*s v %-*s %s", gw, m.Game, n0, m.Names[0], n1, m.Names[1], r.scaled(r.p.Budgets[m.Budget].Text)), paper: "-"}
			// A seat-swapped pairs preset is scored by pairs, as its paper
			// figure is: the games' own score is only in the details.
			scored, score, low, high := sm.Games > 0, sm.Score, sm.Low, sm.High
			if sm.Paired {
				scored, score, low, high = sm.Pairs > 0, sm.PairScore, sm.PairLow, sm.PairHigh
			}
			if scored {
				rw.rate = fmt.Sprintf("%5.1f%% [%4.1f-%5.1f]", 100*score, 100*low, 100*high)
			}
			if sm.Games > 0 {
				rw.details = fmt.Sprintf("%s: wins %d, draws %d, losses %d", m.Names[0], sm.Wins, sm.Draws, sm.Losses)
				if sm.Paired {
					rw.details = fmt.Sprintf("%s: pairs won %d, drawn %d, lost %d, %d discarded (one seat won both games); games %d-%d-%d",
						m.Names[0], sm.PairWins, sm.PairDraws, sm.PairLosses, sm.Discarded, sm.Wins, sm.Draws, sm.Losses)
				}
				if sm.Errors > 0 {
					rw.details += fmt.Sprintf(", %d failed", sm.Errors)
				}
			}
			if m.Paper >= 0 {
				rw.paper = fmt.Sprintf("%5.1f", m.Paper)
				if scored && tournament.Outside(m.Paper, low, high) {
					rw.paper += "!"
				}
			}
			out[i] = rw
		}
		header = "match"
	}
	if len(keys) < len(all) {
		run := map[string]bool{}
		for _, k := range keys {
			run[k] = true
		}
		kept := out[:0]
		for i, k := range all {
			if run[k] {
				kept = append(kept, out[i])
			}
		}
		out = kept
	}
	noun := tournament.UnitNoun(r.p.Kind)
	cntW := max(len(fmt.Sprintf("%d/%d", r.count, r.count)), len(noun))
	const rateW, paperW, etaW = 20, 6, 7
	right := 1 + cntW + 1 + rateW + 1 + paperW + 1 + etaW
	avail := max(w-right, 8)
	labelW := len(header)
	for _, rw := range out {
		labelW = max(labelW, lipgloss.Width(rw.label))
	}
	if labelW > avail {
		// Cut, the label loses its padding so that the engines show.
		for i := range out {
			out[i].label = strings.Join(strings.Fields(out[i].label), " ")
		}
		labelW = avail
	}
	barW := 0
	if room := avail - labelW - 1; room >= 10 {
		barW = min(20, room)
	}
	bar := progress.New(progress.WithSolidFill("#5A56E0"), progress.WithoutPercentage())
	bar.Width = barW
	rateHead := "win % [95%]"
	switch r.p.Kind {
	case config.Analysis:
		rateHead = "chosen % [95%]"
		if r.p.Move == "" {
			rateHead = ""
		}
	case config.Simulations:
		rateHead = "1st winning % [95%]"
	}
	header = fmt.Sprintf("%-*s", labelW+barW+min(barW, 1), cut(header, labelW)) + fmt.Sprintf(" %*s %-*s %*s %*s", cntW, noun, rateW, rateHead, paperW, "paper", etaW, "eta")
	rows = make([]string, len(out))
	for i, rw := range out {
		t := tallies[keys[i]]
		d, ok := matchETA(t, r.count, r.workers())
		line := fmt.Sprintf("%-*s", labelW, cut(rw.label, labelW))
		if barW > 0 {
			line += " " + bar.ViewAs(float64(t.done)/float64(max(r.count, 1)))
		}
		line += fmt.Sprintf(" %*s %-*s %*s %*s", cntW, fmt.Sprintf("%d/%d", t.done, r.count), rateW, rw.rate, paperW, rw.paper, etaW, etaText(d, ok))
		if i == r.cursor {
			line = s.CellCursor.Render(line)
		}
		rows[i] = line
	}
	if r.cursor < len(out) {
		detail = s.Subtle.Render(strings.TrimSpace(out[r.cursor].label + "  " + out[r.cursor].details))
	}
	return rows, header, detail
}
