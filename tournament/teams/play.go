package teams

import (
	"burraco/tournament/forfeit"
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/danish"
)

// totals adds up a table's hands: each position's total and the hand scores entered. A
// game total (scoring.GameTotal) counts for every hand of the round.
func totals(t *tournament.Table, hands int) (scores []int, entered int) {
	scores = make([]int, len(t.Sides))
	for _, h := range t.Hands {
		p := h.Side - 1
		if p < 0 || p >= len(t.Sides) {
			continue
		}
		entered++
		if h.Figures.Form == scoring.GameTotal {
			entered += hands - 1
		}
		scores[p] += h.Score
	}
	return scores, entered
}

// Result implements tournament.Format: a table of a team match, its two pairs' totals
// and, once every hand is entered, their MP (the signed difference). A table scores no
// VP of its own: the match does (Matches).
func (Format) Result(st *tournament.State, t *tournament.Table) tournament.TableResult {
	hands := of(st.Stage.Settings).Hands
	scores, entered := totals(t, hands)
	r := tournament.TableResult{Number: t.Number, Entries: t.Entries(), Scores: scores, Entered: entered,
		Expected: len(t.Sides) * hands}
	r.Complete = len(t.Sides) == 2 && r.Entered >= r.Expected && scale(st) != nil
	if r.Complete {
		d := scores[0] - scores[1]
		r.MP = []int{d, -d}
	}
	return r
}

// Matches implements tournament.Matched: round r's matches, each the tables of one
// Match number, in order. An entry's match MP is the sum of its tables' differences, by
// where it sits at each; once every table is complete the MP become VP with the stage's
// team scale (the winner's and the loser's, or both the level band's).
func (Format) Matches(st *tournament.State, r *tournament.Round) []tournament.MatchResult {
	sc := scale(st)
	var out []tournament.MatchResult
	at := map[int]int{}
	for ti := range r.Tables {
		t := &r.Tables[ti]
		if t.Match <= 0 || len(t.Sides) != 2 {
			continue
		}
		i, ok := at[t.Match]
		if !ok {
			i = len(out)
			at[t.Match] = i
			out = append(out, tournament.MatchResult{Number: t.Match, Entries: [2]int64{t.Sides[0].EntryID, t.Sides[1].EntryID}, Complete: true})
		}
		m := &out[i]
		m.Tables = append(m.Tables, t.Number)
		res := Format{}.Result(st, t)
		if !res.Complete {
			m.Complete = false
			continue
		}
		for p, sd := range t.Sides {
			switch sd.EntryID {
			case m.Entries[0]:
				m.MP[0] += res.MP[p]
			case m.Entries[1]:
				m.MP[1] += res.MP[p]
			}
		}
	}
	for i := range out {
		m := &out[i]
		if !m.Complete || sc == nil {
			m.Complete, m.MP = false, [2]int{}
			continue
		}
		w, l := sc.VP(m.MP[0])
		if m.MP[0] >= 0 {
			m.Points = [2]tournament.Points{tournament.RP(w), tournament.RP(l)}
		} else {
			m.Points = [2]tournament.Points{tournament.RP(l), tournament.RP(w)}
		}
	}
	slices.SortFunc(out, func(a, b tournament.MatchResult) int { return cmp.Compare(a.Number, b.Number) })
	return out
}

// The values a team's standing ranks on, in order (tournament.Standing.Values).
const (
	ValVP = tournament.MatchVP // victory points, in sixths (tournament.Points)
	ValMP = tournament.MatchMP // the sum of the matches' signed MP
)

