package danish

import (
	"burraco/tournament/forfeit"
	"slices"

	"burraco/scoring"
	"burraco/tournament"
)

// scale is the stage's copy of its VP scale, or the shipped one its hands call for.
func scale(st *tournament.State) *scoring.Scale {
	return tournament.StageScale(st, Format{})
}

// match is how the stage scores a table (tournament.Match).
func match(st *tournament.State) tournament.Match {
	s := of(st.Stage.Settings)
	return tournament.Match{Hands: s.Hands, Scale: scale(st), ByeVP: s.ByeVP, ByeMP: s.ByeMP, TimeOut: s.TimeOut()}
}

// Result implements tournament.Format: a match of two sides scored in VP
// (tournament.Match.Result: RULES.md sections 2 and 4.3).
func (Format) Result(st *tournament.State, t *tournament.Table) tournament.TableResult {
	return match(st).Result(t)
}

// The values a Danish standing ranks on, in order (tournament.Standing.Values).
const (
	ValVP = tournament.MatchVP // victory points, in sixths (tournament.Points)
	ValMP = tournament.MatchMP // the sum of the signed MP differences
)

var columns = tournament.MatchColumns

// CarriesOn implements tournament.Carrier: a stage in this format can continue a stage
// ranked on VP then MP, its standings adding the values carried in.
func (Format) CarriesOn() {}

// Standings implements tournament.Format (tournament.MatchStandings): VP, then MP (the
// sum of the signed differences), then ex aequo; complete tables count, and a bye once
// its round is complete. An entry never drawn is not ranked.
func (f Format) Standings(st *tournament.State) ([]tournament.Column, []tournament.Standing) {
	m := match(st)
	return tournament.MatchStandings(st, m.Result, m.ByeMP)
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

// running orders the sides ids by the standings after the rounds before n; a side's
// byes count its forfeits won (RULES.md 4.3: the side present has had its bye).
func running(st *tournament.State, n int, ids []int64, seed int64) []Line {
	before := *st
	before.Rounds = st.Rounds[:min(max(n-1, 0), len(st.Rounds))]
	_, standings := Format{}.Standings(&before)
	byID := map[int64]*tournament.Standing{}
	for i := range standings {
		byID[standings[i].Entry.ID] = &standings[i]
	}
	won := forfeitWins(before.Rounds)
	lines := make([]Line, 0, len(ids))
	for _, id := range ids {
		l := Line{Entry: id, Byes: won[id]}
		if sd := byID[id]; sd != nil {
			l.VP, l.MP, l.Byes = sd.Values[ValVP], sd.Values[ValMP], sd.Byes+won[id]
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
	won := forfeitWins(st.Rounds[:n-1])
	for i, l := range lines {
		out[i] = tournament.OrderLine{Values: []int{l.VP, l.MP}, Byes: l.Byes, Tie: l.Tie, ForfeitByes: won[l.Entry],
			ForfeitRound: ForfeitBetween(st.Rounds[:n-1], l.Entry, opponent(r, l.Entry))}
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

// forfeitWins counts each side's forfeits won in the rounds: each is a bye for the bye
// rule (RULES.md 4.3).
func forfeitWins(rounds []tournament.Round) map[int64]int {
	out := map[int64]int{}
	for _, f := range forfeit.All(rounds) {
		out[f.Present]++
	}
	return out
}

// ForfeitBetween is the last of the rounds where a and b's table was a forfeit (not a
// meeting: they may be paired again, RULES.md 4.3), 0 for none.
func ForfeitBetween(rounds []tournament.Round, a, b int64) int {
	last := 0
	if a == 0 || b == 0 {
		return 0
	}
	for _, f := range forfeit.All(rounds) {
		if (f.Present == a && f.Absent == b) || (f.Present == b && f.Absent == a) {
			last = f.Round
		}
	}
	return last
}

// met returns who each entry met in the given rounds, and in the stages before that
// carry (a stage that continues another: RULES.md section 6). A table forfeited is not
// a meeting (RULES.md 4.3).
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
			if _, _, forfeit := forfeit.Of(&t); forfeit {
				continue
			}
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
