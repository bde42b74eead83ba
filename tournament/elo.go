package tournament

import (
	"errors"
	"math"
	"sort"
)

// EloParams are the constants of BayesElo's model (Coulom): the first
// mover's advantage and the draw width in Elo, and the number of virtual
// draws of the prior.
type EloParams struct {
	Advantage, DrawElo float64
	PriorDraws         float64
}

// DefaultElo is BayesElo's default: advantage 32.8, drawElo 97.3, 2 prior
// draws.
var DefaultElo = EloParams{Advantage: 32.8, DrawElo: 97.3, PriorDraws: 2}

// Rating is one player's Elo with its 95% interval half-width, in
// BayesElo's displayed scale.
type Rating struct {
	Name  string
	Elo   float64
	CI95  float64
	Games int
}

// EloTable is the result of a fit.
type EloTable struct {
	Ratings []Rating
	// LOS[i][j] is the likelihood that player i is stronger than j.
	LOS [][]float64
}

// pairResults counts i's results as the first mover against j.
type pairResults struct{ w, d, l float64 }

// Elo fits ratings to games by the minorization-maximization method of
// Hunter (2004) under BayesElo's model: with gamma = 10^(elo/400),
// thetaW = 10^(advantage/400), thetaD = 10^(drawElo/400),
//
//	P(i first beats j) = thetaW g_i / (thetaW g_i + thetaD g_j)
//	P(j second beats i) = g_j / (thetaD thetaW g_i + g_j)
//
// and draws the rest. The prior adds PriorDraws virtual draws per player,
// spread over its opponents in proportion to the games it played with each,
// half with each seat. Ratings are centred on mean 0 and shown, as BayesElo
// does, scaled by 4x/(1+x)^2 with x = 10^(-drawElo/400); intervals come from
// the covariance of the negative Hessian of the log-likelihood at the
// optimum, and the likelihood of superiority is Phi(diff/sigma).
//
// games lists (first mover, second mover, outcome for the first mover:
// 1, 0 or -1).
func Elo(names []string, games [][3]int, par EloParams) (EloTable, error) {
	n := len(names)
	if n < 2 {
		return EloTable{}, errors.New("need two players")
	}
	res := make([][]pairResults, n)
	for i := range res {
		res[i] = make([]pairResults, n)
	}
	played := make([]int, n)
	for _, g := range games {
		i, j := g[0], g[1]
		switch g[2] {
		case 1:
			res[i][j].w++
		case -1:
			res[i][j].l++
		default:
			res[i][j].d++
		}
		played[i]++
		played[j]++
	}
	if par.PriorDraws > 0 {
		prior := make([][]pairResults, n)
		for i := range prior {
			prior[i] = make([]pairResults, n)
		}
		for i := range n {
			if played[i] == 0 {
				continue
			}
			for j := range n {
				nij := res[i][j].w + res[i][j].d + res[i][j].l + res[j][i].w + res[j][i].d + res[j][i].l
				if nij == 0 {
					continue
				}
				v := par.PriorDraws * nij / float64(played[i])
				prior[i][j].d += v / 2
				prior[j][i].d += v / 2
			}
		}
		for i := range n {
			for j := range n {
				res[i][j].d += prior[i][j].d
			}
		}
	}
	tw := math.Pow(10, par.Advantage/400)
	td := math.Pow(10, par.DrawElo/400)
	g := make([]float64, n)
	for i := range g {
		g[i] = 1
	}
	for iter := 0; iter < 100000; iter++ {
		maxChange := 0.0
		for i := range n {
			var a, b float64
			for j := range n {
				if j == i {
					continue
				}
				ij, ji := res[i][j], res[j][i]
				a += ij.w + ij.d + ji.l + ji.d
				b += (ij.w+ij.d)*tw/(tw*g[i]+td*g[j]) +
					(ij.d+ij.l)*td*tw/(td*tw*g[i]+g[j]) +
					(ji.d+ji.w)*td/(tw*g[j]+td*g[i]) +
					(ji.d+ji.l)/(td*tw*g[j]+g[i])
			}
			if a == 0 || b == 0 {
				continue
			}
			ng := a / b
			maxChange = math.Max(maxChange, math.Abs(ng-g[i])/g[i])
			g[i] = ng
		}
		if maxChange < 1e-9 {
			break
		}
	}
	elo := make([]float64, n)
	mean := 0.0
	for i := range n {
		elo[i] = 400 * math.Log10(g[i])
		mean += elo[i] / float64(n)
	}
	for i := range elo {
		elo[i] -= mean
	}
	cov := eloCovariance(elo, res, tw, td)
	x := math.Pow(10, -par.DrawElo/400)
	scale := 4 * x / ((1 + x) * (1 + x))
	t := EloTable{LOS: make([][]float64, n)}
	for i := range n {
		t.Ratings = append(t.Ratings, Rating{Name: names[i], Elo: scale * elo[i], CI95: scale * 1.96 * math.Sqrt(math.Max(cov[i][i], 0)), Games: played[i]})
		t.LOS[i] = make([]float64, n)
		for j := range n {
			if i == j {
				continue
			}
			s2 := cov[i][i] + cov[j][j] - 2*cov[i][j]
			t.LOS[i][j] = phi((elo[i] - elo[j]) / math.Sqrt(math.Max(s2, 1e-12)))
		}
	}
	return t, nil
}

