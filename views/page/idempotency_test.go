package page_test

import (
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
	"burraco/tournament"
	"burraco/views/viewtest"
)

// TestMain runs every test of the package on SQLite, then on PostgreSQL.
func TestMain(m *testing.M) { os.Exit(dbtest.RunBoth(m)) }

// apiKeyed sends an API request with an Idempotency-Key header (none if key is "").
func apiKeyed(c *viewtest.Client, method, path, token, key, body string) *viewtest.Response {
	req, _ := http.NewRequest(method, c.App.Srv.URL+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	if strings.HasPrefix(body, "{") {
		req.Header.Set("Content-Type", "application/json")
	} else {
		req.Header.Set("Content-Type", "text/csv")
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	return c.Do(req)
}

func countPlayers(t *testing.T, app *viewtest.App) int {
	t.Helper()
	ps, err := app.Store.AllPlayers(t.Context())
	require.NoError(t, err)
	return len(ps)
}

func TestAPICreateWithIdempotencyKey(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	token := app.APIToken(c)
	body := `{"first_name":"Anna","last_name":"Bianchi","card_number":"RM1"}`

	first := apiKeyed(c, http.MethodPost, "/api/v1/players", token, "retry-1", body)
	require.Equal(t, http.StatusCreated, first.StatusCode, first.Body)
	again := apiKeyed(c, http.MethodPost, "/api/v1/players", token, "retry-1", body)
	require.Equal(t, http.StatusCreated, again.StatusCode, again.Body)
	assert.JSONEq(t, first.Body, again.Body, "answered as the first time")
	assert.Equal(t, first.Header.Get("Location"), again.Header.Get("Location"))
	assert.Equal(t, 1, countPlayers(t, app))

	// The key as a Structured Field string (quoted), as the IETF draft writes it.
	quoted := apiKeyed(c, http.MethodPost, "/api/v1/players", token, `"retry-1"`, body)
	require.Equal(t, http.StatusCreated, quoted.StatusCode, quoted.Body)
	assert.JSONEq(t, first.Body, quoted.Body)

	// Another request with the key: 409, nothing created.
	other := apiKeyed(c, http.MethodPost, "/api/v1/players", token, "retry-1", `{"first_name":"Luca","last_name":"Verdi"}`)
	assert.Equal(t, http.StatusConflict, other.StatusCode, other.Body)
	assert.Contains(t, other.Body, "another request")
	assert.Equal(t, 1, countPlayers(t, app))

	// A key that is not 1 to 255 printable ASCII characters: refused, nothing created.
	for _, bad := range []string{strings.Repeat("k", 256), "chiave è"} {
		res := apiKeyed(c, http.MethodPost, "/api/v1/players", token, bad, `{"first_name":"Ugo","last_name":"Neri"}`)
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
		assert.Contains(t, res.Body, "Idempotency-Key")
	}
	assert.Equal(t, 1, countPlayers(t, app))

	// Without a key, as before: two requests, two players (the director saying the
	// second is another person, or the registry refuses it as the first's duplicate).
	for range 2 {
		res := apiKeyed(c, http.MethodPost, "/api/v1/players", token, "", `{"first_name":"Ugo","last_name":"Neri","new_person":true}`)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	}
	assert.Equal(t, 3, countPlayers(t, app))

	// Concurrently, one key: one player, every answer the same.
	const n = 6
	answers := make([]*viewtest.Response, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = apiKeyed(c, http.MethodPost, "/api/v1/players", token, "race", `{"first_name":"Eva","last_name":"Blu"}`)
		}()
	}
	wg.Wait()
	for i := range n {
		require.Equal(t, http.StatusCreated, answers[i].StatusCode, answers[i].Body)
		assert.JSONEq(t, answers[0].Body, answers[i].Body)
	}
	assert.Equal(t, 4, countPlayers(t, app))

	// An import sent twice with one key: the players once, the same answer.
	csv := "nome;cognome\nZeno;Primo\nZeno;Secondo\n"
	imp1 := apiKeyed(c, http.MethodPost, "/api/v1/players/import?confirm=true", token, "imp", csv)
	require.Equal(t, http.StatusOK, imp1.StatusCode, imp1.Body)
	imp2 := apiKeyed(c, http.MethodPost, "/api/v1/players/import?confirm=true", token, "imp", csv)
	require.Equal(t, http.StatusOK, imp2.StatusCode, imp2.Body)
	assert.JSONEq(t, imp1.Body, imp2.Body)
	assert.Equal(t, 6, countPlayers(t, app))
}

func TestFormResubmittedCreatesOnce(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()

	// Two renders of the form carry two keys.
	doc := c.Get("/players/new").Doc(t)
	key, ok := doc.Find(`form input[name="_idem"]`).Last().Attr("value")
	require.True(t, ok, "the form carries an idempotency key beside its CSRF token")
	other, _ := c.Get("/players/new").Doc(t).Find(`form input[name="_idem"]`).Last().Attr("value")
	assert.NotEqual(t, key, other)
	require.NoError(t, tournament.CheckIdempotencyKey(key))

	form := url.Values{"first_name": {"Anna"}, "last_name": {"Bianchi"}, "card_number": {"RM1"}, "_idem": {key}}
	first := c.Post("/players", form)
	require.Equal(t, http.StatusSeeOther, first.StatusCode, first.Body)
	// Sent again (the browser's resubmit after an error page): the same redirect, and no
	// "card number taken" for the player the first one created.
	again := c.Post("/players", form)
	require.Equal(t, http.StatusSeeOther, again.StatusCode, again.Body)
	assert.Equal(t, first.Header.Get("Location"), again.Header.Get("Location"))
	assert.Equal(t, 1, countPlayers(t, app))

	// The other render, a deliberate second create: a second player.
	form2 := url.Values{"first_name": {"Anna"}, "last_name": {"Bianchi"}, "new_person": {"1"}, "_idem": {other}}
	res := c.Post("/players", form2)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	assert.Equal(t, 2, countPlayers(t, app))
	// A form without the key (an old page): as before.
	res = c.Post("/players", url.Values{"first_name": {"Luca"}, "last_name": {"Verdi"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	assert.Equal(t, 3, countPlayers(t, app))

	// A token's form sent twice: one token, and a clear refusal instead of a second.
	tdoc := c.Get("/tokens").Doc(t)
	tkey, ok := tdoc.Find(`form input[name="_idem"]`).Last().Attr("value")
	require.True(t, ok)
	tok := c.Post("/tokens", url.Values{"name": {"script"}, "_idem": {tkey}})
	require.Equal(t, http.StatusCreated, tok.StatusCode, tok.Body)
	tok2 := c.Post("/tokens", url.Values{"name": {"script"}, "_idem": {tkey}})
	assert.Equal(t, http.StatusUnprocessableEntity, tok2.StatusCode, "the form shown again")
	assert.Contains(t, tok2.Body, "already created by the same request")
	ts, err := app.Store.ListTokens(t.Context(), 1)
	require.NoError(t, err)
	assert.Len(t, ts, 1)
}

// TestOneKeyOnTwoInstances: a request sent to one instance and again to the other (a
// proxy's retry, a user's resubmit landing elsewhere), at once, creates once.
func TestOneKeyOnTwoInstances(t *testing.T) {
	dsn := dbtest.DSN(t)
	one := viewtest.NewAppOn(t, dsn)
	two := viewtest.NewAppOn(t, dsn)
	c1 := one.Setup()
	token := one.APIToken(c1)
	c2 := two.Client()
	const n = 6
	answers := make([]*viewtest.Response, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := c1
			if i%2 == 1 {
				c = c2
			}
			answers[i] = apiKeyed(c, http.MethodPost, "/api/v1/scales", token, "both",
				`{"name":"Mia","bands":[{"from":0,"to":10,"winner":10,"loser":10},{"from":11,"to":null,"winner":20,"loser":0}]}`)
		}()
	}
	wg.Wait()
	for i := range n {
		require.Equal(t, http.StatusCreated, answers[i].StatusCode, answers[i].Body)
		assert.JSONEq(t, answers[0].Body, answers[i].Body)
	}
	scales, err := one.Store.ListScales(t.Context())
	require.NoError(t, err)
	mine := 0
	for _, s := range scales {
		if s.Name == "Mia" {
			mine++
		}
	}
	assert.Equal(t, 1, mine)
}
