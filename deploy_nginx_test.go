package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
)

// These tests run docs/DEPLOY.md's setup: two instances of the built binary on one
// PostgreSQL database behind nginx configured with the guide's own upstream and
// location blocks (read from the guide, over plain HTTP), and do what the guide says.

// lockedBuffer is a process's log, written by exec's goroutine and read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// proc is one app process listening on addr, as one burraco@<port> unit runs it.
type proc struct {
	addr string
	cmd  *exec.Cmd
	log  *lockedBuffer
	done chan struct{}
}

// freePort finds a free loopback port.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startProc starts the app on addr with the guide's environment file's settings.
func startProc(t *testing.T, bin, dsn, addr string, log *lockedBuffer) *proc {
	t.Helper()
	p := &proc{addr: addr, log: log, done: make(chan struct{})}
	p.cmd = exec.Command(bin)
	p.cmd.Env = append(os.Environ(), "BURRACO_DB="+dsn, "BURRACO_ADDR="+addr,
		"BURRACO_TRUSTED_PROXIES=127.0.0.1,::1", "BURRACO_COMMAND_TIMEOUT=8s")
	p.cmd.Stdout, p.cmd.Stderr = log, log
	require.NoError(t, p.cmd.Start())
	go func() { _ = p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() { p.stop(t) })
	return p
}

