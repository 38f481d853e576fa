package mitchell

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

// eveningOfFive is five pairs A…E (IDs 1…5) with round 1 seated by hand: table 1 A (NS)
// v B (EW), table 2 C v D, E on the phantom table 3 (sits out). Three rounds, move 1.
func eveningOfFive() *tournament.State {
	st := pairsField(5, settings(3, 1))
	for i, n := range []string{"A", "B", "C", "D", "E"} {
		st.Entries[i].Name = n
	}
	st.Rounds = []tournament.Round{{Number: 1, Seed: 7,
		Tables: []tournament.Table{
			{Number: 1, Sides: tournament.SidesFromEntries([]int64{1, 2})},
			{Number: 2, Sides: tournament.SidesFromEntries([]int64{3, 4})}},
		Byes: []tournament.Bye{{EntryID: 5, Points: tournament.RP(12)}}}}
	return st
}

// seats lists a round's tables as [NS, EW] IDs, then its byes.
func seats(r *tournament.Round) ([][2]int64, []int64) {
	var tables [][2]int64
	for _, t := range r.Tables {
		tables = append(tables, [2]int64{t.Sides[0].EntryID, t.Sides[1].EntryID})
	}
	var byes []int64
	for _, b := range r.Byes {
		byes = append(byes, b.EntryID)
	}
	return tables, byes
}

// The evening of five pairs, worked by hand with the FIBUR 3-hand scale.
//
// The movement (3 tables, table 3 the phantom; EW move up one):
//
//	round 2: B 1→2, D 2→3 (phantom: sits out), E 3→1:  T1 A v E, T2 C v B, D out
//	round 3: B 2→3 (out), D 3→1, E 1→2:                 T1 A v D, T2 C v E, B out
//
// Scores and VP (difference → band):
//
//	R1 T1 A 1200 B 900: 300 → 13–7, A +300, B −300;  T2 C 800 D 820: 20 → 10–10, D +20
//	R2 T1 A 500 E 1600: 1100 → 18–2, E +1100;        T2 C 1000 B 400: 600 → 15–5, C +600
//	R3 T1 A 700 D 760: 60 → 11–9, D +60;            T2 C 300 E 1100: 800 → 16–4, E +800
//	byes: E (R1), D (R2), B (R3): 12 VP, 0 MP each.
//
// Totals: E 12+18+16 = 46 VP, +1900; D 10+12+11 = 33, +80; C 10+15+4 = 29, −220;
// A 13+2+9 = 24, −860; B 7+5+12 = 24, −900: A before B on MP.
func TestStandingsWorkedByHand(t *testing.T) {
	st := eveningOfFive()
	score(st, &st.Rounds[0].Tables[0], 1200, 900)
	score(st, &st.Rounds[0].Tables[1], 800, 820)
	r2 := draw(t, st, 8)
	tables, byes := seats(r2)
	assert.Equal(t, [][2]int64{{1, 5}, {3, 2}}, tables)
	assert.Equal(t, []int64{4}, byes)
	score(st, &r2.Tables[0], 500, 1600)
	score(st, &r2.Tables[1], 1000, 400)
	r3 := draw(t, st, 9)
	tables, byes = seats(r3)
	assert.Equal(t, [][2]int64{{1, 4}, {3, 5}}, tables)
	assert.Equal(t, []int64{2}, byes)
	score(st, &r3.Tables[0], 700, 760)
	score(st, &r3.Tables[1], 300, 1100)

	cols, lines := Format{}.Standings(st)
	require.Len(t, cols, 2)
	type row struct {
		name   string
		place  int
		vp, mp int
	}
	var got []row
	for _, l := range lines {
		got = append(got, row{l.Entry.Name, l.Place, int(tournament.Points(l.Values[ValVP])) / 6, l.Values[ValMP]})
	}
	assert.Equal(t, []row{{"E", 1, 46, 1900}, {"D", 2, 33, 80}, {"C", 3, 29, -220}, {"A", 4, 24, -860}, {"B", 5, 24, -900}}, got)
	assert.Equal(t, 1, lines[0].Byes)
	assert.True(t, lines[0].Rounds[0].Bye)
	assert.Equal(t, tournament.Step{Key: "next.finished", Finished: true}, Format{}.Next(st))
}

