package db_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/formattest"
	"burraco/tournament/individual4"
	"burraco/tournament/season"
)

// A side of several entries and tables grouped into matches (issue 23), through the
// store on SQLite and PostgreSQL: what a round with partners, pairs and matches writes
// reads back the same from every reader (the whole stage, a round, a table, a command's
// table and round), a seat change and a re-seat carry them, an entry sits once in a
// round as a partner too, and the tournament document carries them both ways.

// partnersFixture is a 2-sided tournament of 10 single players, entered and present.
func partnersFixture(t *testing.T) (*fixture, []int64, string) {
	t.Helper()
	d, path := open(t)
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: d, Players: d}
	tr, stage, err := tournament.New(time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), formattest.Name)
	require.NoError(t, err)
	tr.Name = "Quattro al tavolo"
	s := stage.Settings.(formattest.Settings)
	s.Sides = "individual"
	stage.Settings = s
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	var ids []int64
	for i := 1; i <= 10; i++ {
		p := &tournament.Player{FirstName: fmt.Sprintf("Q%02d", i), LastName: "Test", Active: true}
		require.NoError(t, d.CreatePlayer(ctx, p))
		e, err := svc.AddPlayer(ctx, tr.ID, p.ID, "anna")
		require.NoError(t, err)
		ids = append(ids, e.ID)
	}
	_, err = svc.MarkAllPresent(ctx, tr.ID, "anna")
	require.NoError(t, err)
	return &fixture{ctx, svc, tr.ID, d}, ids, path
}

// seatedRound is round n: two tables of one match, two entries a side, side 1 playing
// as pair 1 and side 2 as pair 2; the last two entries have a bye.
func seatedRound(n int, e []int64) tournament.Round {
	return tournament.Round{Number: n, Seed: int64(n), DrawnAt: time.Date(2026, 11, 24, 21, 0, 0, 0, time.UTC), Tables: []tournament.Table{
		{Number: 1, Match: 1, Sides: []tournament.Side{{Position: 1, EntryID: e[0], Partners: []int64{e[1]}, Pair: 1}, {Position: 2, EntryID: e[2], Partners: []int64{e[3]}, Pair: 2}}},
		{Number: 2, Match: 1, Sides: []tournament.Side{{Position: 1, EntryID: e[4], Partners: []int64{e[5]}, Pair: 1}, {Position: 2, EntryID: e[6], Partners: []int64{e[7]}, Pair: 2}}},
	}, Byes: []tournament.Bye{{EntryID: e[8]}, {EntryID: e[9]}}}
}

// seats are a round's tables as numbers, sides, partners, pairs and matches only.
func seats(r *tournament.Round) []tournament.Table {
	var out []tournament.Table
	for _, tb := range r.Tables {
		out = append(out, tournament.Table{Number: tb.Number, Match: tb.Match, Sides: tb.Sides})
	}
	return out
}

// stored reads the tournament from the store itself: the writes here go round the
// service, whose cache follows the log.
func stored(t *testing.T, f *fixture) *tournament.State {
	t.Helper()
	st, err := f.db.Load(f.ctx, f.tid)
	require.NoError(t, err)
	return st
}

func addRound(f *fixture, r *tournament.Round) error {
	return f.db.Update(f.ctx, f.tid, func(tx tournament.Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		return tx.AddRound(st.Stage.ID, r, nil)
	})
}