// Standings implements tournament.Format: teams by VP, then MP (the sum of their
// matches' MP), then ex aequo; complete matches count, and a bye once its round is
// complete (bye_vp, bye_mp). A team never drawn is not ranked. A round's line is the
// match's first table, the team's MP as its score and its VP.
func (f Format) Standings(st *tournament.State) ([]tournament.Column, []tournament.Standing) {
	s := of(st.Stage.Settings)
	drawn := map[int64]bool{}
	for _, r := range st.Rounds {
		for _, id := range r.People() {
			drawn[id] = true
		}
	}
	out, idx := tournament.StartCarry(st, 2, func(e tournament.Entry) bool { return drawn[e.ID] })
	for ri := range st.Rounds {
		r := &st.Rounds[ri]
		complete := true
		for _, m := range f.Matches(st, r) {
			complete = complete && m.Complete
			for k, id := range m.Entries {
				i, ok := idx[id]
				if !ok {
					continue
				}
				line := tournament.RoundLine{Round: r.Number, Table: m.Tables[0], Score: m.MP[k], Done: m.Complete}
				if m.Complete {
					line.Points = m.Points[k]
					out[i].Values[ValVP] += int(m.Points[k])
					out[i].Values[ValMP] += m.MP[k]
					out[i].Played++
				}
				out[i].Rounds[ri] = line
			}
		}
		for _, b := range r.Byes {
			i, ok := idx[b.EntryID]
			if !ok {
				continue
			}
			line := tournament.RoundLine{Round: r.Number, Bye: true, Awarded: b.Awarded, Done: complete}
			if complete {
				line.Points = b.Points
				out[i].Values[ValVP] += int(b.Points)
				out[i].Values[ValMP] += s.ByeMP
			}
			out[i].Byes++
			out[i].Rounds[ri] = line
		}
	}
	tournament.Rank(out, st.Stage.Qualifiers)
	return tournament.MatchColumns, out
}

// Contribution is what one player brought their team in one round: the table they
// played at, in which pair, and that table's MP for their side (RULES.md, "Teams").
type Contribution struct {
	Round    int   `json:"round"`
	Table    int   `json:"table"`
	Match    int   `json:"match"`
	Team     int64 `json:"team_id"`
	Pair     int   `json:"pair"`
	Partner  int64 `json:"partner_id"`
	MP       int   `json:"mp"`
	Complete bool  `json:"complete"`
}

// Contributions returns, by player ID, what each player brought their team round by
// round: the MP of the table they played (their team's line-up of the round says who
// sat in each pair), in round order. Players who did not play a round have no line for it.
func Contributions(st *tournament.State) map[int64][]Contribution {
	out := map[int64][]Contribution{}
	f := Format{}
	for ri := range st.Rounds {
		r := &st.Rounds[ri]
		for ti := range r.Tables {
			t := &r.Tables[ti]
			res := f.Result(st, t)
			for p, sd := range t.Sides {
				if sd.Pair != 1 && sd.Pair != 2 {
					continue
				}
				pair := st.LineupOf(sd.EntryID, r.Number).Pairs[sd.Pair-1]
				for k, pid := range pair {
					if pid == 0 {
						continue
					}
					c := Contribution{Round: r.Number, Table: t.Number, Match: t.Match, Team: sd.EntryID, Pair: sd.Pair,
						Partner: pair[1-k], Complete: res.Complete}
					if res.Complete {
						c.MP = res.MP[p]
					}
					out[pid] = append(out[pid], c)
				}
			}
		}
	}
	return out
}

// Running returns the running standings round n is paired from (the results of the
// rounds before it), for the teams drawable now, in the order the draw uses with seed:
// VP, MP, then the random tie order.
func Running(st *tournament.State, n int, seed int64) []danish.Line {
	drawable := map[int64]bool{}
	for _, e := range st.Drawable() {
		drawable[e.ID] = true
	}
	var lines []danish.Line
	for _, l := range running(st, n) {
		if drawable[l.Entry] {
			lines = append(lines, l)
		}
	}
	danish.Order(lines, seed)
	return lines
}

