package national_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/national"
	"burraco/views/viewtest"
)

// roleStore reads every director as holding role (the setup's director becomes the
// officer with the clubs' service, not on this branch's main yet).
type roleStore struct {
	national.Store
	role string
}

func (r *roleStore) DirectorRole(context.Context, int64) (string, error) { return r.role, nil }

// TestOfficerPages: the registry's pages do what their JSON twins do — search, a record
// with its club players, visibility, link by hand, merge refused within a club, erasure
// confirmed by the card — and are 404 to a director who is not an officer.
func TestOfficerPages(t *testing.T) {
	a := viewtest.NewApp(t)
	c := a.Setup()
	rs := &roleStore{Store: a.Server.National.Store, role: "director"}
	a.Server.National.Store = rs
	ctx := context.Background()
	rossi := &tournament.Player{FirstName: "Maria", LastName: "Rossi", CardNumber: "FIB-1", Active: true}
	neri := &tournament.Player{FirstName: "Luca", LastName: "Neri", Active: true}
	require.NoError(t, a.Store.CreatePlayer(ctx, rossi))
	require.NoError(t, a.Store.CreatePlayer(ctx, neri))
	vs, err := a.Store.Visibilities(ctx, []int64{rossi.ID})
	require.NoError(t, err)
	nid := vs[rossi.ID].ID
	rec := fmt.Sprintf("/national/players/%d", nid)

	assert.Equal(t, http.StatusNotFound, c.Get("/national").StatusCode, "officers only")
	assert.Equal(t, http.StatusNotFound, c.Get(rec).StatusCode)
	assert.Equal(t, http.StatusNotFound, c.Post(rec+"/erase", url.Values{"confirm": {"FIB-1"}}).StatusCode)
	rs.role = "officer"

	doc := c.Get("/national?q=rossi").Doc(t)
	assert.Contains(t, doc.Find("#national-list").Text(), "Rossi Maria")
	assert.Contains(t, doc.Find("#unlinked").Text(), "Neri Luca", "a club player without a card, to resolve")

	// A birth date that is not a date: the error beside the field, what was typed kept.
	res := c.Post(rec, url.Values{"first_name": {"Maria"}, "last_name": {"Rossi"}, "birth_date": {"ieri"}, "visibility": {""}, "version": {"1"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	d := res.Doc(t)
	assert.NotEmpty(t, d.Find("#birth_date-error").Text())
	v, _ := d.Find("#birth_date").Attr("value")
	assert.Equal(t, "ieri", v)
	res = c.Post(rec, url.Values{"first_name": {"Maria"}, "last_name": {"Rossi"}, "birth_date": {"2012-01-02"}, "visibility": {"initials"}, "version": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	assert.Contains(t, c.Get(rec).Body, "M. R.")
	// A stale version: refused.
	res = c.Post(rec, url.Values{"first_name": {"Maria"}, "last_name": {"Rossi"}, "visibility": {""}, "version": {"1"}})
	assert.Equal(t, http.StatusConflict, res.StatusCode)

	// Link Neri by hand.
	require.Equal(t, http.StatusSeeOther, c.Post(fmt.Sprintf("/national/unlinked/%d/link", neri.ID), url.Values{"national_id": {fmt.Sprint(nid)}}).StatusCode)
	recDoc := c.Get(rec).Doc(t)
	assert.Contains(t, recDoc.Find("#club-players").Text(), "Neri Luca")
	// Each part of the record's page is a card of its own (they ran into each other:
	// a heading straight under the previous form's button).
	for _, part := range []string{"#club-players", "#national-edit", "#national-merge", "#national-erase"} {
		assert.Equal(t, 1, recDoc.Find("section.card "+part).Length(), "%s in a card", part)
	}
	assert.Equal(t, 4, recDoc.Find("main section.card").Length())

	// Erasure: the wrong card is refused beside the field; the right one erases.
	res = c.Post(rec+"/erase", url.Values{"confirm": {"FIB-9"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.NotEmpty(t, res.Doc(t).Find("#confirm-error").Text())
	require.Equal(t, http.StatusSeeOther, c.Post(rec+"/erase", url.Values{"confirm": {"fib-1"}}).StatusCode)
	body := c.Get(rec).Body
	assert.Contains(t, body, national.Label(nid))
	assert.False(t, strings.Contains(body, "Rossi") || strings.Contains(body, "Neri"), "no name stays")
	assert.Contains(t, c.Get("/national").Doc(t).Find("#national-log").Text(), fmt.Sprint(nid))
}
