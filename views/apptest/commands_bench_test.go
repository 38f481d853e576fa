package apptest_test

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
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
	"burraco/views/page"
	"burraco/views/viewtest"
)

// BenchmarkCommands times a 3-player sheet save and a draw of game 2 of a 48-player
// evening through the whole app (HTML and API, every middleware, on SQLite), beside the
// floor of a raw SQLite write transaction of the 9 rows a sheet stores, measured in the
// same run. Each reports the statements and transactions it sends per operation
// (db.Counter). Figures in docs/ARCHITECTURE.md ("Speed").
func BenchmarkCommands(b *testing.B) {
	b.Run("op=raw-sqlite-9-rows", benchRawNineRows)
	for _, op := range []string{"html-save", "api-save", "html-draw", "api-draw"} {
		b.Run("op="+op, func(b *testing.B) {
			e := benchCommandsEvening(b)
			var do, undo func()
			switch op {
			case "html-save", "api-save":
				do = func() { e.save(b, op == "api-save") }
			default:
				do = func() { e.draw(b, op == "api-draw") }
				undo = func() { require.NoError(b, e.svc.UndoDraw(context.Background(), e.tid, 2, "bench")) }
			}
			stmts, txs := 0, 0
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				e.n.Reset()
				do()
				stmts, txs = stmts+e.n.Statements(), txs+e.n.Transactions()
				if undo != nil {
					b.StopTimer()
					undo()
					b.StartTimer()
				}
			}
			b.ReportMetric(float64(stmts)/float64(b.N), "stmts/op")
			b.ReportMetric(float64(txs)/float64(b.N), "txs/op")
		})
	}
}

// commandsEvening is a 48-player evening whose game 1 is complete, served by the app
// with a director's session and API token.
type commandsEvening struct {
	s              *views.Server
	svc            *tournament.Tournaments
	n              *db.Counter
	tid            int64
	session, token string
	saves          int // each save changes the hands of two players: the log names them
}

func benchCommandsEvening(b *testing.B) *commandsEvening {
	tournament.Register(threeplayer.Format{})
	ctx := context.Background()
	e := &commandsEvening{n: &db.Counter{}}
	store, err := db.OpenCounting(filepath.Join(b.TempDir(), "bench.db"), e.n)
	require.NoError(b, err)
	b.Cleanup(func() { store.Close() })
	e.svc = &tournament.Tournaments{Store: store, Players: store}
	auth := &tournament.Auth{Store: store, Cost: bcrypt.MinCost}
	e.s = views.New(views.Services{Players: &tournament.Players{Store: store}, Auth: auth, Scales: &tournament.Scales{Store: store}, Tournaments: e.svc},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	d, err := auth.Setup(ctx, tournament.DirectorInput{Username: "anna", Name: "Anna", Password: viewtest.Password, Confirm: viewtest.Password})
	require.NoError(b, err)
	_, e.session, err = auth.Login(ctx, "anna", viewtest.Password, "127.0.0.1")
	require.NoError(b, err)
	_, e.token, err = auth.CreateToken(ctx, d.ID, "bench")
	require.NoError(b, err)
	tr, st, err := tournament.New(time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), threeplayer.Name)
	require.NoError(b, err)
	tr.Name = "Bench"
	require.NoError(b, e.svc.Create(ctx, &tr, &st, "anna"))
	e.tid = tr.ID
	for i := 1; i <= 48; i++ {
		p := &tournament.Player{FirstName: fmt.Sprintf("N%02d", i), LastName: "Rossi", Active: true}
		require.NoError(b, store.CreatePlayer(ctx, p))
		_, err := e.svc.AddPlayer(ctx, tr.ID, p.ID, "bench")
		require.NoError(b, err)
	}
	_, err = e.svc.MarkAllPresent(ctx, tr.ID, "bench")
	require.NoError(b, err)
	_, err = e.svc.Draw(ctx, tr.ID, tournament.DrawOptions{Seed: 1}, "bench")
	require.NoError(b, err)
	for t := 1; t <= 16; t++ {
		e.save(b, true, t)
	}
	return e
}

