package danish

import (
	"slices"

	"burraco/scoring"
	"burraco/tournament"
)

// scale is the stage's copy of its VP scale, or the shipped one its hands call for.
func scale(st *tournament.State) *scoring.Scale {
	if st.Stage.Scale != nil {
		return st.Stage.Scale
	}
	return Format{}.DefaultScale(st.Stage.Settings)
}

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

// Result implements tournament.Format: each side's total over the round, then, once
// every hand is entered (or the table has a time-out), the MP difference and the VP of
// the stage's scale. A time-out gives the technical score unless the real result is
// better for the side with time left (RULES.md section 2). A forfeit (a side that did
// not play) gives the other side the bye's VP and MP, and the absent side 0 VP and the
// bye's MP negated.
func (Format) Result(st *tournament.State, t *tournament.Table) tournament.TableResult {
	s := of(st.Stage.Settings)
	scores, entered := totals(t, s.Hands)
	r := tournament.TableResult{Number: t.Number, Entries: t.Entries(), Scores: scores, Entered: entered,
		Expected: len(t.Sides) * s.Hands}
	side := t.Outcome.Side == 1 || t.Outcome.Side == 2
	timeout := t.Outcome.Kind == tournament.OutcomeTimeout && side
	if t.Outcome.Kind == tournament.OutcomeForfeit && side && len(t.Sides) == 2 {
		// A side that did not play: the other scores as if it had the bye.
		r.Complete = true
		present := 2 - t.Outcome.Side // the position index of the side that was there
		r.MP, r.Points = make([]int, 2), make([]tournament.Points, 2)
		r.MP[present], r.MP[1-present] = s.ByeMP, -s.ByeMP
		r.Points[present] = tournament.RP(s.ByeVP)
		return r
	}
	r.Complete = len(t.Sides) == 2 && (r.Entered >= r.Expected || timeout)
	sc := scale(st)
	if !r.Complete || sc == nil {
		r.Complete = r.Complete && sc != nil
		return r
	}
	var m scoring.Result
	if timeout {
		m = sc.TimedOut(scores[0], scores[1], t.Outcome.Side == 1, s.TimeOut())
	} else {
		m = sc.Match(scores[0], scores[1])
	}
	r.MP = []int{m.MPA, m.MPB}
	r.Points = []tournament.Points{tournament.RP(m.VPA), tournament.RP(m.VPB)}
	return r
}

// The values a Danish standing ranks on, in order (tournament.Standing.Values).
const (
	ValVP = iota // victory points, in sixths (tournament.Points)
	ValMP        // the sum of the signed MP differences
)

var columns = []tournament.Column{
	{Name: "vp", Label: "standings.vp", Kind: "points"},
	{Name: "mp", Label: "standings.mp", Kind: "number"},
}

// CarriesOn implements tournament.Carrier: a stage in this format can continue a stage
// ranked on VP then MP, its standings adding the values carried in.
func (Format) CarriesOn() {}

