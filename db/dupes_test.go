package db_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/tournament"
	"burraco/tournament/threeplayer"
)

// newTournament creates an empty 3-player tournament.
func newTournament(t *testing.T, d *db.DB, name string) (*tournament.Tournaments, int64) {
	t.Helper()
	svc := &tournament.Tournaments{Store: d, Players: d}
	tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), threeplayer.Name)
	require.NoError(t, err)
	tr.Name = name
	require.NoError(t, svc.Create(context.Background(), &tr, &stage))
	return svc, tr.ID
}

// The search ignores spaces as duplicates do: "deluca" finds "De Luca" and the other way.
func TestFindPlayersIgnoresSpaces(t *testing.T) {
	ctx := context.Background()
	d, _ := open(t)
	players := &tournament.Players{Store: d}
	require.NoError(t, players.Create(ctx, &tournament.Player{FirstName: "Anna", LastName: "De Luca", Club: "Circolo Roma"}))
	require.NoError(t, players.Create(ctx, &tournament.Player{FirstName: "Ugo", LastName: "Delucchi"}))
	for _, tt := range []struct {
		q    string
		want []string
	}{
		{"deluca", []string{"De Luca"}},
		{"DeLuca anna", []string{"De Luca"}},
		{"de luca", []string{"De Luca"}},
		{"delu", []string{"De Luca", "Delucchi"}},
		{"circoloroma", []string{"De Luca"}},
	} {
		ps, _, err := players.List(ctx, tournament.PlayerFilter{Query: tt.q})
		require.NoError(t, err)
		var got []string
		for _, p := range ps {
			got = append(got, p.LastName)
		}
		assert.Equal(t, tt.want, got, tt.q)
	}
}

// Registering on the spot someone the registry has (card; else folded name, same club or
// no club) writes nothing and names the registered player; a different person is
// registered only when the director says so.
func TestAddNewPlayerFindsTheRegistered(t *testing.T) {
	ctx := context.Background()
	d, _ := open(t)
	players := &tournament.Players{Store: d}
	rossi := &tournament.Player{FirstName: "Maria", LastName: "Rossi", Club: "Circolo Roma", CardNumber: "RM1"}
	deluca := &tournament.Player{FirstName: "Anna", LastName: "D'Elùca"}
	require.NoError(t, players.Create(ctx, rossi))
	require.NoError(t, players.Create(ctx, deluca))
	svc, tid := newTournament(t, d, "Sera")
	_, err := svc.AddPlayer(ctx, tid, rossi.ID, "anna")
	require.NoError(t, err)

	for _, tt := range []struct {
		name string
		in   tournament.Player
		want int64 // the player named, 0: none (registered)
	}{
		{"same name and club, other case", tournament.Player{FirstName: "maria", LastName: "ROSSI", Club: "circolo  roma"}, rossi.ID},
		{"no club typed", tournament.Player{FirstName: "Maria", LastName: "Rossi"}, rossi.ID},
		{"the card alone", tournament.Player{FirstName: "Mary", LastName: "Red", CardNumber: "rm1"}, rossi.ID},
		{"accents, apostrophe, spaces; registry has no club", tournament.Player{FirstName: "Anna", LastName: "De Luca", Club: "Circolo Pisa"}, deluca.ID},
		{"another club", tournament.Player{FirstName: "Maria", LastName: "Rossi", Club: "Circolo Milano"}, 0},
		{"another name", tournament.Player{FirstName: "Mario", LastName: "Rossi", Club: "Circolo Roma"}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before, err := d.AllPlayers(ctx)
			require.NoError(t, err)
			p := tt.in
			_, err = svc.AddNewPlayer(ctx, tid, &p, "anna")
			if tt.want == 0 {
				require.NoError(t, err)
				return
			}
			var dup *tournament.DuplicateError
			require.True(t, errors.As(err, &dup), "%v", err)
			assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
			assert.Equal(t, tt.want, dup.Of[0].ID)
			after, err := d.AllPlayers(ctx)
			require.NoError(t, err)
			assert.Len(t, after, len(before), "nothing registered")
		})
	}

	// The director says it is a different person.
	e, err := svc.AddNewPerson(ctx, tid, &tournament.Player{FirstName: "Anna", LastName: "De Luca"}, "anna")
	require.NoError(t, err)
	assert.NotEqual(t, deluca.ID, e.PlayerID())
}

