package teams_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/views/page"
	"burraco/views/viewtest"
)

// lineupJSON is a line-up's API body.
func lineupJSON(p11, p12, p21, p22 int64) string {
	return fmt.Sprintf(`{"pairs":[[%d,%d],[%d,%d]]}`, p11, p12, p21, p22)
}

// Attacks on the line-up and team addresses: odd rounds, a team of another
// tournament, a non-team entry, no CSRF, concurrent saves; none answers 500.
func TestLineupAttacks(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 4)
	other := viewtest.NewTeamsEvening(t, c, tok, 2)
	a, m := ev.Teams[0], ev.Members[0]
	body := lineupJSON(m[1], m[0], m[3], m[2])

	for _, n := range []string{"0", "-1", "2", "99999999999999999999", "x", "1e3"} {
		res := c.API("PUT", ev.API+"/rounds/"+n+"/lineups/"+id(a), tok, body, nil)
		assert.Equal(t, http.StatusNotFound, res.StatusCode, "round %s: %s", n, res.Body)
		assert.Equal(t, http.StatusNotFound, c.Get(ev.HTML+"/rounds/"+n+"/lineups").StatusCode, "round %s", n)
	}
	for _, team := range []string{id(other.Teams[0]), "0", "-5", "abc", "99999999999999999999"} {
		res := c.API("PUT", ev.API+"/rounds/1/lineups/"+team, tok, body, nil)
		assert.Equal(t, http.StatusNotFound, res.StatusCode, "team %s: %s", team, res.Body)
		assert.Equal(t, http.StatusNotFound, c.Get(ev.HTML+"/teams/"+team).StatusCode, "team page %s", team)
		assert.Equal(t, http.StatusNotFound, c.API("GET", ev.API+"/teams/"+team, tok, "", nil).StatusCode, "team %s", team)
	}
	// Players of another tournament's team, a player twice, a negative ID: refused on fields.
	for _, b := range []string{
		lineupJSON(other.Members[0][0], m[0], m[1], m[2]),
		lineupJSON(m[0], m[0], m[1], m[2]),
		lineupJSON(-1, m[0], m[1], m[2]),
		`{"pairs":[[1,2]]}`,
		`{"pairs":[[1,2,3],[4,5]]}`,
		`{"pairs":null}`,
	} {
		res := c.API("PUT", ev.API+"/rounds/1/lineups/"+id(a), tok, b, nil)
		assert.Contains(t, []int{http.StatusBadRequest, http.StatusUnprocessableEntity}, res.StatusCode, "%s: %s", b, res.Body)
	}
	// A form without its CSRF token is refused.
	raw := url.Values{"pairs.1.1": {id(m[1])}, "pairs.1.2": {id(m[0])}, "pairs.2.1": {id(m[3])}, "pairs.2.2": {id(m[2])}, "version": {"0"}}
	raw.Set(page.CSRFFormField, "forged")
	res := c.Post(fmt.Sprintf("%s/rounds/1/lineups/%d", ev.HTML, a), raw)
	assert.Equal(t, http.StatusForbidden, res.StatusCode, res.Body)

	// Two saves from version 0 at once (If-Match: "0"): exactly one wins.
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest("PUT", fmt.Sprintf("%s%s/rounds/1/lineups/%d", app.Srv.URL, ev.API, a), strings.NewReader(lineupJSON(m[i], m[1-i], m[2], m[3])))
			req.Header.Set("If-Match", `"0"`)
			req.Header.Set("Authorization", "Bearer "+tok)
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err == nil {
				codes[i] = res.StatusCode
				res.Body.Close()
			}
		}()
	}
	wg.Wait()
	assert.ElementsMatch(t, []int{http.StatusOK, http.StatusConflict}, codes)
}

// Line-ups saved at once through the API without If-Match (last write wins): every one
// is saved, none answers a 409 for a version read before another save committed, and
// the stored version counts them all.
func TestLineupSavesWithoutIfMatchAtOnce(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 2)
	a, m := ev.Teams[0], ev.Members[0]
	res := c.API("PUT", fmt.Sprintf("%s/rounds/1/lineups/%d", ev.API, a), tok, lineupJSON(m[0], m[1], m[2], m[3]), nil)
	assert.Equal(t, http.StatusOK, res.StatusCode, res.Body)

	const saves = 8
	var wg sync.WaitGroup
	codes := make([]int, saves)
	for i := range saves {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest("PUT", fmt.Sprintf("%s%s/rounds/1/lineups/%d", app.Srv.URL, ev.API, a), strings.NewReader(lineupJSON(m[i%2], m[1-i%2], m[2], m[3])))
			req.Header.Set("Authorization", "Bearer "+tok)
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err == nil {
				codes[i] = res.StatusCode
				res.Body.Close()
			}
		}()
	}
	wg.Wait()
	for i, code := range codes {
		assert.Equal(t, http.StatusOK, code, "save %d", i)
	}
	var got struct {
		Lineups []struct {
			TeamID  int64 `json:"team_id"`
			Version int   `json:"version"`
		} `json:"lineups"`
	}
	c.API("GET", ev.API+"/rounds/1/lineups", tok, "", &got)
	for _, l := range got.Lineups {
		if l.TeamID == a {
			assert.Equal(t, 1+saves, l.Version)
		}
	}
}
