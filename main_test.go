package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/db/dbtest"
	"burraco/tournament"
	"burraco/views/api"
)

func TestLoadConfig(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	c, err := loadConfig(nil, getenv)
	require.NoError(t, err)
	assert.Equal(t, config{Addr: "localhost:8080", DB: "burraco.db", PublicTTL: time.Second, CommandTimeout: 20 * time.Second, ReplicaMaxLag: 10 * time.Second, RankingInterval: 5 * time.Second, SyncTick: 5 * time.Second, SyncBackoff: 2 * time.Second}, c)

	env["BURRACO_ADDR"], env["BURRACO_DB"], env["BURRACO_PUBLIC_TTL"] = ":9000", "/data/club.db", "0"
	env["BURRACO_PUBLIC_URL"], env["BURRACO_COMMAND_TIMEOUT"] = "https://torneo.example.org", "8s"
	c, _ = loadConfig(nil, getenv)
	assert.Equal(t, config{Addr: ":9000", DB: "/data/club.db", PublicURL: "https://torneo.example.org", CommandTimeout: 8 * time.Second, ReplicaMaxLag: 10 * time.Second, RankingInterval: 5 * time.Second, SyncTick: 5 * time.Second, SyncBackoff: 2 * time.Second}, c)

	c, _ = loadConfig([]string{"-addr", "127.0.0.1:1", "-db", "x.db", "-public-ttl", "500ms", "-public-url", "http://192.168.1.20:8080", "-command-timeout", "0", "-version"}, getenv)
	assert.Equal(t, config{Addr: "127.0.0.1:1", DB: "x.db", PublicTTL: 500 * time.Millisecond, PublicURL: "http://192.168.1.20:8080", Version: true, ReplicaMaxLag: 10 * time.Second, RankingInterval: 5 * time.Second, SyncTick: 5 * time.Second, SyncBackoff: 2 * time.Second}, c, "flags win over the environment")

	env["BURRACO_DB"], env["BURRACO_REPLICA_DB"], env["BURRACO_REPLICA_MAX_LAG"] = "postgres://anna@db1/club", "postgres://anna@db2/club", "30s"
	c, err = loadConfig(nil, getenv)
	require.NoError(t, err)
	assert.Equal(t, "postgres://anna@db2/club", c.Replica)
	assert.Equal(t, 30*time.Second, c.ReplicaMaxLag)
	env["BURRACO_DB"], env["BURRACO_REPLICA_DB"], env["BURRACO_REPLICA_MAX_LAG"] = "", "", ""

	for _, bad := range [][]string{
		{"-public-ttl", "soon"}, {"-public-ttl", "-1s"}, {"-public-ttl", "2h"},
		{"-command-timeout", "soon"}, {"-command-timeout", "-1s"},
		{"-public-url", "torneo.example.org"}, {"-public-url", "ftp://x"}, {"-public-url", "https://"},
		{"-db", ""}, {"-db", "mysql://anna:s3cret@db/club"}, {"-db", "file:club.db"},
		{"-replica-db", "postgres://db2/club"}, // -db is a SQLite file
		{"-db", "postgres://db1/club", "-replica-db", "replica.db"},
		{"-db", "postgres://db1/club", "-replica-db", "postgres://db2/club", "-replica-max-lag", "0"},
		{"-replica-max-lag", "soon"}, {"-replica-max-lag", "2h"},
		{"-ranking-interval", "soon"}, {"-ranking-interval", "500ms"}, {"-ranking-interval", "2m"},
		{"-sync-tick", "soon"}, {"-sync-tick", "1ms"}, {"-sync-backoff", "10m"},
	} {
		_, err = loadConfig(bad, getenv)
		assert.Error(t, err, bad)
	}
}

// A database setting that is neither a SQLite file path nor a postgres:// URL is refused
// at start, saying what to give, without repeating it (a keyword string was taken for
// the name of a new SQLite file, and served from it).
func TestLoadConfigRefusesKeywordDSN(t *testing.T) {
	for _, dsn := range []string{"host=db.example.org user=anna password=s3cret dbname=club", "dbname=club password='s3 cret'", "password=s3cret", "HOST=db port=5432"} {
		env := map[string]string{"BURRACO_DB": dsn}
		_, err := loadConfig(nil, func(k string) string { return env[k] })
		require.Error(t, err, dsn)
		assert.Contains(t, err.Error(), "PostgreSQL keyword string", dsn)
		assert.Contains(t, err.Error(), "postgres://", dsn)
		assert.NotContains(t, err.Error(), "s3", dsn)
	}
	for _, dsn := range []string{"burraco.db", "/data/club=2026.db", "C:\\club\\burraco.db", "postgres://anna:s3cret@db/club", "postgresql://db/club?sslmode=require"} {
		env := map[string]string{"BURRACO_DB": dsn}
		_, err := loadConfig(nil, func(k string) string { return env[k] })
		assert.NoError(t, err, dsn)
	}
}