// Two pairs with equal VP and MP share a place (ex aequo).
func TestStandingsExAequo(t *testing.T) {
	st := pairsField(4, settings(1, 1))
	draw(t, st, 3)
	score(st, &st.Rounds[0].Tables[0], 900, 900)
	score(st, &st.Rounds[0].Tables[1], 900, 900)
	_, lines := Format{}.Standings(st)
	for _, l := range lines {
		assert.Equal(t, 1, l.Place)
		assert.True(t, l.Tied)
		assert.Equal(t, int(tournament.RP(10)), l.Values[ValVP])
	}
}

// More rounds than the movement's tables is refused before round 1, at the draw (on the
// rounds field) and as the next step; once round 1 is drawn, a change of settings past
// the movement is refused on the rounds field.
func TestRoundsPastTheMovement(t *testing.T) {
	st := pairsField(5, settings(4, 1)) // 3 tables: at most 3 rounds
	_, _, err := Format{}.Draw(st, 1)
	e, ok := tournament.AsError(err)
	require.True(t, ok)
	assert.Equal(t, "mitchell.draw.rounds", e.Key)
	assert.Equal(t, []any{5, 3, 4}, e.Args)
	assert.Equal(t, "mitchell.err.rounds_movement", e.Fields["rounds"])
	step := Format{}.Next(st)
	assert.Equal(t, "mitchell.next.too_many_rounds", step.Key)
	assert.False(t, step.CanDraw)
	assert.Equal(t, "mitchell.note.phantom", step.Note)
	assert.Equal(t, []any{3, 12, 0}, step.NoteArgs)

	st.Stage.Settings = settings(3, 1)
	assert.Equal(t, "next.draw_first", Format{}.Next(st).Key)
	assert.Empty(t, Format{}.CheckState(st, settings(9, 1)), "nothing drawn: the draw checks")
	draw(t, st, 1)
	assert.Equal(t, tournament.FieldErrors{"rounds": "mitchell.err.rounds_movement"}, Format{}.CheckState(st, settings(4, 1)))
	assert.Empty(t, Format{}.CheckState(st, settings(3, 1)))
	assert.Equal(t, "mitchell.err.rounds_drawn", Format{}.CheckChange(settings(3, 1), settings(0, 1), 1)["rounds"])
	assert.Equal(t, "tournament.err.fixed", Format{}.CheckChange(settings(3, 1), settings(3, 2), 1)["move"])
	assert.Empty(t, Format{}.CheckChange(settings(3, 1), settings(2, 1), 1))
}

// A pair absent after round 1 leaves its seat empty (its opponent sits out with the
// bye); a pair arriving late takes the phantom table's North-South seat first, then a
// seat left empty.
func TestAbsentAndLatePairs(t *testing.T) {
	st := eveningOfFive() // T1 A v B, T2 C v D, E out (phantom 3)
	st.Entries[2].Withdrawn = true
	st.Entries = append(st.Entries, tournament.Entry{ID: 6, Kind: tournament.EntryPair, Name: "F", CheckedIn: true},
		tournament.Entry{ID: 7, Kind: tournament.EntryPair, Name: "G", CheckedIn: true},
		tournament.Entry{ID: 8, Kind: tournament.EntryPair, Name: "H", CheckedIn: true})
	// Round 2 by the movement: T1 A v E, T2 C v B, T3 (phantom) _ v D. F takes the
	// phantom's NS seat, G the NS seat C left; H finds no seat and sits out.
	r2 := draw(t, st, 2)
	tables, byes := seats(r2)
	assert.Equal(t, [][2]int64{{1, 5}, {7, 2}, {6, 4}}, tables)
	assert.Equal(t, []int64{8}, byes)
	for _, b := range r2.Byes {
		assert.Equal(t, tournament.RP(12), b.Points)
	}
	// Without late pairs, C's absence makes its round-2 opponent B sit out, and D
	// reaches the phantom: tables renumber in the movement's order.
	st.Entries = st.Entries[:5]
	st.Rounds = st.Rounds[:1]
	r2 = draw(t, st, 2)
	tables, byes = seats(r2)
	assert.Equal(t, [][2]int64{{1, 5}}, tables)
	assert.Equal(t, []int64{2, 4}, byes)
}

