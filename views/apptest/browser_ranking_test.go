package apptest_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/tournament/national"
	"burraco/tournament/threeplayer"
	"burraco/views/viewtest"
)

// federation is two clubs' final, published evenings (issue 38) seeded through the
// services: club 1's six players and club 2's six, three of them the same people (the
// same federation card), one of club 2's a minor (hidden by default).
type federation struct {
	club2     clubs.Club
	minor     string // the minor's first name: no public page may show it
	nationals map[string]int64
}

// cardNames are the federation's players by card: club 1 has FB001–FB006, club 2
// FB004–FB009 (FB007 is the minor).
var cardNames = map[string][2]string{
	"FB001": {"Niccolò", "D'Alessandro"}, "FB002": {"Anna", "Verdi"}, "FB003": {"Mario", "Rossi"},
	"FB004": {"Lucia", "Bianchi"}, "FB005": {"Giorgio", "Esposito"}, "FB006": {"Chiara", "Romano"},
	"FB007": {"Tommasino", "Piccolini"}, "FB008": {"Sara", "Greco"}, "FB009": {"Elena", "Ricci"},
}

// seedFederation makes club 2 through the officer's API, the players and one final,
// published 3-player evening in each club through the services, and runs the ranking
// worker's pass.
func seedFederation(t *testing.T, app *viewtest.App, officer *viewtest.Client) *federation {
	t.Helper()
	ctx := context.Background()
	fed := &federation{minor: cardNames["FB007"][0], nationals: map[string]int64{}}
	tok := app.APIToken(officer)
	res := officer.API("POST", "/api/v1/clubs", tok, `{"slug":"milano","name":"Burraco Milano","region":"Lombardia"}`, &fed.club2)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	res = officer.Post(fmt.Sprintf("/clubs/%d", clubs.Default), url.Values{"name": {"Circolo Aurora"}, "slug": {"club"}, "region": {"Lazio"}, "version": {"1"}})
	require.Less(t, res.StatusCode, 400, res.Body)

	svc := &tournament.Tournaments{Store: app.Store, Players: app.Store}
	club := func(id int64) context.Context { return clubs.WithScope(ctx, clubs.Scope{Clubs: []int64{id}}) }
	players := func(cctx context.Context, cards ...string) []int64 {
		var ids []int64
		for _, card := range cards {
			n := cardNames[card]
			p := &tournament.Player{FirstName: n[0], LastName: n[1], Active: true, CardNumber: card}
			require.NoError(t, app.Store.CreatePlayer(cctx, p))
			ids = append(ids, p.ID)
		}
		return ids
	}
	evening := func(cctx context.Context, name string, daysAgo int, ids []int64, seed int64) {
		tr, st, err := tournament.New(time.Now().UTC().AddDate(0, 0, -daysAgo), threeplayer.Name)
		require.NoError(t, err)
		tr.Name, tr.Venue = name, "Sede"
		require.NoError(t, svc.Create(cctx, &tr, &st, "anna"))
		_, err = svc.AddPlayers(cctx, tr.ID, ids, "anna")
		require.NoError(t, err)
		_, err = svc.MarkAllPresent(cctx, tr.ID, "anna")
		require.NoError(t, err)
		for n := 1; ; n++ {
			cur, err := svc.Load(cctx, tr.ID)
			require.NoError(t, err)
			if cur.Final() {
				_, err = svc.Publish(cctx, tr.ID, true, cur.Tournament.Version, "anna")
				require.NoError(t, err)
				return
			}
			require.Less(t, n, 10, "the evening never ends")
			r, err := svc.Draw(cctx, tr.ID, tournament.DrawOptions{Seed: seed + int64(n)}, "anna")
			require.NoError(t, err)
			for _, tb := range r.Tables {
				var sh tournament.Sheet
				for range cur.Stage.HandsPerRound() {
					sh.Hands = append(sh.Hands, []*scoring.Hand{{Form: scoring.TotalOnly, Total: 300 + 50*tb.Number},
						{Form: scoring.TotalOnly, Total: 100}, {Form: scoring.TotalOnly, Total: -100 - 20*tb.Number}})
				}
				_, err := svc.SaveSheet(cctx, tr.ID, n, tb.Number, sh, "anna")
				require.NoError(t, err)
			}
		}
	}
	evening(club(clubs.Default), "Martedì all'Aurora", 9, players(club(clubs.Default), "FB001", "FB002", "FB003", "FB004", "FB005", "FB006"), 1100)
	evening(club(fed.club2.ID), "Giovedì a Milano", 5, players(club(fed.club2.ID), "FB004", "FB005", "FB006", "FB007", "FB008", "FB009"), 2200)

	// The registry: regions, and the minor's birth date (hidden by default).
	ns := &national.Service{Store: app.Store}
	for card, n := range cardNames {
		found, _, err := ns.Search(ctx, national.Filter{Query: card, Limit: 5})
		require.NoError(t, err)
		require.Len(t, found, 1, card)
		rec := found[0]
		edit := national.Edit{FirstName: n[0], LastName: n[1], Region: "Lazio", Version: rec.Version}
		if card >= "FB007" {
			edit.Region = "Lombardia"
		}
		if card == "FB007" {
			edit.BirthDate = "2014-05-06"
		}
		_, err = ns.Update(ctx, rec.ID, edit, "anna")
		require.NoError(t, err)
		fed.nationals[card] = rec.ID
	}
	_, _, err := app.Server.App.Rankings.Pass(ctx)
	require.NoError(t, err)
	return fed
}