// burraco copy never prints a password, whatever it is given and whatever fails.
func TestCopyCommandPrintsNoPassword(t *testing.T) {
	path := filepath.Join(t.TempDir(), "club.db")
	store, err := db.Open(path)
	require.NoError(t, err)
	require.NoError(t, store.Close())
	for _, args := range [][]string{
		{"-from", path, "-to", "host=127.0.0.1 user=anna password=s3cret dbname=club"},
		{"-from", "host=127.0.0.1 password=s3cret", "-to", "postgres://anna:s3cret@127.0.0.1:1/club"},
		{"-from", "postgres://anna:s3cret@127.0.0.1:1/club", "-to", "postgres://anna:s3cret@127.0.0.1:1/club"},
		{"-from", path, "-to", "mysql://anna:s3cret@127.0.0.1/club"},
		{"-from", path, "-to", "postgres://anna:s3cret@127.0.0.1:1/club?connect_timeout=1"},
		{"-from", path, "-to", "postgres://127.0.0.1:1/club?password=s3cret&connect_timeout=1"},
	} {
		var out bytes.Buffer
		err := copyCommand(context.Background(), args, &out)
		require.Error(t, err, args)
		assert.NotContains(t, err.Error(), "s3cret", args)
		assert.NotContains(t, out.String(), "s3cret", args)
	}
}

// TestVersion: -version prints the release set at build time; without one, what the
// build says, never empty.
func TestVersion(t *testing.T) {
	assert.NotEmpty(t, version())
	defer func(r string) { release = r }(release)
	release = "v0.1.0"
	assert.Equal(t, "v0.1.0", version())
}

// TestLogMasksSecrets: a database password never reaches the log, whether in a URL, a
// keyword DSN or an error, in the message or any value.
func TestLogMasksSecrets(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"postgres://burraco:S3cr%21t@127.0.0.1:5432/burraco?sslmode=disable", "postgres://burraco:xxxxx@127.0.0.1:5432/burraco?sslmode=disable"},
		{"open postgresql://u:p@db/x: refused", "open postgresql://u:xxxxx@db/x: refused"},
		{"host=db user=burraco password='a b' dbname=x", "host=db user=burraco password=xxxxx dbname=x"},
		{"postgres://db/x?user=u&password=pw&sslmode=require", "postgres://db/x?user=u&password=xxxxx&sslmode=require"},
		{"postgres://burraco@127.0.0.1/burraco", "postgres://burraco@127.0.0.1/burraco"},
		{"mail anna@example.org", "mail anna@example.org"},
		{"host=db PASS=x", "host=db PASS=xxxxx"},
		{"host=db PwD=x", "host=db PwD=xxxxx"},
	} {
		assert.Equal(t, tc.want, maskSecrets(tc.in), tc.in)
	}
	// The quick test (no allocation) agrees with the lower-cased search it replaces.
	for _, s := range []string{"GET", "/api/v1/tournaments/1", "Pass", "xPWD", "p", "pa", "pas", "pw", "@", "PaSsWoRd=1", "upward", "ps", ""} {
		l := strings.ToLower(s)
		assert.Equal(t, strings.Contains(s, "@") || strings.Contains(l, "pass") || strings.Contains(l, "pwd"), mayHoldSecret(s), s)
	}

	var out bytes.Buffer
	log := newLogger(&out)
	dsn := "postgres://burraco:TopSecret@127.0.0.1:1/burraco?sslmode=disable&connect_timeout=1"
	log.Info("listening", "db", dsn)
	log.Error("fatal", "err", fmt.Errorf("open %s: refused", dsn))
	log.Info("opening " + dsn)
	// What the app logs when the database cannot be reached at start.
	err := run(context.Background(), config{Addr: "127.0.0.1:0", DB: dsn}, log)
	require.Error(t, err)
	log.Error("fatal", "err", err)
	assert.NotContains(t, out.String(), "TopSecret")
	assert.Contains(t, out.String(), "burraco:xxxxx@127.0.0.1")
}

// TestRunServesAndShutsDown starts the real app on a free port, checks it serves the
// setup page, then cancels it as SIGTERM would and expects a clean stop.
func TestRunServesAndShutsDown(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, config{Addr: addr, DB: filepath.Join(t.TempDir(), "b.db")}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}()
	var res *http.Response
	require.Eventually(t, func() bool {
		res, err = http.Get("http://" + addr + "/healthz")
		return err == nil
	}, 10*time.Second, 20*time.Millisecond)
	var health struct {
		Status, Version string
		Schema          int
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&health))
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "ok", health.Status)
	assert.Equal(t, version(), health.Version, "/healthz names the release")
	assert.Equal(t, db.LatestMigration(), health.Schema, "and the schema version it read from the database")

	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err = client.Get("http://" + addr + "/")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, "/setup", res.Header.Get("Location"), "a fresh database leads to setup")

	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(20 * time.Second):
		t.Fatal("server did not stop")
	}
}

