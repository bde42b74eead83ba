package mcts

import (
	"errors"
	"fmt"
	"strconv"

	"mcarena/engines"
	"mcarena/engines/nmcs"
	"mcarena/engines/policy"
	"mcarena/games"
	"mcarena/games/knowledge"
	"mcarena/games/spec"
)

// The options both families share.
var (
	cOption      = spec.Option{Name: "c", Kind: spec.Float, Default: "0.7", FloatMin: 0, FloatMax: 100, Doc: "UCB1 exploration constant (rewards in [0,1])"}
	solverOption = spec.Option{Name: "solver", Kind: spec.Bool, Default: "true", Doc: "MCTS-Solver: back up proven wins and losses"}
	nodesOption  = spec.Option{Name: "nodes", Kind: spec.Int, Default: "2000000", Min: 1000, Max: 200000000, Doc: "tree size cap in nodes (40 bytes each)"}
	mateOption   = spec.Option{Name: "matedistance", Kind: spec.Bool, Default: "false", Doc: "with solver: keep proven distances in plies, play the shortest proven win (the longest loss when all lose), column mate"}
	reuseOption  = spec.Option{Name: "reuse", Kind: spec.Bool, Default: "false", Doc: "search on from the last search's subtree (makes moves depend on earlier ones)"}
)

// Options are the options of uct, the registered configuration of this
// engine that the NMCS paper plays, in the flat form its presets use.
var Options = []spec.Option{
	cOption, solverOption, mateOption, nodesOption, reuseOption,
	{Name: "playout", Kind: spec.Choice, Default: "random", Choices: []string{"random", "decisive", "mr", "nested"}, Doc: "playout policy"},
	{Name: "mr", Kind: spec.Int, Default: "1", Min: 1, Max: 3, Doc: "minimax depth of playout=mr (MCTS-MR)"},
	{Name: "level", Kind: spec.Int, Default: "1", Min: 0, Max: 3, Doc: "nesting n of playout=nested, NMC(n)"},
	{Name: "discount", Kind: spec.Bool, Default: "false", Doc: "playout=nested: discounted nested choices"},
	{Name: "cow", Kind: spec.Int, Default: "0", Min: 0, Max: 4, Doc: "playout=nested: Cut on Win at levels <= i"},
	{Name: "pod", Kind: spec.Int, Default: "0", Min: 0, Max: 4, Doc: "playout=nested: Prune on Depth at levels <= i (needs discount)"},
	{Name: "order", Kind: spec.Choice, Default: "random", Choices: []string{"random", "legal"}, Doc: "playout=nested: " + nmcs.OrderOption.Doc},
}

// nestedOnly are the options of uct that only playout=nested reads.
var nestedOnly = map[string]bool{"level": true, "discount": true, "cow": true, "pod": true, "order": true}