// Round 1 seats North-South pairs at tables 1…n, East-West opposite, the phantom's
// pair out; the seed decides who is where and the same seed draws the same round.
func TestFirstRoundFromTheSeed(t *testing.T) {
	a := pairsField(9, settings(3, 1))
	b := pairsField(9, settings(3, 1))
	ra, rb := draw(t, a, 42), draw(t, b, 42)
	assert.Equal(t, ra, rb)
	assert.Len(t, ra.Tables, 4)
	require.Len(t, ra.Byes, 1)
	c := pairsField(9, settings(3, 1))
	rc := draw(t, c, 43)
	assert.NotEqual(t, ra.Tables, rc.Tables)
	var all []int64
	for _, tb := range ra.Tables {
		all = append(all, tb.Entries()...)
	}
	all = append(all, ra.Byes[0].EntryID)
	slices.Sort(all)
	assert.Equal(t, []int64{1, 2, 3, 4, 5, 6, 7, 8, 9}, all)
}

// A single player cannot be drawn in a pairs movement.
func TestDrawRefusesSinglePlayers(t *testing.T) {
	st := pairsField(4, settings(2, 1))
	st.Entries[0].Kind = tournament.EntryPlayer
	_, _, err := Format{}.Draw(st, 1)
	e, ok := tournament.AsError(err)
	require.True(t, ok)
	assert.Equal(t, "mitchell.draw.kind", e.Key)
}

// The guide cards of 7 pairs, move 1 (4 tables, table 4 the phantom), 4 rounds: table 1
// keeps its North-South pair and sees EW1, EW4, EW3, EW2; the pair at the phantom table
// in round 2 came from table 3 and goes to table 1.
func TestMovementGuides(t *testing.T) {
	st := pairsField(7, settings(4, 1))
	r1 := draw(t, st, 5)
	mv := Format{}.Movement(st)
	require.NotNil(t, mv)
	assert.Equal(t, 4, mv.Tables)
	assert.Equal(t, 4, mv.Phantom)
	assert.Equal(t, 4, mv.Rounds)
	require.Len(t, mv.Guides, 4)
	ew := func(tb int) int64 { // the EW pair of round 1 at table tb
		if tb == 4 {
			return r1.Byes[0].EntryID
		}
		return r1.Tables[tb-1].Sides[1].EntryID
	}
	g1 := mv.Guides[0]
	assert.Equal(t, r1.Tables[0].Sides[0].EntryID, g1.Stays)
	assert.Equal(t, []tournament.Visit{
		{Round: 1, Pair: ew(1), To: 2},
		{Round: 2, Pair: ew(4), From: 4, To: 2},
		{Round: 3, Pair: ew(3), From: 4, To: 2},
		{Round: 4, Pair: ew(2), From: 4},
	}, g1.Visits)
	g4 := mv.Guides[3]
	assert.True(t, g4.Phantom)
	assert.Zero(t, g4.Stays)
	assert.Equal(t, tournament.Visit{Round: 2, Pair: ew(3), From: 3, To: 1}, g4.Visits[1])

	// Move 2 on 4 tables: the skip after round 2 is marked.
	st = pairsField(8, settings(4, 2))
	draw(t, st, 5)
	mv = Format{}.Movement(st)
	assert.Equal(t, tournament.Visit{Round: 2, Pair: mv.Guides[2].Visits[0].Pair, From: 3, To: 4, Skip: true}, mv.Guides[0].Visits[1])
	assert.Nil(t, Format{}.Movement(pairsField(8, settings(4, 2))))
}
