package db_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	gosync "sync"
	"testing"
	"time"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/tournament"
	tsync "burraco/tournament/sync"
)

// BenchmarkHubIntake is issue 39's benchmark: 500 laptops of one club send 2,000
// evenings (a 3-player evening of the examples, each its own tournament uid) to the
// hub's intake on PostgreSQL, 16 at a time, each one checked whole (signature, shape,
// the import's rules) and recorded once; beside it, in the same run, a raw insert of the
// same 2,000 rows into the same table with database/sql, 16 at a time: the floor of the
// write alone. Reported: evenings a second and the p99 of one, for both.
func BenchmarkHubIntake(b *testing.B) {
	const laptops, evenings, workers = 500, 2000, 16
	dsn := dbtest.Schema(b)
	store, err := db.Open(dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	ctx := context.Background()
	keys := make([]tsync.KeyPair, laptops)
	for i := range keys {
		if keys[i], err = tsync.GenerateKey(); err != nil {
			b.Fatal(err)
		}
		if _, err := store.AddClubKey(ctx, 1, keys[i].Public, fmt.Sprintf("laptop %d", i)); err != nil {
			b.Fatal(err)
		}
	}
	raw, err := os.ReadFile("../docs/examples/results/threeplayer-631.json")
	if err != nil {
		b.Fatal(err)
	}
	var ex struct {
		Document json.RawMessage `json:"document"`
	}
	if err := json.Unmarshal(raw, &ex); err != nil {
		b.Fatal(err)
	}
	doc, err := tournament.ReadDocument(ex.Document)
	if err != nil {
		b.Fatal(err)
	}
	type sent struct {
		body []byte
		sig  string
		uid  string
	}
	all := make([]sent, evenings)
	for i := range all {
		uid, _ := tsync.NewUID()
		env, err := tsync.New("club", uid, 1, doc, time.Now())
		if err != nil {
			b.Fatal(err)
		}
		body, sig, err := keys[i%laptops].Seal(env)
		if err != nil {
			b.Fatal(err)
		}
		all[i] = sent{body, sig, uid}
	}
	// run sends every evening through do, workers at a time, and returns the rate and p99.
	run := func(do func(s sent) error) (float64, time.Duration) {
		lat := make([]time.Duration, len(all))
		var wg gosync.WaitGroup
		next := make(chan int)
		start := time.Now()
		for range workers {
			wg.Go(func() {
				for i := range next {
					t0 := time.Now()
					if err := do(all[i]); err != nil {
						b.Error(err)
					}
					lat[i] = time.Since(t0)
				}
			})
		}
		for i := range all {
			next <- i
		}
		close(next)
		wg.Wait()
		took := time.Since(start)
		slices.Sort(lat)
		return float64(len(all)) / took.Seconds(), lat[len(lat)*99/100]
	}
	hub := &tsync.Hub{Store: store}
	conn, err := sql.Open("pgx", dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	b.ResetTimer()
	for n := range b.N {
		if n > 0 {
			if _, err := conn.Exec("DELETE FROM received_results"); err != nil {
				b.Fatal(err)
			}
		}
		rate, p99 := run(func(s sent) error {
			r, err := hub.Receive(ctx, s.body, s.sig)
			if err == nil && r.Outcome != tsync.Accepted {
				err = fmt.Errorf("refused: %s", r.Reason)
			}
			return err
		})
		if _, err := conn.Exec("DELETE FROM received_results"); err != nil {
			b.Fatal(err)
		}
		now := time.Now().UTC()
		rawRate, rawP99 := run(func(s sent) error {
			_, err := conn.Exec("INSERT INTO received_results (club_id, tournament_uid, revision, digest, body, signature, key_id, sent_at, received_at, outcome, reason, problems) "+
				"VALUES (1, $1, 1, $2, $3, $4, 1, $5, $5, 'accepted', '', '') ON CONFLICT (club_id, tournament_uid, revision) DO NOTHING",
				s.uid, s.uid+s.uid, s.body, s.sig, now)
			return err
		})
		b.ReportMetric(rate, "evenings/s")
		b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
		b.ReportMetric(rawRate, "raw-rows/s")
		b.ReportMetric(float64(rawP99.Microseconds())/1000, "raw-p99-ms")
	}
}