// Playouts are the playout components of the mcts family.
var Playouts = []spec.ComponentDecl{
	{Name: "random", Doc: "uniform random moves"},
	{Name: "decisive", Doc: "a move that wins at once, else one after which the opponent cannot win at once"},
	{Name: "mr", Doc: "MCTS-MR: a depth-d minimax on outcomes at every step", Options: []spec.Option{
		{Name: "depth", Kind: spec.Int, Default: "1", Min: 1, Max: 3, Doc: "minimax depth"}}},
	{Name: "nested", Doc: "an NMC(level) playout (package nmcs)", Options: []spec.Option{
		{Name: "level", Kind: spec.Int, Default: "1", Min: 0, Max: 3, Doc: "nesting n, NMC(n)"},
		{Name: "discount", Kind: spec.Bool, Default: "false", Doc: "discounted nested choices"},
		{Name: "cow", Kind: spec.Int, Default: "0", Min: 0, Max: 4, Doc: "Cut on Win at levels <= i"},
		{Name: "pod", Kind: spec.Int, Default: "0", Min: 0, Max: 4, Doc: "Prune on Depth at levels <= i (needs discount)"},
		nmcs.OrderOption}},
	{Name: "game", Doc: "the game's own playout named name (mcarena games lists them): havannah's decisive, say", Options: []spec.Option{
		{Name: "name", Kind: spec.Word, Default: "", Doc: "the game's playout"}}},
	{Name: "ipp", Doc: "the informed Breakthrough playout of the implicit-minimax paper: decisive, then anti-decisive moves, else captures of undefended pieces four times as likely (the game's playout ipp, mcarena games lists it)"},
	{Name: "egreedy", Doc: "epsilon-greedy: a random move with probability epsilon, else the best successor by the heuristic; with a base, a step the base forces chooses among its forced moves, and the random move is the base's", Options: []spec.Option{
		{Name: "epsilon", Kind: spec.Float, Default: "0.1", FloatMin: 0, FloatMax: 1, Doc: "probability of a random move"},
		{Name: "base", Kind: spec.Word, Default: "", Doc: "the game's informed playout the steps build on (Breakthrough's ipp: its decisive and anti-decisive moves bound a step, its weighted draw is the random move); empty for uniform moves"},
		{Name: "ties", Kind: spec.Choice, Default: "uniform", Choices: []string{"uniform", "base"}, Doc: "how a greedy step draws among its best moves: uniformly, or by the base's weights (as the implicit-minimax co-authors' framework drew from its weighted move lists; needs base)"}}},
	{Name: "lgr", Doc: "Last-Good-Reply (the Havannah paper's LGR): the winner's replies to the previous move (or two) stored after every playout and played when legal, else the fallback policy; tables kept across the searches of a game", Options: append([]spec.Option{
		lgrKindOption(policy.LGRF1), lgrResetOption}, learnOptions...)},
	{Name: "ngram", Doc: "N-grams (the Havannah paper's N-gram1 and N-gram2): the legal move of the best win ratio after the previous move (or two), else the fallback policy with probability epsilon", Options: append(ngramOptions(),
		learnOptions...)},
	{Name: "lgrngram", Doc: "the last good reply if it is legal, else an N-gram move with probability 1-epsilon, else the fallback policy (the Havannah paper's LGR with N-grams)", Options: append(append([]spec.Option{
		lgrKindOption(policy.LGRF2), lgrResetOption}, ngramOptions()...), learnOptions...)},
	{Name: "mast", Doc: "MAST (Finnsson and Björnsson): the move of the best mean result for its player, else with probability epsilon the default step (the base's draw, uniform without a base); tables cleared before every search; the implicit-minimax paper's co-authors' framework ran it in its Breakthrough playouts (epsilon 0.7, base ipp, tree=inverted), a reading the paper does not state", Options: []spec.Option{
		{Name: "epsilon", Kind: spec.Float, Default: "0.7", FloatMin: 0, FloatMax: 1, Doc: "probability of the default step instead of the best mean"},
		{Name: "base", Kind: spec.Word, Default: "", Doc: "the game's informed playout the steps build on (Breakthrough's ipp: its forced moves bound a step, its weighted draw is the default step); empty for uniform moves"},
		{Name: "tree", Kind: spec.Choice, Default: "on", Choices: policy.TreeCredits, Doc: "how the tree's moves are credited: on (the result for their mover, as playout moves), off (not at all), inverted (the result for the opponent, as the framework's code did)"},
		{Name: "cutoff", Kind: spec.Choice, Default: "skip", Choices: policy.CutOffs, Doc: "the moves of a playout cut off before the end of the game (early termination): skip (never credited), carry (kept through the searches of a game and credited, with its own, by the next playout to reach the end: its result, movers by alternation back from its last move, as the framework's one move stack did) or shared (carry with one list for both players of a game, as that stack, a static field, was: one player's leftovers credited by the other's next playout to reach the end)"}}},
	{Name: "ab", Doc: "alpha-beta playouts (MC-LOA's): a depth-d alpha-beta search by the heuristic at every step, else a random move with probability epsilon", Options: []spec.Option{
		{Name: "depth", Kind: spec.Int, Default: "2", Min: 1, Max: policy.MaxABDepth, Doc: "search depth in plies"},
		{Name: "epsilon", Kind: spec.Float, Default: strconv.FormatFloat(policy.DefaultABEpsilon, 'g', -1, 64), FloatMin: 0, FloatMax: 1, Doc: "probability of a random move"}}},
}

