package apitest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament/formats"
	"burraco/views/api"
)

// checker is one Checker of the document for the tests that use it.
var checker = func() func(t *testing.T) *Checker {
	var c *Checker
	return func(t *testing.T) *Checker {
		t.Helper()
		if c == nil {
			var err error
			c, err = NewChecker(document())
			require.NoError(t, err)
		}
		return c
	}
}()

func TestDocumentIsValidOpenAPI31(t *testing.T) {
	doc, err := libopenapi.NewDocument(document())
	require.NoError(t, err)
	assert.Equal(t, "3.1.0", doc.GetVersion())
	model, err := doc.BuildV3Model()
	require.NoError(t, err)
	assert.NotNil(t, model.Model.Paths.PathItems.GetOrZero("/tournaments/{id}/rounds/{n}/tables/{t}"))
	require.NoError(t, checker(t).ValidateDocument())
}

// exchange makes a request and a recorded answer.
func exchange(method, target, reqBody string, status int, resBody string) (*http.Request, *http.Response) {
	req := httptest.NewRequest(method, target, strings.NewReader(reqBody))
	req.Header.Set("Authorization", "Bearer bt_test")
	if reqBody != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	if resBody != "" {
		rec.Header().Set("Content-Type", "application/json")
	}
	rec.WriteHeader(status)
	rec.WriteString(resBody)
	return req, rec.Result()
}

func TestValidateExchange(t *testing.T) {
	c := checker(t)
	player := `{"id":1,"first_name":"Anna","last_name":"Bianchi","club":"","card_number":"","email":"","phone":"",
		"notes":"","active":true,"version":1,"created_at":"2026-11-24T20:00:00Z","updated_at":"2026-11-24T20:00:00Z"}`
	t.Run("good", func(t *testing.T) {
		req, res := exchange("POST", "/api/v1/players", `{"first_name":"Anna","last_name":"Bianchi"}`, 201, player)
		assert.NoError(t, c.ValidateExchange(req, res))
		req, res = exchange("GET", "/api/v1/players?page=1&per_page=20", "", 200, `{"players":[`+player+`],"total":1,"page":1,"per_page":20}`)
		assert.NoError(t, c.ValidateExchange(req, res))
		req, res = exchange("GET", "/api/v1/players/7", "", 404, `{"error":{"code":"not_found","message":"Not found."}}`)
		assert.NoError(t, c.ValidateExchange(req, res))
		req, res = exchange("POST", "/api/v1/tournaments/1/entries/present", "", 200, `{"marked":4}`)
		assert.NoError(t, c.ValidateExchange(req, res), "a literal segment beside {eid}")
		req, res = exchange("GET", "/api/v1/calc/vp?scale_id=1&diff=600", "", 200, `{"scale":"FIBUR","diff":600,"winner":15,"loser":5}`)
		req.Header.Del("Authorization")
		assert.NoError(t, c.ValidateExchange(req, res), "a public route needs no token")
		req, res = exchange("DELETE", "/api/v1/tokens/3", "", 204, "")
		assert.NoError(t, c.ValidateExchange(req, res))
	})
	t.Run("wrong type in the answer", func(t *testing.T) {
		req, res := exchange("GET", "/api/v1/players/1", "", 200, strings.Replace(player, `"version":1`, `"version":"1"`, 1))
		err := c.ValidateExchange(req, res)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "version")
	})
	t.Run("member the document does not know", func(t *testing.T) {
		req, res := exchange("POST", "/api/v1/tournaments/1/entries/present", "", 200, `{"marked":4,"extra":true}`)
		assert.Error(t, c.ValidateExchange(req, res))
	})
	t.Run("error in another shape", func(t *testing.T) {
		req, res := exchange("GET", "/api/v1/players/7", "", 404, `{"message":"not found"}`)
		assert.Error(t, c.ValidateExchange(req, res))
	})
	t.Run("wrong type in the request", func(t *testing.T) {
		req, res := exchange("POST", "/api/v1/players", `{"first_name":1}`, 201, player)
		assert.Error(t, c.ValidateExchange(req, res))
	})
	t.Run("unknown path", func(t *testing.T) {
		req, res := exchange("GET", "/api/v1/nowhere", "", 200, `{}`)
		err := c.ValidateExchange(req, res)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "no such operation")
		req, res = exchange("PATCH", "/api/v1/players/1", "", 200, player)
		assert.Error(t, c.ValidateExchange(req, res), "a method the path does not take")
		req, res = exchange("GET", "/api/v1/nowhere", "", 404, `{"message":"Page not found."}`)
		assert.Error(t, c.ValidateExchange(req, res), "not found, but not in the error shape")
		req, res = exchange("GET", "/api/v1/nowhere", "", 404, `{"error":{"code":"not_found","message":"Page not found."}}`)
		assert.NoError(t, c.ValidateExchange(req, res), "echo's not found")
	})
	t.Run("a refused request is not checked, its answer is", func(t *testing.T) {
		req, res := exchange("GET", "/api/v1/players/abc", "", 404, `{"error":{"code":"not_found","message":"Not found."}}`)
		assert.NoError(t, c.ValidateExchange(req, res))
		req, res = exchange("POST", "/api/v1/players", `{"first_name":1}`, 422, `{"error":{"code":"invalid","message":"Bad JSON."}}`)
		assert.NoError(t, c.ValidateExchange(req, res))
		req, res = exchange("POST", "/api/v1/players", `{"first_name":1}`, 422, `{"error":"invalid"}`)
		assert.Error(t, c.ValidateExchange(req, res))
	})
	t.Run("nullable references", func(t *testing.T) {
		req, res := exchange("POST", "/api/v1/tournaments/1/entries/5", `{"checked_in":true}`, 200,
			`{"id":5,"tournament_id":1,"kind":"player","members":null,"name":"Bianchi Anna","checked_in":true,"withdrawn":false,"version":1,"round_change":null}`)
		assert.NoError(t, c.ValidateExchange(req, res))
		req, res = exchange("POST", "/api/v1/tournaments/1/entries/5", `{"checked_in":true}`, 200,
			`{"id":5,"tournament_id":1,"kind":"player","members":null,"name":"Bianchi Anna","checked_in":true,"withdrawn":false,"version":1,"round_change":7}`)
		assert.Error(t, c.ValidateExchange(req, res))
	})
	t.Run("function form", func(t *testing.T) {
		req, res := exchange("GET", "/api/v1/me", "", 200, `{"id":1,"username":"td","name":"TD","role":"director","created_at":"2026-11-24T20:00:00Z"}`)
		assert.NoError(t, ValidateExchange(document(), req, res))
	})
}

// document is the served document, with the formats main registers.
func document() []byte {
	registerFormats.Do(func() { formats.Register() })
	return api.Document()
}
