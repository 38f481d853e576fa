package rounds_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// A seat change refuses the same player twice next to the seat, swaps a sit-out in and is logged.
func TestSeatOverrideForm(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	base := viewtest.TournamentWithEntries(t, c, 4)
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", url.Values{"seed": {"9"}}).StatusCode)
	doc := c.Get(base + "/rounds/1/seats").Doc(t)
	assert.Equal(t, 4, doc.Find("select").Length(), "three seats and one sit-out")
	pick := func(name string) string {
		v, _ := doc.Find(`select[name="` + name + `"] option[selected]`).Attr("value")
		return v
	}
	s1, s2, s3, out := pick("seat.1.1"), pick("seat.1.2"), pick("seat.1.3"), pick("bye.1")

	// The same player twice is refused, next to the seat.
	res := c.Post(base+"/rounds/1/seats", url.Values{"seat.1.1": {s1}, "seat.1.2": {s1}, "seat.1.3": {s3}, "bye.1": {out}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "This player is seated twice.", res.Doc(t).Find(`[id="seat.1.2-error"]`).Text())

	// Swap the sit-out in.
	res = c.Post(base+"/rounds/1/seats", url.Values{"seat.1.1": {out}, "seat.1.2": {s2}, "seat.1.3": {s3}, "bye.1": {s1}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(base + "/rounds/1/seats").Doc(t)
	assert.Equal(t, out, pick("seat.1.1"))
	assert.Equal(t, s1, pick("bye.1"))
	doc = c.Get(base).Doc(t)
	assert.Contains(t, doc.Find(".log").Text(), "seats changed")
}
