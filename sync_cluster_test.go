package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	gosync "sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
)

// These tests are issue 39's acceptance: a club laptop (the built binary on SQLite)
// sends its evenings to a hub of two instances (the binary on PostgreSQL) through a
// proxy of the test's own, which can be down, cut a connection after some bytes, or
// hold one while a process is killed with SIGKILL. Whatever happens, each final
// revision reaches the hub once: 0 lost, 0 duplicated.

// appProc is one app process that the test may kill -9 and start again on its database.
type appProc struct {
	t    *testing.T
	args []string
	cmd  *exec.Cmd
	url  string
	log  *bytes.Buffer
}

// startApp starts the app with args (a fresh port each time).
func startApp(t *testing.T, args ...string) *appProc {
	p := &appProc{t: t, args: args}
	p.start()
	t.Cleanup(func() { p.stop(syscall.SIGTERM) })
	return p
}

func (p *appProc) start() {
	t := p.t
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close()
	p.url, p.log = "http://"+addr, &bytes.Buffer{}
	p.cmd = exec.Command(appBinary(t), append([]string{"-addr", addr}, p.args...)...)
	p.cmd.Stdout, p.cmd.Stderr = p.log, p.log
	require.NoError(t, p.cmd.Start())
	waitUp(t, &instance{url: p.url}, 30*time.Second)
}

// stop ends the process with sig (SIGKILL: at once, nothing finished).
func (p *appProc) stop(sig syscall.Signal) {
	if p.cmd == nil {
		return
	}
	_ = p.cmd.Process.Signal(sig)
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		_ = p.cmd.Process.Kill()
		<-done
	}
	if p.t.Failed() {
		p.t.Logf("process %v log:\n%s", p.args, p.log)
	}
	p.cmd = nil
}

// The proxy's modes.
const (
	proxyForward = iota // every connection to a backend, in turn
	proxyDown           // every connection closed at once (the hub stopped)
	proxyCut            // the request cut after cutAt bytes, both sides closed
	proxyHold           // the first cutAt bytes forwarded, then held (held is signalled)
)

// proxy stands between the laptop and the hub's instances.
type proxy struct {
	l        net.Listener
	mode     atomic.Int32
	cutAt    atomic.Int64
	held     chan struct{}
	mu       gosync.Mutex
	backends []string
	next     int
	conns    map[net.Conn]bool
}

func newProxy(t *testing.T) *proxy {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &proxy{l: l, held: make(chan struct{}, 16), conns: map[net.Conn]bool{}}
	t.Cleanup(func() { l.Close(); p.closeAll() })
	go p.serve()
	return p
}

func (p *proxy) url() string { return "http://" + p.l.Addr().String() }

// set changes the mode, closing every open connection (a keep-alive one too).
func (p *proxy) set(mode int, cutAt int64, backends ...string) {
	p.mode.Store(int32(mode))
	p.cutAt.Store(cutAt)
	p.mu.Lock()
	if len(backends) > 0 {
		p.backends = backends
	}
	p.mu.Unlock()
	p.closeAll()
}

func (p *proxy) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		c.Close()
	}
	clear(p.conns)
}

func (p *proxy) track(c net.Conn) {
	p.mu.Lock()
	p.conns[c] = true
	p.mu.Unlock()
}

func (p *proxy) serve() {
	for {
		c, err := p.l.Accept()
		if err != nil {
			return
		}
		go p.handle(c)
	}
}

func (p *proxy) handle(c net.Conn) {
	mode := int(p.mode.Load())
	if mode == proxyDown {
		c.Close()
		return
	}
	p.mu.Lock()
	backend := p.backends[p.next%len(p.backends)]
	p.next++
	p.mu.Unlock()
	b, err := net.Dial("tcp", backend)
	if err != nil {
		c.Close()
		return
	}
	p.track(c)
	p.track(b)
	switch mode {
	case proxyCut, proxyHold:
		n := p.cutAt.Load()
		_, _ = io.CopyN(b, c, n)
		if mode == proxyCut {
			c.Close()
			b.Close()
			return
		}
		p.held <- struct{}{}
		for p.mode.Load() == proxyHold { // held until the mode changes (set closes it)
			time.Sleep(2 * time.Millisecond)
		}
	}
	go func() { _, _ = io.Copy(b, c); b.Close() }()
	_, _ = io.Copy(c, b)
	c.Close()
}

// apiCall sends one API request to url.
func apiCall(t *testing.T, url, method, path, tok, body string) reply {
	return call(t, &instance{url: url}, method, path, tok, body)
}

// setupToken runs the first setup and returns the director's token.
func setupToken(t *testing.T, url string) string {
	r := apiCall(t, url, "POST", "/setup", "", `{"username":"anna","name":"Anna","password":"password-lunga","confirm":"password-lunga"}`)
	require.Equal(t, http.StatusCreated, r.status, r.body)
	var s struct{ Secret string }
	require.NoError(t, json.Unmarshal([]byte(r.body), &s))
	return s.Secret
}