func TestPartnersPairsAndMatchesRoundTrip(t *testing.T) {
	f, e, _ := partnersFixture(t)
	r := seatedRound(1, e)
	want := seats(&r)
	require.NoError(t, addRound(f, &r))

	// The whole stage, in one pass.
	st := stored(t, f)
	require.Len(t, st.Rounds, 1)
	assert.Equal(t, want, seats(&st.Rounds[0]))
	assert.Equal(t, []int64{e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8], e[9]}, st.Rounds[0].People())

	// A round alone.
	_, lr, err := f.db.LoadRound(f.ctx, f.tid, 1)
	require.NoError(t, err)
	assert.Equal(t, want, seats(lr))

	// A table alone: one entry a side, and everyone seated.
	ts, err := f.db.LoadTable(f.ctx, f.tid, 1, 2)
	require.NoError(t, err)
	assert.Equal(t, want[1], tournament.Table{Number: ts.Table.Number, Match: ts.Table.Match, Sides: ts.Table.Sides})
	ids := func(es []tournament.Entry) []int64 {
		var out []int64
		for _, x := range es {
			out = append(out, x.ID)
		}
		return out
	}
	assert.Equal(t, []int64{e[4], e[6]}, ids(ts.Entries), "the entry each side scores for")
	assert.Equal(t, []int64{e[4], e[5], e[6], e[7]}, ids(ts.People), "everyone at the table")

	// A command's reads.
	require.NoError(t, f.db.Update(f.ctx, f.tid, func(tx tournament.Tx) error {
		stage, err := tx.Stage()
		if err != nil {
			return err
		}
		cr, tb, err := tx.Table(stage.ID, 1, 1)
		if err != nil {
			return err
		}
		assert.Equal(t, 1, cr.Number)
		assert.Equal(t, want[0], tournament.Table{Number: tb.Number, Match: tb.Match, Sides: tb.Sides})
		es, err := tx.TableEntries(tb)
		if err != nil {
			return err
		}
		assert.Equal(t, []int64{e[0], e[1], e[2], e[3]}, ids(es))
		rr, err := tx.Round(stage.ID, 1)
		if err != nil {
			return err
		}
		assert.Equal(t, want, seats(rr))
		return nil
	}))

	// A seat change at table 2: partners swap sides, the pairs change too.
	require.NoError(t, f.db.Update(f.ctx, f.tid, func(tx tournament.Tx) error {
		stage, err := tx.Stage()
		if err != nil {
			return err
		}
		cr, tb, err := tx.Table(stage.ID, 1, 2)
		if err != nil {
			return err
		}
		tb.Sides = []tournament.Side{{Position: 1, EntryID: e[4], Partners: []int64{e[7]}, Pair: 2}, {Position: 2, EntryID: e[6], Partners: []int64{e[5]}, Pair: 1}}
		return tx.SetSides(cr, tb)
	}))
	want[1].Sides = []tournament.Side{{Position: 1, EntryID: e[4], Partners: []int64{e[7]}, Pair: 2}, {Position: 2, EntryID: e[6], Partners: []int64{e[5]}, Pair: 1}}
	assert.Equal(t, want, seats(&stored(t, f).Rounds[0]))

	// A re-seat: the tables are matches of their own now, a bye comes to table 1.
	require.NoError(t, f.db.Update(f.ctx, f.tid, func(tx tournament.Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		r := st.Rounds[0]
		r.Tables[0].Match, r.Tables[1].Match = 0, 0
		r.Tables[0].Sides[0].Partners = []int64{e[8]}
		r.Byes = []tournament.Bye{{EntryID: e[1]}, {EntryID: e[9]}}
		return tx.ReplaceSeats(&r)
	}))
	want[0].Match, want[1].Match = 0, 0
	want[0].Sides[0].Partners = []int64{e[8]}
	st = stored(t, f)
	assert.Equal(t, want, seats(&st.Rounds[0]))
	assert.Equal(t, []tournament.Bye{{EntryID: e[1]}, {EntryID: e[9]}}, st.Rounds[0].Byes)

	// An entry sits once in a round, as a partner too.
	twice := seatedRound(2, e)
	twice.Tables[1].Sides[1].Partners = []int64{e[1]}
	assert.Equal(t, "error.conflict", keyOf(addRound(f, &twice)), "e[1] a partner at two tables")

	// A sheet saved keeps the seats, and the document carries everything both ways.
	gt := func(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.TotalOnly, Total: n} }
	var sh tournament.Sheet
	for range st.Stage.HandsPerRound() {
		sh.Hands = append(sh.Hands, []*scoring.Hand{gt(400), gt(150)})
	}
	_, err = f.svc.SaveSheet(f.ctx, f.tid, 1, 1, sh, "anna")
	require.NoError(t, err)
	r2 := seatedRound(2, e)
	require.NoError(t, addRound(f, &r2))
	st = stored(t, f)
	assert.Equal(t, want, seats(&st.Rounds[0]))
	assert.Equal(t, seats(&r2), seats(&st.Rounds[1]))

	doc, err := f.svc.Export(f.ctx, f.tid)
	require.NoError(t, err)
	raw, err := json.Marshal(doc)
	require.NoError(t, err)
	var shape struct {
		Stages []struct {
			Rounds []struct {
				Tables []struct {
					Match int `json:"match"`
					Sides []struct {
						Partners []int64 `json:"partners"`
						Pair     int     `json:"pair"`
					} `json:"sides"`
				} `json:"tables"`
			} `json:"rounds"`
		} `json:"stages"`
	}
	require.NoError(t, json.Unmarshal(raw, &shape))
	t2 := shape.Stages[0].Rounds[1].Tables[1]
	assert.Equal(t, 1, t2.Match, "the document names the match")
	assert.Equal(t, []int64{e[7]}, t2.Sides[1].Partners, "and the partners")
	assert.Equal(t, 2, t2.Sides[1].Pair, "and the pair")

	d2, _ := open(t)
	svc2 := &tournament.Tournaments{Store: d2, Players: d2}
	_, err = svc2.Import(f.ctx, raw)
	require.NoError(t, err)
	st2, err := d2.Load(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, st, st2, "the state, imported")
	doc2, err := svc2.Export(f.ctx, f.tid)
	require.NoError(t, err)
	raw2, err := json.Marshal(doc2)
	require.NoError(t, err)
	assert.JSONEq(t, string(raw), string(raw2))

	// The import refuses a partner who is no entry of the document, a pair other than
	// 0-2 and a match past the round's tables.
	for _, c := range []struct {
		edit  func(*tournament.Document)
		field string
		key   string
	}{
		{func(d *tournament.Document) { d.Stages[0].Rounds[1].Tables[0].Sides[0].Partners = []int64{999} },
			"stages[0].rounds[1].tables[0].sides[0].partners[0]", "import.unknown_entry"},
		{func(d *tournament.Document) { d.Stages[0].Rounds[1].Tables[0].Sides[1].Pair = 3 },
			"stages[0].rounds[1].tables[0].sides[1].pair", "import.side_pair"},
		{func(d *tournament.Document) { d.Stages[0].Rounds[1].Tables[1].Match = 3 },
			"stages[0].rounds[1].tables[1].match", "import.table_match"},
	} {
		var bad tournament.Document
		require.NoError(t, json.Unmarshal(raw, &bad))
		bad.Tournament.ID = 0
		c.edit(&bad)
		b, err := json.Marshal(bad)
		require.NoError(t, err)
		d3, _ := open(t)
		_, err = (&tournament.Tournaments{Store: d3, Players: d3}).Import(f.ctx, b)
		e, ok := tournament.AsError(err)
		require.True(t, ok, "%v", err)
		assert.Equal(t, c.key, e.Fields[c.field], "%s in %v", c.field, e.Fields)
	}

	// Undoing round 2's draw takes its partners away with it.
	require.NoError(t, f.svc.UndoDraw(f.ctx, f.tid, 2, "anna"))
	again := seatedRound(2, e)
	require.NoError(t, addRound(f, &again), "the partners' rows went with the round")
	assert.Equal(t, seats(&r2), seats(&stored(t, f).Rounds[1]))
}

