package db_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/formattest"
)

// pairsFixture is a tournament of the 2-sided test format (entries are pairs) and n
// registered players, none entered.
type pairsFixture struct {
	fixture
	players []tournament.Player
}

func newPairs(t *testing.T, n int) *pairsFixture {
	d, _ := open(t)
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: d, Players: d}
	tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), formattest.Name)
	require.NoError(t, err)
	tr.Name = "Coppie"
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	f := &pairsFixture{fixture: fixture{ctx, svc, tr.ID, d}}
	for i := 1; i <= n; i++ {
		p := tournament.Player{FirstName: fmt.Sprintf("P%02d", i), LastName: "Test", Active: true}
		require.NoError(t, d.CreatePlayer(ctx, &p))
		f.players = append(f.players, p)
	}
	return f
}

func (f *pairsFixture) id(i int) int64 { return f.players[i-1].ID }

func TestPairIsOneEntryOfTwoMembers(t *testing.T) {
	f := newPairs(t, 4)
	e, err := f.svc.AddPair(f.ctx, f.tid, f.id(1), f.id(2), "anna")
	require.NoError(t, err)
	assert.Equal(t, tournament.EntryPair, e.Kind)
	assert.Equal(t, "Test P01 / Test P02", e.Name)

	st := f.state(t)
	require.Len(t, st.Entries, 1)
	got := st.Entries[0]
	assert.Equal(t, tournament.EntryPair, got.Kind)
	assert.Equal(t, []tournament.Member{{PlayerID: f.id(1), Name: "Test P01"}, {PlayerID: f.id(2), Name: "Test P02"}}, got.Members)
	assert.Equal(t, "Test P01 / Test P02", got.Name)
	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, "entry_pair", evs[0].Kind)
	assert.Equal(t, []string{"Test P01 / Test P02"}, evs[0].Args)
	assert.Equal(t, got.ID, evs[0].EntryID)
}

func TestPlayerInAtMostOneEntry(t *testing.T) {
	cases := []struct {
		name   string
		a, b   int
		field  string
		key    string
		code   string
		before [][2]int
	}{
		{"second member already in a pair", 3, 2, "pair.2", "entries.member_already", tournament.ECONFLICT, [][2]int{{1, 2}}},
		{"first member already in a pair", 1, 4, "pair.1", "entries.member_already", tournament.ECONFLICT, [][2]int{{1, 2}}},
		{"the same player twice", 3, 3, "pair.2", "entries.pair_same", tournament.EINVALID, nil},
		{"no player", 0, 3, "pair.1", "error.required", tournament.EINVALID, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newPairs(t, 4)
			for _, p := range c.before {
				_, err := f.svc.AddPair(f.ctx, f.tid, f.id(p[0]), f.id(p[1]), "anna")
				require.NoError(t, err)
			}
			a, b := int64(0), int64(0)
			if c.a > 0 {
				a = f.id(c.a)
			}
			if c.b > 0 {
				b = f.id(c.b)
			}
			_, err := f.svc.AddPair(f.ctx, f.tid, a, b, "anna")
			e := mustError(t, err)
			assert.Equal(t, c.code, e.Code)
			assert.Equal(t, c.key, e.Fields[c.field], "fields %v", e.Fields)
			assert.Len(t, f.state(t).Entries, len(c.before))
		})
	}
}

func TestStoreRefusesAMemberAlreadyEntered(t *testing.T) {
	// The store itself refuses, whatever the service checked: a single-player entry of
	// a player already in a pair.
	f := newPairs(t, 3)
	_, err := f.svc.AddPair(f.ctx, f.tid, f.id(1), f.id(2), "anna")
	require.NoError(t, err)
	err = f.db.Update(f.ctx, f.tid, func(tx tournament.Tx) error {
		return tx.AddEntry(&tournament.Entry{Kind: tournament.EntryPair, Name: "x",
			Members: []tournament.Member{{PlayerID: f.id(3)}, {PlayerID: f.id(2)}}})
	})
	assert.Equal(t, "entry.already", mustError(t, err).Key)
	assert.Len(t, f.state(t).Entries, 1)
}