// syncRig is a hub of two instances behind the proxy, and a laptop linked to it.
type syncRig struct {
	hub         [2]*appProc
	laptop      *appProc
	proxy       *proxy
	hubTok, tok string
	hubDB       *sql.DB
}

var syncArgs = []string{"-sync-tick", "50ms", "-sync-backoff", "50ms"}

func newSyncRig(t *testing.T) *syncRig {
	dsn := dbtest.Schema(t)
	r := &syncRig{proxy: newProxy(t)}
	r.hub[0] = startApp(t, append([]string{"-db", dsn}, syncArgs...)...)
	r.hub[1] = startApp(t, append([]string{"-db", dsn}, syncArgs...)...)
	r.hubTok = setupToken(t, r.hub[0].url)
	r.proxy.set(proxyForward, 0, r.backends()...)
	r.laptop = startApp(t, append([]string{"-db", filepath.Join(t.TempDir(), "laptop.db")}, syncArgs...)...)
	r.tok = setupToken(t, r.laptop.url)
	c := apiCall(t, r.hub[1].url, "POST", "/sync/codes", r.hubTok, "")
	require.Equal(t, http.StatusCreated, c.status, c.body)
	var code struct{ Code string }
	require.NoError(t, json.Unmarshal([]byte(c.body), &code))
	l := apiCall(t, r.laptop.url, "PUT", "/sync/hub", r.tok,
		fmt.Sprintf(`{"address":%q,"code":%q,"label":"Portatile sala"}`, r.proxy.url(), code.Code))
	require.Equal(t, http.StatusOK, l.status, l.body)
	var err error
	r.hubDB, err = sql.Open("pgx", dsn)
	require.NoError(t, err)
	t.Cleanup(func() { r.hubDB.Close() })
	return r
}

func (r *syncRig) backends() []string {
	return []string{r.hub[0].url[len("http://"):], r.hub[1].url[len("http://"):]}
}

// evening plays a 3-player evening of one game on the laptop: final once its table is
// saved. It returns the tournament's path.
func (r *syncRig) evening(t *testing.T, name string) string {
	c := apiCall(t, r.laptop.url, "POST", "/tournaments", r.tok, `{"name":`+strconv.Quote(name)+`,"date":"2026-11-24","settings":{"games":1}}`)
	require.Equal(t, http.StatusCreated, c.status, c.body)
	var tr struct{ ID int64 }
	require.NoError(t, json.Unmarshal([]byte(c.body), &tr))
	base := fmt.Sprintf("/tournaments/%d", tr.ID)
	for i := 1; i <= 3; i++ {
		c := apiCall(t, r.laptop.url, "POST", base+"/entries", r.tok, fmt.Sprintf(`{"player":{"first_name":"P%d","last_name":"Rossi T%d","card_number":"C%d-%d"}}`, i, tr.ID, tr.ID, i))
		require.Equal(t, http.StatusCreated, c.status, c.body)
	}
	require.Equal(t, http.StatusOK, apiCall(t, r.laptop.url, "POST", base+"/entries/present", r.tok, "").status)
	c = apiCall(t, r.laptop.url, "POST", base+"/draw", r.tok, `{"seed": 7}`)
	require.Equal(t, http.StatusCreated, c.status, c.body)
	c = apiCall(t, r.laptop.url, "PUT", base+"/rounds/1/tables/1", r.tok, sheetJSON(300, 100, 0))
	require.Equal(t, http.StatusOK, c.status, c.body)
	return base
}

// states reads the laptop's outbox states, by tournament ID.
func (r *syncRig) states(t *testing.T) map[int64]struct {
	Revision int64
	State    string
	Reason   string
} {
	c := apiCall(t, r.laptop.url, "GET", "/sync/states", r.tok, "")
	require.Equal(t, http.StatusOK, c.status, c.body)
	var s struct {
		States []struct {
			TournamentID int64 `json:"tournament_id"`
			Revision     int64
			State        string
			Reason       string
		}
	}
	require.NoError(t, json.Unmarshal([]byte(c.body), &s))
	out := map[int64]struct {
		Revision int64
		State    string
		Reason   string
	}{}
	for _, x := range s.States {
		out[x.TournamentID] = struct {
			Revision int64
			State    string
			Reason   string
		}{x.Revision, x.State, x.Reason}
	}
	return out
}

// waitAccepted waits until the laptop shows n tournaments, every one accepted.
func (r *syncRig) waitAccepted(t *testing.T, n int) {
	require.Eventually(t, func() bool {
		s := r.states(t)
		if len(s) != n {
			return false
		}
		for _, x := range s {
			if x.State != "accepted" {
				return false
			}
		}
		return true
	}, 60*time.Second, 50*time.Millisecond, "the laptop's outbox did not drain: %v", r.states(t))
}

