package apptest_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/page"
	"burraco/views/viewtest"
)

// finishedEvening is a 6-player evening whose two games are entered, its top 2
// qualifying; it returns its path, its ID and the service.
func finishedEvening(t *testing.T, app *viewtest.App, c *viewtest.Client) (string, int64, *tournament.Tournaments) {
	t.Helper()
	base := viewtest.TournamentWithEntries(t, c, 6)
	tid, err := strconv.ParseInt(strings.TrimPrefix(base, "/tournaments/"), 10, 64)
	require.NoError(t, err)
	svc := &tournament.Tournaments{Store: app.Store, Players: app.Store}
	gt := func(n int) *scoring.Hand { return &scoring.Hand{Form: scoring.GameTotal, Total: n} }
	for g := 1; g <= 2; g++ {
		_, err := svc.Draw(t.Context(), tid, tournament.DrawOptions{Seed: 3}, "anna")
		require.NoError(t, err)
		for tb := 1; tb <= 2; tb++ {
			_, err := svc.SaveSheet(t.Context(), tid, g, tb, tournament.Sheet{Hands: [][]*scoring.Hand{{gt(900 + 100*tb + 10*g), gt(300), gt(0)}}}, "anna")
			require.NoError(t, err)
		}
	}
	return base, tid, svc
}

