package page_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestIdempotencyKeyAttacks sends keys across commands, odd keys, and a replay after
// the created player was merged away.
func TestIdempotencyKeyAttacks(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	token := app.APIToken(c)

	p := apiKeyed(c, http.MethodPost, "/api/v1/players", token, "k1", `{"first_name":"Anna","last_name":"Bianchi"}`)
	require.Equal(t, http.StatusCreated, p.StatusCode, p.Body)
	// The player's key on a tournament create: another command, 409, nothing created.
	tr := apiKeyed(c, http.MethodPost, "/api/v1/tournaments", token, "k1", `{"name":"Sera","date":"2026-11-24"}`)
	assert.Equal(t, http.StatusConflict, tr.StatusCode, tr.Body)

	// Odd keys: control characters, 10 kB, empty quotes are refused (422).
	for _, bad := range []string{"a\tb", strings.Repeat("k", 10240), `""`} {
		res := apiKeyed(c, http.MethodPost, "/api/v1/players", token, bad, `{"first_name":"Ugo","last_name":"Neri"}`)
		if bad == "" {
			continue
		}
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "%q: %s", bad[:min(len(bad), 8)], res.Body)
	}

	// Merge the keyed player into another, then replay its create.
	q := apiKeyed(c, http.MethodPost, "/api/v1/players", token, "", `{"first_name":"Anna","last_name":"Bianca"}`)
	require.Equal(t, http.StatusCreated, q.StatusCode, q.Body)
	var pid, qid int64
	fmt.Sscanf(p.Body, `{"id":%d`, &pid)
	fmt.Sscanf(q.Body, `{"id":%d`, &qid)
	require.NotZero(t, pid, "%s %s", p.Header.Get("Location"), p.Body)
	m := apiKeyed(c, http.MethodPost, fmt.Sprintf("/api/v1/players/%d/merge", qid), token, "",
		fmt.Sprintf(`{"drop_id":%d}`, pid))
	require.Equal(t, http.StatusOK, m.StatusCode, m.Body)
	again := apiKeyed(c, http.MethodPost, "/api/v1/players", token, "k1", `{"first_name":"Anna","last_name":"Bianchi"}`)
	// Not a 404 "page not found" on POST /players: a 409 that says the player is gone.
	assert.Equal(t, http.StatusConflict, again.StatusCode, again.Body)
	assert.Contains(t, again.Body, "no longer exists")
}
