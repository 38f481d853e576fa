package page_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
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
	tr := apiKeyed(c, http.MethodPost, "/api/v1/tournaments", token, "k1", `{"name":"Sera","date":"2026-11-24","format":"individual3"}`)
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

// TestFormIdempotencyFieldTampered: a form's hidden key edited (too long, not ASCII) or
// carried to another form is refused with a page, never a 500, and creates nothing.
func TestFormIdempotencyFieldTampered(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	for _, bad := range []string{strings.Repeat("k", 10240), "chiave è", "a\x01b"} {
		res := c.Post("/players", url.Values{"first_name": {"Anna"}, "last_name": {"Bianchi"}, "_idem": {bad}})
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	}
	assert.Equal(t, 0, countPlayers(t, app))
	res := c.Post("/players", url.Values{"first_name": {"Anna"}, "last_name": {"Bianchi"}, "_idem": {"same"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	// The player's key carried to the token's form: another command, refused, no token.
	tok := c.Post("/tokens", url.Values{"name": {"script"}, "_idem": {"same"}})
	assert.Contains(t, []int{http.StatusConflict, http.StatusUnprocessableEntity}, tok.StatusCode, tok.Body)
	assert.Contains(t, tok.Body, "another request")
	ts, err := app.Store.ListTokens(t.Context(), 1)
	require.NoError(t, err)
	assert.Empty(t, ts)
}

// TestTwentyConcurrentRequestsOneKey: 20 goroutines, one key, one player, one answer.
func TestTwentyConcurrentRequestsOneKey(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	token := app.APIToken(c)
	const n = 20
	answers := make([]*viewtest.Response, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = apiKeyed(c, http.MethodPost, "/api/v1/players", token, "twenty", `{"first_name":"Eva","last_name":"Blu"}`)
		}()
	}
	wg.Wait()
	for i := range n {
		require.Equal(t, http.StatusCreated, answers[i].StatusCode, answers[i].Body)
		assert.JSONEq(t, answers[0].Body, answers[i].Body)
	}
	assert.Equal(t, 1, countPlayers(t, app))
}

// TestOneKeyTwoDirectors: another director's equal key is another key: its request is
// carried out and never answered with the first director's data.
func TestOneKeyTwoDirectors(t *testing.T) {
	app := viewtest.NewApp(t)
	anna := app.Setup()
	res := anna.Post("/directors", url.Values{"username": {"bruno"}, "name": {"Bruno Neri"}, "password": {"0123456789"}, "confirm": {"0123456789"}})
	require.Less(t, res.StatusCode, 400, res.Body)
	bruno := app.Client()
	res = bruno.Post("/login", url.Values{"username": {"bruno"}, "password": {"0123456789"}})
	require.Less(t, res.StatusCode, 400, res.Body)
	ta, tb := app.APIToken(anna), app.APIToken(bruno)
	a := apiKeyed(anna, http.MethodPost, "/api/v1/players", ta, "shared", `{"first_name":"Eva","last_name":"Blu"}`)
	require.Equal(t, http.StatusCreated, a.StatusCode, a.Body)
	b := apiKeyed(bruno, http.MethodPost, "/api/v1/players", tb, "shared", `{"first_name":"Eva","last_name":"Blu","new_person":true}`)
	require.Equal(t, http.StatusCreated, b.StatusCode, b.Body)
	assert.NotEqual(t, a.Body, b.Body)
	assert.Equal(t, 2, countPlayers(t, app))
	// Anna's second token shares her key space (the key is the director's, not the token's).
	ta2 := app.APIToken(anna)
	a2 := apiKeyed(anna, http.MethodPost, "/api/v1/players", ta2, "shared", `{"first_name":"Eva","last_name":"Blu"}`)
	require.Equal(t, http.StatusCreated, a2.StatusCode, a2.Body)
	assert.JSONEq(t, a.Body, a2.Body)
	assert.Equal(t, 2, countPlayers(t, app))
}
