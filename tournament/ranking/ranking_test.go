package ranking

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

// placings builds an evening's placings: places[i] is the place of entry i, whose
// player is national player i+1 (0 places none).
func placings(places ...int) []Placing {
	out := make([]Placing, len(places))
	for i, p := range places {
		out[i] = Placing{Place: p, Players: []int64{int64(i + 1)}}
	}
	return out
}

// The rule book's worked examples (docs/RULES.md, "The national ranking"), with the
// default settings, done by hand.
func TestWorkedExamplesPoints(t *testing.T) {
	s := Defaults()
	// A club evening of 20 entries (band 16+: 100 %), first place: 100 × 1 × 1.
	assert.EqualValues(t, 10000, s.Points(1, 1, 20, TierClub))
	// A regional evening of 40 (band 32+: 125 %), second: 80 × 1.25 × 1.5 = 150.
	assert.EqualValues(t, 15000, s.Points(2, 1, 40, TierRegional))
	// Two ex aequo third in a club evening of 12 (band 8+: 75 %): (65+55)/2 × 0.75 = 45.
	assert.EqualValues(t, 4500, s.Points(3, 2, 12, TierClub))
	// Three ex aequo fourth at a national evening of 10: (55+48+42)/3 × 0.75 × 2 = 72.5.
	assert.EqualValues(t, 7250, s.Points(4, 3, 10, TierNational))
	// Three ex aequo first at a club evening of 16: 245/3 = 81.666… → 81.67 (half up).
	assert.EqualValues(t, 8167, s.Points(1, 3, 16, TierClub))
	// Place 25 of 30 at a club evening: past the table, the floor: 2.
	assert.EqualValues(t, 200, s.Points(25, 1, 30, TierClub))
	// A small field: first of 6 at a club evening (band 1+: 50 %): 50.
	assert.EqualValues(t, 5000, s.Points(1, 1, 6, TierClub))
	// Shared places straddling the table's end share the floor too: 19th and 20th and
	// the floor, three ex aequo 19th of 30: (6+5+2)/3 = 4.333… → 4.33.
	assert.EqualValues(t, 433, s.Points(19, 3, 30, TierClub))

	assert.Equal(t, "81.67", Hundredths(8167, "."))
	assert.Equal(t, "72,5", Hundredths(7250, ","))
	assert.Equal(t, "100", Hundredths(10000, "."))
	assert.Equal(t, "0.05", Hundredths(5, "."))
}

func TestPairGivesBothPlayersItsPoints(t *testing.T) {
	s := Defaults()
	ev := Evening{TournamentID: 7, Date: "2026-05-01", Tier: TierClub, Placings: []Placing{
		{Place: 1, Players: []int64{10, 11}}, {Place: 2, Players: []int64{12, 0}}, // 0: a club player without a national id
	}}
	rs := s.Results(ev)
	require.Len(t, rs, 3)
	// Field 2 (entries, not players): 50 %; first 100 × 0.5 = 50 each, second 40.
	assert.EqualValues(t, []int64{5000, 5000, 4000}, []int64{rs[0].Points, rs[1].Points, rs[2].Points})
	assert.EqualValues(t, []int64{10, 11, 12}, []int64{rs[0].PlayerID, rs[1].PlayerID, rs[2].PlayerID})
	assert.Equal(t, 2, rs[0].Field)
}

