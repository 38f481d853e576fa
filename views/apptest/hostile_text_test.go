package apptest_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

const controlMsg = "This contains invisible control characters (such as text-direction marks) that are not allowed here; type it again or paste it as plain text."

// A JSON body with bytes that are not UTF-8 is refused, not stored with U+FFFD.
func TestAPIRefusesInvalidUTF8(t *testing.T) {
	app := viewtest.NewApp(t)
	tok := app.APIToken(app.Setup())
	c := app.Client()
	var e viewtest.APIError
	res := c.API("POST", "/api/v1/players", tok, "{\"first_name\":\"Citt\xe0\",\"last_name\":\"Rossi\"}", &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.Contains(t, e.Error.Message, "not valid UTF-8")
	res = c.API("POST", "/api/v1/tournaments", tok, "{\"name\":\"Sera\xff\",\"date\":\"2026-11-24\"}", &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	ps, _ := app.Store.AllPlayers(t.Context())
	assert.Empty(t, ps)
}

// Control and bidi characters are refused in every text field of the API, with the
// field's message.
func TestAPIRefusesHostileText(t *testing.T) {
	app := viewtest.NewApp(t)
	tok := app.APIToken(app.Setup())
	c := app.Client()
	for _, tc := range []struct{ path, body, field string }{
		{"/api/v1/players", `{"first_name":"Anna","last_name":"Ros\u202esi"}`, "last_name"},
		{"/api/v1/players", `{"first_name":"An\u0000na","last_name":"Rossi"}`, "first_name"},
		{"/api/v1/players", `{"first_name":"Anna","last_name":"Rossi","club":"\u2066Roma"}`, "club"},
		{"/api/v1/players", `{"first_name":"Anna","last_name":"Rossi","email":"a\u0007b@example.it"}`, "email"},
		{"/api/v1/players", `{"first_name":"Anna","last_name":"Rossi","phone":"06\t123"}`, "phone"},
		{"/api/v1/players", `{"first_name":"Anna","last_name":"Rossi","card_number":"RM\u001b1"}`, "card_number"},
		{"/api/v1/players", `{"first_name":"Anna","last_name":"Rossi","notes":"ok\n\u202bnot ok"}`, "notes"},
		{"/api/v1/tournaments", `{"name":"Sera\u0000","date":"2026-11-24"}`, "name"},
		{"/api/v1/tournaments", `{"name":"Sera","venue":"\u202eRoma","date":"2026-11-24"}`, "venue"},
		{"/api/v1/tournaments", `{"name":"Sera","notes":"a\u0008b","date":"2026-11-24"}`, "notes"},
		{"/api/v1/scales", `{"name":"Mia\u2067","bands":[{"from":0,"to":-1,"winner":10,"loser":10}]}`, "name"},
		{"/api/v1/directors", `{"username":"bruno","name":"Bru\u202eno","password":"0123456789","confirm":"0123456789"}`, "name"},
		{"/api/v1/login", `{"username":"anna","password":"` + viewtest.Password + `","token_name":"lap\u0007top"}`, "name"},
	} {
		var e viewtest.APIError
		res := c.API("POST", tc.path, tok, tc.body, &e)
		if assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "%s %s: %s", tc.path, tc.body, res.Body) {
			assert.Equal(t, controlMsg, e.Error.Fields[tc.field], "%s %s", tc.path, tc.body)
		}
	}
	ps, _ := app.Store.AllPlayers(t.Context())
	assert.Empty(t, ps)

	// Notes keep their tabs and line breaks.
	res := c.API("POST", "/api/v1/players", tok, `{"first_name":"Anna","last_name":"Rossi","notes":"riga 1\r\n\triga 2"}`, nil)
	assert.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
}

// The forms refuse the same characters, in the caller's language, keeping the input.
func TestFormsRefuseHostileText(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	c.Lang = "it"
	res := c.Post("/players", url.Values{"first_name": {"Anna"}, "last_name": {"Ros\u202esi"}, "notes": {"a\x00b"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc := res.Doc(t)
	assert.True(t, strings.HasPrefix(doc.Find("#last_name-error").Text(), "Contiene caratteri di controllo"), doc.Find("#last_name-error").Text())
	assert.NotEmpty(t, doc.Find("#notes-error").Text())
	c.Lang = "en"
	res = c.Post("/players", url.Values{"first_name": {"Anna"}, "last_name": {"Rossi"}, "club": {"Roma\x1b[2J"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, controlMsg, res.Doc(t).Find("#club-error").Text())

	res = c.Post("/tournaments", url.Values{"name": {"Sera\u2066"}, "date": {"2026-11-26"}, "venue": {"Circolo"},
		"games": {"3"}, "hands_per_game": {"3"}, "bye_points": {"3"}, "sit_out": {"rotate"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, controlMsg, res.Doc(t).Find("#name-error").Text())

	res = c.Post("/tokens", url.Values{"name": {"lap\u202etop"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, res.Body, "invisible control characters")

	ps, _ := app.Store.AllPlayers(t.Context())
	assert.Empty(t, ps)
}
