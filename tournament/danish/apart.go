package danish

import (
	"cmp"
	"slices"

	"burraco/tournament"
)

// Why a side did not meet the nearest side below it in the pairing order (RULES.md
// section 4.1), as the pairing-order page and its API twin name it.
const (
	WhyNeverMeet = "never_meet" // the two must never meet
	WhyRematch   = "rematch"    // they met before, and the mode avoids it
	WhyClub      = "club"       // both play for one club, in a round that keeps clubs apart
	WhyOthers    = "others"     // nothing between those two: the sides below could not all be paired otherwise
)

// Move is why a side was paired lower than the nearest side the order offered it.
type Move struct {
	Avoided int64  // the side it would have met
	Why     string // WhyNeverMeet, WhyRematch, WhyClub or WhyOthers
}

// rematches returns who should not meet again in round n under the stage's mode: every
// earlier opponent (no rematches, random draw), the previous round's (modified Danish,
// except in the last round), or nobody (pure Danish, the table shift's movement).
func rematches(st *tournament.State, s Settings, n int) map[int64]map[int64]bool {
	before := st.Rounds[:min(max(n-1, 0), len(st.Rounds))]
	switch {
	case s.Pairing == NoRematch || s.Pairing == Random:
		return met(before, st.Carry) // and the stages before, for a stage that continues
	case s.Pairing == Modified && n < s.Count && len(before) > 0:
		return met(before[len(before)-1:], nil)
	}
	return nil
}

// constraints are what round n's pairing avoids: the mode's rematches, the pairs never
// to meet, and each side's club (by a number) while clubs are kept apart.
type constraints struct {
	avoid map[int64]map[int64]bool
	never map[[2]int64]bool
	clubs map[int64][]int // nil when clubs are not kept apart this round
}

// constraintsOf reads round n's constraints from the stage.
func constraintsOf(st *tournament.State, s Settings, n int) constraints {
	c := constraints{avoid: rematches(st, s, n)}
	if len(s.NeverMeet) > 0 {
		c.never = map[[2]int64]bool{}
		for _, p := range s.NeverMeet {
			c.never[p], c.never[[2]int64{p[1], p[0]}] = true, true
		}
	}
	if n <= s.ApartClubs {
		ids := map[string]int{}
		c.clubs = map[int64][]int{}
		for _, e := range st.Entries {
			for _, club := range tournament.ClubKeys(&e) {
				if ids[club] == 0 {
					ids[club] = len(ids) + 1
				}
				c.clubs[e.ID] = append(c.clubs[e.ID], ids[club])
			}
		}
	}
	return c
}

// field is the field of lines (in pairing order, the bye out) under the constraints.
func (c constraints) field(lines []Line) Field {
	f := Field{N: len(lines)}
	if c.avoid != nil || c.never != nil {
		avoid, never := c.avoid, c.never
		f.Clash = func(i, j int) Clash {
			a, b := lines[i].Entry, lines[j].Entry
			var k Clash
			if avoid[a][b] {
				k |= Rematch
			}
			if never != nil && never[[2]int64{a, b}] {
				k |= NeverMeet
			}
			return k
		}
	}
	if c.clubs != nil {
		f.Clubs = make([][]int, len(lines))
		for i, l := range lines {
			f.Clubs[i] = c.clubs[l.Entry]
		}
	}
	return f
}

// fieldOf is the field of lines (in pairing order, the bye out) that round n pairs.
func fieldOf(st *tournament.State, s Settings, n int, lines []Line) Field {
	return constraintsOf(st, s, n).field(lines)
}

// explain says, for each side that did not meet the nearest side left below it in the
// order, which side that was and why: the highest-priority clash between them, or
// WhyOthers. pairs are PairField's, by the field's indexes.
func explain(f Field, lines []Line, pairs [][2]int) map[int64]Move {
	paired := make([]bool, f.N)
	out := map[int64]Move{}
	byFirst := slices.Clone(pairs)
	slices.SortFunc(byFirst, func(a, b [2]int) int { return cmp.Compare(a[0], b[0]) })
	for _, p := range byFirst {
		i, j := p[0], p[1]
		k := i + 1
		for k < f.N && paired[k] {
			k++
		}
		if k != j && k < f.N {
			m := Move{Avoided: lines[k].Entry, Why: WhyOthers}
			switch c := f.clash(i, k); {
			case c&NeverMeet != 0:
				m.Why = WhyNeverMeet
			case c&Rematch != 0:
				m.Why = WhyRematch
			case c&SameClub != 0:
				m.Why = WhyClub
			}
			out[lines[i].Entry] = m
		}
		paired[i], paired[j] = true, true
	}
	return out
}

// pairRound pairs round n from its lines in pairing order: the bye by ByeIndex, then
// PairField. It returns the tables (the side higher in the order first), the bye (0
// for none) and the moves.
func pairRound(st *tournament.State, s Settings, n int, lines []Line) (tables [][2]int64, bye int64, moves map[int64]Move) {
	if b := ByeIndex(lines); b >= 0 {
		bye = lines[b].Entry
		lines = append(lines[:b:b], lines[b+1:]...)
	}
	f := fieldOf(st, s, n, lines)
	pairs, _ := PairField(f)
	tables = make([][2]int64, len(pairs))
	for k, p := range pairs {
		tables[k] = [2]int64{lines[p[0]].Entry, lines[p[1]].Entry}
	}
	return tables, bye, explain(f, lines, pairs)
}

// byTie orders lines by their random tie order alone: the random draw of every round.
func byTie(lines []Line) {
	slices.SortFunc(lines, func(a, b Line) int { return cmp.Compare(a.Tie, b.Tie) })
}