func TestWindowEdges(t *testing.T) {
	s := Defaults()
	from, to := s.Span(day("2026-11-29"))
	assert.Equal(t, "2025-11-30", from) // the day 12 months before is out
	assert.Equal(t, "2026-11-29", to)
	s.Window = Year
	from, to = s.Span(day("2026-11-29"))
	assert.Equal(t, "2026-01-01", from)
	assert.Equal(t, "2026-11-29", to)

	s = Defaults()
	rs := []Result{
		{TournamentID: 1, Date: "2025-11-29", Points: 10000, Place: 1},
		{TournamentID: 2, Date: "2025-11-30", Points: 5000},
		{TournamentID: 3, Date: "2026-11-29", Points: 2500},
		{TournamentID: 4, Date: "2026-11-30", Points: 9999}, // after the date: not yet
	}
	l, ok := s.Line(1, rs, "2025-11-30", "2026-11-29")
	require.True(t, ok)
	assert.EqualValues(t, 7500, l.Points)
	assert.Equal(t, 2, l.Results)
	assert.Equal(t, 0, l.Wins) // the win of 2025-11-29 is out of the window
	assert.Equal(t, []bool{false, true, true, false}, []bool{rs[0].Counted, rs[1].Counted, rs[2].Counted, rs[3].Counted})
	_, ok = s.Line(1, rs[:1], "2025-11-30", "2026-11-29")
	assert.False(t, ok, "nothing in the window: no line")
}

func TestBestN(t *testing.T) {
	s := Defaults()
	s.Best = 3
	rs := []Result{
		{TournamentID: 1, Date: "2026-01-10", Points: 10000, Place: 1},
		{TournamentID: 2, Date: "2026-02-10", Points: 4500},
		{TournamentID: 3, Date: "2026-03-10", Points: 15000},
		{TournamentID: 4, Date: "2026-04-10", Points: 7250},
		{TournamentID: 5, Date: "2026-05-10", Points: 200},
	}
	l, ok := s.Line(9, rs, "2025-12-01", "2026-11-29")
	require.True(t, ok)
	// 150 + 100 + 72.5 = 322.5; 45 and 2 dropped.
	assert.EqualValues(t, 32250, l.Points)
	assert.Equal(t, Line{PlayerID: 9, Points: 32250, Results: 5, Counted: 3, Wins: 1, Best: 15000}, l)
	assert.Equal(t, []bool{true, false, true, true, false}, []bool{rs[0].Counted, rs[1].Counted, rs[2].Counted, rs[3].Counted, rs[4].Counted})
	// Equal points: the earlier evening counts.
	s.Best = 1
	eq := []Result{{TournamentID: 8, Date: "2026-06-01", Points: 100}, {TournamentID: 2, Date: "2026-05-01", Points: 100}}
	s.Line(9, eq, "2025-12-01", "2026-11-29")
	assert.Equal(t, []bool{false, true}, []bool{eq[0].Counted, eq[1].Counted})
}

func TestTiesAsTheSeason(t *testing.T) {
	lines := []Line{
		{PlayerID: 1, Points: 25000, Wins: 0, Best: 15000},
		{PlayerID: 2, Points: 25000, Wins: 1, Best: 10000}, // more wins: before 1
		{PlayerID: 3, Points: 20000, Wins: 0, Best: 10000},
		{PlayerID: 4, Points: 20000, Wins: 0, Best: 15000}, // better best: before 3
		{PlayerID: 6, Points: 10000, Wins: 1, Best: 5000},
		{PlayerID: 5, Points: 10000, Wins: 1, Best: 5000}, // equal on all: ex aequo, by ID
		{PlayerID: 7, Points: 100},
	}
	Rank(lines)
	var ids []int64
	var places []int
	for _, l := range lines {
		ids, places = append(ids, l.PlayerID), append(places, l.Place)
	}
	assert.Equal(t, []int64{2, 1, 4, 3, 5, 6, 7}, ids)
	assert.Equal(t, []int{1, 2, 3, 4, 5, 5, 7}, places)
	assert.True(t, lines[4].Tied && lines[5].Tied)
	assert.False(t, lines[3].Tied || lines[6].Tied)
}