// The options of the learning playouts (package policy, kinds lgr, ngram
// and lgrngram).
var (
	lgrResetOption = spec.Option{Name: "reset", Kind: spec.Bool, Default: "false", Doc: "clear the reply tables before every search (they are kept across the searches of a game otherwise)"}
	learnOptions   = []spec.Option{
		{Name: "learn", Kind: spec.Choice, Default: "game", Choices: []string{"game", "playout", "playout-context"}, Doc: "the moves the tables learn from: the whole game of an iteration (tree and playout moves), the playout's only (as replies to the moves before them, the tree's too), or the playout's only as replies to playout moves only (the first replies to nothing)"},
		{Name: "fallback", Kind: spec.Choice, Default: "random", Choices: []string{"random", "decisive"}, Doc: "the policy of the moves the learning leaves open"},
	}
)

func lgrKindOption(def policy.LGRKind) spec.Option {
	return spec.Option{Name: "kind", Kind: spec.Choice, Default: def.String(), Choices: policy.LGRKinds,
		Doc: "reply to the previous move (lgr1) or two moves falling back to one (lgr2); with forgetting of the loser's replies (lgrf1, lgrf2)"}
}

func ngramOptions() []spec.Option {
	return []spec.Option{
		{Name: "n", Kind: spec.Int, Default: "1", Min: 1, Max: 2, Doc: "context: the previous move (N-gram1) or two moves (N-gram2, falling back to N-gram1)"},
		{Name: "epsilon", Kind: spec.Float, Default: strconv.FormatFloat(policy.DefaultNGramEpsilon, 'g', -1, 64), FloatMin: 0, FloatMax: 1, Doc: "probability of a fallback move instead of the N-gram move"},
		{Name: "gamma", Kind: spec.Float, Default: "0", FloatMin: 0, FloatMax: 1, Doc: "decay: the statistics are multiplied by gamma before every search of a game but its first (0 clears them, 1 keeps them)"},
		{Name: "threshold", Kind: spec.Int, Default: "0", Min: 0, Max: 1000000000, Doc: "visits an n-gram needs to be considered"},
		{Name: "average", Kind: spec.Bool, Default: "false", Doc: "value a move by the mean of its N-gram1 and N-gram2 ratios (needs n=2)"},
		{Name: "unseen", Kind: spec.Choice, Default: "skip", Choices: policy.Unseens, Doc: "a legal move whose n-gram was never played (with n=2, neither its pair nor its N-gram1): left out (skip), valued as a win (win, as Ludii's NST values a move without statistics) or as a loss (loss, w/p with p taken as 1: it ties with the moves that never won); with threshold 0 only"},
	}
}

// learning reads the options of a learning playout.
func learning(kind string, pv spec.Values) (policy.Learning, error) {
	var l policy.Learning
	if kind == "lgr" || kind == "lgrngram" {
		k, err := policy.ParseLGR(pv.String("kind"))
		if err != nil {
			return l, err
		}
		l.LGR, l.Reset = k, pv.Bool("reset")
	}
	if kind == "ngram" || kind == "lgrngram" {
		l.N, l.Epsilon, l.Gamma, l.Threshold, l.Average = pv.Int("n"), pv.Float("epsilon"), pv.Float("gamma"), float64(pv.Int("threshold")), pv.Bool("average")
		u, err := policy.ParseUnseen(pv.String("unseen"))
		if err != nil {
			return l, err
		}
		l.Unseen = u
		if l.Average && l.N != 2 {
			return l, fmt.Errorf(`playout %q: average needs n=2 (it averages N-gram1 and N-gram2)`, kind)
		}
	}
	l.PlayoutOnly = pv.String("learn") != "game"
	l.ContextInPlayout = pv.String("learn") == "playout-context"
	l.Fallback = policy.Kind(pv.String("fallback"))
	return l, nil
}

