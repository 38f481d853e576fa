package db_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/tournament"
	"burraco/tournament/formattest"
)

// letters spells n in letters (names take no digits): 0 → "a", 27 → "bb".
func letters(n int) string {
	var b []byte
	for {
		b = append(b, byte('a'+n%26))
		n /= 26
		if n == 0 {
			break
		}
	}
	return string(b)
}

// pairsCSV is a pair import of rows lines: the first member of each pair a registered
// player (registered[i]), the second a new one.
func pairsCSV(registered []tournament.Player, rows int) []byte {
	var b bytes.Buffer
	b.WriteString("last_name_1;first_name_1;card_number_1;last_name_2;first_name_2;card_number_2\n")
	for i := range rows {
		p := registered[i]
		fmt.Fprintf(&b, "%s;%s;%s;Nuovo;N%s;\n", p.LastName, p.FirstName, p.CardNumber, letters(i))
	}
	return b.Bytes()
}

// registerPlayers registers n players (every other one with a card number).
func registerPlayers(t testing.TB, d *db.DB, n int) []tournament.Player {
	ps := make([]tournament.Player, n)
	for i := range ps {
		ps[i] = tournament.Player{FirstName: "R" + letters(i), LastName: "Registrato", Active: true}
		if i%2 == 0 {
			ps[i].CardNumber = fmt.Sprintf("RG%06d", i)
		}
		ps[i].Normalize()
	}
	require.NoError(t, d.CreatePlayers(context.Background(), ps))
	all, err := d.AllPlayers(context.Background())
	require.NoError(t, err)
	return all
}

// TestImportHoldsTheWriteLockBriefly imports 10,000 pairs (10,000 registered players
// matched, 10,000 new ones registered) while score sheets of another tournament are
// saved without pause, and fails if any write transaction held the write lock longer
// than 50 ms, as the store's own timing of its transactions says (db.WriteHolds: from
// BEGIN IMMEDIATE acquired to COMMIT). The saves go on during the import and the import
// is whole: every pair entered, every new player registered, once.
//
// It times the machine, so only CI's quiet, dedicated step runs it (BURRACO_TIMED=1,
// set by .ci/run): the README's test command must pass on a busy machine.
func TestImportHoldsTheWriteLockBriefly(t *testing.T) {
	if os.Getenv("BURRACO_TIMED") == "" {
		t.Skip("a timed check: run with BURRACO_TIMED=1 (CI's dedicated step does)")
	}
	if testing.Short() {
		t.Skip("a 10,000-row import: skipped in -short")
	}
	if raceDetector {
		t.Skip("lock-hold timings are taken without the race detector, which slows every transaction several times (.ci/run runs this test on its own first)")
	}
	const limit = 50 * time.Millisecond
	// A single write transaction descheduled for a moment on a loaded machine holds the
	// lock past 50 ms whatever the app does: up to three imports, each on a fresh
	// database, and the best one counts. A transaction that is long by design (the whole
	// import in one, as before the chunks: 7–10 s) fails all three.
	var h, floor db.Holds
	var took time.Duration
	for attempt := 1; attempt <= 3; attempt++ {
		h, floor, took = importUnderSaves(t)
		if h.Longest < limit {
			break
		}
	}
	if h.Longest >= limit && floor.Longest >= limit && !dbtest.CI() {
		// Too loaded a machine to time a 50 ms hold: saves alone held longer. Still, no
		// transaction held it for the import's whole length (7–10 s before the chunks).
		assert.Less(t, h.Longest, took/2, "a write transaction held the write lock for %v (%d statements)", h.Longest, h.Statements)
		t.Skipf("the machine's noise is over the limit: saves alone held the write lock up to %v", floor.Longest)
	}
	assert.Less(t, h.Longest, limit, "a write transaction held the write lock for %v (%d statements)", h.Longest, h.Statements)
}

// importUnderSaves imports 10,000 pairs into a fresh database while two clients save
// sheets, and checks the import is whole; it returns the write transactions' holds
// during the import, those of the saves alone just before (the floor), and the import's
// time.
func importUnderSaves(t *testing.T) (h, floor db.Holds, took time.Duration) {
	const rows = 10000
	evening := newEvening(t, 48, nil)
	d := evening.db
	_, err := evening.svc.Draw(evening.ctx, evening.tid, tournament.DrawOptions{Seed: 1}, "anna")
	require.NoError(t, err)

	ctx := context.Background()
	tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), formattest.Name)
	require.NoError(t, err)
	tr.Name = "Coppie"
	require.NoError(t, evening.svc.Create(ctx, &tr, &stage, "anna"))
	registered := registerPlayers(t, d, rows)
	file := pairsCSV(registered, rows)

	// save saves sheets from 2 clients until stop is closed.
	var saves atomic.Int64
	save := func(stop chan struct{}) (wait func()) {
		var wg sync.WaitGroup
		errs := make(chan error, 2)
		for w := range 2 {
			wg.Go(func() {
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					sh := sheetOf(3, 300+5*(i%20), 100, 0)
					if _, err := evening.svc.SaveSheet(ctx, evening.tid, 1, 1+w, sh, "anna"); err != nil {
						errs <- err
						return
					}
					saves.Add(1)
				}
			})
		}
		return func() {
			wg.Wait()
			close(errs)
			for err := range errs {
				require.NoError(t, err, "a save")
			}
		}
	}
	// The floor, in the same run: the longest hold of saves alone, for as long as the
	// import will take (about a second). It is the machine's noise (a writer's thread
	// not scheduled while it holds the lock), not the app's design.
	d.ResetWriteHolds()
	stop := make(chan struct{})
	wait := save(stop)
	time.Sleep(time.Second)
	close(stop)
	wait()
	floor = d.WriteHolds()

	d.ResetWriteHolds()
	saves.Store(0)
	stop = make(chan struct{})
	wait = save(stop)
	start := time.Now()
	pi, err := evening.svc.ImportPairs(ctx, tr.ID, bytes.NewReader(file), true, "anna")
	took = time.Since(start)
	close(stop)
	wait()
	require.NoError(t, err)
	assert.Equal(t, rows, pi.Entered)
	assert.Equal(t, rows, pi.Registered)

	h = d.WriteHolds()
	t.Logf("postgres %v: import of %d pairs: %v; %d write transactions, longest hold %v (%d statements), %d saves meanwhile; "+
		"floor: saves alone held up to %v (%d saves)", d.Postgres(), rows, took, h.Count, h.Longest, h.Statements, saves.Load(),
		floor.Longest, floor.Count)
	assert.Positive(t, saves.Load(), "no sheet saved during the import")

	// Whole and once: every pair entered, each new player registered once.
	st, err := evening.svc.Load(ctx, tr.ID)
	require.NoError(t, err)
	assert.Len(t, st.Entries, rows)
	all, err := d.AllPlayers(ctx)
	require.NoError(t, err)
	assert.Len(t, all, 48+2*rows)
	news := 0
	for _, p := range all {
		if p.LastName == "Nuovo" {
			news++
		}
	}
	assert.Equal(t, rows, news)
	assert.True(t, strings.HasPrefix(st.Entries[0].Name, "Registrato"), st.Entries[0].Name)
	return h, floor, took
}
