package apptest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/views/api"
	"burraco/views/viewtest"
)

// TestOpenAPIMatchesTheRoutes: every route the server has under /api/v1 is in the
// OpenAPI document, and every operation of the document is routed.
func TestOpenAPIMatchesTheRoutes(t *testing.T) {
	app := viewtest.NewApp(t)
	undocumented, unserved := api.Missing(api.Build(), app.Server.Routes())
	assert.Empty(t, undocumented, "routed under /api/v1 but missing from the OpenAPI document")
	assert.Empty(t, unserved, "in the OpenAPI document but not routed")
}

// TestOpenAPIServed: the document is served without a token, as api.Document() is.
func TestOpenAPIServed(t *testing.T) {
	app := viewtest.NewApp(t)
	res := app.Client().Get("/api/v1/openapi.json")
	assert.Equal(t, 200, res.StatusCode)
	assert.Equal(t, "application/json", res.Header.Get("Content-Type"))
	assert.Equal(t, string(api.Document()), res.Body)
}