// stop is systemctl stop: SIGTERM, and wait for the process to end.
func (p *proc) stop(t *testing.T) {
	select {
	case <-p.done:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(25 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
		t.Errorf("instance %s did not stop on SIGTERM", p.addr)
	}
}

// healthy waits as the guide does after a (re)start: until /healthz answers 200.
func healthy(t *testing.T, addr string, log *lockedBuffer) {
	t.Helper()
	require.Eventually(t, func() bool {
		res, err := http.Get("http://" + addr + "/healthz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == http.StatusOK
	}, 30*time.Second, 100*time.Millisecond, "instance %s did not start: %s", addr, log)
}

// nginxBinary finds nginx: the test skips without it, and fails under CI=true.
func nginxBinary(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"nginx", "/usr/sbin/nginx"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if dbtest.CI() {
		t.Fatal("nginx is not installed (apt-get install nginx); CI=true requires it")
	}
	t.Skip("nginx is not installed")
	return ""
}

// guideNginx is the guide's nginx configuration (docs/DEPLOY.md, section 3) for a test:
// its log format, upstream block (the instances' ports replaced by ports) and HTTPS
// server block, served over plain HTTP on listen, logging into dir.
func guideNginx(t *testing.T, dir string, ports [2]int, listen int) string {
	t.Helper()
	guide, err := os.ReadFile("docs/DEPLOY.md")
	require.NoError(t, err)
	m := regexp.MustCompile("(?s)```nginx\n(.*?)```").FindAllSubmatch(guide, -1)
	var conf string
	for _, b := range m {
		if strings.Contains(string(b[1]), "upstream burraco") {
			conf = string(b[1])
		}
	}
	require.NotEmpty(t, conf, "the guide's nginx configuration")
	block := func(from int) string { // the block whose "{" follows from
		open := strings.Index(conf[from:], "{") + from
		depth := 0
		for i := open; i < len(conf); i++ {
			switch conf[i] {
			case '{':
				depth++
			case '}':
				if depth--; depth == 0 {
					return conf[from : i+1]
				}
			}
		}
		t.Fatal("unbalanced braces in the guide's nginx configuration")
		return ""
	}
	logFormat := conf[strings.Index(conf, "log_format"):]
	logFormat = logFormat[:strings.Index(logFormat, ";")+1]
	upstream := block(strings.Index(conf, "upstream burraco"))
	upstream = strings.NewReplacer("127.0.0.1:8081", fmt.Sprintf("127.0.0.1:%d", ports[0]),
		"127.0.0.1:8082", fmt.Sprintf("127.0.0.1:%d", ports[1])).Replace(upstream)
	https := block(strings.LastIndex(conf[:strings.Index(conf, "listen 443")], "server {"))
	var lines []string
	for _, l := range strings.Split(https, "\n") {
		if strings.Contains(l, "listen ") || strings.Contains(l, "ssl_") {
			continue // plain HTTP for the test
		}
		lines = append(lines, strings.ReplaceAll(l, "/var/log/nginx/", dir+"/"))
		if strings.HasPrefix(strings.TrimSpace(l), "server {") {
			lines = append(lines, fmt.Sprintf("    listen 127.0.0.1:%d;", listen))
		}
	}
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;" // the workers write the temporary files in dir
	}
	return fmt.Sprintf(`%s
worker_processes 2;
pid %[2]s/nginx.pid;
error_log %[2]s/main.error.log;
events { worker_connections 512; }
http {
    client_body_temp_path %[2]s/body;
    proxy_temp_path %[2]s/proxy;
    fastcgi_temp_path %[2]s/fastcgi;
    uwsgi_temp_path %[2]s/uwsgi;
    scgi_temp_path %[2]s/scgi;
    %[3]s
    %[4]s
    %[5]s
}
`, user, dir, logFormat, upstream, strings.Join(lines, "\n"))
}

// deployment is the guide's setup: two instances behind nginx on one database.
type deployment struct {
	bin, dsn  string
	ports     [2]int
	procs     [2]*proc
	logs      [2]*lockedBuffer
	url, dir  string
	tok       string
	nginxDone chan struct{}
}

// deploy starts two instances on dsns (one each) and nginx in front of them, and
// creates the director, whose API token it keeps.
func deploy(t *testing.T, dsns [2]string) *deployment {
	t.Helper()
	ngx := nginxBinary(t)
	d := &deployment{bin: appBinary(t), dsn: dsns[0], dir: t.TempDir()}
	for i := range 2 {
		d.ports[i] = freePort(t)
		d.logs[i] = &lockedBuffer{}
		d.procs[i] = startProc(t, d.bin, dsns[i], fmt.Sprintf("127.0.0.1:%d", d.ports[i]), d.logs[i])
	}
	for i := range 2 {
		healthy(t, d.procs[i].addr, d.logs[i])
	}
	listen := freePort(t)
	conf := filepath.Join(d.dir, "nginx.conf")
	require.NoError(t, os.WriteFile(conf, []byte(guideNginx(t, d.dir, d.ports, listen)), 0o600))
	if out, err := exec.Command(ngx, "-t", "-p", d.dir, "-c", conf).CombinedOutput(); err != nil {
		t.Fatalf("nginx -t: %v\n%s\n%s", err, out, guideNginx(t, d.dir, d.ports, listen))
	}
	cmd := exec.Command(ngx, "-p", d.dir, "-c", conf, "-g", "daemon off;")
	var out lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Start())
	d.nginxDone = make(chan struct{})
	go func() { _ = cmd.Wait(); close(d.nginxDone) }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGQUIT)
		select {
		case <-d.nginxDone:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
		if t.Failed() {
			for i, l := range d.logs {
				t.Logf("instance %d log:\n%s", i+1, l)
			}
			for _, f := range []string{"burraco.error.log", "burraco.access.log"} {
				b, _ := os.ReadFile(filepath.Join(d.dir, f))
				t.Logf("nginx %s:\n%s", f, b)
			}
		}
	})
	d.url = fmt.Sprintf("http://127.0.0.1:%d", listen)
	require.Eventually(t, func() bool {
		res, err := http.Get(d.url + "/healthz")
		if err == nil {
			res.Body.Close()
		}
		return err == nil && res.StatusCode == http.StatusOK
	}, 10*time.Second, 50*time.Millisecond, "nginx did not start: %s", &out)
	res := d.do(t, "POST", "/api/v1/setup", `{"username":"anna","name":"Anna","password":"password-lunga","confirm":"password-lunga"}`)
	require.Equal(t, http.StatusCreated, res.status, res.body)
	var s struct{ Secret string }
	require.NoError(t, json.Unmarshal([]byte(res.body), &s))
	d.tok = s.Secret
	return d
}

// answer is one finished exchange through nginx.
type answer struct {
	status int
	body   string
	header http.Header
}

// do sends a request through nginx with the director's token (once there is one) and
// the headers given in pairs.
func (d *deployment) do(t *testing.T, method, path, body string, headers ...string) answer {
	t.Helper()
	a, err := d.send(method, path, body, headers...)
	require.NoError(t, err)
	return a
}