// TestCopyCarriesPartners: the copy from SQLite to PostgreSQL carries a round's
// partners, pairs and matches (the copy knows no column by name).
func TestCopyCarriesPartners(t *testing.T) {
	copyTest(t)
	f, e, path := partnersFixture(t) // SQLite: this is the first pass
	r := seatedRound(1, e)
	require.NoError(t, addRound(f, &r))
	want := stored(t, f)
	require.NoError(t, f.db.Close())
	dsn := dbtest.Schema(t)
	_, err := db.CopyFile(f.ctx, path, dsn)
	require.NoError(t, err)
	pg, err := db.Open(dsn)
	require.NoError(t, err)
	defer pg.Close()
	got, err := pg.Load(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Equal(t, seats(&want.Rounds[0]), seats(&got.Rounds[0]))
	assert.Equal(t, want.Rounds[0].Byes, got.Rounds[0].Byes)
}

// TestSeasonImportCopyRenumbersPartners: a tournament copied into a season (its
// entries numbered anew) keeps who partnered whom.
func TestSeasonImportCopyRenumbersPartners(t *testing.T) {
	f, e, _ := partnersFixture(t)
	r := seatedRound(1, e)
	require.NoError(t, addRound(f, &r))
	doc, err := f.db.Export(f.ctx, f.tid)
	require.NoError(t, err)
	s := &season.Season{Name: "S", From: "2026-01-01", To: "2026-12-31", Settings: season.Defaults()}
	require.NoError(t, f.db.CreateSeason(f.ctx, s))
	tid, _, err := f.db.ImportCopy(f.ctx, doc, s.ID)
	require.NoError(t, err)
	b, err := f.db.Load(f.ctx, tid)
	require.NoError(t, err)
	a := stored(t, f)
	ids := map[int64]int64{} // the copy's entry of each original, by their players
	for _, x := range a.Entries {
		for _, y := range b.Entries {
			if x.Members[0].PlayerID == y.Members[0].PlayerID {
				ids[x.ID] = y.ID
			}
		}
	}
	want := seats(&a.Rounds[0])
	for ti := range want {
		want[ti].Sides = slices.Clone(want[ti].Sides)
		for si := range want[ti].Sides {
			sd := &want[ti].Sides[si]
			sd.EntryID = ids[sd.EntryID]
			sd.Partners = []int64{ids[sd.Partners[0]]}
		}
	}
	assert.Equal(t, want, seats(&b.Rounds[0]))
	assert.NotEqual(t, seats(&a.Rounds[0]), seats(&b.Rounds[0]), "numbered anew")
}

// TestSeasonImportCopyRenumbersLineups: a teams tournament copied into a season keeps
// each team's line-up, under the team's new number.
func TestSeasonImportCopyRenumbersLineups(t *testing.T) {
	f := newTeams(t, 10)
	a, err := f.svc.AddTeam(f.ctx, f.tid, "Lupi", f.ids(1, 6), "anna")
	require.NoError(t, err)
	_, err = f.svc.AddTeam(f.ctx, f.tid, "Orsi", f.ids(7, 10), "anna")
	require.NoError(t, err)
	pairs := [2][2]int64{{f.id(5), f.id(6)}, {f.id(1), f.id(2)}}
	_, err = f.svc.SetLineup(f.ctx, f.tid, 1, a.ID, pairs, 0, "anna")
	require.NoError(t, err)
	doc, err := f.db.Export(f.ctx, f.tid)
	require.NoError(t, err)
	s := &season.Season{Name: "S", From: "2026-01-01", To: "2026-12-31", Settings: season.Defaults()}
	require.NoError(t, f.db.CreateSeason(f.ctx, s))
	tid, _, err := f.db.ImportCopy(f.ctx, doc, s.ID)
	require.NoError(t, err)
	b, err := f.db.Load(f.ctx, tid)
	require.NoError(t, err)
	var lupi int64
	for _, e := range b.Entries {
		if e.Name == "Lupi" {
			lupi = e.ID
		}
	}
	require.NotZero(t, lupi)
	assert.NotEqual(t, a.ID, lupi, "numbered anew")
	require.Len(t, b.Lineups, 1)
	assert.Equal(t, lupi, b.Lineups[0].EntryID)
	assert.Equal(t, b.Stage.ID, b.Lineups[0].StageID)
	assert.Equal(t, pairs, b.LineupOf(lupi, 1).Pairs)
}

// TestIndividual4EveningThroughTheStore: an individual evening at 4-player tables
// drawn, scored and drawn again through the SQL store: every round reads back as the
// format drew it (partners included), and the standings from a fresh read equal those
// of the state the service kept.
func TestIndividual4EveningThroughTheStore(t *testing.T) {
	d, _ := open(t)
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: d, Players: d}
	tr, stage, err := tournament.New(time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), individual4.Name)
	require.NoError(t, err)
	tr.Name = "Individuale"
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	for i := 1; i <= 9; i++ {
		p := &tournament.Player{FirstName: fmt.Sprintf("I%02d", i), LastName: "Test", Active: true}
		require.NoError(t, d.CreatePlayer(ctx, p))
		_, err := svc.AddPlayer(ctx, tr.ID, p.ID, "anna")
		require.NoError(t, err)
	}
	_, err = svc.MarkAllPresent(ctx, tr.ID, "anna")
	require.NoError(t, err)
	gt := func(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.GameTotal, Total: n} }
	for n := 1; n <= 2; n++ {
		r, err := svc.Draw(ctx, tr.ID, tournament.DrawOptions{Seed: int64(10 + n)}, "anna")
		require.NoError(t, err)
		require.Len(t, r.Tables, 2)
		for _, tb := range r.Tables {
			for _, sd := range tb.Sides {
				require.Len(t, sd.Partners, 1, "two players a side")
			}
		}
		st, err := d.Load(ctx, tr.ID)
		require.NoError(t, err)
		assert.Equal(t, seats(r), seats(&st.Rounds[n-1]), "round %d as drawn", n)
		for ti := range r.Tables {
			_, err := svc.SaveSheet(ctx, tr.ID, n, ti+1, tournament.Sheet{Hands: [][]*scoring.Hand{{gt(900 + 100*ti + 50*n), gt(400 - 30*ti)}}}, "anna")
			require.NoError(t, err)
		}
	}
	fresh, err := d.Load(ctx, tr.ID)
	require.NoError(t, err)
	kept, err := svc.Load(ctx, tr.ID)
	require.NoError(t, err)
	_, a := fresh.Format().Standings(fresh)
	_, b := kept.Format().Standings(kept)
	assert.Equal(t, a, b)
	require.Len(t, a, 9)
	played := 0
	for _, l := range a {
		played += l.Played
	}
	assert.Equal(t, 16, played, "eight players a round seated, two rounds")
}
