package db_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
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
	"burraco/tournament/season"
	"burraco/tournament/threeplayer"
)

// regenV15 remakes testdata/v15.db and testdata/v15_golden.json:
//
//	go test ./db -run TestMakeV15Fixture -args -regen-v15
//
// The club is built with the services and the store of this release, then the schema
// is taken back to migration 15 (db.DowngradeTo15, which refuses data that schema
// cannot hold), so the file is what a release at migration 15 would have written.
var regenV15 = flag.Bool("regen-v15", false, "remake testdata/v15.db and its golden file")

const (
	v15Fixture = "testdata/v15.db"
	v15Golden  = "testdata/v15_golden.json"
)

// v15Club is what the upgrade test compares: every stage of every tournament as
// loaded, its standings, the table codes of every round, the seasons' standings and
// the registry.
type v15Club struct {
	Players     []tournament.Player `json:"players"`
	Tournaments []v15Tournament     `json:"tournaments"`
	Seasons     []v15Season         `json:"seasons"`
}

type v15Tournament struct {
	ID     int64                    `json:"id"`
	Stages []v15Stage               `json:"stages"`
	Codes  [][]tournament.TableCode `json:"codes"` // by round of the current stage
}

type v15Stage struct {
	State     *tournament.State     `json:"state"`
	Standings []tournament.Standing `json:"standings"`
}

type v15Season struct {
	ID    int64             `json:"id"`
	Lines []season.Standing `json:"lines"`
}

// readClub reads everything v15Club holds from d.
func readClub(t *testing.T, d *db.DB) *v15Club {
	t.Helper()
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: d, Players: d}
	seasons := &tournament.Seasons{Store: d, Tournaments: svc}
	var c v15Club
	var err error
	c.Players, err = d.AllPlayers(ctx)
	require.NoError(t, err)
	ts, err := svc.List(ctx)
	require.NoError(t, err)
	for i := len(ts) - 1; i >= 0; i-- {
		cur, err := svc.Load(ctx, ts[i].ID)
		require.NoError(t, err)
		vt := v15Tournament{ID: ts[i].ID}
		for seq := 1; seq <= cur.Stage.Seq; seq++ {
			st, err := d.LoadStage(ctx, ts[i].ID, seq)
			require.NoError(t, err)
			_, lines := st.Format().Standings(st)
			vt.Stages = append(vt.Stages, v15Stage{State: st, Standings: lines})
		}
		for _, r := range cur.Rounds {
			codes, err := svc.TableCodes(ctx, ts[i].ID, r.Number)
			require.NoError(t, err)
			vt.Codes = append(vt.Codes, codes)
		}
		c.Tournaments = append(c.Tournaments, vt)
	}
	ss, err := seasons.List(ctx)
	require.NoError(t, err)
	for _, se := range ss {
		st, err := seasons.Standings(ctx, se.ID)
		require.NoError(t, err)
		c.Seasons = append(c.Seasons, v15Season{ID: se.ID, Lines: st.Lines})
	}
	return &c
}

// clubJSON is c as the golden file holds it.
func clubJSON(t *testing.T, c *v15Club) []byte {
	t.Helper()
	b, err := json.MarshalIndent(c, "", " ")
	require.NoError(t, err)
	return append(b, '\n')
}

