package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/pb33f/libopenapi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
	"burraco/tournament"
	"burraco/tournament/formats"
	"burraco/tournament/formattest"
)

// TestMain registers the formats (and the 2-sided test one), then runs every test of the
// package on SQLite and again on PostgreSQL: the API tests (package api_test) drive the
// whole app.
func TestMain(m *testing.M) {
	formats.Register(formattest.Format{})
	os.Exit(dbtest.RunBoth(m))
}

// checker is one Checker of the document for the tests that use it.
var checker = func() func(t *testing.T) *Checker {
	var c *Checker
	return func(t *testing.T) *Checker {
		t.Helper()
		if c == nil {
			var err error
			c, err = NewChecker(Document())
			require.NoError(t, err)
		}
		return c
	}
}()

func TestDocumentIsValidOpenAPI31(t *testing.T) {
	doc, err := libopenapi.NewDocument(Document())
	require.NoError(t, err)
	assert.Equal(t, "3.1.0", doc.GetVersion())
	model, err := doc.BuildV3Model()
	require.NoError(t, err)
	assert.NotNil(t, model.Model.Paths.PathItems.GetOrZero("/tournaments/{id}/rounds/{n}/tables/{t}"))
	require.NoError(t, checker(t).ValidateDocument())
}

func TestDocumentDescribesEveryOperation(t *testing.T) {
	d := Build()
	ops := 0
	for p, item := range d.Paths {
		for m, o := range item {
			ops++
			assert.NotEmpty(t, o.Responses["default"], "%s %s", m, p)
			if strings.HasPrefix(p, "/public/") || p == "/login" || p == "/setup" || strings.HasPrefix(p, "/calc/") || strings.HasPrefix(p, "/t/") {
				require.NotNil(t, o.Security, "%s %s needs no token", m, p)
				assert.Empty(t, *o.Security, "%s %s needs no token", m, p)
			} else {
				assert.Nil(t, o.Security, "%s %s takes the bearer token", m, p)
				assert.Contains(t, o.Responses, "401", "%s %s", m, p)
			}
		}
	}
	assert.Equal(t, len(operations), ops)
	// Every format's settings are one of the stage's settings.
	for _, n := range []string{"ThreeplayerSettings", "DanishSettings", "KnockoutSettings"} {
		assert.Contains(t, d.Components.Schemas, n)
	}
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
		req, res := exchange("GET", "/api/v1/me", "", 200, `{"id":1,"username":"td","name":"TD","created_at":"2026-11-24T20:00:00Z"}`)
		assert.NoError(t, ValidateExchange(Document(), req, res))
	})
}

func TestMissing(t *testing.T) {
	d := Build()
	e := echo.New()
	noop := func(echo.Context) error { return nil }
	for _, o := range operations {
		e.Add(o.method, Prefix+o.path, noop)
	}
	e.GET(Prefix+"/openapi.json", ServeOpenAPI)
	e.GET("/tournaments/:id", noop) // a page, not the API
	undocumented, unserved := Missing(d, e.Routes())
	assert.Empty(t, undocumented)
	assert.Empty(t, unserved)

	e.POST(Prefix+"/tournaments/:id/rounds/:n/swap", noop)
	e.GET(Prefix+"/tournaments/:id/standings.:ext", noop)
	delete(d.Paths, "/me")
	undocumented, unserved = Missing(d, e.Routes())
	assert.Equal(t, []string{"GET /me", "POST /tournaments/{id}/rounds/{n}/swap"}, undocumented)
	assert.Empty(t, unserved)

	e2 := echo.New()
	e2.GET(Prefix+"/players", noop)
	_, unserved = Missing(d, e2.Routes())
	assert.Contains(t, unserved, "DELETE /tokens/{id}")
	assert.NotContains(t, unserved, "GET /players")
}

func TestServeOpenAPI(t *testing.T) {
	e := echo.New()
	e.GET(Prefix+"/openapi.json", ServeOpenAPI)
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest("GET", Prefix+"/openapi.json", nil))
	assert.Equal(t, 200, rec.Code)
	assert.Equal(t, "application/json", rec.Header().Get("Content-Type"))
	assert.Equal(t, Document(), rec.Body.Bytes())
}

func TestPathOf(t *testing.T) {
	assert.Equal(t, "/tournaments/{id}/rounds/{n}/tables/{t}", PathOf("/tournaments/:id/rounds/:n/tables/:t"))
	assert.Equal(t, "/tournaments/{id}/standings.{ext}", PathOf("/tournaments/:id/standings.:ext"))
}

// The schemas say what encoding/json writes: promoted members, omitempty, null for a nil
// slice, map or pointer, false for any member not listed.
func TestSchemaOfAStruct(t *testing.T) {
	type inner struct {
		A int    `json:"a"`
		B string `json:"b,omitempty"`
	}
	type outer struct {
		inner
		B     int               `json:"b"` // hides inner's
		C     []byte            `json:"c"`
		D     *inner            `json:"d"`
		E     map[string]string `json:"e,omitempty"`
		F     [2]int64          `json:"f"`
		G     string            `json:"-"`
		H     *int              `json:"h" api:"required"`
		Moved tournament.Points `json:"moved"`
	}
	sc := newSchemas(nil)
	got := sc.object(reflect.TypeFor[outer](), answer)
	sc.name()
	b, err := json.Marshal(got)
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"object","additionalProperties":false,
		"required":["a","b","c","d","f","h","moved"],
		"properties":{
		"a":{"type":"integer"},"b":{"type":"integer"},"c":{"type":["string","null"],"format":"byte"},
		"d":{"anyOf":[{"$ref":"#/components/schemas/inner"},{"type":"null"}]},
		"e":{"type":["object","null"],"additionalProperties":{"type":"string"}},
		"f":{"type":"array","items":{"type":"integer"},"minItems":2,"maxItems":2},
		"h":{"type":["integer","null"]},
		"moved":{"type":"string","pattern":"^-?[0-9]+(\\.[0-9]+)?$","description":"points as a sheet shows them: \"4.5\""}}}`, string(b))

	req := newSchemas(nil).object(reflect.TypeFor[outer](), request)
	assert.Equal(t, []string{"h"}, req.Required, "a request needs only what is tagged required")
}

// The document is the same bytes every time it is built, so it can be cached and tagged.
func TestDocumentIsStable(t *testing.T) {
	a, err := json.Marshal(Build())
	require.NoError(t, err)
	b, err := json.Marshal(Build())
	require.NoError(t, err)
	assert.Equal(t, string(a), string(b))
}
