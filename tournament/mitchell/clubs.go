package mitchell

import (
	"cmp"
	"slices"
	"strings"

	"burraco/tournament"
)

// clubsOf is a pair's clubs, folded: a pair of two clubs ("Roma / Milano") has both.
func clubsOf(e *tournament.Entry) []string {
	var out []string
	for c := range strings.SplitSeq(e.Club, "/") {
		if f := tournament.FoldName(c); f != "" && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// sameClub reports whether two pairs share a club.
func sameClub(a, b []string) bool {
	for _, c := range a {
		if slices.Contains(b, c) {
			return true
		}
	}
	return false
}

// clashes counts the meetings of two pairs of the same club in the first rounds of the
// movement p, for seats in slot order: North-South of tables 1…ns, then East-West by
// round-1 table.
func clashes(clubs [][]string, ns int, p Plan, rounds int) int {
	n := 0
	for r := 1; r <= rounds; r++ {
		for t := 1; t <= ns; t++ {
			if sameClub(clubs[t-1], clubs[ns+p.Start(t, r)-1]) {
				n++
			}
		}
	}
	return n
}

// apart reorders the seats (North-South of tables 1…ns, then East-West by round-1
// table) so that as few pairs of the same club as it can find meet in the first rounds:
// from two starts (the random order, and each club gathered in one line, the largest
// clubs first), it swaps two seats while a swap lowers the count, and keeps the better.
func apart(order []tournament.Entry, ns int, p Plan, rounds int) []tournament.Entry {
	size := map[string]int{}
	for i := range order {
		for _, c := range clubsOf(&order[i]) {
			size[c]++
		}
	}
	main := func(e *tournament.Entry) (string, int) { // a pair's largest club
		best, n := "", 0
		for _, c := range clubsOf(e) {
			if size[c] > n || (size[c] == n && c < best) {
				best, n = c, size[c]
			}
		}
		return best, n
	}
	grouped := slices.Clone(order)
	slices.SortStableFunc(grouped, func(a, b tournament.Entry) int {
		ca, na := main(&a)
		cb, nb := main(&b)
		if c := cmp.Compare(nb, na); c != 0 {
			return c
		}
		return cmp.Compare(ca, cb)
	})
	var best []tournament.Entry
	bestN := -1
	for _, start := range [][]tournament.Entry{slices.Clone(order), grouped} {
		n := improve(start, ns, p, rounds)
		if bestN < 0 || n < bestN {
			best, bestN = start, n
		}
		if bestN == 0 {
			return best
		}
	}
	if exact := search(best, ns, p, rounds, bestN); exact != nil {
		return exact
	}
	return best
}

// searchLimit bounds the exact search (seatings tried): small fields are searched
// whole, larger ones keep the best the swaps found.
const searchLimit = 400_000

// search looks for a seating with fewer than bound clashes among every seating of the
// pairs' kinds (pairs with the same clubs are alike), depth first, seats filled in slot
// order and a seating dropped as soon as its clashes reach the best found; within a
// kind the pairs keep their order in order. It returns nil when it finds none better
// within searchLimit seatings.
func search(order []tournament.Entry, ns int, p Plan, rounds, bound int) []tournament.Entry {
	kinds := map[string]int{}
	var kindClubs [][]string
	var byKind [][]tournament.Entry
	for i := range order {
		cs := clubsOf(&order[i])
		key := strings.Join(cs, "\x00")
		k, ok := kinds[key]
		if !ok {
			k = len(kindClubs)
			kinds[key] = k
			kindClubs, byKind = append(kindClubs, cs), append(byKind, nil)
		}
		byKind[k] = append(byKind[k], order[i])
	}
	left := make([]int, len(byKind))
	for k := range byKind {
		left[k] = len(byKind[k])
	}
	seat := make([]int, len(order))
	var best []int
	nodes := 0
	var rec func(i, cost int)
	rec = func(i, cost int) {
		if nodes++; nodes > searchLimit || cost >= bound {
			return
		}
		if i == len(order) {
			best, bound = slices.Clone(seat), cost
			return
		}
		for k := range left {
			if left[k] == 0 {
				continue
			}
			add := 0
			if i >= ns { // an East-West seat: its meetings with the North-South seats are known
				for r := 1; r <= rounds; r++ {
					if t := p.Table(i-ns+1, r); t <= ns && sameClub(kindClubs[seat[t-1]], kindClubs[k]) {
						add++
					}
				}
			}
			left[k]--
			seat[i] = k
			rec(i+1, cost+add)
			left[k]++
			if bound == 0 {
				return
			}
		}
	}
	rec(0, 0)
	if best == nil {
		return nil
	}
	out := make([]tournament.Entry, 0, len(order))
	next := make([]int, len(byKind))
	for _, k := range best {
		out = append(out, byKind[k][next[k]])
		next[k]++
	}
	return out
}

// improve swaps seats of order in place while a swap lowers the clashes, and returns the
// clashes left.
func improve(order []tournament.Entry, ns int, p Plan, rounds int) int {
	clubs := make([][]string, len(order))
	for i := range order {
		clubs[i] = clubsOf(&order[i])
	}
	cur := clashes(clubs, ns, p, rounds)
	for pass := 0; cur > 0 && pass < 20; pass++ {
		better := false
		for i := range order {
			for j := i + 1; j < len(order) && cur > 0; j++ {
				if len(clubs[i]) == 0 && len(clubs[j]) == 0 {
					continue
				}
				clubs[i], clubs[j] = clubs[j], clubs[i]
				if n := clashes(clubs, ns, p, rounds); n < cur {
					cur, better = n, true
					order[i], order[j] = order[j], order[i]
				} else {
					clubs[i], clubs[j] = clubs[j], clubs[i]
				}
			}
		}
		if !better {
			break
		}
	}
	return cur
}
