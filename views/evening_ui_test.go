package views

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
)

// An unknown address is a 404 page for everyone; a director page still asks a visitor
// to log in (so a 404 never tells a visitor which director pages exist).
func TestUnknownPathIsNotFound(t *testing.T) {
	app := newTestApp(t)
	c := app.setup()
	anon := app.client()
	for _, path := range []string{"/nowhere", "/tournaments/1/nowhere", "/players/1/edit/more"} {
		res := anon.get(path)
		assert.Equal(t, http.StatusNotFound, res.StatusCode, path)
		assert.Contains(t, res.body, "Page not found.", path)
		assert.NotContains(t, res.body, `href="/tournaments"`, "no director navigation for a visitor")
		assert.Equal(t, http.StatusNotFound, c.get(path).StatusCode, path)
	}
	res := anon.get("/tournaments/1")
	assert.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/login?next=%2Ftournaments%2F1", res.Header.Get("Location"))
	assert.Equal(t, http.StatusSeeOther, anon.get("/").StatusCode)
	assert.Equal(t, http.StatusNotFound, c.get("/tournaments/999").StatusCode)
}