// Leaves are the leaf-evaluation components of the mcts family.
var Leaves = []spec.ComponentDecl{
	{Name: "playout", Doc: "play the leaf to the end by the playout policy and score the outcome"},
	{Name: "cutoff", Doc: "fet k: play k plies by the playout policy, then score by the heuristic", Options: []spec.Option{
		{Name: "plies", Kind: spec.Int, Default: "4", Min: 1, Max: 10000, Doc: "plies before the cut-off"}}},
	{Name: "threshold", Doc: "det x: stop the playout once the heuristic's magnitude reaches x and score it a win or a loss", Options: []spec.Option{
		{Name: "x", Kind: spec.Float, Default: "0.5", FloatMin: 0.001, FloatMax: 1, Doc: "threshold on the heuristic's magnitude"},
		{Name: "every", Kind: spec.Int, Default: "1", Min: 1, Max: 1000, Doc: "plies between two looks at the heuristic"},
		{Name: "plies", Kind: spec.Int, Default: "0", Min: 0, Max: 10000, Doc: "above 0, also stop after this many plies and score by the heuristic (fet k with det x)"},
		{Name: "atleaf", Kind: spec.Bool, Default: "true", Doc: "look at the leaf itself too; false: first after every plies, as the implicit-minimax paper's co-authors' framework did"}}},
	{Name: "heuristic", Doc: "the heuristic's value of the leaf itself, no playout"},
	{Name: "oracle", Doc: "the chess thesis's tablebase cut-off: probe the game's oracle named name (mcarena games lists them; chess's tb3 and tb4 are the thesis's tb=3|4) at the leaf, a hit proven where the game's rules guarantee it (a tablebase's draw, its mate where the fifty-move and repetition rules cannot draw first), then after every move of the playout, stopping with the oracle's value at the first hit; off for roots of fewer than eight pieces unless everywhere (the thesis's tb=full)", Options: []spec.Option{
		{Name: "name", Kind: spec.Word, Default: "", Doc: "the game's oracle"},
		{Name: "everywhere", Kind: spec.Bool, Default: "false", Doc: "probe even when the root has fewer than eight pieces"}}},
}

// MCTSOptions are the options of the mcts family: components in the nested
// form, e.g. "mcts:playout=nested(level=1,discount),c=0.7".
var MCTSOptions = []spec.Option{
	cOption, solverOption, mateOption, nodesOption, reuseOption,
	{Name: "playout", Kind: spec.Component, Default: "random", Components: Playouts, Doc: "playout policy"},
	{Name: "leaf", Kind: spec.Component, Default: "playout", Components: Leaves, Doc: "leaf evaluation"},
	{Name: "heuristic", Kind: spec.Word, Default: "", Doc: "the game's heuristic (mcarena games lists them) for egreedy, ab, cutoff, threshold, heuristic, alpha and bias"},
	{Name: "alpha", Kind: spec.Float, Default: "0", FloatMin: 0, FloatMax: 1, Doc: "implicit minimax: weight of the heuristic minimax value in selection (needs heuristic)"},
	{Name: "estimator", Kind: spec.Choice, Default: "im", Choices: []string{"im", "cb", "pb"}, Doc: "what alpha blends in: im the implicit minimax value, cb the static value of the child (constant bias), pb the minimax value over visits+1 (progressive bias)"},
	{Name: "bias", Kind: spec.Float, Default: "0", FloatMin: 0, FloatMax: 100, Doc: "progressive bias: weight of the heuristic value of a child, fading as 1/(visits+1) (needs heuristic; biasdiv and biasraw reshape it)"},
	{Name: "biasdiv", Kind: spec.Choice, Default: "visits+1", Choices: []string{"visits+1", "visits"}, Doc: "what divides the bias term: the child's visits+1, or its visits (the chess thesis' Formula 4)"},
	{Name: "biasraw", Kind: spec.Float, Default: "0", FloatMin: 0, FloatMax: 1e6, Doc: "bias on the heuristic's raw evaluation (chess's pesto: centipawns) times this factor, instead of its value in [-1,1]; 0 off"},
	{Name: "drawtries", Kind: spec.Int, Default: "1", Min: 1, Max: 100, Doc: "re-simulate draws (the chess thesis, section 5.1.1): a leaf evaluation that ends drawn runs again, up to N in all, and the draw counts only when none is decisive; 1 off"},
	{Name: "np", Kind: spec.Int, Default: "0", Min: 0, Max: 100000, Doc: "node priors: virtual visits each new child gets, with wins by the game's move prior (needs prior); 0 off"},
	{Name: "prior", Kind: spec.Word, Default: "", Doc: "the game's move prior (mcarena games lists them): with np=N, N virtual visits at its win rate; alone, the visits and wins the prior states itself (havannah's joint, local, edge, combined)"},
	{Name: "reading", Kind: spec.Word, Default: "", Doc: "the game's reading (mcarena games lists them; havannah's mate): children it proves won or lost are solved when their parent is first reached (needs solver)"},
	{Name: "maxbackprop", Kind: spec.Int, Default: "0", Min: 0, Max: 1000000000, Doc: "maximum backpropagation: a node visited at least T times adds its best child's mean instead of the playout's result; 0 off"},
	{Name: "rave", Kind: spec.Float, Default: "0", FloatMin: 0, FloatMax: 1e6, Doc: "RAVE constant R: blend the mean with the AMAF mean by R/(R+visits); 0 off"},
	{Name: "losses", Kind: spec.Choice, Default: "skipped", Choices: []string{"skipped", "framework"}, Doc: "how selection treats a child proven lost (needs solver): skipped while another child is not (MCTS-Solver), or as the implicit-minimax co-authors' framework did (a move that ends the game lost, the turn passing, is taken first and never counted; at alpha 1 a proven loss competes by its minimax value)"},
	{Name: "children", Kind: spec.Choice, Default: "shuffled", Choices: []string{"shuffled", "ordered", "framework", "ordered-last"}, Doc: "a node's children shuffled when it is expanded (tried and tied at random), in the game's move order (tried in it, ties to the earliest move), as the implicit-minimax co-authors' framework (tried at random, then ties to the earliest move; not with rave), or as the Monte Carlo chess thesis' MCC (tried in move order, ties to the latest move; not with rave)"},
}

