package db_test

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/danish"
	"burraco/tournament/knockout"
	"burraco/tournament/threeplayer"
)

// A tournament exported as one document and imported into an empty database reads back
// identically, field by field: the document, the state of its stage, its standings and
// its log, with the players it references.
func TestExportImportRoundTrip(t *testing.T) {
	f := newEvening(t, 7, nil)
	st := f.state(t)
	tr := st.Tournament
	tr.Venue, tr.Notes = "Società Canottieri", "Serata d'autunno — città"
	_, _, err := f.svc.Update(f.ctx, f.tid, tr, st.Stage, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 11}, "anna")
	require.NoError(t, err)
	figures := rowsSheet([]int{300, 100, -100}, []int{300, 100, -100}, []int{300, 100, -100})
	figures.Hands[0][0] = &scoring.Hand{Form: scoring.BaseCards, Base: 200, Cards: 100}
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, figures, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 12}, "bruno")
	require.NoError(t, err)
	require.NoError(t, f.svc.Lock(f.ctx, f.tid, 1, true, "anna"))
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 2, 1, winsSeat1, "anna")
	require.NoError(t, err)
	// Published, game 1's clock paused with time left, game 2's running.
	_, err = f.svc.Publish(f.ctx, f.tid, true, 0, "anna")
	require.NoError(t, err)
	_, err = f.svc.SetClock(f.ctx, f.tid, 1, tournament.ClockStart, 25*time.Minute, "anna")
	require.NoError(t, err)
	_, err = f.svc.SetClock(f.ctx, f.tid, 1, tournament.ClockPause, 0, "anna")
	require.NoError(t, err)
	_, err = f.svc.SetClock(f.ctx, f.tid, 2, tournament.ClockStart, 30*time.Minute, "anna")
	require.NoError(t, err)
	// A player's private fields travel too.
	p := f.state(t).Entries[0].Members[0].PlayerID
	pl, err := f.db.FindPlayer(f.ctx, p)
	require.NoError(t, err)
	pl.Email, pl.Phone, pl.Notes, pl.CardNumber, pl.Club = "p@example.org", "+39 333", "allergic to jokers", "FIBUR-1", "Circolo Àncora"
	require.NoError(t, f.db.UpdatePlayer(f.ctx, pl))

	doc, err := f.svc.Export(f.ctx, f.tid)
	require.NoError(t, err)
	raw, err := json.Marshal(doc)
	require.NoError(t, err)
	require.Len(t, doc.Players, 7)
	require.Len(t, doc.Stages[0].Rounds, 2)
	require.True(t, doc.Tournament.Published)
	require.NotNil(t, doc.Stages[0].Rounds[0].Clock.Left)
	require.NotNil(t, doc.Stages[0].Rounds[1].Clock.EndsAt)

	d2, _ := open(t)
	svc2 := &tournament.Tournaments{Store: d2, Players: d2}
	got, err := svc2.Import(f.ctx, raw)
	require.NoError(t, err)
	assert.Equal(t, f.tid, got.ID)

	doc2, err := svc2.Export(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, doc, doc2, "field by field")
	raw2, err := json.Marshal(doc2)
	require.NoError(t, err)
	assert.JSONEq(t, string(raw), string(raw2))

	a, b := f.state(t), mustLoad(t, svc2, f.tid)
	assert.Equal(t, a, b, "the state a format sees")
	_, _, la, err := f.svc.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	_, _, lb, err := svc2.Standings(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, la, lb)
	ea, _ := f.svc.Events(f.ctx, f.tid)
	eb, _ := svc2.Events(f.ctx, f.tid)
	assert.Equal(t, ea, eb, "the log, undo data included")
	pb, err := d2.FindPlayer(f.ctx, p)
	require.NoError(t, err)
	pa, _ := f.db.FindPlayer(f.ctx, p)
	assert.Equal(t, pa, pb)

	// The imported tournament goes on: an undo recorded before the export still works.
	ev, err := svc2.History(f.ctx, f.tid, 2, 1)
	require.NoError(t, err)
	_, err = svc2.Undo(f.ctx, f.tid, ev[0].ID, "anna")
	require.NoError(t, err)

	// Imported twice: refused, nothing written.
	_, err = svc2.Import(f.ctx, raw)
	assert.Equal(t, "import.exists", mustKey(t, err))
	_, err = svc2.Import(f.ctx, []byte(`{"kind":"something else"}`))
	assert.Equal(t, "import.not_document", mustKey(t, err))
}

func mustLoad(t *testing.T, svc *tournament.Tournaments, id int64) *tournament.State {
	t.Helper()
	st, err := svc.Load(t.Context(), id)
	require.NoError(t, err)
	return st
}

