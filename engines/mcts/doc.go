// Package mcts is mcarena's Monte Carlo Tree Search: one engine organised
// around seams, so that the techniques of the papers are components and
// coefficients rather than branches in the core loop (OpenSpiel's
// Evaluator is the model). Two families build it: "mcts", whose options name
// its components in the nested form
//
//	mcts:playout=egreedy(epsilon=0.1),leaf=cutoff(plies=4),heuristic=efms,alpha=0.4
//
// (in config.toml a component may also be a table, playout = { kind =
// "nested", level = 1 }), and "uct", the "standard optimised MCTS" of the
// NMCS paper, its configuration with no extra term in the flat form the NMCS
// presets use. Options that need game knowledge (a heuristic of package
// knowledge) are checked against the game when an engine is paired with
// one, so a preset that asks for what a game lacks is refused when it is
// read.
//
// # The loop
//
// An iteration descends from the root by selection, adds one node (the next
// unexpanded child slot of the first node that has one), values the new leaf
// with the Evaluator, and backs the value up the path; it copies the
// position where its path leaves the last iteration's, kept from that one,
// and plays only the moves below. Counted budgets are checked before each
// iteration; a time budget and the context are watched through a stop signal
// (engines.Stop) that the loop and every playout policy but the uniform one
// poll (MR, nested and epsilon-greedy playouts at every step; a uniform
// playout is short and runs to its end), so a search ends within about a
// millisecond of its deadline, and an iteration cut short is dropped.
//
// # The seams
//
//   - Leaf evaluation (Config.Leaf, an Evaluator): a value in [-1, 1] from
//     the first player's view, whether the leaf is terminal or its value
//     proven (an oracle), the states it cost and, when a trace is passed,
//     the moves it played. PlayoutLeaf plays the leaf out by a playout
//     policy of package policy (uniform, decisive, MCTS-MR, nested NMCS);
//     it is the default.
//
//   - Expansion (Config.Prior, a Prior): when a node is first reached, each
//     child slot may receive virtual visits and wins (node priors), a
//     heuristic value (the leaves of implicit minimax) and a bias term
//     (progressive bias).
//
//   - Selection: one loop over the children; the score is the mean, the
//     exploration term C*sqrt(ln N / n), and optional terms switched on by
//     coefficients: Alpha blends the implicit minimax value with the mean
//     (or, by Estimator, the paper's two baselines: the static value never
//     backed up, or the minimax value over n+1), Bias adds Bias*b/(n+1),
//     or Bias*b/n with the divisor Visits. With every coefficient zero the
//     search uses the plain UCB1 loop, bit for bit the UCT of earlier
//     versions.
//
//   - Backup: the leaf value is added as a reward in [0, 1] for the player
//     who moved into each node ((v+1)/2, so turns need not alternate); with
//     Alpha on (and the estimator not the static one), each node's minimax value becomes the best of its
//     children's (negamax); with the solver on, proofs rise (MCTS-Solver).
//     Data that only a feature needs (bias terms, AMAF statistics) lives in
//     side tables allocated only when the feature is on; minimax values sit
//     beside the selection statistics, which then take 16 bytes, not 8; the
//     base node stays 40 bytes.
//
//   - Readings (Config.Prior through ReadingPrior, option reading=NAME):
//     a game's exact short analysis (knowledge.Reading, Havannah-Mate)
//     marks the children it settles as proven wins or losses for their
//     mover (ChildPrior.Proven) when their parent is first expanded; a
//     proven win is tried first and proves its parent at once. With
//     prior=NAME and no np, a knowledge.VirtualPrior gives each child its
//     own virtual visits and wins.
//
//   - Learning playouts: a playout policy that implements policy.Learner
//     (the hook of Last-Good-Reply, N-grams and MAST) is shown every
//     iteration's game, the tree's moves then the playout's, with the
//     outcome (under a cut-off, threshold or oracle leaf, as far as the
//     playout went, with the sign of the leaf's value);
//     the trace holds the tree's moves before the playout starts, so the
//     playout replies to them. One that implements policy.SearchStarter is
//     given each search's request before the first iteration: it keeps its
//     tables across the searches of one game and clears them for another.
//     The policy lives in the search object, which the engine keeps for its
//     next search, so an engine searching one position at a time keeps one
//     policy for a whole game (concurrent searches have one each).
//
// Components of the mcts family: playouts random, decisive, mr(depth),
// nested(level, discount, cow, pod), egreedy(epsilon), ab(depth,
// epsilon) (MC-LOA's alpha-beta playouts, package policy), game(name), a
// playout the game registers (havannah's decisive), and the learning
// playouts of the Havannah paper, lgr(kind=lgr1|lgr2|lgrf1|lgrf2, reset),
// ngram(n=1|2, epsilon, gamma, threshold, average) and lgrngram(with the
// options of both), each also with learn=game|playout|playout-context (the
// moves the tables learn from) and fallback=random|decisive (the policy of the moves
// the learning leaves open); leaves playout,
// cutoff(plies) (fet k), threshold(x, every) (det x) and heuristic; alpha
// (implicit minimax, Lanctot et al. 2014; estimator=im|cb|pb) and bias
// (progressive bias) take
// their values from the heuristic through HeuristicPrior; rave=R turns on
// RAVE.
//
// # The chess thesis' progressive bias and draw re-simulation
//
// Arenz's Monte Carlo chess thesis chooses a child by its Formula 4,
// w_i + C*sqrt(2 ln n / n_i) + k_bias*H(n_i)/n_i, with k_bias = 0.001 and H
// Stockfish's evaluation of the child's position. biasdiv=visits divides
// the bias term by n_i instead of n_i+1 (Config.BiasDivisor), and
// biasraw=F takes b from the heuristic's raw evaluation times F
// (knowledge.Raw through RawHeuristicPrior: chess's pesto in centipawns)
// instead of its value in [-1, 1], for the player who moves into the child.
// With c = sqrt 2, bias=0.001, heuristic=pesto, biasraw=198/82 and
// biasdiv=visits the score is Formula 4 with H in Stockfish-like units
// (config.toml's mcc-progressive-bias gives the reading). The thesis
// evaluates a node when the iteration creates it; here every child is
// evaluated when its parent is first reached, the same values.
//
// drawtries=N (DrawTriesLeaf) repeats a leaf evaluation that ends in a
// draw, up to N in all, and backs up the draw only when none is decisive:
// the thesis' test on Réti's study (section 5.1.1), N = 6.
//
// RAVE: every iteration's game (the tree's moves, then the playout's) is
// recorded, and each child of each node on the path whose move its mover
// played later in that game gains the iteration in its AMAF statistics
// (Gelly and Silver's all-moves-as-first, a move counted once per
// iteration). Selection blends a tried child's mean with its AMAF mean by
// beta = R/(R + visits), the schedule of Teytaud and Teytaud's Havannah
// program and of castro. With RAVE on, selection also scores the children
// not tried yet, by their AMAF mean (or 1, try first, where they have none)
// plus the exploration term of one visit, so that the AMAF values choose
// which child is tried next; the chosen slot then becomes the iteration's
// new node. (Without RAVE untried children are tried in their shuffled
// order first.) With RAVE or without, an untried child with a Prior's
// virtual visits is scored as a tried one, by its virtual mean and visits
// (the Havannah paper's Equation 1; node priors in Gelly and Silver's sense,
// where such a child has n > 0 and UCB's try-first rule does not apply to
// it), so that node priors steer which child is tried from the first
// iteration; only children without visits are still tried first. Uniform playouts are recorded on each
// game's own fast path (State.RecordPlayout), the same game draw for draw as
// an unrecorded one.
//
// # Adding a technique
//
// A new technique is a component for one of the seams: an Evaluator, a
// Prior, a playout policy, or a coefficient with its side table. Example
// (Example_prior) adds node priors for captures through the Prior seam and
// the knowledge registry, without touching the search.
//
// # UCT as configured by "uct"
//
// UCB1 picks the child maximising mean + C*sqrt(ln(parent visits)/child
// visits) after trying every child once, in an order shuffled when the node
// is first expanded. Rewards are 1 for a win, 1/2 for a draw and 0 for a
// loss. MCTS-Solver (Winands, Björnsson and Saito 2008): a terminal node is
// proven by its outcome; a node is a proven win for its player to move as
// soon as one child is a proven win for that player, and a proven loss once
// every child is expanded and a proven loss for that player. Selection takes
// a proven winning child at once and never enters a proven losing one unless
// all are; the final move is a proven win if there is one, else the most
// visited move not proven lost. Proven draws are not tracked: a drawn
// terminal scores 1/2.
//
// # Mate distance
//
// With matedistance (Config.MateDistance, on top of the solver), each proven
// node keeps the length of its proof in plies, the thesis's Monte-Carlo
// Solver with distance to mate (its Algorithm 4.1: the shortest proven win
// is kept, the longest loss preferred when losing). Convention: a node's
// distance counts the move into it, the plies from its parent's position to
// the end of the game, so a terminal node is 1 and the column "mate" of a
// root move is the plies to the result, the move included (alpha-beta's
// Mate minus its score). On backup a node proven won for the player to move
// there takes its shortest winning child plus one, a node where every child
// loses its longest losing child plus one. A distance is exact once nothing
// left unsearched could change it: a win once every child not settled
// (proven loss, drawn end, exact win) has a lower bound on its win distance
// (1 untried, 2 not the end, with alternating turns 1 more than the longest
// of its replies' loss bounds) no shorter; a loss once every child is exact
// (or, below the root, once its bounds meet). Selection treats proven
// children as the solver does, but goes on into a proven node whose distance
// is not exact, choosing by UCB1 among the children that could change it, and
// the search stops only once the root's distance is exact. The final move is
// the shortest proven win, or the longest loss when every move is proven
// lost. An oracle's proof carries the oracle's distance (a tablebase's
// distance to mate, plus the move into the leaf); proofs of readings carry
// none, and a distance resting on one is unknown (0, no mate shown). Distances fill two free bytes of
// the node's padding, so the node stays 32 bytes; with the option off
// nothing reads them and searches are the same bit for bit.
//
// # Memory
//
// Nodes live in a pool of fixed chunks of 65536 nodes (2.5 MiB), allocated
// as the tree grows and kept for the engine's next search; nothing is copied
// to grow. A node is 32 bytes, plus 8 in a parallel array holding what the
// selection loop reads of a child (its mean and 1/sqrt of its visits; a
// proven child's mean is infinite), so that the loop walks 8 bytes a child
// (16 under implicit minimax, its minimax value beside them). A node's
// children get contiguous slots in one chunk when it is
// first expanded, and one slot becomes a node per iteration. When the pool
// reaches its cap the tree stops growing and the search goes on sampling
// from its leaves.
//
// # Tree reuse
//
// With reuse on, a search looks for its position in the tree the engine kept
// from its last search: with the game's history (engines.Request), it finds
// the kept root among the positions the game went through, by hash, and
// follows the moves played since; without history it looks one to three
// plies below the kept root for the position's hash.
package mcts