func init() {
	engines.Register(engines.Family{
		Name:    "uct",
		Doc:     "MCTS as UCT: UCB1, one node per iteration, MCTS-Solver; random, decisive, MR or nested playouts",
		Options: Options,
		Build: func(v spec.Values, canonical string) (engines.Engine, error) {
			cfg := Config{C: v.Float("c"), Solver: v.Bool("solver"), MateDistance: v.Bool("matedistance"), MaxNodes: v.Int("nodes"), Reuse: v.Bool("reuse"),
				Playout: policy.Config{Kind: policy.Kind(v.String("playout")), Depth: v.Int("mr"),
					Nested: nmcs.Config{Level: v.Int("level"), Discount: v.Bool("discount"), COW: v.Int("cow"), POD: v.Int("pod"),
						Order: nmcs.ParseOrder(v.String("order"))}}}
			if cfg.Playout.Nested.POD > 0 && !cfg.Playout.Nested.Discount {
				return nil, fmt.Errorf("pod needs discount")
			}
			// An option of a playout the engine does not play would make a
			// spec of its own that plays as the one without it.
			kind := v.String("playout")
			if kind != "mr" && v.Int("mr") != 1 {
				return nil, fmt.Errorf("mr=%d is the depth of playout=mr, and the playout is %s", v.Int("mr"), kind)
			}
			if kind != "nested" {
				for _, o := range Options {
					if nestedOnly[o.Name] && v.String(o.Name) != o.Default {
						return nil, fmt.Errorf("%s applies to playout=nested, and the playout is %s", o.Name, kind)
					}
				}
			}
			if cfg.MateDistance && !cfg.Solver {
				return nil, errors.New("matedistance measures proofs, which needs solver=true")
			}
			if err := engines.CheckMemory("nodes", int64(cfg.MaxNodes)*cfg.nodeCost()); err != nil {
				return nil, err
			}
			return New(cfg, canonical), nil
		},
	})
	engines.Register(engines.Family{
		Name:    "mcts",
		Doc:     "MCTS with components: playout policy, leaf evaluation, heuristic priors for implicit minimax and progressive bias, RAVE, MCTS-Solver",
		Options: MCTSOptions,
		Build:   buildMCTS,
	})
}