// noMinor asserts that the page, its text and its source, does not name the minor.
func noMinor(t *testing.T, ctx context.Context, fed *federation, where string) {
	t.Helper()
	html := run(t, ctx, chromedp.Evaluate[string](`document.documentElement.outerHTML`))
	assert.NotContains(t, html, fed.minor, "%s names the hidden minor", where)
	assert.NotContains(t, html, cardNames["FB007"][1], "%s names the hidden minor", where)
}

// axeHere runs axe-core on the page as it is and reports every violation.
func axeHere(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	run(t, ctx, chromedp.Evaluate[bool](axeSource+"\n;true"))
	for _, v := range run(t, ctx, chromedp.Evaluate[[]axeViolation](axeRun, chromedp.EvalAwaitPromise)) {
		t.Errorf("%s: %s (%s): %s", where, v.ID, v.Help, strings.Join(v.Nodes, " | "))
	}
}

// The public national ranking on a 390 px phone: every line with its place and points in
// big type, no sideways scrolling, the club filter narrowing the list, a name leading to
// the player's profile with their evenings in both clubs; the hidden minor named nowhere.
func TestBrowserRankingOnPhone(t *testing.T) {
	ctx := browserFor(t, 390, 844, 120*time.Second)
	app := viewtest.NewApp(t)
	anna := app.Setup()
	fed := seedFederation(t, app, anna)
	base := app.Srv.URL

	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(base+"/p/ranking"), chromedp.WaitVisible(`.ranking-lines`))
	require.Equal(t, 9, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("li.ranking-line").length`)), "nine national players ranked")
	shot(t, ctx, "ranking-phone")
	assert.LessOrEqual(t, run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)), 390, "no sideways scrolling on a phone")
	// Big clear numbers: the points and the place in large bold type, inside the screen.
	assert.GreaterOrEqual(t, run(t, ctx, chromedp.Evaluate[float64](`parseFloat(getComputedStyle(document.querySelector(".ranking-points")).fontSize)`)), 22.0)
	assert.GreaterOrEqual(t, run(t, ctx, chromedp.Evaluate[float64](`parseFloat(getComputedStyle(document.querySelector(".ranking-place")).fontSize)`)), 22.0)
	assert.GreaterOrEqual(t, run(t, ctx, chromedp.Evaluate[int](`parseInt(getComputedStyle(document.querySelector(".ranking-points")).fontWeight)`)), 700)
	assert.True(t, run(t, ctx, chromedp.Evaluate[bool](`[...document.querySelectorAll(".ranking-line .ranking-points, .ranking-line .ranking-place")].every(e => { const r = e.getBoundingClientRect(); return r.left >= 0 && r.right <= 390 && r.width > 0 })`)),
		"every place and points on screen")
	// Every name and detail at least 14 px.
	assert.True(t, run(t, ctx, chromedp.Evaluate[bool](`[...document.querySelectorAll(".ranking-line *")].every(e => parseFloat(getComputedStyle(e).fontSize) >= 14)`)), "no text under 14 px")
	assert.Equal(t, 1, run(t, ctx, chromedp.Evaluate[int](`[...document.querySelectorAll(".ranking-name")].filter(e => e.innerText.includes("Giocatore non mostrato")).length`)), "the minor's line is there, unnamed")
	noMinor(t, ctx, fed, "the ranking")
	axeHere(t, ctx, "the ranking on a phone")

	// The filter: club 2 only, shown as soon as it is chosen (no button to reach for);
	// the places stay the national ones.
	do(t, ctx, chromedp.SetValue(`select[name=club]`, fmt.Sprint(fed.club2.ID)))
	run(t, ctx, chromedp.Evaluate[bool](`!!document.querySelector("select[name=club]") && document.querySelector("select[name=club]").dispatchEvent(new Event("change", {bubbles: true}))`))
	waitFor(t, ctx, `document.readyState === "complete" && location.search.includes("club=") && document.querySelectorAll("li.ranking-line").length === 6`)
	lines := text(t, ctx, ".ranking-lines")
	assert.Contains(t, lines, "Greco Sara")
	assert.NotContains(t, lines, "Verdi Anna", "a club 1 player only is not in club 2's list")
	assert.Equal(t, "Burraco Milano", run(t, ctx, chromedp.Evaluate[string](`document.querySelector("select[name=club]").selectedOptions[0].textContent`)))
	shot(t, ctx, "ranking-phone-club")
	assert.LessOrEqual(t, run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)), 390)
	noMinor(t, ctx, fed, "the filtered ranking")

	// A name leads to the player's profile: Lucia Bianchi played in both clubs.
	lucia := fmt.Sprintf("/p/players/%d", fed.nationals["FB004"])
	require.Equal(t, 1, run(t, ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll('.ranking-name a[href=%q]').length`, lucia))))
	do(t, ctx, chromedp.Click(fmt.Sprintf(`.ranking-name a[href=%q]`, lucia)))
	waitFor(t, ctx, fmt.Sprintf(`location.pathname === %q && document.readyState === "complete" && !!document.querySelector("#evenings")`, lucia))
	assert.Equal(t, "Bianchi Lucia", text(t, ctx, "h1"))
	evs := text(t, ctx, "#evenings")
	assert.Contains(t, evs, "Giovedì a Milano")
	assert.Contains(t, evs, "Martedì all'Aurora")
	assert.Contains(t, evs, "Burraco Milano", "the club of each evening, on a phone too")
	assert.Contains(t, evs, "Circolo Aurora")
	assert.Equal(t, 2, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#evenings tbody tr").length`)))
	shot(t, ctx, "profile-phone")
	assert.LessOrEqual(t, run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)), 390, "no sideways scrolling on the profile")
	noMinor(t, ctx, fed, "the profile")
	axeHere(t, ctx, "the profile on a phone")

	// The minor's own profile does not exist for the public.
	res := app.Client().Get(fmt.Sprintf("/p/players/%d", fed.nationals["FB007"]))
	assert.Equal(t, http.StatusNotFound, res.StatusCode)

	// On A4: the ranking on one tidy page, no filters or links chrome.
	do(t, ctx, chromedp.Navigate(base+"/p/ranking"), chromedp.WaitVisible(`.ranking-lines`))
	assert.Equal(t, 1, printA4(t, ctx, "ranking-a4"), "nine lines fit one A4 page")
	// As the paper shows it: no filters, no links, black on white.
	do(t, ctx, chromedp.EmulateViewport(794, 1123), func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
		return chromedp.Void{}, err
	})
	assert.True(t, run(t, ctx, chromedp.Evaluate[bool](`[".ranking-filters", ".pub-lang", ".ranking-csv"].every(s => getComputedStyle(document.querySelector(s)).display === "none")`)), "no filters or links on paper")
	shot(t, ctx, "ranking-print")
}