// Standings implements tournament.Format (RULES.md section 4): VP, then MP (the sum of
// the signed differences), then ex aequo. Complete tables count, and a bye once its
// round is complete (bye VP and MP). An entry never drawn (a no-show) is not ranked.
func (f Format) Standings(st *tournament.State) ([]tournament.Column, []tournament.Standing) {
	s := of(st.Stage.Settings)
	drawn := map[int64]bool{}
	for _, r := range st.Rounds {
		for _, id := range r.People() {
			drawn[id] = true
		}
	}
	// A stage that continues another starts from the values its entries carry in.
	out, idx := tournament.StartCarry(st, 2, func(e tournament.Entry) bool { return drawn[e.ID] })
	for ri := range st.Rounds {
		r := &st.Rounds[ri]
		complete := true
		for ti := range r.Tables {
			t := &r.Tables[ti]
			res := f.Result(st, t)
			complete = complete && res.Complete
			for p, sd := range t.Sides {
				i, ok := idx[sd.EntryID]
				if !ok {
					continue
				}
				line := tournament.RoundLine{Round: r.Number, Table: t.Number, Score: res.Scores[p], Done: res.Complete}
				if res.Complete {
					line.Points = res.Points[p]
					out[i].Values[ValVP] += int(res.Points[p])
					out[i].Values[ValMP] += res.MP[p]
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
	return columns, out
}

// Running returns the running standings round n is paired from (the results of the
// rounds before it), for the sides drawable now, in the order the draw uses with seed:
// VP, MP, then the random tie order.
func Running(st *tournament.State, n int, seed int64) []Line {
	var ids []int64
	for _, e := range st.Drawable() {
		if !e.Substitute() {
			ids = append(ids, e.ID)
		}
	}
	return running(st, n, ids, seed)
}

// running orders the sides ids by the standings after the rounds before n.
func running(st *tournament.State, n int, ids []int64, seed int64) []Line {
	before := *st
	before.Rounds = st.Rounds[:min(max(n-1, 0), len(st.Rounds))]
	_, standings := Format{}.Standings(&before)
	byID := map[int64]*tournament.Standing{}
	for i := range standings {
		byID[standings[i].Entry.ID] = &standings[i]
	}
	lines := make([]Line, 0, len(ids))
	for _, id := range ids {
		l := Line{Entry: id}
		if sd := byID[id]; sd != nil {
			l.VP, l.MP, l.Byes = sd.Values[ValVP], sd.Values[ValMP], sd.Byes
		}
		lines = append(lines, l)
	}
	Order(lines, seed)
	return lines
}

// PairingOrder implements tournament.Paired: the running standings round n was paired
// from, for the sides its draw had (seated and its bye; not a bye awarded later to a
// late arrival), with the tie order of its seed.
func (Format) PairingOrder(st *tournament.State, n int) ([]tournament.Column, []tournament.OrderLine) {
	r := st.Round(n)
	if r == nil {
		return columns, nil
	}
	var field []int64 // the sides the draw had: seated, and its bye (not a late arrival's)
	for _, t := range r.Tables {
		field = append(field, t.Entries()...)
	}
	for _, b := range r.Byes {
		if !b.Awarded {
			field = append(field, b.EntryID)
		}
	}
	lines := running(st, n, field, r.Seed)
	s := of(st.Stage.Settings)
	var moves map[int64]Move
	partner := map[int64]int64{}
	if s.Pairing != Shift || n == 1 {
		if s.Pairing == Random {
			byTie(lines)
		}
		var tables [][2]int64
		tables, _, moves = pairRound(st, s, n, slices.Clone(lines))
		for _, t := range tables {
			partner[t[0]], partner[t[1]] = t[1], t[0]
		}
	}
	out := make([]tournament.OrderLine, len(lines))
	for i, l := range lines {
		out[i] = tournament.OrderLine{Values: []int{l.VP, l.MP}, Byes: l.Byes, Tie: l.Tie}
		if e := st.Entry(l.Entry); e != nil {
			out[i].Entry = *e
		}
		// A move is told only where the round still seats the two as the pairing did.
		if m, ok := moves[l.Entry]; ok && opponent(r, l.Entry) == partner[l.Entry] {
			out[i].Avoided, out[i].Why = m.Avoided, m.Why
		}
	}
	return columns, out
}

// opponent is who entry id plays in round r, 0 for nobody.
func opponent(r *tournament.Round, id int64) int64 {
	for _, t := range r.Tables {
		ids := t.Entries()
		if len(ids) == 2 && (ids[0] == id || ids[1] == id) {
			return ids[0] + ids[1] - id
		}
	}
	return 0
}

// met returns who each entry met in the given rounds, and in the stages before that
// carry (a stage that continues another: RULES.md section 6).
func met(rounds []tournament.Round, carry map[int64]tournament.Carried) map[int64]map[int64]bool {
	out := map[int64]map[int64]bool{}
	for a, c := range carry {
		for _, b := range c.Met {
			if out[a] == nil {
				out[a] = map[int64]bool{}
			}
			out[a][b] = true
		}
	}
	for _, r := range rounds {
		for _, t := range r.Tables {
			ids := t.Entries()
			for _, a := range ids {
				for _, b := range ids {
					if a != b {
						if out[a] == nil {
							out[a] = map[int64]bool{}
						}
						out[a][b] = true
					}
				}
			}
		}
	}
	return out
}

// Draw implements tournament.Format: round 1 at random, later rounds 1–2, 3–4… by the
// running standings under the stage's pairing mode (by a random order every round in the
// random draw; by the movement in the table shift); an odd field gives the bye to the
// lowest-ranked side with the fewest byes. The pairing avoids, in this order, the pairs
// never to meet, the mode's rematches and, in the first rounds, two sides of one club
// (RULES.md section 4.1). The side ranked higher sits at position 1.
func (f Format) Draw(st *tournament.State, seed int64) (*tournament.Round, []tournament.Entry, error) {
	s := of(st.Stage.Settings)
	want := tournament.EntryPlayer
	if s.Pairs() {
		want = tournament.EntryPair
	}
	for _, e := range st.Drawable() {
		if !e.Substitute() && e.Kind != want {
			return nil, nil, tournament.Errorf(tournament.ECONFLICT, "danish.draw.kind."+string(s.Sides), e.Name)
		}
	}
	n := len(st.Rounds) + 1
	if n == 1 && st.Stage.ScaleID == nil && f.DefaultScale(s) == nil {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "danish.draw.no_scale", s.Hands)
	}
	lines := Running(st, n, seed)
	if len(lines) < 2 {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "draw.too_few")
	}
	tables, bye := drawTables(st, s, n, lines)
	r := &tournament.Round{Number: n, Seed: seed}
	if bye != 0 {
		r.Byes = append(r.Byes, tournament.Bye{EntryID: bye, Points: tournament.RP(s.ByeVP)})
	}
	for k, p := range tables {
		r.Tables = append(r.Tables, tournament.Table{Number: k + 1, Sides: tournament.SidesFromEntries(p[:])})
	}
	return r, nil, nil
}

// drawTables seats round n from the lines in standings order.
func drawTables(st *tournament.State, s Settings, n int, lines []Line) (tables [][2]int64, bye int64) {
	if s.Pairing == Shift && n > 1 {
		return shiftRound(&st.Rounds[n-2], lines)
	}
	if s.Pairing == Random {
		byTie(lines)
	}
	tables, bye, _ = pairRound(st, s, n, lines)
	if s.Pairing == Shift {
		lineUp(st, s, tables, bye)
	}
	return tables, bye
}

// PairLines pairs a field in standings order (Order): the bye, if the field is odd, by
// ByeIndex, then the others by Pair, avoiding the pairs avoid names. The side ranked
// higher comes first in each pair; bye is 0 for an even field.
func PairLines(lines []Line, avoid func(a, b int64) bool) (tables [][2]int64, bye int64) {
	if b := ByeIndex(lines); b >= 0 {
		bye = lines[b].Entry
		lines = append(lines[:b:b], lines[b+1:]...)
	}
	pairs, _ := Pair(len(lines), func(i, j int) bool { return avoid(lines[i].Entry, lines[j].Entry) })
	tables = make([][2]int64, len(pairs))
	for k, p := range pairs {
		tables[k] = [2]int64{lines[p[0]].Entry, lines[p[1]].Entry}
	}
	return tables, bye
}

// CheckSeats implements tournament.Format: tables of two, nobody twice (the service
// keeps the round's number of byes: the draw's one, and any awarded to a late arrival).
func (Format) CheckSeats(st *tournament.State, drawn, changed *tournament.Round) tournament.FieldErrors {
	return tournament.CheckTables(changed, 2, "seats.table_of_two")
}

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
		step.Key = "next.add_sides"
	case cur == nil && drawable < 2:
		step.Key = "next.check_in"
	case cur == nil && st.Stage.ScaleID == nil && Format{}.DefaultScale(s) == nil:
		step = tournament.Step{Key: "danish.next.choose_scale", Args: []any{s.Hands}}
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
		step.Note, step.NoteArgs = "danish.note.bye", []any{drawable, s.ByeVP, s.ByeMP}
	}
	return step
}
