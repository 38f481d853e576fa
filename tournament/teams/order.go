package teams

import (
	"burraco/tournament/forfeit"
	"cmp"
	"slices"

	"burraco/tournament"
	"burraco/tournament/danish"
)

var _ tournament.Paired = Format{}

// PairingOrder implements tournament.Paired: the running standings round n was paired
// from, for the teams its draw had (its matches' and its bye, not a bye awarded later),
// with the tie order of its seed; a team the pairing moved down the order names the team
// it would have met and why (danish.WhyNeverMeet, WhyRematch, WhyClub, WhyOthers), where
// the round still seats the two as the pairing did.
func (Format) PairingOrder(st *tournament.State, n int) ([]tournament.Column, []tournament.OrderLine) {
	r := st.Round(n)
	if r == nil {
		return tournament.MatchColumns, nil
	}
	in := map[int64]bool{}
	for _, t := range r.Tables {
		for _, id := range t.Entries() {
			in[id] = true
		}
	}
	for _, b := range r.Byes {
		if !b.Awarded {
			in[b.EntryID] = true
		}
	}
	var lines []danish.Line
	for _, l := range running(st, n) {
		if in[l.Entry] {
			lines = append(lines, l)
		}
	}
	danish.Order(lines, r.Seed)
	s := of(st.Stage.Settings)
	if s.Pairing == danish.Random {
		slices.SortFunc(lines, func(a, b danish.Line) int { return cmp.Compare(a.Tie, b.Tie) })
	}
	paired := slices.Clone(lines)
	if b := danish.ByeIndex(paired); b >= 0 {
		paired = append(paired[:b:b], paired[b+1:]...)
	}
	f := pairingField(st, s, n, paired)
	pairs, _ := danish.PairField(f)
	moves := explain(f, paired, pairs)
	opponent := map[int64]int64{}
	for _, m := range (Format{}).Matches(st, r) {
		opponent[m.Entries[0]], opponent[m.Entries[1]] = m.Entries[1], m.Entries[0]
	}
	partner := map[int64]int64{}
	for _, p := range pairs {
		a, b := paired[p[0]].Entry, paired[p[1]].Entry
		partner[a], partner[b] = b, a
	}
	out := make([]tournament.OrderLine, len(lines))
	won := forfeitWins(st.Rounds[:n-1])
	for i, l := range lines {
		out[i] = tournament.OrderLine{Values: []int{l.VP, l.MP}, Byes: l.Byes, Tie: l.Tie, ForfeitByes: won[l.Entry],
			ForfeitRound: danish.ForfeitBetween(st.Rounds[:n-1], l.Entry, opponent[l.Entry])}
		if e := st.Entry(l.Entry); e != nil {
			out[i].Entry = *e
		}
		if m, ok := moves[l.Entry]; ok && opponent[l.Entry] == partner[l.Entry] {
			out[i].Avoided, out[i].Why = m.Avoided, m.Why
		}
	}
	return tournament.MatchColumns, out
}

// running is the standings after the rounds before n, as lines, for every team with a
// standing (the order is the caller's); a team's byes count its matches won by forfeit
// (RULES.md 4.3: the team present has had its bye).
func running(st *tournament.State, n int) []danish.Line {
	before := *st
	before.Rounds = st.Rounds[:min(max(n-1, 0), len(st.Rounds))]
	_, standings := Format{}.Standings(&before)
	byID := map[int64]*tournament.Standing{}
	for i := range standings {
		byID[standings[i].Entry.ID] = &standings[i]
	}
	won := forfeitWins(before.Rounds)
	var lines []danish.Line
	for _, e := range st.Entries {
		if e.Substitute() {
			continue
		}
		l := danish.Line{Entry: e.ID, Byes: won[e.ID]}
		if sd := byID[e.ID]; sd != nil {
			l.VP, l.MP, l.Byes = sd.Values[ValVP], sd.Values[ValMP], sd.Byes+won[e.ID]
		}
		lines = append(lines, l)
	}
	return lines
}

// explain says, for each team that did not meet the nearest team left below it in the
// order, which team that was and why: the highest-priority clash between them, or
// danish.WhyOthers.
func explain(f danish.Field, lines []danish.Line, pairs [][2]int) map[int64]danish.Move {
	paired := make([]bool, f.N)
	out := map[int64]danish.Move{}
	byFirst := slices.Clone(pairs)
	slices.SortFunc(byFirst, func(a, b [2]int) int { return cmp.Compare(a[0], b[0]) })
	for _, p := range byFirst {
		i, j := p[0], p[1]
		k := i + 1
		for k < f.N && paired[k] {
			k++
		}
		if k != j && k < f.N {
			m := danish.Move{Avoided: lines[k].Entry, Why: danish.WhyOthers}
			var c danish.Clash
			if f.Clash != nil {
				c = f.Clash(i, k)
			}
			clubs := f.Clubs != nil && shareClub(f.Clubs[i], f.Clubs[k])
			switch {
			case c&danish.NeverMeet != 0:
				m.Why = danish.WhyNeverMeet
			case c&danish.Rematch != 0:
				m.Why = danish.WhyRematch
			case clubs:
				m.Why = danish.WhyClub
			}
			out[lines[i].Entry] = m
		}
		paired[i], paired[j] = true, true
	}
	return out
}

// shareClub reports whether two teams have a club in common.
func shareClub(a, b []int) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// forfeitWins counts each team's matches won by forfeit in the rounds (both tables
// forfeited by the other team).
func forfeitWins(rounds []tournament.Round) map[int64]int {
	out := map[int64]int{}
	for _, f := range forfeit.All(rounds) {
		out[f.Present]++
	}
	return out
}