// An entry never drawn can be removed, logged, and the removal undone: the entry comes
// back with its ID and flags. A drawn one cannot.
func TestRemoveEntryWithUndo(t *testing.T) {
	f := newEvening(t, 9, nil)
	extra := &tournament.Player{FirstName: "Errore", LastName: "Mio", Active: true}
	require.NoError(t, f.db.CreatePlayer(f.ctx, extra))
	e, err := f.svc.AddPlayer(f.ctx, f.tid, extra.ID, "anna")
	require.NoError(t, err)
	_, _, err = f.svc.SetEntry(f.ctx, f.tid, e.ID, tournament.EntryChange{CheckedIn: ptr(true)}, "anna")
	require.NoError(t, err)

	removed, err := f.svc.RemoveEntry(f.ctx, f.tid, e.ID, "anna")
	require.NoError(t, err)
	assert.Equal(t, "Mio Errore", removed.Name)
	assert.Nil(t, f.state(t).Entry(e.ID))
	evs, err := f.svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	line := evs[0] // newest first
	assert.Equal(t, "entry_remove", line.Kind)
	assert.True(t, line.Undoable())

	// The player can be entered again; then the removal cannot come back over it.
	again, err := f.svc.AddPlayer(f.ctx, f.tid, extra.ID, "anna")
	require.NoError(t, err)
	assert.NotEqual(t, e.ID, again.ID, "an ID is never used twice")
	_, err = f.svc.Undo(f.ctx, f.tid, line.ID, "anna")
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
	_, err = f.svc.RemoveEntry(f.ctx, f.tid, again.ID, "anna")
	require.NoError(t, err)

	_, err = f.svc.Undo(f.ctx, f.tid, line.ID, "anna")
	require.NoError(t, err)
	back := f.state(t).Entry(e.ID)
	require.NotNil(t, back, "the entry is back with its ID")
	assert.Equal(t, "Mio Errore", back.Name)
	assert.True(t, back.CheckedIn)
	assert.Equal(t, extra.ID, back.PlayerID())

	// Drawn: refused.
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	seated := f.state(t).Rounds[0].Tables[0].Sides[0].EntryID
	_, err = f.svc.RemoveEntry(f.ctx, f.tid, seated, "anna")
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
	require.NotNil(t, f.state(t).Entry(seated))
}

func ptr[T any](v T) *T { return &v }