// buildMCTS makes an mcts engine from its options. Options that need a
// heuristic are refused without one; whether the game has it is checked
// when the engine is paired with a game (CheckGame).
func buildMCTS(v spec.Values, canonical string) (engines.Engine, error) {
	cfg := Config{C: v.Float("c"), Solver: v.Bool("solver"), MateDistance: v.Bool("matedistance"), MaxNodes: v.Int("nodes"), Reuse: v.Bool("reuse"),
		Alpha: v.Float("alpha"), Bias: v.Float("bias"), Rave: v.Float("rave"), Children: map[string]ChildOrder{"shuffled": ShuffledChildren, "ordered": OrderedChildren, "framework": FrameworkChildren, "ordered-last": OrderedLastChildren}[v.String("children")],
		Losses:    map[string]LossRule{"skipped": SkipLosses, "framework": FrameworkLosses}[v.String("losses")],
		Estimator: map[string]Estimator{"im": ImplicitMinimax, "cb": ConstantBias, "pb": ProgressiveBias}[v.String("estimator")]}
	if cfg.MateDistance && !cfg.Solver {
		return nil, errors.New("matedistance measures proofs, which needs solver=true")
	}
	if cfg.Losses == FrameworkLosses && !cfg.Solver {
		return nil, errors.New("losses=framework treats proven losses, which needs solver=true")
	}
	if (cfg.Children == FrameworkChildren || cfg.Children == OrderedLastChildren) && cfg.Rave > 0 {
		return nil, fmt.Errorf("children=%s orders the children a node has tried, which rave does not leave to it: use shuffled or ordered with rave", v.String("children"))
	}
	if err := engines.CheckMemory("nodes", int64(cfg.MaxNodes)*cfg.nodeCost()); err != nil {
		return nil, err
	}
	h := v.String("heuristic")
	var needs []string // what asks for a heuristic
	pname, pv := v.Component("playout")
	cfg.Playout.Kind = policy.Kind(pname)
	switch pname {
	case "mr":
		cfg.Playout.Depth = pv.Int("depth")
	case "nested":
		cfg.Playout.Nested = nmcs.Config{Level: pv.Int("level"), Discount: pv.Bool("discount"), COW: pv.Int("cow"), POD: pv.Int("pod"),
			Order: nmcs.ParseOrder(pv.String("order"))}
		if cfg.Playout.Nested.POD > 0 && !cfg.Playout.Nested.Discount {
			return nil, errors.New(`playout "nested": pod needs discount`)
		}
	case "egreedy":
		cfg.Playout.Epsilon, cfg.Playout.Heuristic, cfg.Playout.Name = pv.Float("epsilon"), h, pv.String("base")
		cfg.Playout.BaseTies = pv.String("ties") == "base"
		needs = append(needs, "playout=egreedy")
	case "ab":
		cfg.Playout.Depth, cfg.Playout.Epsilon, cfg.Playout.Heuristic = pv.Int("depth"), pv.Float("epsilon"), h
		needs = append(needs, "playout=ab")
	case "ipp":
		cfg.Playout.Kind, cfg.Playout.Name = policy.Game, pname
	case "mast":
		t, err := policy.ParseTreeCredit(pv.String("tree"))
		if err != nil {
			return nil, err
		}
		c, err := policy.ParseCutOff(pv.String("cutoff"))
		if err != nil {
			return nil, err
		}
		cfg.Playout.Learn = policy.Learning{Epsilon: pv.Float("epsilon"), Tree: t, CutOff: c}
		cfg.Playout.Name = pv.String("base")
	case "lgr", "ngram", "lgrngram":
		l, err := learning(pname, pv)
		if err != nil {
			return nil, err
		}
		cfg.Playout.Learn = l
	case "game":
		cfg.Playout.Kind, cfg.Playout.Name = policy.Game, pv.String("name")
		if cfg.Playout.Name == "" {
			return nil, errors.New(`playout "game" needs name=NAME, one of the game's playouts (mcarena games lists them)`)
		}
	}
	lname, lv := v.Component("leaf")
	var oracle string // the game's oracle of leaf=oracle
	if lname != "playout" && policy.Learns(cfg.Playout.Kind) {
		return nil, fmt.Errorf("playout=%s learns from finished games, which leaf=%s does not play: use leaf=playout", pname, lname)
	}
	if lname == "cutoff" || lname == "threshold" || lname == "oracle" {
		if !policy.Limited(cfg.Playout.Kind) {
			return nil, fmt.Errorf("leaf=%s stops playouts early, which playout=%s cannot: use random, decisive, mr, egreedy or ab", lname, pname)
		}
	}
	switch lname {
	case "cutoff":
		cfg.Leaf = CutoffLeaf(cfg.Playout, h, lv.Int("plies"))
		needs = append(needs, "leaf=cutoff")
	case "threshold":
		cfg.Leaf = ThresholdLeaf(cfg.Playout, h, Threshold{X: lv.Float("x"), Every: lv.Int("every"), Plies: lv.Int("plies"), SkipLeaf: !lv.Bool("atleaf")})
		needs = append(needs, "leaf=threshold")
	case "heuristic":
		cfg.Leaf = HeuristicLeaf(h)
		needs = append(needs, "leaf=heuristic")
	case "oracle":
		oracle = lv.String("name")
		if oracle == "" {
			return nil, errors.New(`leaf "oracle" needs name=NAME, one of the game's oracles (mcarena games lists them)`)
		}
		cfg.Leaf = OracleLeaf(cfg.Playout, oracle, lv.Bool("everywhere"))
	}
	if tries := v.Int("drawtries"); tries > 1 {
		switch {
		case lname == "cutoff" || lname == "heuristic":
			return nil, fmt.Errorf("drawtries re-simulates drawn outcomes, and leaf=%s returns estimates: use leaf=playout, threshold or oracle", lname)
		case policy.Learns(cfg.Playout.Kind) || cfg.Playout.Kind == policy.MAST:
			return nil, fmt.Errorf("drawtries discards drawn playouts, which playout=%s would learn from: use a playout that does not learn", pname)
		}
		leaf := cfg.Leaf
		if leaf == nil {
			leaf = PlayoutLeaf(cfg.Playout)
		}
		cfg.Leaf = DrawTriesLeaf(leaf, tries)
	}
	if cfg.Estimator != ImplicitMinimax && cfg.Alpha == 0 {
		return nil, fmt.Errorf("estimator=%s weighs nothing without alpha > 0", v.String("estimator"))
	}
	var hooks []func(games.State) (Prior, error)
	reading := v.String("reading")
	if reading != "" {
		if !cfg.Solver {
			return nil, fmt.Errorf("reading=%s proves moves, which needs solver=true", reading)
		}
		hooks = append(hooks, ReadingPrior(reading))
	}
	// prior=NAME alone takes the counts the prior states (a
	// knowledge.VirtualPrior, checked with the game); with np=N, N visits
	// at its win rate.
	np, mp := v.Int("np"), v.String("prior")
	switch {
	case np > 0 && mp == "":
		return nil, errors.New("np needs prior=NAME, one of the game's move priors (mcarena games lists them)")
	case np > 0:
		hooks = append(hooks, MovePriorPrior(mp, int32(np)))
		cfg.PriorVisitsInParent, cfg.PriorCounts = true, true
	case mp != "":
		hooks = append(hooks, VirtualPriorPrior(mp))
		cfg.PriorCounts = true
	}
	cfg.MaxBackprop = int32(v.Int("maxbackprop"))
	rawScale := v.Float("biasraw")
	if v.String("biasdiv") == "visits" {
		cfg.BiasDivisor = Visits
	}
	if cfg.Bias == 0 && (rawScale > 0 || cfg.BiasDivisor != VisitsPlusOne) {
		return nil, errors.New("biasdiv and biasraw shape the progressive-bias term: they need bias > 0")
	}
	if cfg.Alpha > 0 || cfg.Bias > 0 {
		if rawScale > 0 {
			hooks = append(hooks, RawHeuristicPrior(h, rawScale))
		} else {
			hooks = append(hooks, HeuristicPrior(h))
		}
		if cfg.Alpha > 0 {
			needs = append(needs, "alpha")
		}
		if cfg.Bias > 0 {
			needs = append(needs, "bias")
		}
	}
	switch len(hooks) {
	case 0:
	case 1:
		cfg.Prior = hooks[0]
	default:
		cfg.Prior = Priors(hooks...)
	}
	if len(needs) > 0 && h == "" {
		return nil, fmt.Errorf("%s needs heuristic=NAME, one of the game's heuristics (mcarena games lists them)", needs[0])
	}
	if len(needs) == 0 && h != "" {
		return nil, fmt.Errorf("heuristic=%s is used by nothing: it serves playout=egreedy|ab, leaf=cutoff|threshold|heuristic, alpha and bias", h)
	}
	if h != "" {
		cfg.Static = func(s games.State) (knowledge.Heuristic, error) { return knowledge.NewHeuristic(s.Game(), h) }
	}
	return &gameChecked{Engine: New(cfg, canonical), heuristic: h, raw: rawScale > 0, playout: cfg.Playout.Name, movePrior: mp, virtual: np == 0,
		reading: reading, oracle: oracle, learning: cfg.Playout, spec: canonical}, nil
}

