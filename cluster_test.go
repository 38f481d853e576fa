package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/tournament"
)

// These tests run the app as it is deployed for a large event: two processes of the
// built binary on one PostgreSQL database (a schema of the test's own), driven over
// HTTP, each request going to one instance or the other. The concurrency rules must
// hold across the two as they do inside one.

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// appBinary builds the app once for the package's tests.
func appBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "burraco-bin")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "burraco")
		out, err := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", binary, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	require.NoError(t, buildErr)
	return binary
}

// instance is one running app process.
type instance struct {
	url string
	log bytes.Buffer
}

// startInstances starts n app processes on the database dsn at once (their migrations
// race, as in a deployment) and waits until each answers; they are stopped (SIGTERM)
// when the test ends.
func startInstances(t *testing.T, dsn string, n int) []*instance {
	t.Helper()
	bin := appBinary(t)
	var out []*instance
	for range n {
		out = append(out, launch(t, bin, dsn))
	}
	for _, in := range out {
		waitUp(t, in, 30*time.Second)
	}
	return out
}

// launch starts one app process of bin on dsn (and the flags args), stopped (SIGTERM,
// then kill) when the test ends, its log shown if the test failed.
func launch(t *testing.T, bin, dsn string, args ...string) *instance {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close()
	in := &instance{url: "http://" + addr}
	cmd := exec.Command(bin, append([]string{"-db", dsn, "-addr", addr}, args...)...)
	cmd.Stdout, cmd.Stderr = &in.log, &in.log
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
		if t.Failed() {
			log := in.log.String()
			if len(log) > 64<<10 { // a load test's request log: its end
				log = "…" + log[len(log)-64<<10:]
			}
			t.Logf("%s at %s log:\n%s", filepath.Base(bin), addr, log)
		}
	})
	return in
}

