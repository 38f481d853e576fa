package table_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// On a pairs table's page the two members of a side read as a pair, "Bianchi Carla /
// Rossi Dario", not as four names in a row.
func TestTablePageSeparatesAPairsMembers(t *testing.T) {
	app := viewtest.NewApp(t)
	dir := app.Setup()
	tok := app.APIToken(dir)
	var tr struct{ ID int64 }
	res := dir.API("POST", "/api/v1/tournaments", tok, `{"name":"Danese","date":"2026-11-27","format":"danish","settings":{"sides":"pairs","rounds":3,"hands_per_round":3}}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	api := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	names := [][2]string{{"Carla", "Bianchi"}, {"Dario", "Rossi"}, {"Anna", "Verdi"}, {"Bruno", "Neri"}}
	var ids []int64
	for _, n := range names {
		var p struct{ ID int64 }
		require.Equal(t, http.StatusCreated, dir.API("POST", "/api/v1/players", tok, fmt.Sprintf(`{"first_name":%q,"last_name":%q}`, n[0], n[1]), &p).StatusCode)
		ids = append(ids, p.ID)
	}
	for i := 0; i < len(ids); i += 2 {
		require.Equal(t, http.StatusCreated, dir.API("POST", api+"/entries", tok, fmt.Sprintf(`{"pair":[%d,%d]}`, ids[i], ids[i+1]), nil).StatusCode)
	}
	require.Equal(t, http.StatusOK, dir.API("POST", api+"/entries/present", tok, "", nil).StatusCode)
	res = dir.API("PUT", api+"/reporting", tok, `{"reporting":true,"auto_accept":false,"pin":"pin"}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.Equal(t, http.StatusCreated, dir.API("POST", api+"/draw", tok, `{"seed": 7}`, nil).StatusCode)
	var codes struct{ Tables []struct{ Code string } }
	require.Equal(t, http.StatusOK, dir.API("GET", api+"/rounds/1/codes", tok, "", &codes).StatusCode)
	require.Len(t, codes.Tables, 1)

	doc := app.Client().Get("/t/" + codes.Tables[0].Code).Doc(t)
	var sides []string
	doc.Find(".tp-seats > li").Each(func(_ int, s *goquery.Selection) {
		s.Find(".tp-side").Remove()
		sides = append(sides, strings.Join(strings.Fields(s.Text()), " "))
	})
	assert.ElementsMatch(t, []string{"Bianchi Carla / Rossi Dario", "Verdi Anna / Neri Bruno"}, sides)
}
