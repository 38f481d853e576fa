package apptest_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

// The team pages pass axe-core (WCAG 2.1 A and AA) at 1366×768 and 390×844, their error
// states included, and none scrolls sideways on a phone: the entries page with the team
// form (and a refused team), a team's edit page, the import, the line-ups (and a refused
// line-up), the round page with its matches, a team's page, and the public team page.
func TestBrowserAxeTeams(t *testing.T) {
	browserCtx := browserFor(t, 1366, 768, 3*time.Minute)
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewTeamsEvening(t, c, tok, 4)
	require.Equal(t, http.StatusCreated, c.API("POST", ev.API+"/draw", tok, `{"seed":7}`, nil).StatusCode)
	for tb, s := range [][2]int{{1800, 900}, {1000, 800}} {
		res := c.API("PUT", fmt.Sprintf("%s/rounds/1/tables/%d", ev.API, tb+1), tok, fmt.Sprintf(`{"hands":[[{"form":3,"total":%d},{"form":3,"total":%d}]]}`, s[0], s[1]), nil)
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	}
	require.Equal(t, http.StatusOK, c.API("PUT", ev.API+"/published", tok, `{"published":true}`, nil).StatusCode)
	a := ev.Teams[0]
	team := fmt.Sprint(a)
	pages := []a11yPage{
		{path: ev.HTML + "/entries"},
		{path: ev.HTML + "/entries", error: sendWith("#team-form #name", map[string]string{"#team-form #name": ""})},
		{path: ev.HTML + "/teams/" + team + "/edit"},
		{path: ev.HTML + "/teams/" + team + "/edit", error: sendWith("#team-form #name", map[string]string{"#team-form #name": ""})},
		{path: ev.HTML + "/teams/import"},
		{path: ev.HTML + "/rounds/1/lineups"},
		{path: ev.HTML + "/rounds/2/lineups"},
		{path: ev.HTML + "/rounds/2/lineups", error: sendWith(fmt.Sprintf("#lineup-%d-1-1", ev.Teams[2]), map[string]string{
			fmt.Sprintf("#lineup-%d-1-2", ev.Teams[2]): fmt.Sprint(ev.Members[2][0]), fmt.Sprintf("#lineup-%d-1-1", ev.Teams[2]): fmt.Sprint(ev.Members[2][0])})},
		{path: ev.HTML + "/rounds/1"},
		{path: ev.HTML + "/teams/" + team},
		{path: ev.HTML + "/standings"},
		{path: fmt.Sprintf("/p/%d/players/%d", viewtest.IDFrom(ev.HTML), a)},
	}
	do(t, browserCtx, chromedp.Navigate("about:blank"))
	for _, size := range [][2]int64{{1366, 768}, {390, 844}} {
		w := size[0]
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
			defer cancel()
			do(t, ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
				_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: axeSource})
				return chromedp.Void{}, err
			})
			if w < 640 {
				phone(t, ctx, size[0], size[1])
			} else {
				do(t, ctx, chromedp.EmulateViewport(size[0], size[1]))
			}
			loginInBrowser(t, ctx, app.Srv.URL)
			for _, p := range pages {
				do(t, ctx, chromedp.Navigate(app.Srv.URL+p.path))
				waitFor(t, ctx, `document.readyState === "complete" && !!window.axe`)
				state := ""
				if p.error != "" {
					state = " (error state)"
					run(t, ctx, chromedp.Evaluate[bool](p.error))
					waitFor(t, ctx, `!window.__sent && document.readyState === "complete" && !!window.axe`)
					require.True(t, run(t, ctx, chromedp.Evaluate[bool](`!!document.querySelector(".error, .alert, [aria-invalid=true]")`)), "%s: the mistakes show", p.path)
				}
				for _, v := range run(t, ctx, chromedp.Evaluate[[]axeViolation](axeRun, chromedp.EvalAwaitPromise)) {
					t.Errorf("%s%s: %s (%s): %s", p.path, state, v.ID, v.Help, strings.Join(v.Nodes, " | "))
				}
				shot(t, ctx, fmt.Sprintf("axe-teams-%d%s%s", w, strings.NewReplacer("/", "_", "?", "_").Replace(p.path), strings.ReplaceAll(state, " ", "_")))
				if w < 640 {
					sw := run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
					assert.LessOrEqual(t, sw, int(w), "%s%s scrolls sideways", p.path, state)
				}
			}
		})
	}
}
