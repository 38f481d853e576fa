package db_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/season"
)

// TestImportCopyDoesNotResurrectAMergedPlayer: a season import matches the document's
// players outside the write; a player matched and then merged away before the write
// (its row deleted) must not be written back under its old number, a duplicate the
// merge had just removed: the import is refused, the player stays merged.
func TestImportCopyDoesNotResurrectAMergedPlayer(t *testing.T) {
	f := newEvening(t, 3, nil)
	doc, err := f.db.Export(f.ctx, f.tid) // its players are the registry's: as matched
	require.NoError(t, err)
	drop := doc.Players[0]
	keep := &tournament.Player{FirstName: "Keep", LastName: "Test", Active: true}
	require.NoError(t, f.db.CreatePlayer(f.ctx, keep))
	players := &tournament.Players{Store: f.db}
	_, _, err = players.Merge(f.ctx, keep.ID, drop.ID, 0, 0, "anna")
	require.NoError(t, err)

	s := &season.Season{Name: "S", From: "2026-01-01", To: "2026-12-31", Settings: season.Defaults()}
	require.NoError(t, f.db.CreateSeason(f.ctx, s))
	_, _, err = f.db.ImportCopy(f.ctx, doc, s.ID)
	assert.Equal(t, "import.player_gone", errKey(err))
	_, err = f.db.FindPlayer(f.ctx, drop.ID)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err), "the merged player stays merged")
	got, err := f.db.Season(f.ctx, s.ID)
	require.NoError(t, err)
	assert.Empty(t, got.Tournaments, "nothing written")
}

// TestSeasonNameHostileText: a season's name is checked like every other text
// (tournament.CheckText): bidirectional controls and invisible characters
// refused on create and on edit, with the one message of each.
func TestSeasonNameHostileText(t *testing.T) {
	f := newEvening(t, 3, nil)
	seasons := &tournament.Seasons{Store: f.db, Tournaments: f.svc}
	for name, key := range map[string]string{
		"Campionato \u202eelaicos": "error.control_chars",
		"Campionato \u200bsociale": "error.invisible_chars",
	} {
		in := season.Season{Name: name, From: "2026-01-01", To: "2026-12-31", Settings: season.Defaults()}
		_, err := seasons.Create(f.ctx, in)
		assert.Equal(t, key, fieldKey(err, "name"), "%q", name)
		ok, err := seasons.Create(f.ctx, season.Season{Name: "Campionato", From: "2026-01-01", To: "2026-12-31", Settings: season.Defaults()})
		require.NoError(t, err)
		in.Version = ok.Version
		_, err = seasons.Update(f.ctx, ok.ID, in)
		assert.Equal(t, key, fieldKey(err, "name"), "edit %q", name)
	}
}

