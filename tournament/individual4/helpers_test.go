package individual4

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

func init() { tournament.Register(Format{}) }

// field returns a stage of n players (A, B, C… or P001…) with the settings given.
func field(n int, s Settings) *tournament.State {
	st := &tournament.State{Tournament: tournament.Tournament{ID: 1}, Stage: tournament.Stage{ID: 1, Format: Name, Settings: s}}
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("P%03d", i)
		if n <= 26 {
			name = string(rune('A' + i - 1))
		}
		st.Entries = append(st.Entries, tournament.Entry{ID: int64(i), TournamentID: 1, Kind: tournament.EntryPlayer, Name: name,
			CheckedIn: true, Members: []tournament.Member{{PlayerID: int64(i), Name: name}}})
	}
	return st
}

func settings(rounds int) Settings {
	s := Format{}.Defaults().(Settings)
	s.Count = rounds
	return s
}

// draw draws the next round into the state.
func draw(t testing.TB, st *tournament.State, seed int64) *tournament.Round {
	t.Helper()
	r, subs, err := Format{}.Draw(st, seed)
	require.NoError(t, err)
	require.Empty(t, subs)
	st.Rounds = append(st.Rounds, *r)
	return &st.Rounds[len(st.Rounds)-1]
}

// score enters a table's totals: the whole total on hand 1, 0 on the others.
func score(st *tournament.State, t *tournament.Table, totals ...int) {
	t.Hands = nil
	for p, total := range totals {
		for h := 1; h <= st.Stage.Settings.HandsPerRound(); h++ {
			v := 0
			if h == 1 {
				v = total
			}
			t.Hands = append(t.Hands, tournament.HandScore{Hand: h, Side: p + 1, Score: v})
		}
	}
}