func (d *deployment) send(method, path, body string, headers ...string) (answer, error) {
	req, err := http.NewRequest(method, d.url+path, strings.NewReader(body))
	if err != nil {
		return answer{}, err
	}
	if d.tok != "" {
		req.Header.Set("Authorization", "Bearer "+d.tok)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return answer{status: res.StatusCode, body: string(b), header: res.Header}, err
}

// TestRollingRestartBehindNginx restarts the two instances one after the other as
// docs/DEPLOY.md says (restart one, wait until its /healthz answers, wait out nginx's
// fail_timeout, then the other) while clients read and create players through nginx,
// each create with its Idempotency-Key: no request fails, nothing is created twice.
func TestRollingRestartBehindNginx(t *testing.T) {
	if testing.Short() {
		t.Skip("restarts two instances behind nginx (about 30 s)")
	}
	dsn := dbtest.Schema(t)
	d := deploy(t, [2]string{dsn, dsn})

	var (
		created, reads, failed atomic.Int64
		failures               sync.Map
		names                  sync.Map // name → created
	)
	fail := func(what string) {
		if failed.Add(1) <= 5 {
			failures.Store(what, true)
		}
	}
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Go(func() { // a director creating players
			for i := 0; ctx.Err() == nil; i++ {
				name := fmt.Sprintf("Carico%c%c%c", 'A'+w, 'a'+i/26%26, 'a'+i%26)
				body := fmt.Sprintf(`{"first_name":"%s","last_name":"Riavvio%d"}`, name, i)
				a, err := d.send("POST", "/api/v1/players", body, "Idempotency-Key", fmt.Sprintf("k-%d-%d", w, i))
				switch {
				case err != nil:
					fail(fmt.Sprintf("POST %s: %v", name, err))
				case a.status != http.StatusCreated:
					fail(fmt.Sprintf("POST %s: %d %s", name, a.status, a.body))
				default:
					created.Add(1)
					names.Store(name, true)
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
	for range 2 {
		wg.Go(func() { // phones and directors reading
			for ctx.Err() == nil {
				a, err := d.send("GET", "/api/v1/players?per_page=5", "")
				switch {
				case err != nil:
					fail(fmt.Sprintf("GET: %v", err))
				case a.status != http.StatusOK:
					fail(fmt.Sprintf("GET: %d %s", a.status, a.body))
				default:
					reads.Add(1)
				}
				time.Sleep(10 * time.Millisecond)
			}
		})
	}
	time.Sleep(500 * time.Millisecond)
	for i := range 2 { // systemctl restart burraco@<port>, then the guide's waits
		began := time.Now()
		d.procs[i].stop(t)
		d.procs[i] = startProc(t, d.bin, d.dsn, d.procs[i].addr, d.logs[i])
		healthy(t, d.procs[i].addr, d.logs[i])
		t.Logf("instance %d restarted in %v", i+1, time.Since(began).Round(time.Millisecond))
		if i == 0 {
			time.Sleep(11 * time.Second) // the guide: wait out fail_timeout (10s) before the next
		} else {
			time.Sleep(time.Second) // clients go on a moment while the restarted one serves
		}
	}
	stop()
	wg.Wait()
	var why []string
	failures.Range(func(k, _ any) bool { why = append(why, k.(string)); return true })
	t.Logf("%d creates and %d reads through nginx during the rolling restart, %d failed", created.Load(), reads.Load(), failed.Load())
	assert.Zero(t, failed.Load(), "no request failed: %s", strings.Join(why, "\n"))
	assert.Positive(t, created.Load())
	assert.Positive(t, reads.Load())

	// Nothing created twice: every name once, as many players as 201 answers.
	a := d.do(t, "GET", "/api/v1/players?per_page=100&page=1", "")
	require.Equal(t, http.StatusOK, a.status, a.body)
	var list struct{ Total int }
	require.NoError(t, json.Unmarshal([]byte(a.body), &list))
	assert.Equal(t, int(created.Load()), list.Total, "one player per create answered 201")
	for _, l := range d.logs {
		assert.NotContains(t, l.String(), "level=ERROR", "no instance logged an error")
	}
}

// TestNginxRequestIDAndErrors: nginx's request id reaches the app's log line and the
// error body (and nginx's own log line); a body over the limit is the app's JSON 413.
func TestNginxRequestIDAndErrors(t *testing.T) {
	dsn := dbtest.Schema(t)
	d := deploy(t, [2]string{dsn, dsn})

	a := d.do(t, "GET", "/api/v1/tournaments/999999", "")
	require.Equal(t, http.StatusNotFound, a.status, a.body)
	id := a.header.Get("X-Request-ID")
	require.Regexp(t, `^[0-9a-f]{32}$`, id, "nginx's $request_id")
	var body struct {
		Error struct {
			RequestID string `json:"request_id"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(a.body), &body), a.body)
	assert.Equal(t, id, body.Error.RequestID, "in the error body")
	assert.Eventually(t, func() bool { // the line is written once the answer is sent
		return strings.Contains(d.logs[0].String(), "request_id="+id) || strings.Contains(d.logs[1].String(), "request_id="+id)
	}, 5*time.Second, 20*time.Millisecond, "in the app's log line")
	require.Eventually(t, func() bool {
		b, _ := os.ReadFile(filepath.Join(d.dir, "burraco.access.log"))
		return strings.Contains(string(b), "rid="+id)
	}, 5*time.Second, 50*time.Millisecond, "in nginx's access log line")

	big := `{"first_name":"` + strings.Repeat("x", 4<<20+1000) + `"}`
	a = d.do(t, "POST", "/api/v1/players", big)
	assert.Equal(t, http.StatusRequestEntityTooLarge, a.status)
	assert.Contains(t, a.header.Get("Content-Type"), "application/json", a.body)
	assert.Contains(t, a.body, `"request_id":"`+a.header.Get("X-Request-ID")+`"`)
}

// forwarder is a TCP path from an instance to PostgreSQL that the test can cut, as a
// broken network or a database server gone would.
type forwarder struct {
	l     net.Listener
	to    string
	mu    sync.Mutex
	conns []net.Conn
	cut   bool
}

func newForwarder(t *testing.T, to string) *forwarder {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	f := &forwarder{l: l, to: to}
	t.Cleanup(func() { f.breakDown() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", to)
			f.mu.Lock()
			if err != nil || f.cut {
				f.mu.Unlock()
				c.Close()
				if up != nil {
					up.Close()
				}
				continue
			}
			f.conns = append(f.conns, c, up)
			f.mu.Unlock()
			go func() { _, _ = io.Copy(up, c); up.Close() }()
			go func() { _, _ = io.Copy(c, up); c.Close() }()
		}
	}()
	return f
}

// breakDown cuts every connection and refuses new ones.
func (f *forwarder) breakDown() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cut = true
	f.l.Close()
	for _, c := range f.conns {
		c.Close()
	}
}

// TestBrokenDatabaseLeavesRotation: an instance that cannot reach its database answers
// 503 (not 500), so that nginx, configured as the guide says, sends the reads to the
// other instance and leaves it out: every read through nginx still answers. Its
// /healthz says "unavailable" and nothing of the database.
func TestBrokenDatabaseLeavesRotation(t *testing.T) {
	dsn := dbtest.Schema(t)
	u, err := url.Parse(dsn)
	require.NoError(t, err)
	fw := newForwarder(t, u.Host)
	u.Host = fw.l.Addr().String()
	d := deploy(t, [2]string{dsn, u.String()})
	for range 4 { // both instances serve
		a := d.do(t, "GET", "/api/v1/players", "")
		require.Equal(t, http.StatusOK, a.status, a.body)
	}

	fw.breakDown()
	for i := range 20 {
		a := d.do(t, "GET", "/api/v1/players", "")
		assert.Equal(t, http.StatusOK, a.status, "read %d: %s", i, a.body)
	}
	assert.Contains(t, d.logs[1].String(), `level=ERROR msg="database unreachable"`,
		"the broken instance was asked, answered 503, and nginx asked the other")
	assert.NotContains(t, d.logs[1].String(), `msg="internal error"`)

	res, err := http.Get("http://" + d.procs[1].addr + "/healthz")
	require.NoError(t, err)
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Equal(t, http.StatusServiceUnavailable, res.StatusCode)
	assert.Equal(t, "5", res.Header.Get("Retry-After"))
	assert.Contains(t, string(b), `"status":"unavailable"`)
	assert.NotContains(t, string(b), u.Hostname())
	assert.NotContains(t, string(b), u.Port())
	assert.Eventually(t, func() bool { // the cause, in the log only
		return strings.Contains(d.logs[1].String(), `msg="health check: the database does not answer"`)
	}, 5*time.Second, 20*time.Millisecond)
}