// The backup is a consistent SQLite file that opens, passes integrity_check, and holds
// the tournament as it was.
func TestBackupOpensAndPassesIntegrityCheck(t *testing.T) {
	if dbtest.OnPostgres() {
		// The download is SQLite's VACUUM INTO; on PostgreSQL the app says to use pg_dump,
		// as a refusal the director can read, not an internal error.
		f := newEvening(t, 3, nil)
		err := f.db.Backup(f.ctx, io.Discard)
		e, ok := tournament.AsError(err)
		require.True(t, ok, "%v", err)
		assert.Equal(t, "backup.postgres", e.Key)
		return
	}
	f := newEvening(t, 6, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 2}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	path := filepath.Join(t.TempDir(), "backup.db")
	out, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, f.db.Backup(f.ctx, out))
	require.NoError(t, out.Close())

	raw, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	require.NoError(t, err)
	var check string
	require.NoError(t, raw.QueryRow("PRAGMA integrity_check").Scan(&check))
	assert.Equal(t, "ok", check)
	require.NoError(t, raw.Close())

	restored, err := db.Open(path)
	require.NoError(t, err)
	defer restored.Close()
	svc := &tournament.Tournaments{Store: restored, Players: restored}
	assert.Equal(t, f.state(t), mustLoad(t, svc, f.tid))
}

// The log, undo, lock and the export read only the model (stage, round, table, side,
// entry, hand), so every registered format goes through them unchanged: an evening in
// each format is corrected, undone, locked, drawn on, exported and imported identically.
func TestAuditAndRoundTripEveryFormat(t *testing.T) {
	for _, name := range []string{threeplayer.Name, danish.Name, knockout.Name} {
		t.Run(name, func(t *testing.T) {
			d, _ := open(t)
			ctx := t.Context()
			svc := &tournament.Tournaments{Store: d, Players: d}
			tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), name)
			require.NoError(t, err)
			tr.Name = "Città " + name
			if s, ok := stage.Settings.(danish.Settings); ok {
				s.Sides = danish.Individuals
				stage.Settings = s
			}
			require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
			for i := 1; i <= 7; i++ {
				p := &tournament.Player{FirstName: fmt.Sprintf("P%02d", i), LastName: "Rossì", Active: true}
				require.NoError(t, d.CreatePlayer(ctx, p))
				_, err := svc.AddPlayer(ctx, tr.ID, p.ID, "anna")
				require.NoError(t, err)
			}
			_, err = svc.MarkAllPresent(ctx, tr.ID, "anna")
			require.NoError(t, err)
			_, err = svc.Draw(ctx, tr.ID, tournament.DrawOptions{Seed: 4}, "anna")
			require.NoError(t, err)
			st, err := svc.Load(ctx, tr.ID)
			require.NoError(t, err)
			fill := func(tb *tournament.Table, first int) {
				var sh tournament.Sheet
				for range st.Stage.HandsPerRound() {
					row := []*scoring.Hand{}
					for i := range tb.Sides {
						row = append(row, total([]int{first, 100, -100}[i]))
					}
					sh.Hands = append(sh.Hands, row)
				}
				_, err := svc.SaveSheet(ctx, tr.ID, 1, tb.Number, sh, "anna")
				require.NoError(t, err)
			}
			r1 := st.Round(1)
			for i := range r1.Tables {
				fill(&r1.Tables[i], 300)
			}
			fill(&r1.Tables[0], 200) // a correction
			evs, err := svc.History(ctx, tr.ID, 1, 1)
			require.NoError(t, err)
			require.Equal(t, "scores_corrected", evs[0].Kind)
			assert.Equal(t, "300", evs[0].Changes[0].Before)
			assert.Equal(t, "200", evs[0].Changes[0].After)
			_, err = svc.Undo(ctx, tr.ID, evs[0].ID, "anna")
			require.NoError(t, err)
			require.NoError(t, svc.Lock(ctx, tr.ID, 1, true, "anna"))
			_, err = svc.Draw(ctx, tr.ID, tournament.DrawOptions{Seed: 5}, "anna")
			require.NoError(t, err)

			doc, err := svc.Export(ctx, tr.ID)
			require.NoError(t, err)
			raw, err := json.Marshal(doc)
			require.NoError(t, err)
			d2, _ := open(t)
			svc2 := &tournament.Tournaments{Store: d2, Players: d2}
			_, err = svc2.Import(ctx, raw)
			require.NoError(t, err)
			doc2, err := svc2.Export(ctx, tr.ID)
			require.NoError(t, err)
			assert.Equal(t, doc, doc2)
			assert.Equal(t, mustLoad(t, svc, tr.ID), mustLoad(t, svc2, tr.ID))
			assert.True(t, mustLoad(t, svc2, tr.ID).Round(1).Locked)
		})
	}
}