// waitUp waits until an instance answers /healthz.
func waitUp(t *testing.T, in *instance, limit time.Duration) {
	t.Helper()
	require.Eventually(t, func() bool {
		res, err := http.Get(in.url + "/healthz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == http.StatusOK
	}, limit, 50*time.Millisecond, "instance %s did not start: %s", in.url, &in.log)
}

// reply is a finished HTTP exchange.
type reply struct {
	status int
	body   string
	etag   string
}

// call sends one API request to an instance.
func call(t *testing.T, in *instance, method, path, tok, body string, headers ...string) reply {
	t.Helper()
	req, err := http.NewRequest(method, in.url+"/api/v1"+path, strings.NewReader(body))
	require.NoError(t, err)
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return reply{status: res.StatusCode, body: string(b), etag: res.Header.Get("ETag")}
}

// together runs fns at the same moment and returns their replies in order.
func together(fns ...func() reply) []reply {
	out := make([]reply, len(fns))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, fn := range fns {
		wg.Go(func() {
			<-start
			out[i] = fn()
		})
	}
	close(start)
	wg.Wait()
	return out
}

// cluster is two instances on one fresh PostgreSQL schema, a director's API token, and
// the store itself for what the test checks.
type cluster struct {
	a, b  *instance
	tok   string
	store *db.DB
}

func newCluster(t *testing.T) *cluster {
	t.Helper()
	dsn := dbtest.Schema(t)
	ins := startInstances(t, dsn, 2)
	c := &cluster{a: ins[0], b: ins[1]}
	r := call(t, c.a, "POST", "/setup", "", `{"username":"anna","name":"Anna","password":"password-lunga","confirm":"password-lunga"}`)
	require.Equal(t, http.StatusCreated, r.status, r.body)
	var s struct{ Secret string }
	require.NoError(t, json.Unmarshal([]byte(r.body), &s))
	require.NotEmpty(t, s.Secret)
	c.tok = s.Secret
	r = call(t, c.b, "POST", "/setup", "", `{"username":"bruno","name":"Bruno","password":"password-lunga","confirm":"password-lunga"}`)
	require.Equal(t, http.StatusConflict, r.status, "setup is done once, whichever instance is asked: %s", r.body)
	var err error
	c.store, err = db.Open(dsn)
	require.NoError(t, err)
	t.Cleanup(func() { c.store.Close() })
	return c
}

// on picks an instance: even numbers go to a, odd ones to b.
func (c *cluster) on(i int) *instance {
	if i%2 == 0 {
		return c.a
	}
	return c.b
}

// evening creates a 3-player tournament of n players present through instance a, draws
// round 1 through instance b, and returns its API path and ID.
func (c *cluster) evening(t *testing.T, n int, settings string) (string, int64) {
	t.Helper()
	r := call(t, c.a, "POST", "/tournaments", c.tok, `{"name":"Regionale","date":"2026-11-24","settings":`+settings+`}`)
	require.Equal(t, http.StatusCreated, r.status, r.body)
	var tr struct{ ID int64 }
	require.NoError(t, json.Unmarshal([]byte(r.body), &tr))
	base := fmt.Sprintf("/tournaments/%d", tr.ID)
	for i := 1; i <= n; i++ {
		r := call(t, c.on(i), "POST", base+"/entries", c.tok, fmt.Sprintf(`{"player":{"first_name":"P%d","last_name":"Rossi T%d"}}`, i, tr.ID))
		require.Equal(t, http.StatusCreated, r.status, r.body)
	}
	r = call(t, c.a, "POST", base+"/entries/present", c.tok, "")
	require.Equal(t, http.StatusOK, r.status, r.body)
	r = call(t, c.b, "POST", base+"/draw", c.tok, `{"seed": 77}`)
	require.Equal(t, http.StatusCreated, r.status, r.body)
	return base, tr.ID
}

func sheetJSON(a, b, c int) string {
	row := fmt.Sprintf(`[{"form":2,"total":%d},{"form":2,"total":%d},{"form":2,"total":%d}]`, a, b, c)
	return `{"hands":[` + row + "," + row + "," + row + `]}`
}

// TestTwoInstancesConflictingSaves: the same sheet, read at one version, saved through
// both instances at once: one 200, one 409 with what is stored, every trial.
func TestTwoInstancesConflictingSaves(t *testing.T) {
	c := newCluster(t)
	base, _ := c.evening(t, 3, `{"games":2}`)
	table := base + "/rounds/1/tables/1"
	r := call(t, c.b, "GET", table, c.tok, "")
	require.Equal(t, http.StatusOK, r.status, r.body)
	tag := r.etag
	require.Regexp(t, `^"\d+"$`, tag)
	for trial := range 10 {
		put := func(in *instance, a int) func() reply {
			return func() reply { return call(t, in, "PUT", table, c.tok, sheetJSON(a, 100, 0), "If-Match", tag) }
		}
		got := together(put(c.a, 300+trial*5), put(c.b, 900+trial*5))
		statuses := []int{got[0].status, got[1].status}
		slices.Sort(statuses)
		require.Equal(t, []int{http.StatusOK, http.StatusConflict}, statuses, "trial %d: %s | %s", trial, got[0].body, got[1].body)
		won, lost := got[0], got[1]
		if won.status != http.StatusOK {
			won, lost = lost, won
		}
		var conflict struct{ Current struct{ Scores []int } }
		require.NoError(t, json.Unmarshal([]byte(lost.body), &conflict))
		var saved struct{ Table struct{ Scores []int } }
		require.NoError(t, json.Unmarshal([]byte(won.body), &saved))
		assert.Equal(t, saved.Table.Scores, conflict.Current.Scores, "trial %d: the 409 shows what the other instance stored", trial)
		tag = won.etag
	}
}

// TestTwoInstancesSimultaneousDraws: six directors press "draw" at once, three on each
// instance: one draw is made, every trial.
func TestTwoInstancesSimultaneousDraws(t *testing.T) {
	c := newCluster(t)
	for trial := range 10 {
		base, tid := c.evening(t, 9, `{"games":3}`)
		for tb := 1; tb <= 3; tb++ {
			r := call(t, c.on(tb), "PUT", fmt.Sprintf("%s/rounds/1/tables/%d", base, tb), c.tok, sheetJSON(300, 100, 0))
			require.Equal(t, http.StatusOK, r.status, r.body)
		}
		var fns []func() reply
		for i := range 6 {
			fns = append(fns, func() reply { return call(t, c.on(i), "POST", base+"/draw", c.tok, "") })
		}
		created := 0
		for _, r := range together(fns...) {
			if r.status == http.StatusCreated {
				created++
			} else {
				assert.Equal(t, http.StatusConflict, r.status, r.body)
			}
		}
		require.Equal(t, 1, created, "trial %d: one draw", trial)
		st, err := c.store.Load(t.Context(), tid)
		require.NoError(t, err)
		require.Len(t, st.Rounds, 2, "trial %d", trial)
		evs, err := c.store.Events(t.Context(), tid)
		require.NoError(t, err)
		draws := 0
		for _, e := range evs {
			if e.Kind == "draw" {
				draws++
			}
		}
		assert.Equal(t, 2, draws, "trial %d: rounds 1 and 2 drawn once each", trial)
	}
}

// TestTwoInstancesConcurrentCorrections: four corrections of round 1, two through each
// instance at once, with round 2 drawn and not started: round 2 ends seated as the
// rotation of the final round-1 results, every trial.
func TestTwoInstancesConcurrentCorrections(t *testing.T) {
	c := newCluster(t)
	for trial := range 20 {
		base, tid := c.evening(t, 12, `{"games":3}`)
		for tb := 1; tb <= 4; tb++ {
			r := call(t, c.on(tb), "PUT", fmt.Sprintf("%s/rounds/1/tables/%d", base, tb), c.tok, sheetJSON(300, 100, 0))
			require.Equal(t, http.StatusOK, r.status, r.body)
		}
		r := call(t, c.a, "POST", base+"/draw", c.tok, "")
		require.Equal(t, http.StatusCreated, r.status, r.body)
		var fns []func() reply
		for tb := 1; tb <= 4; tb++ {
			fns = append(fns, func() reply {
				return call(t, c.on(tb), "PUT", fmt.Sprintf("%s/rounds/1/tables/%d", base, tb), c.tok,
					strings.Replace(sheetJSON(0, 100+tb*5, 300), `{"hands"`, `{"next_round":"reseat","hands"`, 1))
			})
		}
		for _, r := range together(fns...) {
			require.Equal(t, http.StatusOK, r.status, r.body)
		}
		st, err := c.store.Load(t.Context(), tid)
		require.NoError(t, err)
		require.Len(t, st.Rounds, 2)
		for _, tb := range st.Rounds[0].Tables {
			res := st.Format().Result(st, &tb)
			assert.Equal(t, []int{0, 3 * (100 + tb.Number*5), 900}, res.Scores, "trial %d table %d holds its correction", trial, tb.Number)
		}
		later := st.Rounds[1]
		st.Rounds = st.Rounds[:1]
		want, _, err := st.Format().Draw(st, later.Seed)
		require.NoError(t, err)
		require.Equal(t, tournament.SeatsOf(want), tournament.SeatsOf(&later), "trial %d: round 2 seated from the final round-1 results", trial)
	}
}

// TestTwoInstancesSeeEachOthersChanges: what live pages poll (the tournament's
// revision, kept in the database: no instance caches it) and what they show (the round,
// the standings) move on one instance as soon as the other writes.
func TestTwoInstancesSeeEachOthersChanges(t *testing.T) {
	c := newCluster(t)
	base, tid := c.evening(t, 3, `{"games":2}`)
	before, err := c.store.Revision(t.Context(), tid)
	require.NoError(t, err)
	r := call(t, c.a, "PUT", base+"/rounds/1/tables/1", c.tok, sheetJSON(300, 100, 0))
	require.Equal(t, http.StatusOK, r.status, r.body)
	after, err := c.store.Revision(t.Context(), tid)
	require.NoError(t, err)
	assert.Greater(t, after, before, "the revision another instance polls moved with a's save")
	r = call(t, c.b, "GET", base+"/rounds/1", c.tok, "")
	require.Equal(t, http.StatusOK, r.status, r.body)
	assert.Contains(t, r.body, `"scores":[900,300,0]`, "b's round holds the sheet saved through a")
	r = call(t, c.b, "GET", base+"/standings", c.tok, "")
	require.Equal(t, http.StatusOK, r.status, r.body)
	assert.Contains(t, r.body, "900", "b's standings hold the sheet saved through a")
}

// TestTwoInstancesUnpublishIsImmediate: b has the public pages of a published
// tournament in its cache (each instance trusts a revision it read for -public-ttl, 1 s
// by default); once a has answered the unpublishing, b answers 404 on every public route
// at once (issue 18).
func TestTwoInstancesUnpublishIsImmediate(t *testing.T) {
	c := newCluster(t)
	base, tid := c.evening(t, 3, `{"games":2}`)
	r := call(t, c.a, "PUT", base+"/published", c.tok, `{"published":true}`)
	require.Equal(t, http.StatusOK, r.status, r.body)
	paths := []string{fmt.Sprintf("/p/%d", tid), fmt.Sprintf("/p/%d/standings", tid), fmt.Sprintf("/p/%d/projector/tables", tid),
		fmt.Sprintf("/api/v1/public/tournaments/%d", tid), fmt.Sprintf("/api/v1/public/tournaments/%d/standings", tid)}
	get := func(in *instance, p string) int {
		res, err := http.Get(in.url + p)
		require.NoError(t, err)
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode
	}
	for _, p := range paths {
		require.Eventually(t, func() bool { return get(c.b, p) == http.StatusOK }, 5*time.Second, 20*time.Millisecond, p)
		require.Equal(t, http.StatusOK, get(c.b, p), "%s kept by b", p)
	}
	r = call(t, c.a, "PUT", base+"/published", c.tok, `{"published":false}`)
	require.Equal(t, http.StatusOK, r.status, r.body)
	for _, p := range paths {
		assert.Equal(t, http.StatusNotFound, get(c.b, p), "%s on b once a answered", p)
		assert.Equal(t, http.StatusNotFound, get(c.a, p), "%s on a", p)
	}
}