// TestMakeV15Fixture builds the club of testdata/v15.db (only with -regen-v15).
func TestMakeV15Fixture(t *testing.T) {
	if !*regenV15 || dbtest.OnPostgres() {
		t.Skip("remakes the v15 fixture: -args -regen-v15")
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v15.db")
	d, err := db.Open(path)
	require.NoError(t, err)
	svc := &tournament.Tournaments{Store: d, Players: d}
	buildClub(t, ctx, d, svc)
	golden := clubJSON(t, readClub(t, d))
	require.NoError(t, d.Close())
	require.NoError(t, db.DowngradeTo15(ctx, path))
	d, err = db.OpenAt(path, 15)
	require.NoError(t, err)
	v, err := d.SchemaVersion(ctx)
	require.NoError(t, err)
	require.Equal(t, 15, v)
	require.NoError(t, d.Close())
	copyFile(t, path, v15Fixture)
	require.NoError(t, os.WriteFile(v15Golden, golden, 0o644))
}

// buildClub fills a club's database: a registry, a 3-player evening with reporting
// codes and a sit-out, a Danish pairs evening (a bye every round, a time-out) that
// feeds a knockout, and a season counting both evenings.
func buildClub(t *testing.T, ctx context.Context, d *db.DB, svc *tournament.Tournaments) {
	first := []string{"Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Luca", "Marta", "Nicola", "Olga", "Paolo",
		"Rita", "Sergio", "Teresa", "Ugo", "Vera", "Walter", "Zoe", "Alberto", "Bianca", "Cesare", "Dora", "Enzo"}
	last := []string{"Rossi", "Bianchi", "Colombo", "D'Angelo", "Esposito", "Ferrari", "Gallo", "Lombardi", "Marino", "Neri", "Orlando", "Pellegrini",
		"Ricci", "Santoro", "Testa", "Urso", "Villa", "Zanetti", "Amato", "Barbieri", "Caruso", "De Luca", "Fontana", "Greco"}
	var players []tournament.Player
	for i := range first {
		p := tournament.Player{FirstName: first[i], LastName: last[i], Club: []string{"Circolo Ponte", "Burraco Riva", ""}[i%3], Active: true}
		if i%4 == 0 {
			p.CardNumber = fmt.Sprintf("FIBUR%06d", 4100+i*37)
		}
		require.NoError(t, d.CreatePlayer(ctx, &p))
		players = append(players, p)
	}
	total := func(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.TotalOnly, Total: n} }
	gt := func(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.GameTotal, Total: n} }

	// The 3-player evening: 10 players, one sits out each game, reporting on.
	tr, stage, err := tournament.New(time.Date(2026, 11, 10, 0, 0, 0, 0, time.UTC), threeplayer.Name)
	require.NoError(t, err)
	tr.Name, tr.Venue = "Martedì a tre", "Circolo Ponte"
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	for _, p := range players[:10] {
		_, err := svc.AddPlayer(ctx, tr.ID, p.ID, "anna")
		require.NoError(t, err)
	}
	_, err = svc.MarkAllPresent(ctx, tr.ID, "anna")
	require.NoError(t, err)
	_, err = svc.SetReportSettings(ctx, tr.ID, tournament.ReportSettings{Reporting: true, PIN: tournament.PINRandom}, "anna")
	require.NoError(t, err)
	games := stage.Settings.(threeplayer.Settings).Games
	for g := 1; g <= games; g++ {
		r, err := svc.Draw(ctx, tr.ID, tournament.DrawOptions{Seed: int64(100 + g)}, "anna")
		require.NoError(t, err)
		if g == games {
			break // the last game is drawn, its first table entered
		}
		for ti := range r.Tables {
			var sh tournament.Sheet
			for range stage.HandsPerRound() {
				sh.Hands = append(sh.Hands, []*scoring.Hand{total(300 + 15*ti + 35*g), total(110 - 20*ti), total(-90 + 5*g)})
			}
			_, err := svc.SaveSheet(ctx, tr.ID, g, ti+1, sh, "anna")
			require.NoError(t, err)
		}
	}
	var sh tournament.Sheet
	for range stage.HandsPerRound() {
		sh.Hands = append(sh.Hands, []*scoring.Hand{total(250), total(-40), total(130)})
	}
	_, err = svc.SaveSheet(ctx, tr.ID, games, 1, sh, "anna")
	require.NoError(t, err)

	// The Danish pairs evening: 9 pairs (a bye each round), 3 rounds, a time-out, then a
	// knockout of the best 4.
	tr2, stage2, err := tournament.New(time.Date(2026, 11, 17, 0, 0, 0, 0, time.UTC), danish.Name)
	require.NoError(t, err)
	tr2.Name, tr2.Venue = "Danese a coppie", "Burraco Riva"
	s := stage2.Settings.(danish.Settings)
	s.Count = 3
	stage2.Settings, stage2.Qualifiers = s, 4
	require.NoError(t, svc.Create(ctx, &tr2, &stage2, "anna"))
	for i := 6; i < 24; i += 2 {
		_, err := svc.AddPair(ctx, tr2.ID, players[i].ID, players[i+1].ID, "anna")
		require.NoError(t, err)
	}
	_, err = svc.MarkAllPresent(ctx, tr2.ID, "anna")
	require.NoError(t, err)
	for n := 1; n <= 3; n++ {
		r, err := svc.Draw(ctx, tr2.ID, tournament.DrawOptions{Seed: int64(200 + n)}, "anna")
		require.NoError(t, err)
		for ti := range r.Tables {
			sh := tournament.Sheet{Hands: [][]*scoring.Hand{{gt(1400 + 85*ti + 30*n), gt(600 - 45*ti + 20*n)}}}
			if n == 2 && ti == 1 {
				sh.Outcome = &tournament.Outcome{Kind: tournament.OutcomeTimeout, Side: 2}
			}
			_, err := svc.SaveSheet(ctx, tr2.ID, n, ti+1, sh, "anna")
			require.NoError(t, err, "round %d table %d", n, ti+1)
		}
	}
	_, err = svc.StartStage(ctx, tr2.ID, knockout.Name, "anna")
	require.NoError(t, err)
	_, err = svc.Draw(ctx, tr2.ID, tournament.DrawOptions{Seed: 301}, "anna")
	require.NoError(t, err)
	match := func(n, table, a, b int) {
		sh := tournament.Sheet{Hands: [][]*scoring.Hand{{total(a), total(b)}, {total(120), total(60)}, {total(-30), total(45)}}}
		_, err := svc.SaveSheet(ctx, tr2.ID, n, table, sh, "anna")
		require.NoError(t, err)
	}
	match(1, 1, 700, 300)
	match(1, 2, 200, 650)
	_, err = svc.Draw(ctx, tr2.ID, tournament.DrawOptions{}, "anna")
	require.NoError(t, err)

	// The season of both evenings.
	seasons := &tournament.Seasons{Store: d, Tournaments: svc}
	se := season.Season{Name: "Campionato sociale 2026", From: "2026-09-01", To: "2026-12-31", Settings: season.Defaults()}
	created, err := seasons.Create(ctx, se)
	require.NoError(t, err)
	_, err = seasons.AddTournament(ctx, created.ID, tr.ID)
	require.NoError(t, err)
	_, err = seasons.AddTournament(ctx, created.ID, tr2.ID)
	require.NoError(t, err)
}