// Merging two records of one person moves the dropped one's entries (and so their
// history) to the kept one, logs it in each tournament, fills what only the dropped one
// had, and removes it; refused where both are in one tournament.
func TestMergePlayers(t *testing.T) {
	ctx := context.Background()
	d, _ := open(t)
	players := &tournament.Players{Store: d}
	keep := &tournament.Player{FirstName: "Maria", LastName: "Rossi", Club: "Circolo Roma", Active: true}
	drop := &tournament.Player{FirstName: "Maria", LastName: "Rossi", CardNumber: "RM1", Phone: "333 1234567", Active: true}
	other := &tournament.Player{FirstName: "Ugo", LastName: "Bianchi", Active: true}
	for _, p := range []*tournament.Player{keep, drop, other} {
		require.NoError(t, d.CreatePlayer(ctx, p))
	}
	svc, t1 := newTournament(t, d, "Lunedì")
	_, t2 := newTournament(t, d, "Martedì")
	e1, err := svc.AddPlayer(ctx, t1, drop.ID, "anna")
	require.NoError(t, err)
	_, err = svc.AddPlayer(ctx, t2, keep.ID, "anna")
	require.NoError(t, err)
	e2, err := svc.AddPlayer(ctx, t2, drop.ID, "anna")
	require.NoError(t, err)

	// Both in Martedì: refused, nothing changed.
	_, _, err = players.Merge(ctx, keep.ID, drop.ID, 0, 0, "anna")
	x, ok := tournament.AsError(err)
	require.True(t, ok, "%v", err)
	assert.Equal(t, "players.merge_shared", x.Key)
	assert.Equal(t, []any{"Martedì"}, x.Args)
	_, err = d.FindPlayer(ctx, drop.ID)
	require.NoError(t, err)

	_, err = svc.RemoveEntry(ctx, t2, e2.ID, "anna")
	require.NoError(t, err)
	_, _, err = players.Merge(ctx, keep.ID, drop.ID, keep.Version+5, 0, "anna")
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err), "a stale version")

	kept, tids, err := players.Merge(ctx, keep.ID, drop.ID, keep.Version, drop.Version, "anna")
	require.NoError(t, err)
	assert.Equal(t, []int64{t1}, tids)
	assert.Equal(t, "RM1", kept.CardNumber)
	assert.Equal(t, "Circolo Roma", kept.Club)
	stored, err := d.FindPlayer(ctx, keep.ID)
	require.NoError(t, err)
	assert.Equal(t, "RM1", stored.CardNumber)
	assert.Equal(t, "333 1234567", stored.Phone)
	_, err = d.FindPlayer(ctx, drop.ID)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err), "the dropped record is gone")

	st, err := svc.Load(ctx, t1)
	require.NoError(t, err)
	require.NotNil(t, st.Entry(e1.ID))
	assert.Equal(t, keep.ID, st.Entry(e1.ID).PlayerID(), "the entry moved, with its ID and history")
	assert.Equal(t, "Circolo Roma", st.Entry(e1.ID).Club, "with the kept player's club")
	evs, err := svc.Events(ctx, t1)
	require.NoError(t, err)
	last := evs[0]
	assert.Equal(t, "player_merge", last.Kind)
	assert.Equal(t, e1.ID, last.EntryID)

	// Martedì's removal of the dropped record's entry cannot come back: its player is
	// gone. A conflict saying so, not a foreign-key error.
	evs, err = svc.Events(ctx, t2)
	require.NoError(t, err)
	i := slices.IndexFunc(evs, func(e tournament.Event) bool { return e.Kind == "entry_remove" })
	require.GreaterOrEqual(t, i, 0)
	_, err = svc.Undo(ctx, t2, evs[i].ID, "anna")
	x, ok = tournament.AsError(err)
	require.True(t, ok, "%v", err)
	assert.Equal(t, "undo.player_merged", x.Key)

	_, _, err = players.Merge(ctx, keep.ID, keep.ID, 0, 0, "anna")
	assert.Equal(t, tournament.EINVALID, tournament.ErrorCode(err))
}

// A tournament with an entry removed (entered by mistake) goes through the document: the
// log still names the entry, its removal carries its player, and the removal can be
// undone after the import. Crafted undo data of a removal is refused as not an entry.
func TestRemovedEntryRoundTrip(t *testing.T) {
	f := newEvening(t, 6, nil)
	extra := &tournament.Player{FirstName: "Errore", LastName: "Mio", Active: true}
	require.NoError(t, f.db.CreatePlayer(f.ctx, extra))
	e, err := f.svc.AddPlayer(f.ctx, f.tid, extra.ID, "anna")
	require.NoError(t, err)
	_, err = f.svc.RemoveEntry(f.ctx, f.tid, e.ID, "anna")
	require.NoError(t, err)

	doc, err := f.svc.Export(f.ctx, f.tid)
	require.NoError(t, err)
	raw, err := json.Marshal(doc)
	require.NoError(t, err)
	d2, _ := open(t)
	svc2 := &tournament.Tournaments{Store: d2, Players: d2}
	_, err = svc2.Import(f.ctx, raw)
	require.NoError(t, err, "a document the app exported imports back")
	evs, err := svc2.Events(f.ctx, f.tid)
	require.NoError(t, err)
	require.Equal(t, "entry_remove", evs[0].Kind)
	_, err = svc2.Undo(f.ctx, f.tid, evs[0].ID, "anna")
	require.NoError(t, err)
	back := mustLoad(t, svc2, f.tid).Entry(e.ID)
	require.NotNil(t, back)
	assert.Equal(t, extra.ID, back.PlayerID())

	var crafted tournament.Document
	require.NoError(t, json.Unmarshal(raw, &crafted))
	for i := range crafted.Events {
		if crafted.Events[i].Kind == "entry_remove" {
			crafted.Events[i].Undo = json.RawMessage(`{"id":777778,"kind":"bogus","members":[]}`)
		}
	}
	raw, err = json.Marshal(crafted)
	require.NoError(t, err)
	d3, _ := open(t)
	svc3 := &tournament.Tournaments{Store: d3, Players: d3}
	_, err = svc3.Import(f.ctx, raw)
	x, ok := tournament.AsError(err)
	require.True(t, ok, "%v", err)
	assert.Equal(t, tournament.EINVALID, x.Code)
	assert.Contains(t, fmt.Sprint(x.Fields), "import.undo")
}

