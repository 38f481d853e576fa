package registry_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestRegistryRefusesASecondRecord: the registry's form and POST /api/v1/players refuse
// a player who looks like a registered one (the same name and club, or a club on one
// side only, accents, case and spaces ignored; the rule registering on the spot uses),
// offering the registered one — the page links to their record, the API answers 409
// with duplicate_of — unless the director says it is another person.
func TestRegistryRefusesASecondRecord(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var maria struct{ ID int64 }
	require.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/players", tok, `{"first_name":"Maria","last_name":"De Luca","club":"Circolo Roma"}`, &maria).StatusCode)

	// The API: the same name and club, and the same name with no club, written otherwise.
	for _, body := range []string{
		`{"first_name":"Maria","last_name":"De Luca","club":"Circolo Roma"}`,
		`{"first_name":"MARIA","last_name":"deluca"}`,
	} {
		var dup struct {
			Error struct {
				Code, Message string
				DuplicateOf   struct {
					ID        int64
					FirstName string `json:"first_name"`
				} `json:"duplicate_of"`
			}
		}
		res := c.API("POST", "/api/v1/players", tok, body, &dup)
		require.Equal(t, http.StatusConflict, res.StatusCode, "%s: %s", body, res.Body)
		assert.Equal(t, "conflict", dup.Error.Code)
		assert.Equal(t, maria.ID, dup.Error.DuplicateOf.ID, body)
		assert.Equal(t, "Maria", dup.Error.DuplicateOf.FirstName)
		assert.Contains(t, dup.Error.Message, "De Luca Maria, Circolo Roma is already in the registry")
	}
	// Another club is another person; so is one the director vouches for.
	assert.Equal(t, http.StatusCreated, c.API("POST", "/api/v1/players", tok, `{"first_name":"Maria","last_name":"De Luca","club":"Circolo Milano"}`, nil).StatusCode)
	res := c.API("POST", "/api/v1/players", tok, `{"first_name":"Maria","last_name":"De Luca","club":"Circolo Roma","new_person":true}`, nil)
	assert.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	ps, err := app.Store.AllPlayers(t.Context())
	require.NoError(t, err)
	require.Len(t, ps, 3)

	// The form: refused with the message, the registered ones offered, what was typed kept.
	form := url.Values{"first_name": {"Ugo"}, "last_name": {"Neri"}, "club": {"Circolo Roma"}}
	require.Equal(t, http.StatusSeeOther, c.Post("/players", form).StatusCode)
	for _, lang := range []struct{ code, msg string }{
		{"en", "Neri Ugo, Circolo Roma is already in the registry."},
		{"it", "Neri Ugo, Circolo Roma è già in anagrafica."},
	} {
		c.Lang = lang.code
		res = c.Post("/players", url.Values{"first_name": {"ugo"}, "last_name": {"NERI"}})
		require.Equal(t, http.StatusConflict, res.StatusCode, lang.code)
		doc := res.Doc(t)
		assert.Contains(t, doc.Find(".form-error, .alert").Text(), lang.msg, lang.code)
		assert.Equal(t, 1, doc.Find("#duplicate-offer a.dup-open").Length())
		href, _ := doc.Find("#duplicate-offer a.dup-open").Attr("href")
		assert.Regexp(t, `^/players/\d+/edit$`, href)
		assert.Equal(t, 1, doc.Find("#duplicate-offer input#new_person[type=checkbox]").Length())
		assert.Equal(t, "ugo", doc.Find("#first_name").AttrOr("value", ""))
	}
	ps, _ = app.Store.AllPlayers(t.Context())
	require.Len(t, ps, 4)
	c.Lang = "en"
	res = c.Post("/players", url.Values{"first_name": {"ugo"}, "last_name": {"NERI"}, "new_person": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	ps, _ = app.Store.AllPlayers(t.Context())
	assert.Len(t, ps, 5, fmt.Sprint("registered as another person: ", ps))
}