var jsonTime = regexp.MustCompile(`"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z"`)

// toMicroseconds truncates the times of a JSON text to the microsecond.
func toMicroseconds(b []byte) []byte {
	return jsonTime.ReplaceAllFunc(b, func(q []byte) []byte {
		tm, err := time.Parse(time.RFC3339Nano, string(q[1:len(q)-1]))
		if err != nil {
			return q
		}
		return []byte(`"` + tm.Truncate(time.Microsecond).Format(time.RFC3339Nano) + `"`)
	})
}

// TestUpgradeFromV15 migrates testdata/v15.db, a club's database at migration 15 (see
// regenV15), to this release's schema and reads everything back as it read before:
// every stage of every tournament, their standings, the table codes, the season's
// standings, the registry. On PostgreSQL the same file is first copied into a schema at
// migration 15 (the copy path), which is then migrated.
func TestUpgradeFromV15(t *testing.T) {
	ctx := context.Background()
	want, err := os.ReadFile(v15Golden)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "v15.db")
	copyFile(t, v15Fixture, path)

	var d *db.DB
	if dbtest.OnPostgres() {
		src, err := db.OpenAt(path, 15)
		require.NoError(t, err)
		dsn := dbtest.Schema(t)
		dst, err := db.OpenAt(dsn, 15)
		require.NoError(t, err)
		_, err = db.Copy(ctx, src, dst)
		require.NoError(t, err)
		require.NoError(t, src.Close())
		require.NoError(t, dst.Close())
		d, err = db.Open(dsn)
		require.NoError(t, err)
	} else {
		d, err = db.Open(path)
		require.NoError(t, err)
	}
	defer d.Close()
	applied, err := d.AppliedMigrations(ctx)
	require.NoError(t, err)
	require.Equal(t, db.LatestMigration(), applied[len(applied)-1], "migrated to the latest")

	got := clubJSON(t, readClub(t, d))
	if dbtest.OnPostgres() {
		// PostgreSQL keeps times to the microsecond (a round's draw time is stored to the
		// nanosecond on SQLite): the copy's own loss, not the upgrade's.
		want = toMicroseconds(want)
	}
	require.JSONEq(t, string(want), string(got), "the club reads back as it did at migration 15")

	// The derived read (sides and hands aggregated per table) reads the migrated rows
	// (sides and hands written before seats, pairs and matches existed) as the full one.
	svc := &tournament.Tournaments{Store: d, Players: d}
	ts, err := svc.List(ctx)
	require.NoError(t, err)
	for _, tr := range ts {
		cur, err := d.Load(ctx, tr.ID)
		require.NoError(t, err)
		for seq := 1; seq <= cur.Stage.Seq; seq++ {
			full, err := d.LoadStage(ctx, tr.ID, seq)
			require.NoError(t, err)
			light, _, err := d.LoadStamped(ctx, tr.ID, seq)
			require.NoError(t, err)
			assert.Equal(t, scoresOf(full), light, "tournament %d stage %d", tr.ID, seq)
		}
	}

	// And it works on: the 3-player evening's last game is entered and its standings move.
	st, err := svc.Load(ctx, 1)
	require.NoError(t, err)
	last := st.Rounds[len(st.Rounds)-1]
	for _, tb := range last.Tables[1:] {
		var sh tournament.Sheet
		for range st.Stage.HandsPerRound() {
			sh.Hands = append(sh.Hands, []*scoring.Hand{{Form: scoring.TotalOnly, Total: 200}, {Form: scoring.TotalOnly, Total: 0}, {Form: scoring.TotalOnly, Total: -50}})
		}
		_, err := svc.SaveSheet(ctx, 1, last.Number, tb.Number, sh, "anna")
		require.NoError(t, err)
	}
	st, err = svc.Load(ctx, 1)
	require.NoError(t, err)
	require.True(t, st.Complete(&st.Rounds[len(st.Rounds)-1]))
	assertOneClub(t, d)
}