// TestSeasonStandingsFollowARename: a player renamed in the registry is renamed in every
// tournament without a line in its log, so the season standings' key must follow the
// registry too: the standings read after the rename show the new name.
func TestSeasonStandingsFollowARename(t *testing.T) {
	f := newEvening(t, 6, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	seasons := &tournament.Seasons{Store: f.db, Tournaments: f.svc}
	se, err := seasons.Create(f.ctx, season.Season{Name: "S", From: "2026-01-01", To: "2026-12-31",
		Settings: season.Defaults(), Tournaments: []int64{f.tid}})
	require.NoError(t, err)
	names := func() []string {
		st, err := seasons.Standings(f.ctx, se.ID)
		require.NoError(t, err)
		var out []string
		for _, l := range st.Lines {
			out = append(out, l.Player.Name)
		}
		return out
	}
	before, _ := seasons.RevisionKey(f.ctx, se.ID)
	require.NotContains(t, names(), "Zorzi Ugo")
	p, err := f.db.FindPlayer(f.ctx, f.state(t).Entries[0].Members[0].PlayerID)
	require.NoError(t, err)
	p.FirstName, p.LastName = "Ugo", "Zorzi"
	require.NoError(t, f.db.UpdatePlayer(f.ctx, p))
	after, _ := seasons.RevisionKey(f.ctx, se.ID)
	assert.NotEqual(t, before, after, "the key follows the registry")
	assert.Contains(t, names(), "Zorzi Ugo")
}

// TestSeasonRangeKeepsItsEvenings: a season's evenings are dated inside its range
// (RULES.md 8): an edit moving the range away from one of them is refused, the problem
// next to the date that excludes it, and nothing saved.
func TestSeasonRangeKeepsItsEvenings(t *testing.T) {
	f := newEvening(t, 3, nil) // dated 2026-11-20
	seasons := &tournament.Seasons{Store: f.db, Tournaments: f.svc}
	se, err := seasons.Create(f.ctx, season.Season{Name: "S", From: "2026-01-01", To: "2026-12-31",
		Settings: season.Defaults(), Tournaments: []int64{f.tid}})
	require.NoError(t, err)
	edit := *se
	edit.To = "2026-10-31"
	_, err = seasons.Update(f.ctx, se.ID, edit)
	assert.Equal(t, "season.err.out_of_range", fieldKey(err, "to"))
	edit.From, edit.To = "2026-11-21", "2027-06-30"
	_, err = seasons.Update(f.ctx, se.ID, edit)
	assert.Equal(t, "season.err.out_of_range", fieldKey(err, "from"))
	got, err := seasons.Get(f.ctx, se.ID)
	require.NoError(t, err)
	assert.Equal(t, se.Version, got.Version, "nothing saved")
	edit.From, edit.To = "2026-11-01", "2026-11-30"
	_, err = seasons.Update(f.ctx, se.ID, edit)
	assert.NoError(t, err, "a narrower range still covering it")
}

// TestTwoSeasonImportsAtOnce: two documents whose players carry the same card numbers,
// new here, imported into seasons at the same moment: the players are matched outside
// the write, so both imports find no holder and both register the cards. Neither may
// fail with an internal error: each either imports (sharing the players) or is refused
// with a conflict to send again; the registry keeps one player per card.
func TestTwoSeasonImportsAtOnce(t *testing.T) {
	src := newEvening(t, 3, nil)
	for i, e := range src.state(t).Entries {
		p, err := src.db.FindPlayer(src.ctx, e.Members[0].PlayerID)
		require.NoError(t, err)
		p.CardNumber = fmt.Sprintf("FIBUR%03d", i+1)
		require.NoError(t, src.db.UpdatePlayer(src.ctx, p))
	}
	doc, err := src.db.Export(src.ctx, src.tid)
	require.NoError(t, err)
	raw, err := json.Marshal(doc)
	require.NoError(t, err)

	dst := newEvening(t, 0, nil)
	seasons := &tournament.Seasons{Store: dst.db, Tournaments: dst.svc}
	var sids []int64
	for i := range 2 {
		se, err := seasons.Create(dst.ctx, season.Season{Name: fmt.Sprintf("S%d", i), From: "2026-01-01", To: "2026-12-31", Settings: season.Defaults()})
		require.NoError(t, err)
		sids = append(sids, se.ID)
	}
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Go(func() { _, errs[i] = seasons.ImportInto(context.Background(), sids[i], raw, "anna") })
	}
	wg.Wait()
	t.Logf("the two imports: %v", errs)
	for i, err := range errs {
		if err != nil {
			_, ok := tournament.AsError(err)
			assert.True(t, ok, "import %d: a refusal, not an internal error: %v", i, err)
			assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err), "import %d", i)
		}
	}
	for i := range 3 {
		id, err := dst.db.CardHolder(dst.ctx, fmt.Sprintf("FIBUR%03d", i+1))
		require.NoError(t, err)
		assert.NotZero(t, id)
	}
}

// TestSeasonCountsAnEveningOnceWhateverTheWay: a tournament imported into a season as a
// copy, then its original added to the season (or both given when a season is
// created), is refused as a second import is: the evening would count twice (it did).
func TestSeasonCountsAnEveningOnceWhateverTheWay(t *testing.T) {
	f := newEvening(t, 3, nil)
	doc, err := f.db.Export(f.ctx, f.tid)
	require.NoError(t, err)
	raw, err := json.Marshal(doc)
	require.NoError(t, err)
	seasons := &tournament.Seasons{Store: f.db, Tournaments: f.svc}
	se, err := seasons.Create(f.ctx, season.Season{Name: "S", From: "2026-01-01", To: "2026-12-31", Settings: season.Defaults()})
	require.NoError(t, err)
	imported, err := seasons.ImportInto(f.ctx, se.ID, raw, "anna")
	require.NoError(t, err)
	err = f.db.SetSeasonTournament(f.ctx, se.ID, f.tid, true)
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err), "the original after its copy: %v", err)
	got, err := f.db.Season(f.ctx, se.ID)
	require.NoError(t, err)
	assert.Len(t, got.Tournaments, 1)

	both := season.Season{Name: "T", From: "2026-01-01", To: "2026-12-31", Settings: season.Defaults(), Tournaments: []int64{f.tid, imported.Tournament.ID}}
	err = f.db.CreateSeason(f.ctx, &both)
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err), "both at once: %v", err)
}