func TestCorrectionMovesTheEvening(t *testing.T) {
	s := Defaults()
	asOf := day("2026-11-29")
	b := NewBook(s, asOf)
	b.Put(Evening{TournamentID: 1, Date: "2026-10-01", Tier: TierClub, Field: 20, Placings: placings(1, 2, 3)})
	b.Put(Evening{TournamentID: 2, Date: "2026-10-08", Tier: TierClub, Field: 20, Placings: placings(2, 1)})
	// Players 1 and 2: 100+80 = 180 each, one win each, best 100: ex aequo first.
	l := b.Lines()
	assert.Equal(t, []int{1, 1, 3}, []int{l[0].Place, l[1].Place, l[2].Place})
	// Evening 1 corrected: players 1 and 2 swap.
	touched := b.Put(Evening{TournamentID: 1, Date: "2026-10-01", Tier: TierClub, Field: 20, Placings: placings(2, 1, 3)})
	assert.Equal(t, []int64{1, 2, 3}, touched)
	l = b.Lines()
	assert.EqualValues(t, 2, l[0].PlayerID)
	assert.EqualValues(t, 20000, l[0].Points)
	assert.EqualValues(t, 16000, l[1].Points)
	assert.Equal(t, 2, l[0].Wins)
	// The evening no longer final: it counts no more.
	b.Drop(1)
	l = b.Lines()
	require.Len(t, l, 2)
	assert.EqualValues(t, 10000, l[0].Points)
	assert.Equal(t, l, b.Settings.Totals(map[int64][]Result{1: b.Results(1), 2: b.Results(2)}, asOf))
}

// randomEvenings are random clubs' evenings: fields of 2 to 40 entries, some pairs, ex
// aequo places, tiers, dates over two years, players drawn from a pool (some without
// a national id).
func randomEvenings(r *rand.Rand, n, pool int) []Evening {
	evs := make([]Evening, n)
	for i := range evs {
		field := 2 + r.IntN(39)
		ev := Evening{TournamentID: int64(i + 1), ClubID: int64(1 + r.IntN(20)), Tier: Tiers[r.IntN(3)],
			Date: day("2025-01-01").AddDate(0, 0, r.IntN(730)).Format(time.DateOnly)}
		pair := r.IntN(3) == 0
		place := 1
		for e := 0; e < field; e++ {
			if e > 0 && r.IntN(5) != 0 {
				place = e + 1
			}
			p := Placing{Place: place, Players: []int64{r.Int64N(int64(pool))}}
			if pair {
				p.Players = append(p.Players, r.Int64N(int64(pool)))
			}
			ev.Placings = append(ev.Placings, p)
		}
		evs[i] = ev
	}
	return evs
}

// Incremental == full, whatever the order the evenings become final in and whatever
// corrections come between.
func TestPropertyIncrementalEqualsFull(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		r := rand.New(rand.NewPCG(seed, 38))
		s := Defaults()
		s.Best = r.IntN(6)
		if r.IntN(2) == 0 {
			s.Window = Year
		}
		asOf := day("2026-06-15")
		evs := randomEvenings(r, 60, 80)
		full, _ := s.Compute(evs, asOf)

		b := NewBook(s, asOf)
		for _, i := range r.Perm(len(evs)) {
			// A wrong version first, then its correction (or a drop and a put).
			wrong := evs[i]
			wrong.Placings = placings(1, 2, 3)
			b.Put(wrong)
			if r.IntN(2) == 0 {
				b.Drop(wrong.TournamentID)
			}
		}
		for _, i := range r.Perm(len(evs)) {
			b.Put(evs[i])
		}
		assert.Equal(t, full, b.Lines(), "seed %d", seed)

		// Order independence of the full computation.
		shuffled := append([]Evening(nil), evs...)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		again, _ := s.Compute(shuffled, asOf)
		assert.Equal(t, full, again, "seed %d", seed)
	}
}

func TestValidate(t *testing.T) {
	s := Defaults()
	assert.Empty(t, s.Validate())
	bad := Settings{Table: []int{10, 20}, Floor: 30, Field: []Band{{From: 2, Percent: 100}, {From: 2, Percent: -1}},
		Tiers: TierPercents{Club: -1}, Window: "month", Best: -1}
	fe := bad.Validate()
	assert.Equal(t, map[string]string{"table": "ranking.err.table_order", "floor": "ranking.err.floor",
		"field": "ranking.err.bands_first", "tier_club": "ranking.err.percent", "window": "ranking.err.window",
		"best": "ranking.err.best"}, fe)
	s.Months = 0
	assert.Equal(t, map[string]string{"months": "ranking.err.months"}, s.Validate())
}