// met returns who each team met in the given rounds (the two teams of each match, at a
// table not forfeited), and in the stages before that carry.
func met(rounds []tournament.Round, carry map[int64]tournament.Carried) map[int64]map[int64]bool {
	out := map[int64]map[int64]bool{}
	add := func(a, b int64) {
		if out[a] == nil {
			out[a] = map[int64]bool{}
		}
		out[a][b] = true
	}
	for a, c := range carry {
		for _, b := range c.Met {
			add(a, b)
		}
	}
	for _, r := range rounds {
		for _, t := range r.Tables {
			if _, _, forfeit := forfeit.Of(&t); forfeit {
				continue // a forfeit is not a meeting (RULES.md 4.3)
			}
			if ids := t.Entries(); len(ids) == 2 && ids[0] != ids[1] {
				add(ids[0], ids[1])
				add(ids[1], ids[0])
			}
		}
	}
	return out
}

// pairingField is the pairing field of round n over lines (in pairing order, the bye out):
// the mode's rematches, the teams never to meet, the clubs kept apart.
func pairingField(st *tournament.State, s Settings, n int, lines []danish.Line) danish.Field {
	before := st.Rounds[:min(max(n-1, 0), len(st.Rounds))]
	var avoid map[int64]map[int64]bool
	switch {
	case s.Pairing == danish.NoRematch || s.Pairing == danish.Random:
		avoid = met(before, st.Carry)
	case s.Pairing == danish.Modified && n < s.Count && len(before) > 0:
		avoid = met(before[len(before)-1:], nil)
	}
	never := map[[2]int64]bool{}
	for _, p := range s.NeverMeet {
		never[p], never[[2]int64{p[1], p[0]}] = true, true
	}
	f := danish.Field{N: len(lines), Clash: func(i, j int) danish.Clash {
		a, b := lines[i].Entry, lines[j].Entry
		var c danish.Clash
		if avoid[a][b] {
			c |= danish.Rematch
		}
		if never[[2]int64{a, b}] {
			c |= danish.NeverMeet
		}
		return c
	}}
	if n <= s.ApartClubs {
		ids := map[string]int{}
		f.Clubs = make([][]int, len(lines))
		for i, l := range lines {
			for _, club := range tournament.ClubKeys(st.Entry(l.Entry)) {
				if ids[club] == 0 {
					ids[club] = len(ids) + 1
				}
				f.Clubs[i] = append(f.Clubs[i], ids[club])
			}
		}
	}
	return f
}

// Draw implements tournament.Format: round 1 at random, later rounds 1–2, 3–4… by the
// running standings of the teams under the stage's pairing mode (every round at random
// in the random draw); an odd field gives the bye to the lowest-ranked team with the
// fewest byes. The pairing avoids, in this order, the teams never to meet, the mode's
// rematches and, in the first rounds, two teams of one club (danish.PairField). Match m
// between A (ranked higher) and B is tables 2m−1 (A's pair 1 against B's pair 2) and
// 2m (B's pair 1 against A's pair 2).
func (f Format) Draw(st *tournament.State, seed int64) (*tournament.Round, []tournament.Entry, error) {
	s := of(st.Stage.Settings)
	for _, e := range st.Drawable() {
		if !e.Substitute() && e.Kind != tournament.EntryTeam {
			return nil, nil, tournament.Errorf(tournament.ECONFLICT, "teams.draw.kind", e.Name)
		}
	}
	n := len(st.Rounds) + 1
	if n == 1 && st.Stage.ScaleID == nil && f.DefaultScale(s) == nil {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "teams.draw.no_scale", s.Hands)
	}
	lines := Running(st, n, seed)
	if len(lines) < 2 {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "draw.too_few")
	}
	if s.Pairing == danish.Random {
		slices.SortFunc(lines, func(a, b danish.Line) int { return cmp.Compare(a.Tie, b.Tie) })
	}
	r := &tournament.Round{Number: n, Seed: seed}
	if b := danish.ByeIndex(lines); b >= 0 {
		r.Byes = append(r.Byes, tournament.Bye{EntryID: lines[b].Entry, Points: tournament.RP(s.ByeVP)})
		lines = append(lines[:b:b], lines[b+1:]...)
	}
	pairs, _ := danish.PairField(pairingField(st, s, n, lines))
	for m, p := range pairs {
		a, b := lines[p[0]].Entry, lines[p[1]].Entry
		r.Tables = append(r.Tables, tournament.MatchTables(m+1, a, b)...)
	}
	return r, nil, nil
}