// Starting the next stage asks first (issue 17, bug 7): the tournament page's button
// leads to a page that says what happens and lists the qualifiers, best first, in the
// reader's language; only its confirmation starts the stage. The start is then undone
// from the history, and the qualifying stage is current again.
func TestStartStageAsksFirstAndUndoes(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	notDone := viewtest.TournamentWithEntries(t, c, 6)
	res := c.Get(notDone + "/stages/new?format=knockout")
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, res.Doc(t).Find(".alert").Text(), "Stage 1 is not finished")

	base, tid, svc := finishedEvening(t, app, c)
	form := c.Get(base).Doc(t).Find("form.start-stage")
	require.Equal(t, 1, form.Length())
	assert.Equal(t, "get", form.AttrOr("method", ""), "the button asks, it does not start")
	assert.Equal(t, base+"/stages/new", form.AttrOr("action", ""))

	_, _, lines, err := svc.Standings(t.Context(), tid)
	require.NoError(t, err)
	want := []string{lines[0].Entry.Name, lines[1].Entry.Name}
	for _, lang := range []struct{ code, what, button string }{
		{"en", "Stage 1 is closed", "Start stage 2"},
		{"it", "La fase 1 si chiude", "Avvia la fase 2"},
	} {
		c.Lang = lang.code
		res = c.Get(base + "/stages/new?format=knockout")
		require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
		doc := res.Doc(t)
		assert.Contains(t, doc.Find(".stage-confirm").Text(), lang.what, lang.code)
		assert.Equal(t, want, doc.Find(".stage-qualifiers li").Map(func(_ int, s *goquery.Selection) string { return s.Text() }), lang.code)
		confirm := doc.Find(`.stage-confirm form[method="post"]`)
		assert.Equal(t, base+"/stages", confirm.AttrOr("action", ""))
		assert.Equal(t, "knockout", confirm.Find(`input[name="format"]`).AttrOr("value", ""))
		assert.Equal(t, lang.button, strings.TrimSpace(confirm.Find("button").Text()), lang.code)
		assert.NotContains(t, res.Body, "%!", lang.code)
	}
	c.Lang = "en"
	st, err := svc.Load(t.Context(), tid)
	require.NoError(t, err)
	assert.Equal(t, 1, st.Stage.Seq, "asking starts nothing")

	res = c.Post(base+"/stages", url.Values{"format": {"knockout"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	st, err = svc.Load(t.Context(), tid)
	require.NoError(t, err)
	require.Equal(t, 2, st.Stage.Seq)

	// The history offers the undo of the start.
	doc := c.Get(base + "/history").Doc(t)
	evs, err := svc.Events(t.Context(), tid)
	require.NoError(t, err)
	require.Equal(t, "stage", evs[0].Kind)
	undo := doc.Find(fmt.Sprintf(`#ev%d form.undo`, evs[0].ID))
	require.Equal(t, 1, undo.Length(), "the stage start has its undo button")
	res = c.Post(undo.AttrOr("action", ""), nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	st, err = svc.Load(t.Context(), tid)
	require.NoError(t, err)
	assert.Equal(t, 1, st.Stage.Seq, "the qualifying stage is current again")
	assert.NotEmpty(t, c.Get(base).Doc(t).Find("form.start-stage").Length(), "and can be started again")
}

// The API twins: GET …/stages/next says what a start would do; the start is undone
// through …/history/{seq}/undo.
func TestNextStageAPI(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base, _, _ := finishedEvening(t, app, c)
	api := "/api/v1" + base
	var plan struct {
		From, Seq  int
		Format     string
		Qualifiers []struct{ ID int64 }
	}
	res := c.API("GET", api+"/stages/next?format=knockout", tok, "", &plan)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, 1, plan.From)
	assert.Equal(t, 2, plan.Seq)
	assert.Equal(t, "knockout", plan.Format)
	assert.Len(t, plan.Qualifiers, 2)

	res = c.API("POST", api+"/stages", tok, `{"format":"knockout"}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	var hist struct {
		Events []struct {
			ID   int64  `json:"id"`
			Kind string `json:"kind"`
		} `json:"events"`
	}
	res = c.API("GET", api+"/history", tok, "", &hist)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.NotEmpty(t, hist.Events)
	require.Equal(t, "stage", hist.Events[0].Kind)
	res = c.API("POST", fmt.Sprintf("%s/history/%d/undo", api, hist.Events[0].ID), tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	res = c.API("GET", api+"/stages/next?format=knockout", tok, "", &plan)
	require.Equal(t, http.StatusOK, res.StatusCode, "stage 1 is current again: the next stage can start")
}

// An earlier stage's sheet is corrected once the next stage started (issue 17, bug 7):
// the knockout's standings link to the sheets of stage 1, whose addresses name it; a
// correction that changes who qualifies re-seats the knockout's round 1 (no score yet)
// and says so; the API corrects the same sheet with ?stage=1.
func TestCorrectEarlierStageSheet(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base, tid, svc := finishedEvening(t, app, c)
	res := c.Post(base+"/stages", url.Values{"format": {"knockout"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	res = c.Post(base+"/draw", url.Values{"round": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	st, err := svc.Load(t.Context(), tid)
	require.NoError(t, err)
	before := tournament.SeatsOf(&st.Rounds[0])

	link := c.Get(base + "/standings").Doc(t).Find("a.stage-sheets-link")
	require.Equal(t, base+"/stages/1", link.AttrOr("href", ""))
	doc := c.Get(base + "/stages/1").Doc(t)
	sheet := base + "/rounds/2/tables/1?stage=1"
	require.Equal(t, 1, doc.Find(`a[href="`+sheet+`"]`).Length(), "each sheet of stage 1, at an address naming it")

	doc = c.Get(sheet + "&form=game").Doc(t)
	assert.Contains(t, doc.Find(".stage-note").Text(), "Stage 1, finished")
	assert.Equal(t, base+"/rounds/2/tables/1?stage=1", doc.Find("form#sheet").AttrOr("action", ""))
	ts, err := svc.StageTable(t.Context(), tid, 1, 2, 1)
	require.NoError(t, err)
	form := url.Values{"form": {"game"}, "version": {page.Itoa(ts.Table.Version)},
		"h1.s1.game": {"0"}, "h1.s2.game": {"300"}, "h1.s3.game": {"5000"}}
	res = c.Post(sheet, form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	assert.Equal(t, base+"/stages/1", res.Header.Get("Location"))
	flash := c.Get(base + "/stages/1").Doc(t).Find(".flash").Text()
	assert.Contains(t, flash, "Table 1 of stage 1 saved. The correction changes who qualifies or the seeding")
	assert.Contains(t, flash, "was seated again")

	_, _, lines, err := svc.StageStandings(t.Context(), tid, 1)
	require.NoError(t, err)
	st, err = svc.Load(t.Context(), tid)
	require.NoError(t, err)
	assert.Equal(t, 2, st.Stage.Seq)
	assert.NotEqual(t, before, tournament.SeatsOf(&st.Rounds[0]))
	assert.ElementsMatch(t, []int64{lines[0].Entry.ID, lines[1].Entry.ID}, st.Rounds[0].People(), "the corrected qualifiers")

	// The API twin: the same sheet, ?stage=1; back as it was.
	api := "/api/v1" + base + "/rounds/2/tables/1?stage=1"
	var got struct {
		Version int `json:"version"`
	}
	res = c.API("GET", api, tok, "", &got)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	var out struct {
		Outcome struct {
			Requalified *tournament.Requalified `json:"requalified"`
		} `json:"outcome"`
	}
	res = c.API("PUT", api, tok, `{"hands":[[{"form":3,"total":1020},{"form":3,"total":300},{"form":3,"total":0}]]}`, &out)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.NotNil(t, out.Outcome.Requalified)
	assert.True(t, out.Outcome.Requalified.Reseeded)
	st, err = svc.Load(t.Context(), tid)
	require.NoError(t, err)
	assert.Equal(t, before, tournament.SeatsOf(&st.Rounds[0]), "back to the seeding before")
	assert.Zero(t, c.Get(base).Doc(t).Find(".seeds-changed").Length())

	// Once the knockout has a score, a correction that changes the qualifiers leaves its
	// seats, says so, and the overview flags it until the director sees to it.
	res = c.API("PUT", "/api/v1"+base+"/rounds/1/tables/1", tok, `{"hands":[[{"form":3,"total":900},{"form":3,"total":300}]]}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	ts, err = svc.StageTable(t.Context(), tid, 1, 2, 1)
	require.NoError(t, err)
	form.Set("version", page.Itoa(ts.Table.Version))
	res = c.Post(sheet, form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	assert.Contains(t, c.Get(base+"/stages/1").Doc(t).Find(".flash").Text(), "Check them.")
	st, err = svc.Load(t.Context(), tid)
	require.NoError(t, err)
	assert.Equal(t, before, tournament.SeatsOf(&st.Rounds[0]), "seats kept")
	assert.Contains(t, c.Get(base).Doc(t).Find(".seeds-changed").Text(), "Round 1 of stage 2 is not seated as the standings of stage 1 give now")
}