func TestEntryKindFollowsTheFormat(t *testing.T) {
	f := newPairs(t, 2)
	_, err := f.svc.AddPlayer(f.ctx, f.tid, f.id(1), "anna")
	assert.Equal(t, "entries.pairs_only", mustError(t, err).Key)
	_, err = f.svc.AddNewPlayer(f.ctx, f.tid, &tournament.Player{FirstName: "Neo", LastName: "Nuovo"}, "anna")
	assert.Equal(t, "entries.pairs_only", mustError(t, err).Key)

	g := newEvening(t, 0, nil) // 3-player: single players only
	p := tournament.Player{FirstName: "A", LastName: "B", Active: true}
	q := tournament.Player{FirstName: "C", LastName: "D", Active: true}
	require.NoError(t, g.db.CreatePlayer(g.ctx, &p))
	require.NoError(t, g.db.CreatePlayer(g.ctx, &q))
	_, err = g.svc.AddPair(g.ctx, g.tid, p.ID, q.ID, "anna")
	assert.Equal(t, "entries.players_only", mustError(t, err).Key)

	// Once pairs are entered, the stage cannot switch to single players.
	_, err = f.svc.AddPair(f.ctx, f.tid, f.id(1), f.id(2), "anna")
	require.NoError(t, err)
	st := f.state(t)
	stage := st.Stage
	stage.Settings = formattest.Settings{Games: 3, Hands: 2, Sides: "individual"}
	_, _, err = f.svc.Update(f.ctx, f.tid, st.Tournament, stage, "anna")
	assert.Equal(t, "entries.kind_fixed", mustError(t, err).Fields["format"])
}

