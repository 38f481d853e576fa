package individual4

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

const (
	A = int64(iota + 1)
	B
	C
	D
	E
	F
	G
	H
	I
)

// letters names a player by the field's letter.
func letters(st *tournament.State, ids ...int64) string {
	out := ""
	for _, id := range ids {
		out += st.Entry(id).Name
	}
	return out
}

// seating lists a round as "AB-CD" per table (side 1's players, then side 2's) and
// "bye X" per bye.
func seating(st *tournament.State, r *tournament.Round) []string {
	var out []string
	for _, t := range r.Tables {
		p := t.People()
		out = append(out, letters(st, p[0], p[1])+"-"+letters(st, p[2], p[3]))
	}
	for _, b := range r.Byes {
		out = append(out, "bye "+letters(st, b.EntryID))
	}
	return out
}

// line is a player's standing values: VP (whole) and MP.
func line(st *tournament.State, id int64) [2]int {
	_, lines := Format{}.Standings(st)
	for _, l := range lines {
		if l.Entry.ID == id {
			require.Zero(nil, l.Values[ValVP]%6)
			return [2]int{l.Values[ValVP] / 6, l.Values[ValMP]}
		}
	}
	return [2]int{-1, -1}
}

// TestNinePlayersThreeRounds works three rounds of nine players A…I by hand, 3 hands a
// round on the FIBUR 3-hand scale, 12 VP and 0 MP for a bye.
//
// Round 1 (seated by hand, as a director's change would): A+B v C+D 1600–1000 (diff 600:
// 15–5), E+F v G+H 1100–1000 (diff 100: 11–9), I has the bye (12 VP, 0 MP).
// Standings: A, B 15 (+600); I 12 (0); E, F 11 (+100); G, H 9 (−100); C, D 5 (−600).
//
// Round 2, seed 2: the tie order puts A above B, E above F, H above G, D above C, so the
// order is A B I E F H G D C. C, the lowest-ranked of those without a bye, sits out.
// A's table is looked for among the nearest below A first: A, B, I and one more. A+B
// repeats a partnership; A and B apart with E, F, H or G leaves three of E F H G with D,
// and no table of those is free of a repeat (E+F and G+H were partners, E/F faced G/H);
// with D, D faced A and B. Next come A, B, E, F: A+B repeats, A+E v B+F repeats nothing
// and leaves I H G D, seated I+H v G+D with no repeat.
// Results: A+E v B+F 1200–1000 (200: 12–8), I+H v G+D 700–1000 (−300: 7–13).
// Standings: A 27 (+800), B 23 (+400), E 23 (+300), G 22 (+200), F 19 (−100),
// I 19 (−300), D 18 (−300), C 17 (−600), H 16 (−400): no ties.
//
// Round 3: I and C have had a bye; the lowest-ranked of the others is H: H sits out.
// Partners so far: AB CD EF GH AE BF IH GD; opponents: AC AD BC BD EG EH FG FH (round 1),
// AB AF EB EF IG ID HG HD (round 2). A meets nobody of B (partner and opponent already).
// A, E, G, F: A+E repeat, A+G v E+F repeat, A+F v E+G: F faced G. A, E, G, I: G faced E
// (A+G v E+I) or I (A+I v E+G). A, E, G, D: A+G v E+D: A faced D; A+D v E+G: no repeat,
// leaving B F I C: B+F repeat, B+I v F+C: B faced C; B+C v F+I: no repeat.
// So: A+D v E+G, B+C v F+I, bye H.
// Results: A+D v E+G 900–1500 (−600: 5–15), B+C v F+I 1300–1300 (0: 10–10).
// Final: E 38 (+900), G 37 (+800), B 33 (+400), A 32 (+200), F 29 (−100), I 29 (−300),
// H 28 (−400), C 27 (−600), D 23 (−900).
func TestNinePlayersThreeRounds(t *testing.T) {
	st := field(9, settings(3))
	r1 := draw(t, st, 1)
	require.Len(t, r1.Tables, 2)
	require.Len(t, r1.Byes, 1)
	r1.Tables = []tournament.Table{{Number: 1, Sides: SidesOf([4]int64{A, B, C, D})}, {Number: 2, Sides: SidesOf([4]int64{E, F, G, H})}}
	r1.Byes = []tournament.Bye{{EntryID: I, Points: tournament.RP(12)}}
	score(st, &r1.Tables[0], 1600, 1000)
	score(st, &r1.Tables[1], 1100, 1000)
	want1 := map[int64][2]int{A: {15, 600}, B: {15, 600}, I: {12, 0}, E: {11, 100}, F: {11, 100}, G: {9, -100}, H: {9, -100}, C: {5, -600}, D: {5, -600}}
	for id, v := range want1 {
		assert.Equal(t, v, line(st, id), "after round 1: %s", letters(st, id))
	}

	lines := Running(st, 2, 2)
	var order string
	for _, l := range lines {
		order += letters(st, l.Entry)
	}
	require.Equal(t, "ABIEFHGDC", order, "VP, MP, then the tie order of seed 2")
	r2 := draw(t, st, 2)
	require.Equal(t, []string{"AE-BF", "IH-GD", "bye C"}, seating(st, r2))
	assert.Equal(t, []tournament.Side{{Position: 1, EntryID: A, Partners: []int64{E}}, {Position: 2, EntryID: B, Partners: []int64{F}}},
		r2.Tables[0].Sides, "side 1 is the top player's partnership, each side's entry its higher-ranked player")
	score(st, &r2.Tables[0], 1200, 1000)
	score(st, &r2.Tables[1], 700, 1000)
	want2 := map[int64][2]int{A: {27, 800}, B: {23, 400}, E: {23, 300}, G: {22, 200}, F: {19, -100}, I: {19, -300}, D: {18, -300}, C: {17, -600}, H: {16, -400}}
	for id, v := range want2 {
		assert.Equal(t, v, line(st, id), "after round 2: %s", letters(st, id))
	}

	r3 := draw(t, st, 3)
	require.Equal(t, []string{"AD-EG", "BC-FI", "bye H"}, seating(st, r3))
	score(st, &r3.Tables[0], 900, 1500)
	score(st, &r3.Tables[1], 1300, 1300)

	_, final := Format{}.Standings(st)
	var got []string
	for _, l := range final {
		got = append(got, letters(st, l.Entry.ID))
	}
	assert.Equal(t, []string{"E", "G", "B", "A", "F", "I", "H", "C", "D"}, got)
	want3 := map[int64][2]int{E: {38, 900}, G: {37, 800}, B: {33, 400}, A: {32, 200}, F: {29, -100}, I: {29, -300}, H: {28, -400}, C: {27, -600}, D: {23, -900}}
	for id, v := range want3 {
		assert.Equal(t, v, line(st, id), "final: %s", letters(st, id))
	}
	for _, l := range final {
		assert.Equal(t, 3, l.Played+l.Byes, "%s: three rounds", l.Entry.Name)
		assert.False(t, l.Tied)
	}
	h := final[6] // H: the bye of round 3, 12 VP
	require.Equal(t, H, h.Entry.ID)
	assert.True(t, h.Rounds[2].Bye)
	assert.Equal(t, tournament.RP(12), h.Rounds[2].Points)
	assert.Equal(t, tournament.RoundLine{Round: 3, Table: 2, Score: 1300, Points: tournament.RP(10), Done: true}, final[4].Rounds[2],
		"F scores the partnership's total and VP")
	step := Format{}.Next(st)
	assert.True(t, step.Finished)
}
