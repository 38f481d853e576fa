package mitchell

import (
	"math/rand/v2"
	"slices"

	"burraco/scoring"
	"burraco/tournament"
)

// rngFor is the random source of round 1's draw: its seed is recorded with the round, so
// the draw can be checked and reproduced.
func rngFor(seed int64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), 0x6d69746368656c6c)) // "mitchell"
}

// scale is the stage's copy of its VP scale, or the shipped one its hands call for.
func scale(st *tournament.State) *scoring.Scale {
	return tournament.StageScale(st, Format{})
}

// field is the pairs the next draw seats: checked in, not withdrawn (substitute pairs
// included: they fill a seat and are not ranked).
func field(st *tournament.State) ([]tournament.Entry, error) {
	var out []tournament.Entry
	for _, e := range st.Drawable() {
		if !e.Substitute() && e.Kind != tournament.EntryPair {
			return nil, tournament.Errorf(tournament.ECONFLICT, "mitchell.draw.kind", e.Name)
		}
		out = append(out, e)
	}
	return out, nil
}

// TablesFor is the number of tables of a movement of n pairs, the phantom included.
func TablesFor(n int) int { return (n + 1) / 2 }

// Draw implements tournament.Format: round 1 seats the lines at random with the seed
// (keeping pairs of a club apart when the settings ask); later rounds follow the
// movement from round 1's seats.
func (f Format) Draw(st *tournament.State, seed int64) (*tournament.Round, []tournament.Entry, error) {
	s := of(st.Stage.Settings)
	pairs, err := field(st)
	if err != nil {
		return nil, nil, err
	}
	n := len(st.Rounds) + 1
	if n > 1 {
		return nextRound(st, pairs, s, n, seed)
	}
	if st.Stage.ScaleID == nil && f.DefaultScale(s) == nil {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "mitchell.draw.no_scale", s.Hands)
	}
	if len(pairs) < 2 {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "draw.too_few")
	}
	if tables := TablesFor(len(pairs)); s.Count > tables {
		return nil, nil, &tournament.Error{Code: tournament.EINVALID, Key: "mitchell.draw.rounds",
			Args: []any{len(pairs), tables, s.Count}, Fields: tournament.FieldErrors{"rounds": "mitchell.err.rounds_movement"}}
	}
	return firstRound(pairs, s, seed), nil, nil
}

// firstRound seats round 1: the pairs in a random order from the seed fill the
// North-South seats of tables 1, 2… then the East-West seats; with an odd field the last
// table is the phantom, and the East-West pair drawn there sits out.
func firstRound(pairs []tournament.Entry, s Settings, seed int64) *tournament.Round {
	order := slices.Clone(pairs)
	rngFor(seed).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	tables := TablesFor(len(order))
	ns := len(order) - tables // North-South seats: one fewer than the tables with a phantom
	p := Plan{Tables: tables, Move: s.Move}
	if rounds := min(s.ApartClubsRounds, s.Count, p.MaxRounds()); rounds > 0 {
		order = apart(order, ns, p, rounds)
	}
	r := &tournament.Round{Number: 1, Seed: seed}
	for t := 1; t <= tables; t++ {
		ew := order[ns+t-1].ID
		if t > ns {
			r.Byes = append(r.Byes, tournament.Bye{EntryID: ew, Points: tournament.RP(s.ByeVP)})
			continue
		}
		r.Tables = append(r.Tables, tournament.Table{Number: t, Sides: tournament.SidesFromEntries([]int64{order[t-1].ID, ew})})
	}
	return r
}