func TestPairImportAllOrNothing(t *testing.T) {
	f := newPairs(t, 0)
	for _, p := range []tournament.Player{
		{FirstName: "Niccolò", LastName: "D'Alessandro", Active: true},
		{FirstName: "Anna", LastName: "Bianchi", CardNumber: "RM1", Active: true},
		{FirstName: "Luca", LastName: "Verdi", Active: true},
		{FirstName: "Luca", LastName: "Verdi", Club: "Altro", Active: true},
		{FirstName: "Ugo", LastName: "Spento", Active: false},
	} {
		require.NoError(t, f.db.CreatePlayer(f.ctx, &p))
		f.players = append(f.players, p)
	}
	good := "last_name_1;first_name_1;card_number_1;last_name_2;first_name_2;card_number_2\n" +
		"dalessandro;NICCOLO;;Bianchi;Anna;RM1\n" + // matched by name (accents, case, apostrophe ignored) and by card
		"Nuovi;Uno;;Nuovi;Due;\n" // two new players

	cases := []struct {
		name  string
		csv   string
		line  int
		field string
		key   string
	}{
		{"same player in two lines", good + "Bianchi;Anna;RM1;Nuovi;Tre;\n", 4, "p1.last_name", "pairs_import.twice"},
		{"ambiguous name", good + "Verdi;Luca;;Nuovi;Tre;\n", 4, "p1.last_name", "pairs_import.ambiguous"},
		{"inactive player", good + "Spento;Ugo;;Nuovi;Tre;\n", 4, "p1.last_name", "entry.inactive"},
		{"new player without a first name", good + "Nuovi;;;Nuovi;Tre;\n", 4, "p1.first_name", "error.required"},
		{"the same player twice in a line", good + "Nuovi;Tre;;Nuovi;Tre;\n", 4, "p2.last_name", "entries.pair_same"},
		// A new name again, once with a card: the same person, not a second registration.
		{"a new player named again", good + "Nuovi;Uno;ZN7;Altri;Tre;\n", 4, "p1.last_name", "pairs_import.twice"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			players, err := f.db.AllPlayers(f.ctx)
			require.NoError(t, err)
			pi, err := f.svc.ImportPairs(f.ctx, f.tid, strings.NewReader(c.csv), true, "anna")
			e := mustError(t, err)
			assert.Equal(t, "pairs_import.invalid", e.Key)
			require.NotNil(t, pi)
			assert.False(t, pi.Valid)
			var bad *tournament.PairRow
			for i := range pi.Rows {
				if pi.Rows[i].Line == c.line {
					bad = &pi.Rows[i]
				} else {
					assert.Empty(t, pi.Rows[i].Errors, "line %d", pi.Rows[i].Line)
				}
			}
			require.NotNil(t, bad)
			assert.Equal(t, c.key, bad.Errors[c.field], "errors %v", bad.Errors)
			// Nothing written: no entry, no new player.
			assert.Empty(t, f.state(t).Entries)
			after, err := f.db.AllPlayers(f.ctx)
			require.NoError(t, err)
			assert.Len(t, after, len(players))
		})
	}

	// A preview writes nothing, and says who matched.
	pi, err := f.svc.ImportPairs(f.ctx, f.tid, strings.NewReader(good), false, "anna")
	require.NoError(t, err)
	assert.True(t, pi.Valid)
	assert.Equal(t, 0, pi.Entered)
	assert.Equal(t, 2, pi.Registered)
	assert.Equal(t, f.id(1), pi.Rows[0].Members[0].Match)
	assert.Equal(t, f.id(2), pi.Rows[0].Members[1].Match)
	assert.Zero(t, pi.Rows[1].Members[0].Match)
	assert.Empty(t, f.state(t).Entries)

	// Confirmed: every pair entered, new players registered, one log line.
	pi, err = f.svc.ImportPairs(f.ctx, f.tid, strings.NewReader(good), true, "anna")
	require.NoError(t, err)
	assert.Equal(t, 2, pi.Entered)
	st := f.state(t)
	require.Len(t, st.Entries, 2)
	assert.Equal(t, "D'Alessandro Niccolò / Bianchi Anna", st.Entries[0].Name)
	assert.Equal(t, "Nuovi Uno / Nuovi Due", st.Entries[1].Name)
	assert.NotZero(t, st.Entries[1].Members[0].PlayerID)
	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, "pairs_import", evs[0].Kind)
	assert.Equal(t, []string{"2", "2"}, evs[0].Args, "2 pairs imported, 2 players registered")

	// Importing again: every player is now entered, so nothing is.
	_, err = f.svc.ImportPairs(f.ctx, f.tid, strings.NewReader(good), true, "anna")
	assert.Equal(t, "pairs_import.invalid", mustError(t, err).Key)
	assert.Len(t, f.state(t).Entries, 2)
}

func TestPairImportNeedsBothNames(t *testing.T) {
	f := newPairs(t, 0)
	_, err := f.svc.ImportPairs(f.ctx, f.tid, strings.NewReader("cognome1;nome1;cognome2\nA;B;C\n"), false, "anna")
	assert.Equal(t, "pairs_import.missing_names", mustError(t, err).Key)
	// Italian headers are read.
	pi, err := f.svc.ImportPairs(f.ctx, f.tid, strings.NewReader("Cognome1;Nome1;Cognome2;Nome2\nRossi;Mario;Neri;Ada\n"), false, "anna")
	require.NoError(t, err)
	assert.Equal(t, "Rossi Mario", pi.Rows[0].Members[0].Player.FullName())
	assert.Equal(t, "Neri Ada", pi.Rows[0].Members[1].Player.FullName())
}

// enteredPairs enters n pairs (players 2i-1 and 2i) and marks them present.
func (f *pairsFixture) enteredPairs(t *testing.T, n int) []int64 {
	var ids []int64
	for i := 1; i <= n; i++ {
		e, err := f.svc.AddPair(f.ctx, f.tid, f.id(2*i-1), f.id(2*i), "anna")
		require.NoError(t, err)
		ids = append(ids, e.ID)
	}
	_, err := f.svc.MarkAllPresent(f.ctx, f.tid, "anna")
	require.NoError(t, err)
	return ids
}

