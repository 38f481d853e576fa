package api_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/views/viewtest"
	"burraco/views/words"
)

// A body is one JSON value: a second value or garbage after it is refused, not dropped.
func TestAPIRefusesTrailingData(t *testing.T) {
	app := viewtest.NewApp(t)
	tok := app.APIToken(app.Setup())
	c := app.Client()
	player := `{"first_name":"Anna","last_name":"Verdi"}`
	for _, body := range []string{
		player + ` {"first_name":"Eve","last_name":"Nera"}`,
		player + `garbage`,
		player + `]`,
		player + `{}`,
		player + "\n5",
	} {
		var e viewtest.APIError
		res := c.API("POST", "/api/v1/players", tok, body, &e)
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, body)
		assert.Equal(t, "invalid", e.Error.Code, body)
		assert.Contains(t, e.Error.Message, "not valid JSON", body)
		assert.Contains(t, e.Error.Message, "after the JSON value", body)
	}
	var list struct{ Total int }
	c.API("GET", "/api/v1/players", tok, "", &list)
	assert.Equal(t, 0, list.Total, "nothing was created")

	// White space after the value is fine.
	res := c.API("POST", "/api/v1/players", tok, player+" \r\n\t ", nil)
	assert.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	// The public calculator reads its body the same way.
	var e viewtest.APIError
	res = c.API("POST", "/api/v1/calc/hand", "", `{"hand":{"form":2,"total":5}}{"hand":{}}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.Contains(t, e.Error.Message, "after the JSON value")
}

// Paging parameters that are given must be right; only left-out ones take defaults.
func TestAPIPageParams(t *testing.T) {
	app := viewtest.NewApp(t)
	cl := app.Setup()
	tok := app.APIToken(cl)
	c := app.Client()

	type paging struct {
		Page    int
		PerPage int `json:"per_page"`
		Total   int
	}
	for q, want := range map[string]paging{
		"":                                 {Page: 1, PerPage: 50},
		"?q=x":                             {Page: 1, PerPage: 50},
		"?page=3":                          {Page: 3, PerPage: 50},
		"?per_page=500":                    {Page: 1, PerPage: 500},
		"?page=1000000&per_page=1":         {Page: 1000000, PerPage: 1},
		"?page=2&per_page=20&inactive=yes": {Page: 2, PerPage: 20},
	} {
		var p paging
		res := c.API("GET", "/api/v1/players"+q, tok, "", &p)
		require.Equal(t, http.StatusOK, res.StatusCode, "%s: %s", q, res.Body)
		assert.Equal(t, want, p, q)
	}

	pageMsg, perPageMsg := "Use a page number from 1 to 1000000.", "Use a page size from 1 to 500."
	for q, want := range map[string]map[string]string{
		"?page=0":                       {"page": pageMsg},
		"?page=-1":                      {"page": pageMsg},
		"?page=abc":                     {"page": pageMsg},
		"?page=":                        {"page": pageMsg},
		"?page=1.5":                     {"page": pageMsg},
		"?page=1000001":                 {"page": pageMsg},
		"?page=99999999999999999999999": {"page": pageMsg},
		"?per_page=0":                   {"per_page": perPageMsg},
		"?per_page=-5":                  {"per_page": perPageMsg},
		"?per_page=501":                 {"per_page": perPageMsg},
		"?per_page=ten":                 {"per_page": perPageMsg},
		"?page=0&per_page=1000":         {"page": pageMsg, "per_page": perPageMsg},
	} {
		var e viewtest.APIError
		res := c.API("GET", "/api/v1/players"+q, tok, "", &e)
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "%s: %s", q, res.Body)
		assert.Equal(t, "invalid", e.Error.Code, q)
		assert.Equal(t, want, e.Error.Fields, q)
	}
	var e viewtest.APIError
	c.Lang = "it"
	c.API("GET", "/api/v1/players?page=0", tok, "", &e)
	assert.Equal(t, map[string]string{"page": "Usa un numero di pagina da 1 a 1000000."}, e.Error.Fields)

	// The HTML list stays lenient: a wrong page number shows the first page.
	for _, q := range []string{"?page=0", "?page=abc", "?page=99999999999999999999", "?page=9223372036854775807", "?per_page=0"} {
		res := cl.Get("/players" + q)
		assert.Equal(t, http.StatusOK, res.StatusCode, q)
	}
}

// The VP calculator reports every wrong parameter as a field error, all at once.
func TestAPICalcVPErrors(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Client()

	var vp struct {
		Scale         string
		Diff          int
		Winner, Loser int
	}
	res := c.API("GET", "/api/v1/calc/vp?scale_id=1&diff=600", "", "", &vp)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, 600, vp.Diff)

	required, number, unknown := "This field is required.", "Enter a whole number.", "There is no VP scale with this id."
	for q, want := range map[string]map[string]string{
		"?diff=600":                             {"scale_id": required},
		"?scale_id=&diff=600":                   {"scale_id": required},
		"?scale_id=abc&diff=600":                {"scale_id": number},
		"?scale_id=1.5&diff=600":                {"scale_id": number},
		"?scale_id=999&diff=600":                {"scale_id": unknown},
		"?scale_id=0&diff=600":                  {"scale_id": unknown},
		"?scale_id=-1&diff=600":                 {"scale_id": unknown},
		"?scale_id=1":                           {"diff": required},
		"?scale_id=1&diff=x":                    {"diff": number},
		"?scale_id=1&diff=99999999999999999999": {"diff": number},
		"?scale_id=999&diff=x":                  {"scale_id": unknown, "diff": number},
		"":                                      {"scale_id": required, "diff": required},
	} {
		var e viewtest.APIError
		res := c.API("GET", "/api/v1/calc/vp"+q, "", "", &e)
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "%s: %s", q, res.Body)
		assert.Equal(t, "invalid", e.Error.Code, q)
		assert.Equal(t, want, e.Error.Fields, q)
	}
}

// A hand's numbers and flags cannot be null, nor can the calculator's hand itself.
func TestAPICalcHandStrict(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Client()
	for body, want := range map[string]string{
		`{"hand":{"form":2,"total":null}}`:           `hand field "total" cannot be null`,
		`{"hand":{"opened":null,"table":30}}`:        `hand field "opened" cannot be null`,
		`{"hand":{"form":2,"totale":5}}`:             `hand field "totale" is unknown`,
		`{"hand":{"form":2,"total":"5"}}`:            `hand field "total" must be a whole number`,
		`{"hand":[{"form":2,"total":5}]}`:            "a hand must be a JSON object",
		`{"preset":"standard","hand":{"clean":1.5}}`: `hand field "clean" must be a whole number, not 1.5`,
	} {
		var e viewtest.APIError
		res := c.API("POST", "/api/v1/calc/hand", "", body, &e)
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "%s: %s", body, res.Body)
		assert.Equal(t, "invalid", e.Error.Code, body)
		assert.Contains(t, e.Error.Message, want, body)
	}
	for _, body := range []string{`{"hand":null}`, `{"preset":"standard"}`} {
		var e viewtest.APIError
		res := c.API("POST", "/api/v1/calc/hand", "", body, &e)
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "%s: %s", body, res.Body)
		assert.Equal(t, map[string]string{"hand": "This field is required."}, e.Error.Fields, body)
	}
	var out struct{ Total int }
	res := c.API("POST", "/api/v1/calc/hand", "", `{"hand":{"form":2,"total":-160}}`, &out)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, -160, out.Total)
}

// Every problem key scoring.DecodeRules gives has a message in both languages (the
// catalogue test does not scan the scoring package).
func TestDecodeRulesKeysInCatalogue(t *testing.T) {
	keys := map[string]bool{}
	for _, data := range []string{`{"preset":"x"}`, `{"foo":1}`, `{"closing":null}`, `{"closing":3}`, `[1]`} {
		_, p := scoring.DecodeRules([]byte(data), "standard")
		require.NotNil(t, p, data)
		for _, k := range p {
			keys[k] = true
		}
	}
	assert.Len(t, keys, 4)
	for k := range keys {
		assert.True(t, words.Known(k), k)
	}
}
