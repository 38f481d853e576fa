package tournaments_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// TestDrawOverrideRefusedNextToTheField: a reason for drawing early with a hostile
// character is refused with the message next to its field and what was typed kept (it
// was stored, then refused only by the store's check, with no message at the field).
func TestDrawOverrideRefusedNextToTheField(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := viewtest.TournamentWithEntries(t, c, 6)
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", url.Values{"seed": {"5"}}).StatusCode)
	res := c.Post(base+"/draw", url.Values{"override": {"late\u202eevil"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc := res.Doc(t)
	assert.NotEmpty(t, doc.Find("#override-error").Text(), "the message next to the field")
	assert.Equal(t, "late\u202eevil", doc.Find("#override").AttrOr("value", ""), "what was typed kept")
}