// checkHub asserts the hub holds, for each tournament the laptop queued, its newest
// revision accepted once: one accepted row per revision sent, no other.
func (r *syncRig) checkHub(t *testing.T) {
	rows, err := r.hubDB.Query("SELECT tournament_uid, revision, outcome FROM received_results ORDER BY id")
	require.NoError(t, err)
	defer rows.Close()
	seen := map[string]int{}
	newest := map[string]int64{}
	for rows.Next() {
		var uid, outcome string
		var rev int64
		require.NoError(t, rows.Scan(&uid, &rev, &outcome))
		require.Equal(t, "accepted", outcome)
		seen[fmt.Sprintf("%s/%d", uid, rev)]++
		newest[uid] = max(newest[uid], rev)
	}
	require.NoError(t, rows.Err())
	for k, n := range seen {
		require.Equal(t, 1, n, "revision %s recorded %d times", k, n)
	}
	s := r.states(t)
	require.Len(t, newest, len(s), "one tournament on the hub for each of the laptop's")
	got := map[int64]bool{}
	for _, x := range s {
		got[x.Revision] = true
	}
	for uid, rev := range newest {
		require.True(t, got[rev], "the hub's newest revision %d of %s is the laptop's", rev, uid)
	}
}

// TestSyncEveningWithTheHubStopped: an evening played with the hub down the whole
// time reaches it once when it comes back; a correction afterwards replaces its copy.
func TestSyncEveningWithTheHubStopped(t *testing.T) {
	r := newSyncRig(t)
	r.proxy.set(proxyDown, 0)
	r.hub[0].stop(syscall.SIGTERM)
	r.hub[1].stop(syscall.SIGTERM)
	base := r.evening(t, "Serata senza rete")
	time.Sleep(500 * time.Millisecond)
	for _, x := range r.states(t) {
		require.Contains(t, []string{"waiting", "sent"}, x.State)
	}
	r.hub[0].start()
	r.hub[1].start()
	r.proxy.set(proxyForward, 0, r.backends()...)
	r.waitAccepted(t, 1)
	r.checkHub(t)
	// A correction after sending: a new revision replaces the hub's copy, both kept.
	c := apiCall(t, r.laptop.url, "PUT", base+"/rounds/1/tables/1", r.tok, sheetJSON(250, 150, 0))
	require.Equal(t, http.StatusOK, c.status, c.body)
	require.Eventually(t, func() bool {
		var n int
		require.NoError(t, r.hubDB.QueryRow("SELECT COUNT(*) FROM received_results").Scan(&n))
		return n == 2
	}, 30*time.Second, 50*time.Millisecond)
	r.waitAccepted(t, 1)
	r.checkHub(t)
}

// TestSyncFaultsLoseNothingTwice: evenings sent while the laptop is killed mid-send, a
// hub instance is killed mid-receive, or the connection is cut mid-body: every one on
// the hub once (5 runs; 50 with BURRACO_TIMED=1, CI's timed step).
func TestSyncFaultsLoseNothingTwice(t *testing.T) {
	runs := 5
	if os.Getenv("BURRACO_TIMED") == "1" {
		runs = 50
	}
	r := newSyncRig(t)
	for run := range runs {
		fault := rand.IntN(3)
		r.proxy.set(proxyHold, int64(50+rand.IntN(1500)))
		if fault == 2 {
			r.proxy.set(proxyCut, int64(1+rand.IntN(3000)))
		}
		r.evening(t, fmt.Sprintf("Serata %d", run))
		switch fault {
		case 0: // the laptop killed mid-send, started again on its database
			select {
			case <-r.proxy.held:
			case <-time.After(30 * time.Second):
				t.Fatal("nothing sent")
			}
			r.laptop.stop(syscall.SIGKILL)
			r.proxy.set(proxyForward, 0)
			r.laptop.start()
		case 1: // a hub instance killed mid-receive, started again
			select {
			case <-r.proxy.held:
			case <-time.After(30 * time.Second):
				t.Fatal("nothing sent")
			}
			i := rand.IntN(2)
			r.proxy.mode.Store(proxyForward) // the held request goes on as the instance dies
			time.Sleep(time.Duration(rand.IntN(20)) * time.Millisecond)
			r.hub[i].stop(syscall.SIGKILL)
			r.hub[i].start()
			r.proxy.set(proxyForward, 0, r.backends()...)
		case 2: // cut mid-body for a while
			time.Sleep(time.Duration(100+rand.IntN(300)) * time.Millisecond)
			r.proxy.set(proxyForward, 0)
		}
		r.waitAccepted(t, run+1)
		r.checkHub(t)
	}
}
