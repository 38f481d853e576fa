package mitchell

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

// bruteClashes is the fewest same-club meetings over every seating of the pairs.
func bruteClashes(clubs [][]string, ns int, p Plan, rounds int) int {
	best := -1
	perm := make([][]string, len(clubs))
	used := make([]bool, len(clubs))
	var rec func(i int)
	rec = func(i int) {
		if best == 0 {
			return
		}
		if i == len(clubs) {
			if n := clashes(perm, ns, p, rounds); best < 0 || n < best {
				best = n
			}
			return
		}
		for j := range clubs {
			if !used[j] {
				used[j], perm[i] = true, clubs[j]
				rec(i + 1)
				used[j] = false
			}
		}
	}
	rec(0)
	return best
}

// Keeping clubs apart finds as few same-club meetings as the best of every seating, on
// small fields (4 to 8 pairs, clubs drawn at random, 1 to 3 rounds kept apart).
func TestApartMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 24))
	names := []string{"Roma", "Milano", "Napoli", "", "Roma / Milano"}
	for trial := range 150 {
		n := 4 + rng.IntN(5)
		st := pairsField(n, settings(3, 1+rng.IntN(3)))
		for i := range st.Entries {
			st.Entries[i].Club = names[rng.IntN(len(names))]
		}
		tables := TablesFor(n)
		ns := n - tables
		p := Plan{Tables: tables, Move: of(st.Stage.Settings).Move}
		rounds := 1 + rng.IntN(min(3, tables))
		got := apart(st.Entries, ns, p, rounds)
		clubs := make([][]string, n)
		for i := range got {
			clubs[i] = clubsOf(&got[i])
		}
		assert.Equal(t, bruteClashes(clubs, ns, p, rounds), clashes(clubs, ns, p, rounds),
			"trial %d: %d pairs, %d rounds, move %d", trial, n, rounds, p.Move)
		assert.ElementsMatch(t, st.Entries, got)
	}
}

// A club of four among twelve pairs, kept apart for 3 rounds: the draw of round 1 seats
// the lines so that no two of them meet in rounds 1 to 3; without the setting they do
// meet for some seed.
func TestDrawKeepsClubsApart(t *testing.T) {
	meetsClub := func(apartRounds int, seed int64) bool {
		s := settings(6, 1)
		s.ApartClubsRounds = apartRounds
		st := pairsField(12, s)
		for i := range 4 {
			st.Entries[i*3].Club = "Circolo Roma"
		}
		st.Entries[1].Club = "circolo  ROMA / Milano" // the same club, written otherwise
		for range 3 {
			draw(t, st, seed)
		}
		for _, r := range st.Rounds {
			for _, tb := range r.Tables {
				a, b := st.Entry(tb.Sides[0].EntryID), st.Entry(tb.Sides[1].EntryID)
				if sameClub(clubsOf(a), clubsOf(b)) {
					return true
				}
			}
		}
		return false
	}
	someMeet := false
	for seed := range int64(30) {
		require.False(t, meetsClub(3, seed), "seed %d", seed)
		someMeet = someMeet || meetsClub(0, seed)
	}
	assert.True(t, someMeet)
}

func TestClubsOf(t *testing.T) {
	assert.Equal(t, []string{"circoloroma", "milano"}, clubsOf(&tournament.Entry{Club: "Circolo Roma / Milano"}))
	assert.Empty(t, clubsOf(&tournament.Entry{Club: " / "}))
	assert.True(t, sameClub(clubsOf(&tournament.Entry{Club: "Roma / Milano"}), clubsOf(&tournament.Entry{Club: "milano"})))
}

// Settings: defaults pass, every bad value is refused on its field, the form round-trips.
func TestSettings(t *testing.T) {
	f := Format{}
	def := f.Defaults()
	assert.Empty(t, f.Check(def))
	bad := Settings{Schedule: tournament.Schedule{Count: 0, Hands: 11}, Move: 0, ApartClubsRounds: -1,
		ByeScore:     tournament.ByeScore{ByeVP: 101, ByeMP: 20000},
		TimeOutScore: tournament.TimeOutScore{TimeOutMP: -1, TimeOutWinnerVP: 5, TimeOutLoserVP: 6}}
	assert.Equal(t, tournament.FieldErrors{"rounds": "mitchell.err.rounds", "hands_per_round": "tournament.err.hands",
		"move": "mitchell.err.move", "apart_clubs_rounds": "mitchell.err.apart", "bye_vp": "mitchell.err.vp",
		"bye_mp": "mitchell.err.mp", "timeout_mp": "mitchell.err.mp", "timeout_loser_vp": "mitchell.err.timeout_order"}, f.Check(bad))
	back, fe := f.ParseForm(f.FormValues(bad))
	assert.Empty(t, fe)
	assert.Equal(t, bad, back)
	_, fe = f.ParseForm(map[string]string{"rounds": "x"})
	assert.Equal(t, "error.not_a_number", fe["rounds"])
	got, err := f.Decode([]byte(`{"rounds": 3, "move": 2, "apart_clubs_rounds": 1}`))
	require.NoError(t, err)
	assert.Equal(t, 3, got.(Settings).Count)
	assert.Equal(t, 2, got.(Settings).Move)
	assert.Equal(t, DefaultHands, got.HandsPerRound(), "left out: the default")
	_, err = f.Decode([]byte(`{"sides": "pairs"}`))
	assert.Error(t, err)
	assert.True(t, got.Pairs())
	assert.Nil(t, f.DefaultScale(Settings{Schedule: tournament.Schedule{Hands: 5}}))
	require.NotNil(t, f.DefaultScale(Settings{Schedule: tournament.Schedule{Hands: 4}}))
	assert.Equal(t, fmt.Sprint([]string{tournament.OutcomeTimeout, tournament.OutcomeForfeit}), fmt.Sprint(f.Outcomes(def)))
}
