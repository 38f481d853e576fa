package api

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
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

func TestDocumentDescribesEveryOperation(t *testing.T) {
	d := Build()
	ops := 0
	for p, item := range d.Paths {
		for m, o := range item {
			ops++
			assert.NotEmpty(t, o.Responses["default"], "%s %s", m, p)
			if strings.HasPrefix(p, "/public/") || p == "/login" || p == "/setup" || strings.HasPrefix(p, "/calc/") || strings.HasPrefix(p, "/t/") ||
				p == "/sync/results" || p == "/sync/link" { // the signature, the link code authenticate
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