// CheckRound implements tournament.RoundChecked: the seat check needs the round alone.
func (f Format) CheckRound(_ tournament.Settings, r *tournament.Round) tournament.FieldErrors {
	return f.CheckSeats(nil, r, r)
}

// CheckSeats implements tournament.Format: tables of two, every match two tables where
// the same two teams meet, each team's pair 1 and pair 2 once each, and no team in two
// matches or both seated and on a bye.
func (Format) CheckSeats(st *tournament.State, drawn, changed *tournament.Round) tournament.FieldErrors {
	fe := tournament.FieldErrors{}
	type seen struct {
		tables int
		pairs  map[[2]int64]bool // (team, pair)
		teams  map[int64]bool
	}
	byMatch := map[int]*seen{}
	matchOf := map[int64]int{}
	for ti, t := range changed.Tables {
		if len(t.Sides) != 2 {
			fe.Add(tableField(ti), "seats.table_of_two")
			continue
		}
		if t.Match <= 0 {
			fe.Add(tableField(ti), "teams.seats.match")
			continue
		}
		m := byMatch[t.Match]
		if m == nil {
			m = &seen{pairs: map[[2]int64]bool{}, teams: map[int64]bool{}}
			byMatch[t.Match] = m
		}
		m.tables++
		for si, sd := range t.Sides {
			k := [2]int64{sd.EntryID, int64(sd.Pair)}
			if (sd.Pair != 1 && sd.Pair != 2) || m.pairs[k] || len(sd.Partners) > 0 {
				fe.Add(tableField(ti), "teams.seats.match")
			}
			if other, ok := matchOf[sd.EntryID]; ok && other != t.Match {
				fe.Add(fmt.Sprintf("seat.%d.%d", ti+1, si+1), "seats.twice")
			}
			matchOf[sd.EntryID] = t.Match
			m.pairs[k], m.teams[sd.EntryID] = true, true
		}
	}
	for _, m := range byMatch {
		if m.tables != 2 || len(m.teams) != 2 {
			fe.Add("tables", "teams.seats.match")
		}
	}
	byes := map[int64]bool{}
	for i, b := range changed.Byes {
		if _, ok := matchOf[b.EntryID]; ok || byes[b.EntryID] {
			fe.Add(fmt.Sprintf("bye.%d", i+1), "seats.twice")
		}
		byes[b.EntryID] = true
	}
	return fe
}

// tableField names table ti (0-based) of a round for FieldErrors.
func tableField(ti int) string { return "table." + strconv.Itoa(ti+1) }

// Next implements tournament.Format.
func (Format) Next(st *tournament.State) tournament.Step {
	s := of(st.Stage.Settings)
	drawable := 0
	for _, e := range st.Drawable() {
		if !e.Substitute() {
			drawable++
		}
	}
	cur := st.Current()
	var step tournament.Step
	switch {
	case len(st.Entries) == 0:
		step.Key = "teams.next.add_teams"
	case cur == nil && drawable < 2:
		step.Key = "next.check_in"
	case cur == nil && st.Stage.ScaleID == nil && Format{}.DefaultScale(s) == nil:
		step = tournament.Step{Key: "teams.next.choose_scale", Args: []any{s.Hands}}
	case cur == nil:
		step = tournament.Step{Key: "next.draw_first", CanDraw: true}
	case !st.Complete(cur):
		step = tournament.Step{Key: "next.enter_scores", CanDraw: len(st.Rounds) < s.Count}
	case len(st.Rounds) < s.Count:
		step = tournament.Step{Key: "next.draw_next", Args: []any{len(st.Rounds) + 1}, CanDraw: true}
	default:
		step = tournament.Step{Key: "next.finished", Finished: true}
	}
	if drawable%2 == 1 && !step.Finished {
		step.Note, step.NoteArgs = "teams.note.bye", []any{drawable, s.ByeVP, s.ByeMP}
	}
	return step
}