// The federation officer's pages on a laptop: from the navigation to the clubs, the
// national registry (a search, a record, its visibility changed) and the ranking's
// settings (a value saved; a stale second tab told of the conflict). A plain director
// sees none of those links.
func TestBrowserOfficerPages(t *testing.T) {
	ctx := browserFor(t, 1280, 800, 120*time.Second)
	app := viewtest.NewApp(t)
	anna := app.Setup()
	fed := seedFederation(t, app, anna)
	res := anna.Post("/directors", url.Values{"username": {"bruno"}, "name": {"Bruno Neri"}, "password": {viewtest.Password}, "confirm": {viewtest.Password}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	base := app.Srv.URL
	login := func(ctx context.Context, user string) {
		do(t, ctx,
			chromedp.Navigate(base+"/login"),
			chromedp.WaitVisible(`#username`),
			chromedp.SendKeys(`#username`, user),
			chromedp.SendKeys(`#password`, viewtest.Password),
			chromedp.Submit(`#password`),
			chromedp.WaitVisible(`.tiles`),
		)
	}
	settle := func(ctx context.Context, path string) {
		waitFor(t, ctx, fmt.Sprintf(`document.readyState === "complete" && location.pathname === %q`, path))
	}
	login(ctx, "anna")
	shot(t, ctx, "officer-home")

	// The clubs.
	do(t, ctx, chromedp.Click(`nav.mainnav a[href="/clubs"]`))
	settle(ctx, "/clubs")
	clubsText := text(t, ctx, "main")
	assert.Contains(t, clubsText, "Burraco Milano")
	assert.Contains(t, clubsText, "Circolo Aurora")
	shot(t, ctx, "officer-clubs")
	axeHere(t, ctx, "the clubs")

	// The national registry: search, open a record, show initials only.
	do(t, ctx, chromedp.Click(`nav.mainnav a[href="/national"]`))
	settle(ctx, "/national")
	assert.Equal(t, 9, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#national-list tbody tr").length`)))
	shot(t, ctx, "officer-national")
	do(t, ctx, chromedp.SendKeys(`#q`, "greco"), chromedp.Submit(`#q`))
	waitFor(t, ctx, `document.readyState === "complete" && location.search.includes("q=greco") && document.querySelectorAll("#national-list tbody tr").length === 1`)
	sara := fmt.Sprintf("/national/players/%d", fed.nationals["FB008"])
	do(t, ctx, chromedp.Click(fmt.Sprintf(`#national-list a[href=%q]`, sara)))
	settle(ctx, sara)
	assert.Equal(t, "Greco Sara", text(t, ctx, "h1"))
	assert.Contains(t, text(t, ctx, "#evenings"), "Giovedì a Milano")
	shot(t, ctx, "officer-national-record")
	axeHere(t, ctx, "the registry record")
	do(t, ctx, chromedp.SetValue(`#visibility`, string(national.Initials)), chromedp.Submit(`#visibility`))
	waitFor(t, ctx, `document.readyState === "complete" && !!document.querySelector(".flash")`)
	assert.Equal(t, "Salvato.", text(t, ctx, ".flash"))
	assert.Equal(t, string(national.Initials), run(t, ctx, chromedp.Evaluate[string](`document.querySelector("#visibility").value`)))
	assert.Contains(t, app.Client().Get(fmt.Sprintf("/p/players/%d", fed.nationals["FB008"])).Body, "S. G.", "the public profile by initials")

	// The ranking's settings: a second tab opens them first, then goes stale.
	do(t, ctx, chromedp.Click(`nav.mainnav a[href="/ranking/settings"]`))
	settle(ctx, "/ranking/settings")
	tab2, cancel := chromedp.NewContext(ctx)
	defer cancel()
	do(t, tab2, chromedp.Navigate(base+"/ranking/settings"), chromedp.WaitVisible(`#best`))
	shot(t, ctx, "officer-ranking-settings")
	axeHere(t, ctx, "the ranking settings")
	do(t, ctx, chromedp.SetValue(`#best`, "8"), chromedp.Submit(`#best`))
	waitFor(t, ctx, `document.readyState === "complete" && !!document.querySelector(".flash")`)
	assert.Equal(t, "Regole salvate: ogni risultato viene ricalcolato.", text(t, ctx, ".flash"))
	assert.Equal(t, "8", run(t, ctx, chromedp.Evaluate[string](`document.querySelector("#best").value`)), "the value saved")
	do(t, ctx, chromedp.Reload())
	settle(ctx, "/ranking/settings")
	assert.Equal(t, "8", run(t, ctx, chromedp.Evaluate[string](`document.querySelector("#best").value`)), "still saved after a reload")

	do(t, tab2, chromedp.SetValue(`#best`, "12"), chromedp.Submit(`#best`))
	waitFor(t, tab2, `document.readyState === "complete" && !!document.querySelector(".alert")`)
	assert.Contains(t, text(t, tab2, ".alert"), "Qualcun altro ha salvato le regole della classifica mentre le modificavi.")
	assert.Equal(t, "12", run(t, tab2, chromedp.Evaluate[string](`document.querySelector("#best").value`)), "what was typed is kept")
	shot(t, tab2, "officer-ranking-conflict")
	cancel()
	// The public ranking from the settings' link, on the laptop.
	do(t, ctx, chromedp.Click(`main a[href="/p/ranking"]`))
	waitFor(t, ctx, `document.readyState === "complete" && location.pathname === "/p/ranking" && document.querySelectorAll("li.ranking-line").length === 9`)
	shot(t, ctx, "ranking-laptop")
	do(t, ctx, chromedp.Navigate(base+"/tournaments"), chromedp.WaitVisible(`nav.mainnav`))

	// A plain director: none of the officer's links.
	do(t, ctx, chromedp.Click(`form[action="/logout"] button`), chromedp.WaitVisible(`form[action="/login"]`))
	login(ctx, "bruno")
	for _, href := range []string{"/clubs", "/national", "/ranking/settings"} {
		assert.Equal(t, 0, run(t, ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll('nav.mainnav a[href=%q]').length`, href))), "a director has no link to %s", href)
	}
	assert.NotContains(t, text(t, ctx, "nav.mainnav"), "Registro nazionale")
	shot(t, ctx, "director-home")
}
