package db_test

import (
	"bufio"
	"cmp"
	"database/sql"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"burraco/tournament"
)

// BenchmarkStandings3000 reads the standings of a 3,000-player evening (two games of
// 1,000 tables, 18,000 hand scores) from the database, beside its floors measured in the
// same run:
//   - cold: a service with nothing derived yet loads the stage (one pass, a fixed number
//     of queries) and ranks it;
//   - warm: another read of the same revision: the stamp is read, the rest is shared;
//   - floor-raw-read: plain database/sql reading the stage's hand rows, nothing else;
//   - floor-sort: a plain sort of 3,000 lines of three values;
//   - floor-stamp: the stamp's query alone (what every read pays);
//   - cold-vs-raw: a cold read and the raw read in turn, their medians and ratio (x-raw),
//     which the machine's load moves least.
//
// Compare ns/op of cold and warm with their floors (ratios in the closing note of
// issue 20).
func BenchmarkStandings3000(b *testing.B) {
	for _, backend := range backends {
		b.Run("db="+backend, func(b *testing.B) {
			f := benchEvening(b, backend, 3000)
			want := 3000
			b.Run("cold", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					svc := &tournament.Tournaments{Store: f.db, Players: f.db}
					_, _, ss, err := svc.Standings(f.ctx, f.tid)
					if err != nil || len(ss) != want {
						b.Fatal(err, len(ss))
					}
				}
			})
			b.Run("cold-vs-raw", func(b *testing.B) {
				// A cold read and the raw read of the hand rows in turn, each iteration, so
				// that the machine's load moves both alike: the medians and their ratio.
				raw := f.db.SQL()
				q := "SELECT h.table_id, h.hand_no, h.side, h.score FROM hands h JOIN round_tables t ON t.id = h.table_id " +
					"JOIN rounds r ON r.id = t.round_id JOIN stages s ON s.id = r.stage_id WHERE s.tournament_id = " + strconv.FormatInt(f.tid, 10)
				var colds, raws []time.Duration
				for b.Loop() {
					t0 := time.Now()
					svc := &tournament.Tournaments{Store: f.db, Players: f.db}
					if _, _, ss, err := svc.Standings(f.ctx, f.tid); err != nil || len(ss) != want {
						b.Fatal(err, len(ss))
					}
					t1 := time.Now()
					if n := rawRows(b, raw, q); n != 18000 {
						b.Fatal("rows", n)
					}
					colds, raws = append(colds, t1.Sub(t0)), append(raws, time.Since(t1))
				}
				cold, floor := median(colds), median(raws)
				b.ReportMetric(float64(cold.Microseconds())/1000, "cold-ms")
				b.ReportMetric(float64(floor.Microseconds())/1000, "raw-ms")
				b.ReportMetric(float64(cold)/float64(floor), "x-raw")
			})
			b.Run("warm", func(b *testing.B) {
				if _, _, _, err := f.svc.Standings(f.ctx, f.tid); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					_, _, ss, err := f.svc.Standings(f.ctx, f.tid)
					if err != nil || len(ss) != want {
						b.Fatal(err, len(ss))
					}
				}
			})
			b.Run("floor-stamp", func(b *testing.B) {
				for b.Loop() {
					if _, err := f.db.Stamp(f.ctx, f.tid); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("floor-raw-read", func(b *testing.B) {
				raw := f.db.SQL()
				q := "SELECT h.table_id, h.hand_no, h.side, h.score FROM hands h JOIN round_tables t ON t.id = h.table_id " +
					"JOIN rounds r ON r.id = t.round_id JOIN stages s ON s.id = r.stage_id WHERE s.tournament_id = " + strconv.FormatInt(f.tid, 10)
				for b.Loop() {
					if n := rawRows(b, raw, q); n != 18000 {
						b.Fatal("rows", n)
					}
				}
			})
		})
	}
	b.Run("floor-sort", func(b *testing.B) {
		lines := make([][3]int, 3000)
		for i := range lines {
			lines[i] = [3]int{(i * 7919) % 211, (i * 104729) % 5003, i}
		}
		work := make([][3]int, len(lines))
		for b.Loop() {
			copy(work, lines)
			slices.SortFunc(work, func(a, b [3]int) int {
				return cmp.Or(cmp.Compare(b[0], a[0]), cmp.Compare(b[1], a[1]), cmp.Compare(a[2], b[2]))
			})
		}
	})
}

// median is the middle of some durations.
func median(ds []time.Duration) time.Duration {
	ds = slices.Clone(ds)
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// rawRows reads every row of q into plain integers, as a floor: how many rows.
func rawRows(b *testing.B, raw *sql.DB, q string) int {
	rows, err := raw.Query(q)
	if err != nil {
		b.Fatal(err)
	}
	defer rows.Close()
	n := 0
	var a, c, d, e int64
	for rows.Next() {
		if err := rows.Scan(&a, &c, &d, &e); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		b.Fatal(err)
	}
	return n
}

// BenchmarkResidentMemory3000 states the process's resident memory (VmRSS, Linux) with
// a 3,000-player evening loaded and derived (standings ranked), beside the floor: the
// same process before the evening was created. Issue 20 asks under 150 MB.
func BenchmarkResidentMemory3000(b *testing.B) {
	runtime.GC()
	floor := rssMB(b)
	f := benchEvening(b, "sqlite", 3000)
	for b.Loop() {
		if _, _, _, err := f.svc.Standings(f.ctx, f.tid); err != nil {
			b.Fatal(err)
		}
	}
	runtime.GC()
	b.ReportMetric(floor, "floor-RSS-MB")
	b.ReportMetric(rssMB(b), "RSS-MB")
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MB")
}

// rssMB is the process's resident set size in megabytes, read from /proc/self/status.
func rssMB(b *testing.B) float64 {
	fh, err := os.Open("/proc/self/status")
	if err != nil {
		b.Skip("no /proc/self/status: ", err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			var kb float64
			if _, err := fmt.Sscan(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), &kb); err != nil {
				b.Fatal(err)
			}
			return kb / 1024
		}
	}
	b.Fatal("no VmRSS in /proc/self/status")
	return 0
}
