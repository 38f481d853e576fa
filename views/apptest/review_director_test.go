package apptest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/page"
	"burraco/views/viewtest"
)

// A knockout has no number of rounds set in advance: its public standings say after
// which round they are, never "after round 1 of 0".
func TestPublicKnockoutStandingsSayAfterWhichRound(t *testing.T) {
	a := viewtest.NewApp(t)
	a.Setup()
	koID, _, _ := seedPublicKnockout(t, a)
	anon := a.Client()
	for lang, want := range map[string]string{"en": "after round 1", "it": "dopo il turno 1"} {
		anon.Lang = lang
		res := anon.Get(fmt.Sprintf("/p/%d/standings", koID))
		assert.Equal(t, 200, res.StatusCode, res.Body)
		text := res.Doc(t).Text()
		assert.Contains(t, text, want, lang)
		assert.NotContains(t, text, want+" of 0", lang)
		assert.NotContains(t, text, want+" di 0", lang)
	}
}

// The log line of a stage's start names the new stage's format in the reader's words,
// not its code ("Fase 2 (knockout)").
func TestStageEventNamesTheFormat(t *testing.T) {
	e := tournament.Event{Kind: "stage", Args: []string{"2", "knockout", "4", "1"}}
	it := page.EventText(page.IT, "danish", &e)
	assert.Equal(t, "Fase 2 (eliminazione diretta) iniziata con i 4 qualificati della fase 1", it)
	en := page.EventText(page.EN, "danish", &e)
	assert.Equal(t, "Stage 2 (Knockout) started with the 4 qualifiers of stage 1", en)
}

// In a 3-player evening the log calls the rounds a late arrival missed "games", in
// Italian as in English, one or more ("1 partita", "2 partite").
func TestMissedByeEventSaysGamesInItalian(t *testing.T) {
	e := tournament.Event{Kind: "missed_bye", Args: []string{"Mazzà Gina", "3", "1"}}
	assert.NotContains(t, page.EventText(page.IT, "individual3", &e), "turno")
	assert.Contains(t, page.EventText(page.IT, "individual3", &e), "per la partita 1")
	assert.True(t, strings.Contains(page.EventText(page.IT, "danish", &e), "per il turno 1"))
	e.Args[2] = "1, 2"
	assert.Contains(t, page.EventText(page.IT, "individual3", &e), "per le partite 1, 2")
	assert.Contains(t, page.EventText(page.IT, "danish", &e), "per i turni 1, 2")
	assert.Contains(t, page.EventText(page.EN, "individual3", &e), "for games 1, 2")
	assert.Contains(t, page.EventText(page.EN, "knockout", &e), "for rounds 1, 2")
}

// A tournament with no venue: the public pages' subtitle is its date alone, with no
// separator left dangling ("giovedì 26 novembre 2026 ·").
func TestPublicHeadWithoutVenue(t *testing.T) {
	a := viewtest.NewApp(t)
	a.Setup()
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: a.Store, Players: a.Store}
	tr, stage, err := tournament.New(time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), "knockout")
	require.NoError(t, err)
	tr.Name = "Senza sede"
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	cur, err := svc.Load(ctx, tr.ID)
	require.NoError(t, err)
	_, err = svc.Publish(ctx, tr.ID, true, cur.Tournament.Version, "anna")
	require.NoError(t, err)
	anon := a.Client()
	anon.Lang = "it"
	for _, p := range []string{"/p/%d", "/p/%d/standings"} {
		res := anon.Get(fmt.Sprintf(p, tr.ID))
		require.Equal(t, 200, res.StatusCode, res.Body)
		sub := strings.TrimSpace(res.Doc(t).Find(".pub-title p").Text())
		assert.Equal(t, "giovedì 26 novembre 2026", sub, p)
	}
}

// A player's page heads each game with its table and what the player scored there, in
// words: "Tavolo 3 · 1 punto", never a bare "Tavolo 3 1" (read as table 31).
func TestPublicPlayerGameHeadingNamesThePoints(t *testing.T) {
	a := viewtest.NewApp(t)
	a.Setup()
	pe := seedPublic(t, a, 12)
	anon := a.Client()
	anon.Lang = "it"
	found := 0
	for _, eid := range pe.entries {
		doc := anon.Get(fmt.Sprintf("/p/%d/players/%d", pe.tid, eid)).Doc(t)
		doc.Find(".pub-game h3").Each(func(_ int, s *goquery.Selection) {
			if num := s.Find(".num"); num.Length() > 0 {
				found++
				assert.Regexp(t, `^[0-9,]+ punt[io]$`, strings.TrimSpace(num.Text()), s.Text())
			}
		})
	}
	assert.Positive(t, found, "some game has its points in the heading")

	koID, koEntries, _ := seedPublicKnockout(t, a)
	for _, eid := range koEntries {
		doc := anon.Get(fmt.Sprintf("/p/%d/players/%d", koID, eid)).Doc(t)
		doc.Find(".pub-game h3 .num").Each(func(_ int, s *goquery.Selection) {
			assert.Contains(t, []string{"vinto", "perso"}, strings.TrimSpace(s.Text()))
		})
	}
}

// Once the next stage has started, the finished stage's standings still download: the
// CSV and PDF take ?stage=1 as the JSON does, and the standings page of stage 1 links
// to them.
func TestEarlierStageStandingsExport(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base, _, _ := finishedEvening(t, app, c)
	api := "/api/v1" + base
	before := c.API("GET", api+"/standings.csv", tok, "", nil)
	require.Equal(t, 200, before.StatusCode, before.Body)
	res := c.API("POST", api+"/stages", tok, `{"format":"knockout"}`, nil)
	require.Equal(t, 201, res.StatusCode, res.Body)

	stage1 := c.API("GET", api+"/standings.csv?stage=1", tok, "", nil)
	require.Equal(t, 200, stage1.StatusCode, stage1.Body)
	assert.Equal(t, before.Body, stage1.Body, "stage 1's standings, as they were before the knockout")
	assert.NotEqual(t, before.Body, c.API("GET", api+"/standings.csv", tok, "", nil).Body, "the current stage is the knockout")
	pdf := c.API("GET", api+"/standings.pdf?stage=1", tok, "", nil)
	require.Equal(t, 200, pdf.StatusCode)
	assert.True(t, strings.HasPrefix(pdf.Body, "%PDF-"))
	assert.Equal(t, 404, c.API("GET", api+"/standings.csv?stage=7", tok, "", nil).StatusCode)

	links := c.Get(base + "/standings?stage=1").Doc(t).Find(`a[href$="standings.csv?stage=1"], a[href$="standings.pdf?stage=1"]`)
	assert.Equal(t, 2, links.Length(), "the page of stage 1 links its downloads")
}