// TestConcurrentRegistrationsOfOnePerson: the same person registered by several
// requests at once (no idempotency key; the name spelled alike, as the duplicate check
// compares it) is stored once; the others are refused with the registered one
// (12 concurrent POST /api/v1/players of one name stored 12 players: each looked for a
// namesake before any had written).
func TestConcurrentRegistrationsOfOnePerson(t *testing.T) {
	ctx := context.Background()
	d, _ := open(t)
	players := &tournament.Players{Store: d}
	spellings := []tournament.Player{{FirstName: "Zoe", LastName: "Quirino", Club: "Roma"},
		{FirstName: "zoe", LastName: "QUIRINO", Club: "Roma"}, {FirstName: "Zoe", LastName: "Quirino"}}
	const n = 8
	errs := make(chan error, n)
	start := make(chan struct{})
	for i := range n {
		go func() {
			<-start
			p := spellings[i%len(spellings)]
			errs <- players.Create(ctx, &p)
		}()
	}
	close(start)
	created := 0
	for range n {
		err := <-errs
		var dup *tournament.DuplicateError
		switch {
		case err == nil:
			created++
		case errors.As(err, &dup):
			assert.NotEmpty(t, dup.Of)
		default:
			t.Errorf("neither created nor a duplicate: %v", err)
		}
	}
	assert.Equal(t, 1, created)
	all, err := d.AllPlayers(ctx)
	require.NoError(t, err)
	assert.Len(t, all, 1)
	require.NoError(t, players.CreatePerson(ctx, &tournament.Player{FirstName: "Zoe", LastName: "Quirino", Club: "Roma"}),
		"another person, said so")
}

// TestConcurrentOnTheSpotOfOnePerson: the same new player registered on the spot by
// several requests at once, into two tournaments (no idempotency key), is registered
// and entered once; the others are refused with the registered one (10 at once stored
// 10 players and 10 entries).
func TestConcurrentOnTheSpotOfOnePerson(t *testing.T) {
	ctx := context.Background()
	d, _ := open(t)
	svc, t1 := newTournament(t, d, "Lunedì")
	_, t2 := newTournament(t, d, "Martedì")
	const n = 8
	errs := make(chan error, n)
	start := make(chan struct{})
	for i := range n {
		go func() {
			<-start
			tid := []int64{t1, t2}[i%2]
			_, err := svc.AddNewPlayer(ctx, tid, &tournament.Player{FirstName: "Olga", LastName: "Nerone", Club: "Roma"}, "anna")
			errs <- err
		}()
	}
	close(start)
	created := 0
	for range n {
		err := <-errs
		var dup *tournament.DuplicateError
		switch {
		case err == nil:
			created++
		case errors.As(err, &dup):
			assert.NotEmpty(t, dup.Of)
		default:
			t.Errorf("neither entered nor a duplicate: %v", err)
		}
	}
	assert.Equal(t, 1, created)
	all, err := d.AllPlayers(ctx)
	require.NoError(t, err)
	assert.Len(t, all, 1)
}
