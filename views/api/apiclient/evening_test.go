package apiclient_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
	"burraco/views/api/apiclient/oapi"
	"burraco/views/api/apitest"
	"burraco/views/viewtest"
)

func TestMain(m *testing.M) { os.Exit(dbtest.RunBoth(m)) }

// checked is an HTTP client that checks every exchange against the document, as the
// app's own test clients do.
type checked struct {
	t     *testing.T
	token string
}

func (c checked) Do(req *http.Request) (*http.Response, error) {
	sent := apitest.SentBody(c.t, req)
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		return nil, err
	}
	res.Body = io.NopCloser(bytes.NewReader(b))
	apitest.Check(c.t, req, sent, res, b)
	res.Body = io.NopCloser(bytes.NewReader(b))
	return res, nil
}

func ptr[T any](v T) *T { return &v }

// TestEveningThroughTheGeneratedClient plays an evening with nothing but the client
// oapi-codegen generated from the served document: a 3-player tournament, 9 entries, the
// roll call, the draw, the three sheets, the standings; then a Danish stage's settings,
// written and read back as the Danish variant.
func TestEveningThroughTheGeneratedClient(t *testing.T) {
	app := viewtest.NewApp(t)
	ctx := context.Background()
	anon, err := oapi.NewClientWithResponses(app.Srv.URL+"/api/v1", oapi.WithHTTPClient(checked{t: t}))
	require.NoError(t, err)
	setup, err := anon.SetupWithResponse(ctx, nil, oapi.DirectorInput{Username: "anna", Name: "Anna",
		Password: "password-lunga", Confirm: "password-lunga"})
	require.NoError(t, err)
	require.NotNil(t, setup.JSON201, "%d %s", setup.StatusCode(), setup.Body)
	c, err := oapi.NewClientWithResponses(app.Srv.URL+"/api/v1", oapi.WithHTTPClient(checked{t: t, token: setup.JSON201.Secret}))
	require.NoError(t, err)

	var in oapi.TournamentInput
	require.NoError(t, in.FromTournamentInputIndividual3(oapi.TournamentInputIndividual3{
		Name: "Martedì sera", Date: "2026-11-24", Format: oapi.TournamentInputIndividual3FormatIndividual3,
		Settings: &oapi.ThreeplayerSettingsInput{Games: ptr(2)}}))
	created, err := c.CreateTournamentWithResponse(ctx, nil, in)
	require.NoError(t, err)
	require.NotNil(t, created.JSON201, "%d %s", created.StatusCode(), created.Body)
	three, err := created.JSON201.AsTournamentIndividual3()
	require.NoError(t, err)
	assert.Equal(t, 2, three.Settings.Games, "the answer's settings are the format's, typed")
	id := three.Id

	for i := 1; i <= 9; i++ {
		e, err := c.AddEntryWithResponse(ctx, id, nil, oapi.EntryInput{Player: &oapi.PlayerInput{
			FirstName: "P" + string(rune('0'+i)), LastName: "Rossi"}})
		require.NoError(t, err)
		require.NotNil(t, e.JSON201, "%d %s", e.StatusCode(), e.Body)
		assert.False(t, e.JSON201.CheckedIn)
	}
	marked, err := c.MarkAllPresentWithResponse(ctx, id, nil)
	require.NoError(t, err)
	require.NotNil(t, marked.JSON200, "%s", marked.Body)
	assert.Equal(t, 9, marked.JSON200.Marked)

	drawn, err := c.DrawWithResponse(ctx, id, nil, oapi.DrawInput{Seed: ptr(424242)})
	require.NoError(t, err)
	require.NotNil(t, drawn.JSON201, "%d %s", drawn.StatusCode(), drawn.Body)
	require.Len(t, *drawn.JSON201.Tables, 3)

	total := func(n int) *oapi.HandInput { return &oapi.HandInput{Form: ptr(2), Total: ptr(n)} }
	for i, tb := range *drawn.JSON201.Tables {
		// Table i's first seat wins every hand: 100 against 0 and -100.
		row := &[]*oapi.HandInput{total(100), total(0), total(-100)}
		saved, err := c.SaveSheetWithResponse(ctx, id, 1, tb.Number, &oapi.SaveSheetParams{IfMatch: ptr(strconv.Itoa(tb.Version))},
			oapi.SheetInput{Hands: &[]*[]*oapi.HandInput{row, row, row}})
		require.NoError(t, err)
		require.NotNil(t, saved.JSON200, "table %d: %d %s", i+1, saved.StatusCode(), saved.Body)
		assert.True(t, saved.JSON200.Table.Complete)
	}

	st, err := c.StandingsWithResponse(ctx, id, nil)
	require.NoError(t, err)
	require.NotNil(t, st.JSON200, "%s", st.Body)
	lines := *st.JSON200.Standings
	require.Len(t, lines, 9)
	first := lines[0]
	require.NotNil(t, first.Points)
	assert.Equal(t, "6", *first.Points, "a winner's ranking points, typed")
	assert.Equal(t, 36, *first.PointsSixths)
	assert.Equal(t, 300, *first.GamePoints)
	assert.Nil(t, first.Vp, "a 3-player evening ranks on points, not VP")

	// A Danish stage's settings: written as the Danish variant, read back as it.
	var dan oapi.TournamentInput
	require.NoError(t, dan.FromTournamentInputDanish(oapi.TournamentInputDanish{
		Name: "Danese", Date: "2026-11-27", Format: oapi.TournamentInputDanishFormatDanish,
		Settings: &oapi.DanishSettingsInput{Rounds: ptr(4), HandsPerRound: ptr(2)}}))
	dc, err := c.CreateTournamentWithResponse(ctx, nil, dan)
	require.NoError(t, err)
	require.NotNil(t, dc.JSON201, "%d %s", dc.StatusCode(), dc.Body)
	d, err := dc.JSON201.AsTournamentDanish()
	require.NoError(t, err)
	var upd oapi.TournamentInput
	require.NoError(t, upd.FromTournamentInputDanish(oapi.TournamentInputDanish{Name: "Danese", Date: "2026-11-27", Format: oapi.TournamentInputDanishFormatDanish,
		Settings: &oapi.DanishSettingsInput{Rounds: ptr(5)}}))
	u, err := c.UpdateTournamentWithResponse(ctx, d.Id, &oapi.UpdateTournamentParams{IfMatch: ptr(strconv.Itoa(d.Version))}, upd)
	require.NoError(t, err)
	require.NotNil(t, u.JSON200, "%d %s", u.StatusCode(), u.Body)
	got, err := c.GetTournamentWithResponse(ctx, d.Id, nil)
	require.NoError(t, err)
	require.NotNil(t, got.JSON200, "%s", got.Body)
	disc, err := got.JSON200.Tournament.Discriminator()
	require.NoError(t, err)
	assert.Equal(t, "danish", disc)
	gd, err := got.JSON200.Tournament.AsTournamentDanish()
	require.NoError(t, err)
	assert.Equal(t, 5, gd.Settings.Rounds)
	assert.Equal(t, 2, gd.Settings.HandsPerRound, "what the update left out keeps its value")
}
