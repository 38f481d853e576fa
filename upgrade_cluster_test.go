package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
)

// previousRelease builds the app as it was just before its newest migration was added
// (on the main line: the commit that added db/migrate<N>.go, N = db.LatestMigration(),
// and its first parent): the release a running deployment upgrades from. It skips
// without Git or that history.
func previousRelease(t *testing.T) string {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("the previous release is built from Git history: no git")
	}
	file := fmt.Sprintf("db/migrate%d.go", db.LatestMigration())
	out, err := exec.Command(git, "log", "--first-parent", "--diff-filter=A", "--format=%H", "-1", "--", file).Output()
	added := strings.TrimSpace(string(out))
	if err != nil || added == "" {
		t.Skipf("no Git history of %s to build the previous release from", file)
	}
	dir := t.TempDir()
	archive := exec.Command(git, "archive", "--format=tar", added+"^1")
	untar := exec.Command("tar", "-x", "-C", dir)
	untar.Stdin, err = archive.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, untar.Start())
	require.NoError(t, archive.Run())
	require.NoError(t, untar.Wait())
	bin := filepath.Join(dir, "burraco-previous")
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the previous release (%s^): %v\n%s", added[:12], err, out)
	}
	return bin
}

// startBinary starts one app process of bin on dsn and waits until it answers /healthz.
func startBinary(t *testing.T, bin, dsn string) *instance {
	t.Helper()
	in := launch(t, bin, dsn)
	waitUp(t, in, 60*time.Second)
	return in
}

// TestUpgradeWhileServing: an instance of the previous release serves an evening; an
// instance of this release starts on the same database and migrates it. The previous
// release reads SQLite only (PostgreSQL came after its schema), so this is its upgrade
// path: two processes on one SQLite file, as during a restart that overlaps.
// The old instance keeps answering throughout (reads and a sheet's save, every answer
// a 200), what each saves the other reads, and the new one reports the new schema.
// (An old release started on the migrated database afterwards is refused with a clear
// message: db.TestNewerSchemaIsRefused, for releases that carry that check.)
func TestUpgradeWhileServing(t *testing.T) {
	oldBin := previousRelease(t)
	newBin := appBinary(t)
	dsn := filepath.Join(t.TempDir(), "club.db")

	old := startBinary(t, oldBin, dsn)
	r := call(t, old, "POST", "/setup", "", `{"username":"anna","name":"Anna","password":"password-lunga","confirm":"password-lunga"}`)
	require.Equal(t, http.StatusCreated, r.status, r.body)
	var setup struct{ Secret string }
	require.NoError(t, json.Unmarshal([]byte(r.body), &setup))
	tok := setup.Secret
	c := &cluster{a: old, b: old, tok: tok}
	base, _ := c.evening(t, 6, `{"games":2}`)
	r = call(t, old, "PUT", base+"/rounds/1/tables/1", tok, sheetJSON(300, 100, 0))
	require.Equal(t, http.StatusOK, r.status, r.body)

	// The old instance is read without pause (a bounded loop) while the new one starts
	// and migrates.
	var reads, failures atomic.Int64
	var firstFailure atomic.Value
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 100000; i++ {
			select {
			case <-stop:
				return
			default:
			}
			req, _ := http.NewRequest("GET", old.url+"/api/v1"+base+"/standings", nil)
			req.Header.Set("Authorization", "Bearer "+tok)
			res, err := http.DefaultClient.Do(req)
			reads.Add(1)
			if err != nil || res.StatusCode != http.StatusOK {
				if failures.Add(1) == 1 {
					firstFailure.Store(fmt.Sprint(err, res))
				}
			}
			if res != nil {
				res.Body.Close()
			}
		}
	}()
	fresh := startBinary(t, newBin, dsn)
	close(stop)
	<-done
	assert.Positive(t, reads.Load())
	t.Logf("%d reads of the old instance while the new one started and migrated", reads.Load())
	assert.Zero(t, failures.Load(), "the old instance answered every read while the new one migrated: %v", firstFailure.Load())

	res, err := http.Get(fresh.url + "/healthz")
	require.NoError(t, err)
	b := new(bytes.Buffer)
	_, _ = b.ReadFrom(res.Body)
	res.Body.Close()
	assert.Contains(t, b.String(), fmt.Sprintf(`"schema":%d`, db.LatestMigration()), "the new instance migrated")

	// Both serve the same evening: a save through each, read through the other.
	r = call(t, old, "PUT", base+"/rounds/1/tables/2", tok, sheetJSON(200, 150, 50))
	require.Equal(t, http.StatusOK, r.status, "the old instance still saves after the migration: %s", r.body)
	r = call(t, fresh, "GET", base+"/rounds/1/tables/2", tok, "")
	require.Equal(t, http.StatusOK, r.status, r.body)
	assert.Contains(t, r.body, `"scores":[600,450,150]`)
	r = call(t, fresh, "GET", base+"/rounds/1/tables/1", tok, "")
	r = call(t, fresh, "PUT", base+"/rounds/1/tables/1", tok, sheetJSON(100, 300, 0), "If-Match", r.etag)
	require.Equal(t, http.StatusOK, r.status, r.body)
	r = call(t, old, "GET", base+"/standings", tok, "")
	require.Equal(t, http.StatusOK, r.status, r.body)
	r = call(t, old, "GET", base+"/rounds/1/tables/1", tok, "")
	assert.Contains(t, r.body, `"scores":[300,900,0]`, "the old instance reads what the new one saved")
}