// save enters a table of game 1 (the first, or the one given) through a page's form or
// the API.
func (e *commandsEvening) save(b *testing.B, api bool, table ...int) {
	t := 1
	if len(table) > 0 {
		t = table[0]
	}
	path := fmt.Sprintf("/tournaments/%d/rounds/1/tables/%d", e.tid, t)
	e.saves++
	scores := [3]int{300, 100, -100}
	if e.saves%2 == 0 {
		scores[0], scores[1] = scores[1], scores[0]
	}
	var req *http.Request
	want := http.StatusSeeOther
	if api {
		req = httptest.NewRequest(http.MethodPut, "/api/v1"+path, strings.NewReader(totals(scores[0], scores[1], scores[2])))
		req.Header.Set("Content-Type", "application/json")
		want = http.StatusOK
	} else {
		form := url.Values{"form": {"total"}, "version": {"0"}, page.CSRFFormField: {"bench"}}
		for h := 1; h <= 3; h++ {
			for s, score := range scores {
				form.Set(fmt.Sprintf("h%d.s%d.total", h, s+1), fmt.Sprint(score))
			}
		}
		req = httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	e.serve(b, req, api, want)
}

// draw draws game 2 through the page's button or the API.
func (e *commandsEvening) draw(b *testing.B, api bool) {
	path := fmt.Sprintf("/tournaments/%d/draw", e.tid)
	if api {
		req := httptest.NewRequest(http.MethodPost, "/api/v1"+path, strings.NewReader(`{"seed": 2}`))
		req.Header.Set("Content-Type", "application/json")
		e.serve(b, req, true, http.StatusCreated)
		return
	}
	form := url.Values{"seed": {"2"}, page.CSRFFormField: {"bench"}}
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	e.serve(b, req, false, http.StatusSeeOther)
}

func (e *commandsEvening) serve(b *testing.B, req *http.Request, api bool, want int) {
	if api {
		req.Header.Set("Authorization", "Bearer "+e.token)
	} else {
		req.AddCookie(&http.Cookie{Name: page.SessionCookie, Value: e.session})
		req.AddCookie(&http.Cookie{Name: page.CSRFCookie, Value: "bench"})
	}
	w := &discard{header: http.Header{}}
	e.s.ServeHTTP(w, req)
	if w.code != want {
		b.Fatalf("%s %s: status %d, want %d", req.Method, req.URL.Path, w.code, want)
	}
}

// benchRawNineRows is the floor: one transaction that replaces 9 rows of 18 integers, in
// plain database/sql with a prepared statement, on a SQLite file opened with the app's
// settings (as db.BenchmarkRawSQLiteNineRowWrite).
func benchRawNineRows(b *testing.B) {
	q := url.Values{}
	for k, v := range map[string]string{"_journal_mode": "WAL", "_foreign_keys": "on", "_busy_timeout": "10000", "_txlock": "immediate", "_synchronous": "NORMAL"} {
		q.Set(k, v)
	}
	conn, err := sql.Open("sqlite3", "file:"+filepath.Join(b.TempDir(), "raw.db")+"?"+q.Encode())
	require.NoError(b, err)
	defer conn.Close()
	_, err = conn.Exec("CREATE TABLE h (id INTEGER PRIMARY KEY, t INT, a INT, b INT, c INT, d INT, e INT, f INT, g INT, h INT, i INT, j INT, k INT, l INT, m INT, n INT, o INT, p INT, q INT)")
	require.NoError(b, err)
	ins, err := conn.Prepare("INSERT INTO h (t, a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
	require.NoError(b, err)
	defer ins.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		tx, err := conn.Begin()
		require.NoError(b, err)
		_, err = tx.Exec("DELETE FROM h WHERE t = 1")
		require.NoError(b, err)
		st := tx.Stmt(ins)
		for i := range 9 {
			_, err := st.Exec(1, i, 1, 1, 0, 1, 1, 1, 420, 0, 0, 100, 95, -160, 820, 0, 0, 0)
			require.NoError(b, err)
		}
		require.NoError(b, tx.Commit())
	}
	b.ReportMetric(11, "stmts/op")
	b.ReportMetric(1, "txs/op")
}
