package knockout

import (
	"cmp"
	"slices"

	"burraco/tournament"
)

// game is one match of a round as the bracket reads it: a table (individuals, pairs),
// or the two tables of a team match (tournament.Table.Match), numbered by its place in
// the round (the table's number, or the match's).
type game struct {
	number int
	tables []*tournament.Table
}

// gamesOf returns a round's matches in number order.
func gamesOf(r *tournament.Round) []game {
	var out []game
	at := map[int]int{}
	for i := range r.Tables {
		t := &r.Tables[i]
		if t.Match <= 0 {
			out = append(out, game{number: t.Number, tables: []*tournament.Table{t}})
			continue
		}
		k, ok := at[t.Match]
		if !ok {
			k = len(out)
			at[t.Match] = k
			out = append(out, game{number: t.Match})
		}
		out[k].tables = append(out[k].tables, t)
	}
	slices.SortStableFunc(out, func(a, b game) int { return cmp.Compare(a.number, b.number) })
	return out
}

// gameAt returns match n of round r (nil: no round, or no such match).
func gameAt(r *tournament.Round, n int) *game {
	if r == nil {
		return nil
	}
	for _, g := range gamesOf(r) {
		if g.number == n {
			return &g
		}
	}
	return nil
}

// entries are the two sides of the match: those of its first table (a team match's
// first table seats team A at position 1, team B at position 2).
func (g *game) entries() [2]int64 {
	if g == nil || len(g.tables) == 0 || g.tables[0] == nil || len(g.tables[0].Sides) != 2 {
		return [2]int64{}
	}
	t := g.tables[0]
	return [2]int64{t.Sides[0].EntryID, t.Sides[1].EntryID}
}

// first is the match's first table (nil for none).
func (g *game) first() *tournament.Table {
	if g == nil || len(g.tables) == 0 {
		return nil
	}
	return g.tables[0]
}

// started reports whether a hand or an outcome is recorded at any table of the match.
func (g *game) started() bool {
	for _, t := range g.tables {
		if t != nil && t.Started() {
			return true
		}
	}
	return false
}

// outcome is what decided the match other than its scores: the first table's outcome,
// else the second's.
func (g *game) outcome() tournament.Outcome {
	for _, t := range g.tables {
		if t != nil && t.Outcome.Kind != "" {
			return t.Outcome
		}
	}
	return tournament.Outcome{}
}

// decideGame reads a match: a table's (decide), or a team match's over its two tables
// (decideTeams).
func decideGame(st *tournament.State, s Settings, g *game) match {
	if g == nil || len(g.tables) == 0 {
		return decide(st, s, nil)
	}
	if len(g.tables) == 1 && g.tables[0].Match <= 0 {
		return decide(st, s, g.tables[0])
	}
	return decideTeams(st, s, g)
}

// decideTeams reads a team match (RULES.md section 5, "A knockout of teams"): each of
// its two tables is read as a table of the knockout (its MP the signed difference, or
// the time-out's technical score), and each team's match MP is the sum of its pairs'
// MP at the two tables. Once both tables are over, the team with the higher match MP
// wins by any margin; on an exact tie, the team recorded at either table as making the
// last game action loses. A forfeit at either table is a walkover for the other team.
// A match that is not two tables of the same two teams is never decided.
func decideTeams(st *tournament.State, s Settings, g *game) match {
	m := match{expected: 2 * 2 * s.HandsPerMatch}
	ids := g.entries()
	if len(g.tables) != 2 || ids[0] == 0 || ids[1] == 0 {
		return m
	}
	forfeit, last := 0, 0 // the match side (1 or 2) that forfeited, made the last action
	done := true
	for _, t := range g.tables {
		if t == nil || len(t.Sides) != 2 {
			return match{expected: m.expected}
		}
		pa := t.Position(ids[0])
		if (pa != 1 && pa != 2) || t.Position(ids[1]) != 3-pa {
			return match{expected: m.expected}
		}
		tm := decide(st, s, t)
		m.entered += tm.entered
		m.scores[0] += tm.scores[pa-1]
		m.scores[1] += tm.scores[2-pa]
		m.mp[0] += tm.mp[pa-1]
		m.mp[1] += tm.mp[2-pa]
		done = done && (tm.winner > 0 || tm.tie)
		o := t.Outcome
		if o.Side != 1 && o.Side != 2 {
			continue
		}
		side := 1 // the match side of the team at the outcome's position
		if o.Side != pa {
			side = 2
		}
		switch o.Kind {
		case OutcomeForfeit:
			forfeit = side
		case OutcomeLastAction:
			last = side
		}
	}
	switch {
	case forfeit > 0:
		m.winner, m.mp = 3-forfeit, [2]int{}
	case !done:
	case m.mp[0] > 0:
		m.winner = 1
	case m.mp[0] < 0:
		m.winner = 2
	default:
		m.tie = true
		if last > 0 {
			m.winner = 3 - last
		}
	}
	return m
}

// teamTable is the result of one table of a team match: its two pairs' totals and,
// once it is over, their MP; a table scores no point of its own, the match does
// (Matches).
func teamTable(st *tournament.State, s Settings, t *tournament.Table) tournament.TableResult {
	m := decide(st, s, t)
	r := tournament.TableResult{Number: t.Number, Entries: t.Entries(), Scores: m.scores[:], Entered: m.entered, Expected: m.expected}
	if m.winner > 0 || m.tie {
		r.Complete, r.MP = true, m.mp[:]
	}
	return r
}

// Matches implements tournament.Matched: a knockout of teams' matches of round r, each
// its two tables, the teams' match MP and the winner's point once decided; nil for a
// knockout of individuals or pairs, whose matches are single tables.
func (Format) Matches(st *tournament.State, r *tournament.Round) []tournament.MatchResult {
	s := of(st.Stage.Settings)
	var out []tournament.MatchResult
	for _, g := range gamesOf(r) {
		if g.first() == nil || g.first().Match <= 0 {
			continue
		}
		m := decideGame(st, s, &g)
		mr := tournament.MatchResult{Number: g.number, Entries: g.entries(), Complete: m.winner > 0}
		for _, t := range g.tables {
			mr.Tables = append(mr.Tables, t.Number)
		}
		if mr.Complete {
			mr.MP = m.mp
			mr.Points[m.winner-1] = tournament.RP(1)
		}
		out = append(out, mr)
	}
	return out
}

// seat adds to r the match numbered n between a and b: a table (a at position 1), or
// for a knockout of teams the two tables of a team match (tournament.SeatMatch).
func seat(r *tournament.Round, s Settings, n int, a, b int64) {
	if !s.teams() {
		r.Tables = append(r.Tables, tournament.Table{Number: n, Sides: tournament.SidesFromEntries([]int64{a, b})})
		return
	}
	r.Tables = append(r.Tables, tournament.MatchTables(n, a, b)...)
}
