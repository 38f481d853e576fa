package api_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
	"burraco/views/viewtest"
)

func TestAPISetupLoginAndTokens(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Client()
	var setup struct {
		Director struct{ Username string }
		Secret   string
	}
	res := c.API("POST", "/api/v1/setup", "", `{"username":"anna","name":"Anna Verdi","password":"password-lunga","confirm":"password-lunga"}`, &setup)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	assert.Equal(t, "anna", setup.Director.Username)
	var e viewtest.APIError
	res = c.API("POST", "/api/v1/setup", "", `{"username":"eve","name":"Eve","password":"password-lunga","confirm":"password-lunga"}`, &e)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "conflict", e.Error.Code)

	var me struct{ Username string }
	c.API("GET", "/api/v1/me", setup.Secret, "", &me)
	assert.Equal(t, "anna", me.Username)

	var login struct {
		Token  struct{ ID int64 }
		Secret string
	}
	res = c.API("POST", "/api/v1/login", "", `{"username":"anna","password":"password-lunga","token_name":"laptop"}`, &login)
	require.Equal(t, http.StatusCreated, res.StatusCode)
	res = c.API("POST", "/api/v1/login", "", `{"username":"anna","password":"bad"}`, &e)
	assert.Equal(t, http.StatusUnauthorized, res.StatusCode)
	assert.Equal(t, "Wrong username or password.", e.Error.Message)

	res = c.API("DELETE", "/api/v1/tokens/"+page.Itoa(int(login.Token.ID)), setup.Secret, "", nil)
	assert.Equal(t, http.StatusNoContent, res.StatusCode)
	assert.Equal(t, http.StatusUnauthorized, c.API("GET", "/api/v1/me", login.Secret, "", nil).StatusCode, "revoked")

	var dirs struct{ Directors []struct{ Username string } }
	res = c.API("POST", "/api/v1/directors", setup.Secret, `{"username":"bruno","name":"Bruno","password":"0123456789","confirm":"0123456789"}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode)
	c.API("GET", "/api/v1/directors", setup.Secret, "", &dirs)
	assert.Len(t, dirs.Directors, 2)
	assert.NotContains(t, res.Body, "password", "hashes never leave the server")

	res = c.API("PUT", "/api/v1/me/password", setup.Secret, `{"current":"wrong","password":"0123456789x","confirm":"0123456789x"}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "This is not your current password.", e.Error.Fields["current"])
}

func TestAPIPlayers(t *testing.T) {
	app := viewtest.NewApp(t)
	tok := app.APIToken(app.Setup())
	c := app.Client()

	type player struct {
		ID         int64
		FirstName  string `json:"first_name"`
		LastName   string `json:"last_name"`
		CardNumber string `json:"card_number"`
		Active     bool
	}
	var p player
	res := c.API("POST", "/api/v1/players", tok, `{"first_name":"Niccolò","last_name":"D'Alessandro","card_number":"rm1"}`, &p)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	assert.Equal(t, player{ID: p.ID, FirstName: "Niccolò", LastName: "D'Alessandro", CardNumber: "RM1", Active: true}, p)

	// The same validation and messages as the forms, in the caller's language.
	var e viewtest.APIError
	c.Lang = "it"
	res = c.API("POST", "/api/v1/players", tok, `{"first_name":"","last_name":"X","card_number":"RM1"}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "invalid", e.Error.Code)
	assert.Equal(t, "Correggi i campi evidenziati.", e.Error.Message)
	assert.Equal(t, map[string]string{"first_name": "Campo obbligatorio.", "card_number": "Un altro giocatore ha già questa tessera."}, e.Error.Fields)
	c.Lang = "en"
	res = c.API("POST", "/api/v1/players", tok, `{"first_name":"A","last_name":"B","card_number":"RM1"}`, &e)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	res = c.API("POST", "/api/v1/players", tok, `{"firstname":"typo"}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, e.Error.Message, "not valid JSON")

	res = c.API("PUT", "/api/v1/players/"+page.Itoa(int(p.ID)), tok, `{"first_name":"Niccolò","last_name":"D'Alessandro","club":"Roma","card_number":"RM1"}`, nil)
	assert.Equal(t, http.StatusOK, res.StatusCode)
	res = c.API("POST", "/api/v1/players/"+page.Itoa(int(p.ID))+"/deactivate", tok, "", &p)
	assert.False(t, p.Active)
	var list struct {
		Players []player
		Total   int
	}
	c.API("GET", "/api/v1/players?q=roma", tok, "", &list)
	assert.Equal(t, 0, list.Total)
	c.API("GET", "/api/v1/players?q=roma&inactive=true", tok, "", &list)
	assert.Equal(t, 1, list.Total)
	c.API("POST", "/api/v1/players/"+page.Itoa(int(p.ID))+"/activate", tok, "", &p)
	assert.True(t, p.Active)
	res = c.API("GET", "/api/v1/players/999", tok, "", &e)
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	assert.Equal(t, "not_found", e.Error.Code)

	// Import: preview writes nothing, confirm writes the new rows.
	csv := "nome;cognome;tessera\nAnna;Verdi;\nX;Y;rm1\n;Z;\n"
	var pv struct {
		New, Duplicates, Invalid, Created int
		Rows                              []struct {
			Status   string
			Messages map[string]string
		}
	}
	res = c.API("POST", "/api/v1/players/import", tok, csv, &pv)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, [4]int{1, 1, 1, 0}, [4]int{pv.New, pv.Duplicates, pv.Invalid, pv.Created})
	assert.Equal(t, "Card number already registered to D'Alessandro Niccolò.", pv.Rows[1].Messages["duplicate"])
	assert.Equal(t, "This field is required.", pv.Rows[2].Messages["first_name"])
	c.API("GET", "/api/v1/players", tok, "", &list)
	assert.Equal(t, 1, list.Total)
	c.API("POST", "/api/v1/players/import?confirm=true", tok, csv, &pv)
	assert.Equal(t, 1, pv.Created)
	c.API("GET", "/api/v1/players", tok, "", &list)
	assert.Equal(t, 2, list.Total)

	res = c.API("GET", "/api/v1/players/export", tok, "", nil)
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, res.Body, "Niccolò,D'Alessandro,Roma,RM1,,,,yes\n")

	res = c.API("GET", "/api/v1/nothing", tok, "", &e)
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	assert.Equal(t, "not_found", e.Error.Code)
}

// A method an address does not take is 405 with the methods it does take in Allow, in
// the API (in the error shape) and on the pages; an address no route serves stays 404.
func TestWrongMethodIs405(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	var e viewtest.APIError
	res := c.API("PATCH", "/api/v1/players/1", tok, `{}`, &e)
	assert.Equal(t, http.StatusMethodNotAllowed, res.StatusCode, res.Body)
	assert.Equal(t, "GET, HEAD, PUT", res.Header.Get("Allow"))
	assert.Equal(t, "method_not_allowed", e.Error.Code)
	res = c.API("DELETE", "/api/v1/tournaments", tok, "", &e)
	assert.Equal(t, http.StatusMethodNotAllowed, res.StatusCode, res.Body)
	assert.Equal(t, "GET, HEAD, POST", res.Header.Get("Allow"))
	res = c.API("GET", "/api/v1/nowhere", tok, "", &e)
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	assert.Empty(t, res.Header.Get("Allow"))

	page := c.Get("/tournaments/1/entries/present") // a page's form posts there
	assert.Equal(t, http.StatusMethodNotAllowed, page.StatusCode)
	assert.Equal(t, "POST", page.Header.Get("Allow"))
}