func TestPairsCheckInWithdrawAndArriveLate(t *testing.T) {
	f := newPairs(t, 8)
	ids := f.enteredPairs(t, 3)
	no, yes := false, true
	// Pair 3 is not here for round 1.
	_, _, err := f.svc.SetEntry(f.ctx, f.tid, ids[2], tournament.EntryChange{CheckedIn: &no}, "anna")
	require.NoError(t, err)
	r1, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	require.Len(t, r1.Tables, 1)
	assert.Equal(t, []int64{ids[0], ids[1]}, r1.Tables[0].Entries())
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Hands: [][]*scoring.Hand{{total(100), total(50)}, {total(100), total(50)}}}, "anna")
	require.NoError(t, err)

	// It arrives: checked in, and awarded the bye for round 1 (logged).
	_, _, err = f.svc.SetEntry(f.ctx, f.tid, ids[2], tournament.EntryChange{CheckedIn: &yes}, "anna")
	require.NoError(t, err)
	rounds, err := f.svc.AwardMissed(f.ctx, f.tid, ids[2], "anna")
	require.NoError(t, err)
	assert.Equal(t, []int{1}, rounds)
	st := f.state(t)
	assert.Equal(t, []tournament.Bye{{EntryID: ids[2], Points: tournament.RP(1), Awarded: true}}, st.Rounds[0].Byes)

	// A fourth pair joins; pair 2 withdraws between rounds: round 2 seats the others.
	e4, err := f.svc.AddPair(f.ctx, f.tid, f.id(7), f.id(8), "anna")
	require.NoError(t, err)
	_, _, err = f.svc.SetEntry(f.ctx, f.tid, e4.ID, tournament.EntryChange{CheckedIn: &yes}, "anna")
	require.NoError(t, err)
	ids = append(ids, e4.ID)
	_, _, err = f.svc.SetEntry(f.ctx, f.tid, ids[1], tournament.EntryChange{Withdrawn: &yes}, "anna")
	require.NoError(t, err)
	r2, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 2}, "anna")
	require.NoError(t, err)
	assert.Equal(t, []int64{ids[0], ids[2]}, r2.Tables[0].Entries())
	assert.Equal(t, []tournament.Bye{{EntryID: ids[3], Points: tournament.RP(1)}}, r2.Byes)
	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	var log []string
	for _, e := range evs {
		log = append(log, e.Kind+" "+strings.Join(e.Args, "|"))
	}
	assert.Contains(t, log, "withdraw Test P03 / Test P04")
	assert.Contains(t, log, "missed_bye Test P05 / Test P06|1|1")
}

func TestSwapPairsBetweenTables(t *testing.T) {
	f := newPairs(t, 8)
	ids := f.enteredPairs(t, 4)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	// Swap the second side of table 1 with the first of table 2.
	err = f.svc.OverrideSeats(f.ctx, f.tid, 1, tournament.Seats{Tables: [][]int64{{ids[0], ids[2]}, {ids[1], ids[3]}}, Byes: []int64{}}, "anna")
	require.NoError(t, err)
	st := f.state(t)
	assert.Equal(t, []int64{ids[0], ids[2]}, st.Rounds[0].Tables[0].Entries())
	assert.Equal(t, []int64{ids[1], ids[3]}, st.Rounds[0].Tables[1].Entries())
	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, "seats_override", evs[0].Kind)
	assert.Equal(t, []string{"1"}, evs[0].Args)
	assert.Len(t, evs[0].Changes, 2, "the two pairs swapped, each with its seat before and after")

	// A table of three sides, or a pair seated twice, is refused.
	err = f.svc.OverrideSeats(f.ctx, f.tid, 1, tournament.Seats{Tables: [][]int64{{ids[0], ids[2], ids[1]}, {ids[3]}}, Byes: []int64{}}, "anna")
	assert.Equal(t, tournament.EINVALID, mustError(t, err).Code)
	err = f.svc.OverrideSeats(f.ctx, f.tid, 1, tournament.Seats{Tables: [][]int64{{ids[0], ids[0]}, {ids[1], ids[3]}}, Byes: []int64{}}, "anna")
	assert.Equal(t, "seats.twice", mustError(t, err).Fields["seat.1.2"])
}