func TestLoadConfigTrustedProxies(t *testing.T) {
	env := map[string]string{"BURRACO_TRUSTED_PROXIES": "10.0.0.1, 192.168.0.0/16"}
	getenv := func(k string) string { return env[k] }
	c, err := loadConfig(nil, getenv)
	require.NoError(t, err)
	require.Len(t, c.TrustedProxies, 2)
	assert.Equal(t, "10.0.0.1/32", c.TrustedProxies[0].String())
	assert.Equal(t, "192.168.0.0/16", c.TrustedProxies[1].String())

	c, err = loadConfig([]string{"-trusted-proxies", "::1"}, getenv)
	require.NoError(t, err)
	require.Len(t, c.TrustedProxies, 1, "the flag wins over the environment")
	assert.Equal(t, "::1/128", c.TrustedProxies[0].String())

	_, err = loadConfig([]string{"-trusted-proxies", "proxy.example"}, getenv)
	assert.Error(t, err)
}

// TestCopyCommand runs "burraco copy" on a club's file into an empty PostgreSQL schema,
// then again into the same schema, which it refuses.
func TestCopyCommand(t *testing.T) {
	var out bytes.Buffer
	require.ErrorContains(t, copyCommand(context.Background(), []string{"-from", "x.db"}, &out), "-from and -to are required")
	dsn := dbtest.Schema(t)
	path := filepath.Join(t.TempDir(), "club.db")
	store, err := db.Open(path)
	require.NoError(t, err)
	p := &tournament.Player{FirstName: "Anna", LastName: "Verdi", Active: true}
	require.NoError(t, store.CreatePlayer(context.Background(), p))
	require.NoError(t, store.Close())

	out.Reset()
	require.NoError(t, copyCommand(context.Background(), []string{"-from", path, "-to", dsn}, &out))
	assert.Regexp(t, `(?m)^players +1 rows$`, out.String())
	assert.Regexp(t, `(?m)^copied \d+ rows in \d+ tables$`, out.String())
	pg, err := db.Open(dsn)
	require.NoError(t, err)
	defer pg.Close()
	got, err := pg.FindPlayer(context.Background(), p.ID)
	require.NoError(t, err)
	assert.Equal(t, "Verdi", got.LastName)

	err = copyCommand(context.Background(), []string{"-from", path, "-to", dsn}, &out)
	assert.ErrorContains(t, err, "already holds")
}

// TestMigrationsAreLogged: the start says which migrations it applied and how long they
// took; a second start on the same database applies none and says so.
func TestMigrationsAreLogged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	all := -1
	for i := range 2 {
		var out bytes.Buffer
		store, err := db.Open(path)
		require.NoError(t, err)
		logMigrations(newLogger(&out), store, 42*time.Millisecond)
		if all < 0 {
			applied, err := store.AppliedMigrations(t.Context())
			require.NoError(t, err)
			all = len(applied)
		}
		require.NoError(t, store.Close())
		want := []int{all, 0}[i]
		assert.Equal(t, want, strings.Count(out.String(), `msg="migration applied"`), "start %d: %s", i+1, out.String())
		if want > 0 {
			assert.Contains(t, out.String(), `version=1 name="directors, sessions, tokens, players" took=`)
		}
		assert.Contains(t, out.String(), fmt.Sprintf(`msg="database ready" schema=%d migrations_applied=%d took=42ms`, db.LatestMigration(), want))
	}
}

// TestStopDrainsKeptConnections: told to stop, the app refuses new connections at once
// but answers a request sent on a connection a proxy kept open (closing it after the
// answer) instead of closing that connection under the request, which nginx would not
// retry for a POST.
func TestStopDrainsKeptConnections(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, config{Addr: addr, DB: filepath.Join(t.TempDir(), "d.db")}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}()
	var conn net.Conn
	require.Eventually(t, func() bool {
		conn, err = net.Dial("tcp", addr)
		return err == nil
	}, 10*time.Second, 20*time.Millisecond)
	defer conn.Close()
	br := bufio.NewReader(conn)
	get := func() (*http.Response, error) {
		if _, err := io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			return nil, err
		}
		res, err := http.ReadResponse(br, nil)
		if err == nil {
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		return res, err
	}
	res, err := get()
	require.NoError(t, err)
	assert.False(t, res.Close, "kept open")

	cancel()
	require.Eventually(t, func() bool { // new connections refused
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		return err != nil
	}, 5*time.Second, 10*time.Millisecond)
	res, err = get()
	require.NoError(t, err, "a request on the kept connection is answered while draining")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.True(t, res.Close, "and the connection closed after the answer")
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(20 * time.Second):
		t.Fatal("server did not stop")
	}
}

func TestOpenAPICommandWritesTheServedDocument(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, openapiCommand(nil, &out))
	require.Equal(t, string(api.Document()), out.String())
	file := filepath.Join(t.TempDir(), "openapi.json")
	require.NoError(t, openapiCommand([]string{file}, &out))
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	require.Equal(t, api.Document(), b)
	require.Error(t, openapiCommand([]string{"a", "b"}, &out))
}
