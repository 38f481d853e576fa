package apptest_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"burraco/db"
	"burraco/tournament"
	"burraco/tournament/threeplayer"
	"burraco/views"
	"burraco/views/site"
	"burraco/views/viewtest"
)

// BenchmarkNestedBodies measures what the server allocates for a body of nested arrays
// (the attack of issue 33: 16 KB took 135 MB, 200 KB on a director's route 23.7 GB)
// beside a flat body of the same size (an array of numbers: as many tokens as bytes
// allow), on a route open to all (a table's report, up to site.SmallBody) and on a
// director's (a tournament's reporting settings, up to site.FormBody), at 16 KB and at
// the route's limit. B/op is the measure: nested must stay within a small factor of flat.
func BenchmarkNestedBodies(b *testing.B) {
	tournament.Register(threeplayer.Format{})
	ctx := context.Background()
	store, err := db.Open(filepath.Join(b.TempDir(), "bench.db"))
	require.NoError(b, err)
	b.Cleanup(func() { store.Close() })
	svc := &tournament.Tournaments{Store: store, Players: store}
	auth := &tournament.Auth{Store: store, Cost: bcrypt.MinCost}
	s := views.New(views.Services{Players: &tournament.Players{Store: store}, Auth: auth, Scales: &tournament.Scales{Store: store}, Tournaments: svc},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	d, err := auth.Setup(ctx, tournament.DirectorInput{Username: "anna", Name: "Anna", Password: viewtest.Password, Confirm: viewtest.Password})
	require.NoError(b, err)
	_, token, err := auth.CreateToken(ctx, d.ID, "bench")
	require.NoError(b, err)
	tr, st, err := tournament.New(time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), threeplayer.Name)
	require.NoError(b, err)
	tr.Name = "Bench"
	require.NoError(b, svc.Create(ctx, &tr, &st, "anna"))
	routes := []struct {
		name, method, path, head string
		limit                    int64
	}{
		{"public-report", "POST", "/api/v1/t/ABCDEF/report", `{"seat":1,"pin":"1234","hands":`, site.SmallBody},
		{"director-reporting", "PUT", fmt.Sprintf("/api/v1/tournaments/%d/reporting", tr.ID), `{"reporting":`, site.FormBody},
	}
	for _, r := range routes {
		for _, size := range []int64{16 << 10, r.limit} {
			room := int(size) - len(r.head) - 1
			bodies := map[string]string{
				"nested": r.head + strings.Repeat("[", room/2) + strings.Repeat("]", room/2) + strings.Repeat(" ", room%2) + "}",
				"flat":   r.head + "[" + strings.Repeat("1,", (room-3)/2) + "1" + strings.Repeat(" ", (room-3)%2) + "]}",
			}
			for _, shape := range []string{"flat", "nested"} {
				body := bodies[shape]
				require.Len(b, body, int(size))
				b.Run(fmt.Sprintf("route=%s/size=%dKB/shape=%s", r.name, size>>10, shape), func(b *testing.B) {
					b.ReportAllocs()
					b.SetBytes(size)
					i := 0
					for b.Loop() {
						i++
						req := httptest.NewRequest(r.method, r.path, strings.NewReader(body))
						req.Header.Set("Content-Type", "application/json")
						req.Header.Set("Authorization", "Bearer "+token)
						req.RemoteAddr = fmt.Sprintf("10.%d.%d.1:1234", i/250%250, i%250) // not slowed by the refused bodies' throttle
						rec := httptest.NewRecorder()
						s.ServeHTTP(rec, req)
						if rec.Code != http.StatusUnprocessableEntity {
							b.Fatalf("%s: %d %s", shape, rec.Code, rec.Body)
						}
					}
				})
			}
		}
	}
}