func TestSheetOutcome(t *testing.T) {
	f := newPairs(t, 4)
	f.enteredPairs(t, 2)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	hands := [][]*scoring.Hand{{total(100), total(50)}, {total(100), total(50)}}

	// Set with the hands: stored, logged, interpreted by the format.
	out, err := f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Hands: hands,
		Outcome: &tournament.Outcome{Kind: tournament.OutcomeTimeout, Side: 1}}, "anna")
	require.NoError(t, err)
	assert.Equal(t, tournament.Outcome{Kind: "timeout", Side: 1}, out.Table.Outcome)
	assert.Equal(t, []tournament.Points{0, tournament.RP(2)}, out.Result.Points)
	ts, err := f.svc.Table(f.ctx, f.tid, 1, 1)
	require.NoError(t, err)
	assert.Equal(t, tournament.Outcome{Kind: "timeout", Side: 1}, ts.Table.Outcome)
	assert.Len(t, ts.Table.Hands, 4)
	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Contains(t, evs[0].Changes, tournament.Change{What: "change.outcome", Before: "outcome.none", After: "outcome.timeout", Words: true})
	assert.Contains(t, evs[0].Changes, tournament.Change{What: "change.outcome_side", Before: "", After: "1"})

	// nil keeps it; refusals change nothing.
	v := ts.Table.Version
	out, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Hands: hands, Version: v}, "anna")
	require.NoError(t, err)
	assert.Equal(t, "timeout", out.Table.Outcome.Kind)
	v = out.Version
	for _, c := range []struct {
		name  string
		o     tournament.Outcome
		field string
		key   string
	}{
		{"unknown kind", tournament.Outcome{Kind: "dragon", Side: 1}, "outcome.kind", "sheet.outcome_kind"},
		{"side out of range", tournament.Outcome{Kind: "forfeit", Side: 3}, "outcome.side", "sheet.outcome_side"},
		{"no side", tournament.Outcome{Kind: "forfeit"}, "outcome.side", "sheet.outcome_side"},
	} {
		_, err := f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Hands: hands, Version: v, Outcome: &c.o}, "anna")
		assert.Equal(t, c.key, mustError(t, err).Fields[c.field], c.name)
	}
	// A stale version is refused.
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Version: v - 1, Outcome: &tournament.Outcome{}}, "anna")
	assert.Equal(t, "sheet.stale", mustError(t, err).Key)
	ts, err = f.svc.Table(f.ctx, f.tid, 1, 1)
	require.NoError(t, err)
	assert.Equal(t, v, ts.Table.Version)
	assert.Equal(t, "timeout", ts.Table.Outcome.Kind)

	// A forfeit with no hands; a zero outcome clears it, and then an empty sheet is refused.
	out, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Hands: [][]*scoring.Hand{}, Version: v,
		Outcome: &tournament.Outcome{Kind: tournament.OutcomeForfeit, Side: 2}}, "anna")
	require.NoError(t, err)
	assert.True(t, out.Result.Complete)
	ts, err = f.svc.Table(f.ctx, f.tid, 1, 1)
	require.NoError(t, err)
	assert.Empty(t, ts.Table.Hands)
	assert.Equal(t, tournament.Outcome{Kind: "forfeit", Side: 2}, ts.Table.Outcome)
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Version: out.Version, Outcome: &tournament.Outcome{}}, "anna")
	assert.Equal(t, "sheet.empty", mustError(t, err).Key)
	out, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Hands: hands, Version: out.Version, Outcome: &tournament.Outcome{}}, "anna")
	require.NoError(t, err)
	assert.Equal(t, tournament.Outcome{}, out.Table.Outcome)
}

func TestThreePlayerOffersNoOutcome(t *testing.T) {
	f := newEvening(t, 3, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Hands: [][]*scoring.Hand{{total(10), total(20), total(30)}},
		Outcome: &tournament.Outcome{Kind: tournament.OutcomeTimeout, Side: 1}}, "anna")
	assert.Equal(t, "sheet.outcome_kind", mustError(t, err).Fields["outcome.kind"])
}
