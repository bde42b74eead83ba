package config

import (
	"sort"
	"strings"
)

// nearest returns up to k of names closest to typed: those that contain it
// first, then by edit distance (insertions, deletions and substitutions of
// bytes), ties by name.
func nearest(typed string, names []string, k int) []string {
	type scored struct {
		name string
		d    int
	}
	all := make([]scored, len(names))
	for i, n := range names {
		d := editDistance(typed, n)
		if strings.Contains(n, typed) {
			d = -1
		}
		all[i] = scored{n, d}
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].d != all[j].d {
			return all[i].d < all[j].d
		}
		return all[i].name < all[j].name
	})
	out := make([]string, 0, k)
	for _, s := range all[:min(k, len(all))] {
		out = append(out, s.name)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
