package teams_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/db/dbtest"
	"burraco/views/viewtest"
)

// Two instances of the app on one database, a team edited from both at once with the
// same If-Match: exactly one edit is saved, every other one is a 409 naming the stored
// version; then line-ups saved from both at once without If-Match: every one is saved,
// one after the other (the version counts them), none refused as stale.
func TestTeamEditsAndLineupsRaceAcrossInstances(t *testing.T) {
	dsn := dbtest.DSN(t)
	a := viewtest.NewAppOn(t, dsn)
	b := viewtest.NewAppOn(t, dsn)
	c := a.Setup()
	tok := a.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 2)
	m := ev.Members[0]
	put := func(app *viewtest.App, path, ifMatch, body string) *viewtest.Response {
		req, _ := http.NewRequest("PUT", app.Srv.URL+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Content-Type", "application/json")
		if ifMatch != "" {
			req.Header.Set("If-Match", ifMatch)
		}
		return c.Do(req)
	}
	apps := []*viewtest.App{a, b}
	const n = 8
	results := make([]*viewtest.Response, n)
	var wg sync.WaitGroup
	team := fmt.Sprintf("%s/teams/%d", ev.API, ev.Teams[0])
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = put(apps[i%2], team, `"1"`, fmt.Sprintf(`{"name":"Nome %d","players":[%d,%d,%d,%d]}`, i, m[0], m[1], m[2], m[3]))
		}()
	}
	wg.Wait()
	saved := 0
	for i, res := range results {
		switch res.StatusCode {
		case http.StatusOK:
			saved++
		case http.StatusConflict:
			assert.Equal(t, `"2"`, res.Header.Get("ETag"), "edit %d", i)
		default:
			t.Errorf("edit %d: %d %s", i, res.StatusCode, res.Body)
		}
	}
	assert.Equal(t, 1, saved, "one edit from version 1")

	lineup := fmt.Sprintf("%s/rounds/1/lineups/%d", ev.API, ev.Teams[0])
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := [][2]int64{{m[0], m[1]}, {m[2], m[3]}}
			if i%2 == 1 {
				p[0], p[1] = p[1], p[0]
			}
			results[i] = put(apps[i%2], lineup, "", fmt.Sprintf(`{"pairs":[[%d,%d],[%d,%d]]}`, p[0][0], p[0][1], p[1][0], p[1][1]))
		}()
	}
	wg.Wait()
	for i, res := range results {
		assert.Equal(t, http.StatusOK, res.StatusCode, "line-up %d: %s", i, res.Body)
	}
	res := put(b, lineup, fmt.Sprintf(`"%d"`, n), fmt.Sprintf(`{"pairs":[[%d,%d],[%d,%d]]}`, m[0], m[1], m[2], m[3]))
	assert.Equal(t, http.StatusOK, res.StatusCode, "the version counts every save: %s", res.Body)
	assert.Equal(t, fmt.Sprintf(`"%d"`, n+1), res.Header.Get("ETag"))
}