// gameChecked is an engine whose knowledge must exist for the game: its
// heuristic, the game's playout it runs, its move prior (one that states
// its own counts when virtual), its reading, its leaf's oracle, and the
// heuristic's raw evaluation when raw.
type gameChecked struct {
	*Engine
	heuristic, playout, movePrior, reading, oracle string
	virtual, raw                                   bool
	learning                                       policy.Config // whose tables must fit the game
	spec                                           string
}

// CheckGame implements engines.GameChecker.
func (e *gameChecked) CheckGame(g games.Game) error {
	if e.heuristic != "" {
		h, err := knowledge.NewHeuristic(g, e.heuristic)
		if err != nil {
			return fmt.Errorf("engine %q, option heuristic: %w", e.spec, err)
		}
		if _, ok := h.(knowledge.Raw); e.raw && !ok {
			return fmt.Errorf("engine %q, option biasraw: heuristic %q of %q has no raw evaluation, only values in [-1, 1]", e.spec, e.heuristic, g.Spec())
		}
	}
	if e.playout != "" {
		if _, err := knowledge.NewPlayout(g, e.playout); err != nil {
			return fmt.Errorf("engine %q, option playout: %w", e.spec, err)
		}
	}
	if err := policy.CheckTables(e.learning, g); err != nil {
		return fmt.Errorf("engine %q: %w", e.spec, err)
	}
	if e.movePrior != "" {
		mp, err := knowledge.NewMovePrior(g, e.movePrior)
		if err != nil {
			return fmt.Errorf("engine %q, option prior: %w", e.spec, err)
		}
		if _, ok := mp.(knowledge.VirtualPrior); e.virtual && !ok {
			return fmt.Errorf("engine %q, option prior: move prior %q of %q gives a win rate only: it needs np=N visits", e.spec, e.movePrior, g.Spec())
		}
	}
	if e.reading != "" {
		if _, err := knowledge.NewReading(g, e.reading); err != nil {
			return fmt.Errorf("engine %q, option reading: %w", e.spec, err)
		}
	}
	if e.oracle != "" {
		if _, err := knowledge.NewOracle(g, e.oracle); err != nil {
			return fmt.Errorf("engine %q, option leaf: %w", e.spec, err)
		}
	}
	return nil
}

// Prepare implements engines.Preparer: an oracle with one-time work (the
// chess tablebases' tables) does it now, before a game's clock starts.
func (e *gameChecked) Prepare(g games.Game) error {
	if e.oracle == "" {
		return nil
	}
	o, err := knowledge.NewOracle(g, e.oracle)
	if err != nil {
		return fmt.Errorf("engine %q, option leaf: %w", e.spec, err)
	}
	if p, ok := o.(knowledge.Preparer); ok {
		if err := p.Prepare(); err != nil {
			return fmt.Errorf("engine %q, option leaf: preparing oracle %s: %w", e.spec, e.oracle, err)
		}
	}
	return nil
}
