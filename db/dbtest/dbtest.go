// Package dbtest gives tests a fresh database of their own: a SQLite file in the test's
// temporary directory, or a schema of its own on a PostgreSQL server, dropped after.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// EnvDSN names the environment variable holding the PostgreSQL server tests use; "off"
// runs the tests on SQLite only.
const EnvDSN = "BURRACO_TEST_POSTGRES"

// defaultDSNs are tried in turn when EnvDSN is empty: the local server with trust
// authentication, as user root or postgres.
var defaultDSNs = []string{
	"postgres://root@127.0.0.1:5432/test?sslmode=disable",
	"postgres://postgres@127.0.0.1:5432/test?sslmode=disable",
}

var (
	once      sync.Once
	serverDSN string
	serverErr error
)

// Server returns the DSN of the PostgreSQL server tests use, or why there is none.
func Server() (string, error) {
	once.Do(func() {
		env := os.Getenv(EnvDSN)
		if env == "off" {
			serverErr = fmt.Errorf("%s=off", EnvDSN)
			return
		}
		candidates := defaultDSNs
		if env != "" {
			candidates = []string{env}
		}
		var errs []string
		for _, dsn := range candidates {
			if err := ping(dsn); err != nil {
				errs = append(errs, err.Error())
				continue
			}
			serverDSN = dsn
			return
		}
		serverErr = fmt.Errorf("no PostgreSQL server reachable (set %s): %s", EnvDSN, strings.Join(errs, "; "))
	})
	return serverDSN, serverErr
}

func ping(dsn string) error {
	conn, err := sql.Open("pgx", dsn)
	if err != nil {
		return err
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	return conn.PingContext(ctx)
}

// CI reports whether tests run under CI=true, where a missing server is a failure.
func CI() bool { return os.Getenv("CI") == "true" }

// RequireServer returns the server's DSN, or skips the test with the reason (fails it
// under CI=true).
func RequireServer(t testing.TB) string {
	t.Helper()
	dsn, err := Server()
	if err != nil {
		if CI() {
			t.Fatalf("PostgreSQL is required under CI=true: %v", err)
		}
		t.Skipf("skipped: %v", err)
	}
	return dsn
}

var unsafe = regexp.MustCompile(`[^a-z0-9]+`)

// Schema creates a schema of its own for the test on the server (named after the test,
// with a random suffix), drops it when the test ends, and returns a DSN whose
// search_path is that schema.
func Schema(t testing.TB) string {
	t.Helper()
	server := RequireServer(t)
	name := unsafe.ReplaceAllString(strings.ToLower(t.Name()), "_")
	if len(name) > 40 {
		name = name[:40]
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	name = "t_" + name + "_" + hex.EncodeToString(b[:])
	admin, err := sql.Open("pgx", server)
	if err != nil {
		t.Fatalf("open %s: %v", server, err)
	}
	if _, err := admin.Exec(`CREATE SCHEMA "` + name + `"`); err != nil {
		admin.Close()
		t.Fatalf("create schema %s: %v", name, err)
	}
	t.Cleanup(func() {
		defer admin.Close()
		if _, err := admin.Exec(`DROP SCHEMA "` + name + `" CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", name, err)
		}
	})
	if _, bench := t.(*testing.B); !bench {
		t.Logf("database: PostgreSQL schema %s", name)
	}
	return WithSchema(server, name)
}

// WithSchema returns dsn with its search_path set to schema.
func WithSchema(dsn, schema string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		panic(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Backend is the database the package's tests run on in this pass: "sqlite" or
// "postgres". RunBoth sets it.
var Backend = "sqlite"

// DSN returns a fresh database for the test on the current backend: a SQLite file in its
// temporary directory, or a PostgreSQL schema of its own.
func DSN(t testing.TB) string {
	t.Helper()
	if Backend == "postgres" {
		return Schema(t)
	}
	return filepath.Join(t.TempDir(), "test.db")
}

// profiling reports whether a profile (CPU, memory, blocking, mutex, trace) was asked for.
func profiling() bool {
	for _, name := range []string{"test.cpuprofile", "test.memprofile", "test.blockprofile", "test.mutexprofile", "test.trace"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return true
		}
	}
	return false
}

// OnPostgres reports whether this pass runs on PostgreSQL.
func OnPostgres() bool { return Backend == "postgres" }

// RunBoth runs a package's tests on SQLite, then again on PostgreSQL where a server is
// reachable (the benchmarks run once: they name their database themselves). Without a
// server the second pass is skipped with a message, and fails under CI=true. Call it
// from TestMain: os.Exit(dbtest.RunBoth(m)).
func RunBoth(m *testing.M) int {
	flag.Parse()
	Backend = "sqlite"
	if code := m.Run(); code != 0 {
		return code
	}
	if profiling() {
		// A second m.Run would write the profiles again, over the first pass's.
		fmt.Fprintln(os.Stderr, "skipped the PostgreSQL pass: a profile was asked for")
		return 0
	}
	if _, err := Server(); err != nil {
		if CI() {
			fmt.Fprintf(os.Stderr, "FAIL: PostgreSQL is required under CI=true: %v\n", err)
			return 1
		}
		fmt.Fprintf(os.Stderr, "skipped the PostgreSQL pass: %v\n", err)
		return 0
	}
	if testing.Verbose() {
		fmt.Println("=== the same tests again, on PostgreSQL")
	}
	Backend = "postgres"
	_ = flag.Set("test.bench", "")
	_ = flag.Set("test.fuzz", "")
	return m.Run()
}