// nextRound seats round n by the movement. A pair absent now leaves its seat empty: the
// pair it would meet sits out with the bye. A pair that was not in round 1 (a late
// arrival, a substitute) takes an empty seat of the lines: the phantom table's
// North-South seat first, then those left by absent pairs (North-South by table, then
// East-West by round-1 table); with none it sits out. Tables are numbered in the
// movement's order.
func nextRound(st *tournament.State, pairs []tournament.Entry, s Settings, n int, seed int64) (*tournament.Round, []tournament.Entry, error) {
	ln := linesOf(&st.Rounds[0])
	p := ln.movement(s.Move)
	if n > p.MaxRounds() {
		return nil, nil, tournament.Errorf(tournament.ECONFLICT, "mitchell.draw.repeat", ln.tables, p.MaxRounds())
	}
	present := map[int64]bool{}
	for _, e := range pairs {
		present[e.ID] = true
	}
	inLines := map[int64]bool{}
	for _, id := range append(slices.Clone(ln.ns), ln.ew...) {
		inLines[id] = true
	}
	var late []int64
	for _, e := range pairs {
		if !inLines[e.ID] {
			late = append(late, e.ID)
		}
	}
	slices.Sort(late)
	ns, ew := slices.Clone(ln.ns), slices.Clone(ln.ew)
	var vacant []*int64
	if ln.phantom > 0 {
		vacant = append(vacant, &ns[ln.phantom-1])
	}
	for i := range ns {
		if ns[i] != 0 && !present[ns[i]] {
			vacant = append(vacant, &ns[i])
		}
	}
	for i := range ew {
		if ew[i] != 0 && !present[ew[i]] {
			vacant = append(vacant, &ew[i])
		}
	}
	r := &tournament.Round{Number: n, Seed: seed}
	bye := func(id int64) { r.Byes = append(r.Byes, tournament.Bye{EntryID: id, Points: tournament.RP(s.ByeVP)}) }
	for i, id := range late {
		if i < len(vacant) {
			*vacant[i] = id
			present[id] = true
		} else {
			bye(id)
		}
	}
	for t := 1; t <= ln.tables; t++ {
		a, b := ns[t-1], ew[p.Start(t, n)-1]
		switch {
		case present[a] && present[b]:
			r.Tables = append(r.Tables, tournament.Table{Number: len(r.Tables) + 1, Sides: tournament.SidesFromEntries([]int64{a, b})})
		case present[a]:
			bye(a)
		case present[b]:
			bye(b)
		}
	}
	return r, nil, nil
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

// The values a Mitchell standing ranks on, in order (tournament.Standing.Values).
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

// CheckSeats implements tournament.Format: tables of two, nobody twice. Seats changed in
// round 1 change the lines the later rounds follow.
func (Format) CheckSeats(st *tournament.State, drawn, changed *tournament.Round) tournament.FieldErrors {
	return tournament.CheckTables(changed, 2, "seats.table_of_two")
}

// Next implements tournament.Format.
func (Format) Next(st *tournament.State) tournament.Step {
	s := of(st.Stage.Settings)
	pairs := len(st.Drawable())
	cur := st.Current()
	var step tournament.Step
	switch {
	case len(st.Entries) == 0:
		step.Key = "next.add_sides"
	case cur == nil && pairs < 2:
		step.Key = "next.check_in"
	case cur == nil && st.Stage.ScaleID == nil && Format{}.DefaultScale(s) == nil:
		step = tournament.Step{Key: "mitchell.next.choose_scale", Args: []any{s.Hands}}
	case cur == nil && s.Count > TablesFor(pairs):
		step = tournament.Step{Key: "mitchell.next.too_many_rounds", Args: []any{pairs, TablesFor(pairs), s.Count}}
	case cur == nil:
		step = tournament.Step{Key: "next.draw_first", CanDraw: true}
	case !st.Complete(cur):
		step = tournament.Step{Key: "next.enter_scores", CanDraw: len(st.Rounds) < s.Count}
	case len(st.Rounds) < s.Count:
		step = tournament.Step{Key: "next.draw_next", Args: []any{len(st.Rounds) + 1}, CanDraw: true}
	default:
		step = tournament.Step{Key: "next.finished", Finished: true}
	}
	phantom := 0
	if cur == nil && pairs%2 == 1 {
		phantom = TablesFor(pairs)
	} else if cur != nil {
		phantom = linesOf(&st.Rounds[0]).phantom
	}
	if phantom > 0 && !step.Finished {
		step.Note, step.NoteArgs = "mitchell.note.phantom", []any{phantom, s.ByeVP, s.ByeMP}
	}
	return step
}