// logLikelihood of the results for ratings in Elo.
func logLikelihood(elo []float64, res [][]pairResults, tw, td float64) float64 {
	ll := 0.0
	for i := range elo {
		for j := range elo {
			r := res[i][j]
			if i == j || r.w+r.d+r.l == 0 {
				continue
			}
			gi, gj := math.Pow(10, elo[i]/400), math.Pow(10, elo[j]/400)
			pw := tw * gi / (tw*gi + td*gj)
			pl := gj / (td*tw*gi + gj)
			pd := 1 - pw - pl
			ll += r.w*math.Log(pw) + r.l*math.Log(pl)
			if r.d > 0 {
				ll += r.d * math.Log(pd)
			}
		}
	}
	return ll
}

// eloCovariance inverts the negative Hessian of the log-likelihood in the
// n-1 free ratings (the last is minus the sum of the others) and returns the
// covariance of all n.
func eloCovariance(elo []float64, res [][]pairResults, tw, td float64) [][]float64 {
	n := len(elo)
	m := n - 1
	at := func(free []float64) []float64 {
		full := make([]float64, n)
		sum := 0.0
		for i, v := range free {
			full[i] = v
			sum += v
		}
		full[m] = -sum
		return full
	}
	base := append([]float64(nil), elo[:m]...)
	f := func(x []float64) float64 { return logLikelihood(at(x), res, tw, td) }
	const h = 1.0
	hess := make([][]float64, m)
	for i := range m {
		hess[i] = make([]float64, m)
		for j := range m {
			x := append([]float64(nil), base...)
			pp, pm, mp, mm := 0.0, 0.0, 0.0, 0.0
			x[i] += h
			x[j] += h
			pp = f(x)
			x[j] -= 2 * h
			pm = f(x)
			x[i] -= 2 * h
			mm = f(x)
			x[j] += 2 * h
			mp = f(x)
			hess[i][j] = -(pp - pm - mp + mm) / (4 * h * h)
		}
	}
	inv := invert(hess)
	cov := make([][]float64, n)
	for i := range cov {
		cov[i] = make([]float64, n)
	}
	// The last rating is minus the sum of the free ones.
	for i := range m {
		for j := range m {
			cov[i][j] = inv[i][j]
		}
	}
	for i := range m {
		s := 0.0
		for k := range m {
			s += inv[i][k]
		}
		cov[i][m], cov[m][i] = -s, -s
	}
	for i := range m {
		for j := range m {
			cov[m][m] += inv[i][j]
		}
	}
	return cov
}

// invert inverts a small symmetric positive matrix by Gauss-Jordan
// elimination; a singular one gives infinities.
func invert(a [][]float64) [][]float64 {
	n := len(a)
	m := make([][]float64, n)
	for i := range a {
		m[i] = make([]float64, 2*n)
		copy(m[i], a[i])
		m[i][n+i] = 1
	}
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		m[c], m[p] = m[p], m[c]
		if m[c][c] == 0 {
			inf := make([][]float64, n)
			for i := range inf {
				inf[i] = make([]float64, n)
				for j := range inf[i] {
					inf[i][j] = math.Inf(1)
				}
			}
			return inf
		}
		d := m[c][c]
		for k := range m[c] {
			m[c][k] /= d
		}
		for r := range n {
			if r != c && m[r][c] != 0 {
				f := m[r][c]
				for k := range m[r] {
					m[r][k] -= f * m[c][k]
				}
			}
		}
	}
	out := make([][]float64, n)
	for i := range out {
		out[i] = m[i][n:]
	}
	return out
}

func phi(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

// EloFromRecords fits ratings to the games of records (errors excluded),
// engines named by their names in the records, strongest first.
func EloFromRecords(recs []Record, par EloParams) (EloTable, error) {
	index := map[string]int{}
	var names []string
	var gs [][3]int
	id := func(n string) int {
		i, ok := index[n]
		if !ok {
			i = len(names)
			index[n] = i
			names = append(names, n)
		}
		return i
	}
	for _, r := range recs {
		if r.Error != "" {
			continue
		}
		first, second := id(r.Names[r.FirstSeat]), id(r.Names[1-r.FirstSeat])
		o := 0
		switch r.Winner {
		case r.FirstSeat:
			o = 1
		case 1 - r.FirstSeat:
			o = -1
		}
		gs = append(gs, [3]int{first, second, o})
	}
	t, err := Elo(names, gs, par)
	if err != nil {
		return t, err
	}
	order := make([]int, len(t.Ratings))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return t.Ratings[order[a]].Elo > t.Ratings[order[b]].Elo })
	sorted := EloTable{LOS: make([][]float64, len(order))}
	for a, i := range order {
		sorted.Ratings = append(sorted.Ratings, t.Ratings[i])
		sorted.LOS[a] = make([]float64, len(order))
		for b, j := range order {
			sorted.LOS[a][b] = t.LOS[i][j]
		}
	}
	return sorted, nil
}