// An import is all or nothing, and refused with a reason: not a document, a version or
// format this app does not read, a tournament already there, a player number taken by
// someone else.
func TestImportRefusals(t *testing.T) {
	f := newEvening(t, 3, nil)
	doc, err := f.svc.Export(f.ctx, f.tid)
	require.NoError(t, err)
	edit := func(fn func(*tournament.Document)) []byte {
		raw, err := json.Marshal(doc)
		require.NoError(t, err)
		var d tournament.Document
		require.NoError(t, json.Unmarshal(raw, &d))
		fn(&d)
		raw, err = json.Marshal(d)
		require.NoError(t, err)
		return raw
	}
	cases := []struct {
		name string
		raw  []byte
		key  string
	}{
		{"not JSON", []byte("SQLite format 3"), "import.not_document"},
		{"another kind", []byte(`{"kind":"players","version":1}`), "import.not_document"},
		{"a later version", edit(func(d *tournament.Document) { d.Version = 2 }), "import.version"},
		{"an unknown format", edit(func(d *tournament.Document) { d.Stages[0].Format = "bridge" }), "import.format"},
		{"already here", edit(func(*tournament.Document) {}), "import.exists"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.svc.Import(f.ctx, c.raw)
			assert.Equal(t, c.key, mustKey(t, err))
		})
	}

	// Another database where player 1 is someone else: refused, nothing written.
	d2, _ := open(t)
	svc2 := &tournament.Tournaments{Store: d2, Players: d2}
	require.NoError(t, d2.CreatePlayer(f.ctx, &tournament.Player{FirstName: "Altro", LastName: "Giocatore", Active: true}))
	_, err = svc2.Import(f.ctx, edit(func(*tournament.Document) {}))
	assert.Equal(t, "import.player_clash", mustKey(t, err))
	ts, err := svc2.List(f.ctx)
	require.NoError(t, err)
	assert.Empty(t, ts, "nothing half-imported")
}

// A tournament of two stages (a qualifying evening, then a knockout of its top four)
// goes through the document whole, both stages; a change of the first stage can no
// longer be undone once the second has started from it.
func TestStagesRoundTripAndUndo(t *testing.T) {
	f := newEvening(t, 9, nil)
	st := f.state(t)
	stage := st.Stage
	stage.Qualifiers = 4
	_, _, err := f.svc.Update(f.ctx, f.tid, st.Tournament, stage, "anna")
	require.NoError(t, err)
	for g := 1; g <= 2; g++ {
		_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: int64(40 + g)}, "anna")
		require.NoError(t, err)
		f.fillDistinct(t, g)
	}
	evs, err := f.svc.History(f.ctx, f.tid, 2, 1)
	require.NoError(t, err)
	lastQualifying := evs[0]
	_, err = f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
	require.NoError(t, err)
	_, err = f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	f.match(t, 1, 1, 400, 600)

	_, err = f.svc.Undo(f.ctx, f.tid, lastQualifying.ID, "anna")
	assert.Equal(t, "undo.later", mustKey(t, err), "the knockout stage was fed from it")

	doc, err := f.svc.Export(f.ctx, f.tid)
	require.NoError(t, err)
	require.Len(t, doc.Stages, 2)
	assert.Len(t, doc.Stages[0].Rounds, 2)
	assert.Len(t, doc.Stages[1].Rounds, 1)
	raw, err := json.Marshal(doc)
	require.NoError(t, err)
	d2, _ := open(t)
	svc2 := &tournament.Tournaments{Store: d2, Players: d2}
	_, err = svc2.Import(f.ctx, raw)
	require.NoError(t, err)
	doc2, err := svc2.Export(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, doc, doc2)
	assert.Equal(t, f.state(t), mustLoad(t, svc2, f.tid))
	_, _, a, err := f.svc.StageStandings(f.ctx, f.tid, 1)
	require.NoError(t, err)
	_, _, b, err := svc2.StageStandings(f.ctx, f.tid, 1)
	require.NoError(t, err)
	assert.Equal(t, a, b, "the qualifying stage's standings")
}

// Pairs (entries of two members) and a table's outcome go through the document too, and
// an outcome set with the scores is undone with them.
func TestPairsAndOutcomeRoundTrip(t *testing.T) {
	f := newPairs(t, 8)
	f.enteredPairs(t, 4)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)
	hands := [][]*scoring.Hand{{total(100), total(50)}, {total(100), total(50)}}
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Hands: hands}, "anna")
	require.NoError(t, err)
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, tournament.Sheet{Hands: hands, Outcome: &tournament.Outcome{Kind: tournament.OutcomeTimeout, Side: 1}}, "anna")
	require.NoError(t, err)

	doc, err := f.svc.Export(f.ctx, f.tid)
	require.NoError(t, err)
	require.Len(t, doc.Entries[0].Members, 2)
	raw, err := json.Marshal(doc)
	require.NoError(t, err)
	d2, _ := open(t)
	svc2 := &tournament.Tournaments{Store: d2, Players: d2}
	_, err = svc2.Import(f.ctx, raw)
	require.NoError(t, err)
	doc2, err := svc2.Export(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, doc, doc2)
	assert.Equal(t, tournament.Outcome{Kind: "timeout", Side: 1}, mustLoad(t, svc2, f.tid).Round(1).Tables[0].Outcome)

	evs, err := svc2.History(f.ctx, f.tid, 1, 1)
	require.NoError(t, err)
	_, err = svc2.Undo(f.ctx, f.tid, evs[0].ID, "anna")
	require.NoError(t, err)
	assert.Equal(t, tournament.Outcome{}, mustLoad(t, svc2, f.tid).Round(1).Tables[0].Outcome, "the outcome is undone with the save")
}
