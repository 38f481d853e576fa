package threeplayer

import (
	"cmp"
	"math/rand/v2"
	"slices"
)

// Seating is who sits where in one game: tables in number order (table 1 first), each
// with its players in seat order, and the players who sit this game out.
type Seating struct {
	Tables  [][]int64 `json:"tables"`
	SitOuts []int64   `json:"sit_outs"`
}

// rngFor is the random source of a draw: the same seed always gives the same draw.
func rngFor(seed int64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), 0x6275727261636f)) // "burraco"
}

// Rotation targets (RULES.md section 3): the winner stays, the second moves to the next
// table number (the last wraps to table 1), the third moves the other way.
func rotationTarget(table, place, tables int) int {
	switch place {
	case 0:
		return table
	case 1:
		return (table + 1) % tables
	}
	return (table - 1 + tables) % tables
}

// NextSeating seats players for a game.
//
//   - players are the entries to seat (active, not withdrawn), in any order;
//   - order gives, for each table of the previous game, its players by place (winner
//     first); nil for the first game, which is then drawn at random;
//   - sitOuts counts how many games each entry has sat out so far;
//   - with byes, len(players) mod 3 players sit out: those who have sat out least,
//     chosen at random among equals, so nobody sits out twice before everyone who could
//     has sat out once. Without byes the players must be a multiple of 3.
//
// Players placed by rotation keep their target table when it still exists and has room,
// winners first, then seconds, then thirds; everyone else (returning sit-outs,
// newcomers, players of a table that no longer exists) fills the free seats in table
// order, in random order. The same seed gives the same seating.
func NextSeating(players []int64, order [][]int64, sitOuts map[int64]int, seed int64, byes bool) Seating {
	rng := rngFor(seed)
	pool := slices.Clone(players)
	slices.Sort(pool)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })

	tables := len(pool) / 3
	var out Seating
	if byes {
		k := len(pool) % 3
		// Fewest sit-outs first; the shuffle decides among equals.
		slices.SortStableFunc(pool, func(a, b int64) int { return cmp.Compare(sitOuts[a], sitOuts[b]) })
		out.SitOuts = slices.Clone(pool[:k])
		pool = pool[k:]
		slices.Sort(out.SitOuts)
	} else if len(pool)%3 != 0 {
		tables = (len(pool) + 2) / 3 // never drawn this way by the service; keep everyone seated
	}
	out.Tables = make([][]int64, tables)
	seated := make(map[int64]bool, len(pool))
	playing := make(map[int64]bool, len(pool))
	for _, id := range pool {
		playing[id] = true
	}
	for place := 0; place < 3; place++ {
		for t, ord := range order {
			if place >= len(ord) || !playing[ord[place]] {
				continue
			}
			to := rotationTarget(t, place, len(order))
			if to < tables && len(out.Tables[to]) < 3 {
				out.Tables[to] = append(out.Tables[to], ord[place])
				seated[ord[place]] = true
			}
		}
	}
	t := 0
	for _, id := range pool {
		if seated[id] {
			continue
		}
		for t < tables && len(out.Tables[t]) >= 3 {
			t++
		}
		if t == tables {
			break
		}
		out.Tables[t] = append(out.Tables[t], id)
	}
	return out
}

// TableOrder ranks a table's players for rotation: higher game score first; a tie goes
// to the higher best single hand of that game, then to the lower seat. This is the
// stated rule for ties; the director can override any seat before the next game.
func TableOrder(seats []int64, score, bestHand map[int64]int) []int64 {
	ord := slices.Clone(seats)
	slices.SortStableFunc(ord, func(a, b int64) int {
		if c := cmp.Compare(score[b], score[a]); c != 0 {
			return c
		}
		return cmp.Compare(bestHand[b], bestHand[a])
	})
	return ord
}
