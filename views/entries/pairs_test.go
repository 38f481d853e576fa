package entries_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
	"burraco/views/viewtest"
)

// The entries page of a format of pairs forms pairs: two places, each with the
// registry's search; a player already entered is refused on their place, the choice kept.
func TestPairFormOnEntriesPage(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewPairsEvening(t, c, tok, viewtest.EightPlayers, 1)

	doc := c.Get(ev.HTML + "/entries").Doc(t)
	require.Equal(t, 1, doc.Find("form#pair-form").Length())
	assert.Equal(t, 0, doc.Find("#entry-q").Length(), "no single-player add")
	assert.Equal(t, 0, doc.Find(`form[action$="/entries/new"]`).Length())
	search := doc.Find("#pair-form .pair-slot input[type=search]")
	assert.Equal(t, 2, search.Length())
	// The form swaps its answer whole: the searches say they fill their own results.
	assert.Equal(t, "innerHTML", search.First().AttrOr("hx-swap", ""))
	assert.Equal(t, "#pair-results-1", search.First().AttrOr("hx-target", ""))
	assert.Contains(t, doc.Find("#entry-list").Text(), "Rossi Mario / Bianchi Anna")
	assert.Equal(t, ev.HTML+"/entries/import", doc.Find("#pair-import-link").AttrOr("href", ""))
	assert.Contains(t, doc.Find("#entry-list h2").Text(), "Pairs · 1 of 1 present")

	// Search as you type, accents ignored, for place 2: "Choose" fills the place.
	doc = c.Get(ev.HTML + "/entries/search?slot=2&q=nicco").Doc(t)
	pick := doc.Find("button.pick")
	require.Equal(t, 1, pick.Length(), doc.Text())
	assert.Contains(t, pick.Parent().Text(), "D'Alessandro Niccolò")
	assert.Equal(t, "#pair-slot-2", pick.AttrOr("hx-target", ""))
	doc = c.Get(pick.AttrOr("hx-get", "")).Doc(t)
	assert.Equal(t, page.Itoa(int(ev.Players[2])), doc.Find(`#pair-slot-2 input[name="pair.2"]`).AttrOr("value", ""))
	// Players already entered show as such, with no "Choose".
	doc = c.Get(ev.HTML + "/entries/search?slot=1&q=rossi").Doc(t)
	assert.Equal(t, 0, doc.Find("button.pick").Length())
	assert.Contains(t, doc.Text(), "entered")

	// Add a pair, with htmx: the list has it, the form comes back empty (out of band).
	res := c.HTMXPost(ev.HTML+"/pairs", url.Values{"pair.1": {page.Itoa(int(ev.Players[2]))}, "pair.2": {page.Itoa(int(ev.Players[3]))}})
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.Contains(t, doc.Find("#entry-list").Text(), "D'Alessandro Niccolò / Verdi Luca")
	assert.Equal(t, "true", doc.Find("#pair-form").AttrOr("hx-swap-oob", ""))
	assert.Equal(t, 0, doc.Find(`#pair-form input[type=hidden][name^="pair."]`).Length())

	// A player already in a pair: refused on their place, the other choice kept.
	res = c.HTMXPost(ev.HTML+"/pairs", url.Values{"pair.1": {page.Itoa(int(ev.Players[4]))}, "pair.2": {page.Itoa(int(ev.Players[0]))}})
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.Equal(t, "This player is already entered in this tournament (alone or in a pair).", doc.Find("#pair-2-error").Text())
	assert.Equal(t, page.Itoa(int(ev.Players[4])), doc.Find(`#pair-form input[name="pair.1"]`).AttrOr("value", ""))
	assert.Equal(t, page.Itoa(int(ev.Players[0])), doc.Find(`#pair-form input[name="pair.2"]`).AttrOr("value", ""))
	// Without htmx: the page again, with the status and the field error.
	res = c.Post(ev.HTML+"/pairs", url.Values{"pair.1": {page.Itoa(int(ev.Players[4]))}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "This field is required.", strings.TrimSpace(res.Doc(t).Find("#pair-2-error").Text()))
	res = c.Post(ev.HTML+"/pairs", url.Values{"pair.1": {page.Itoa(int(ev.Players[4]))}, "pair.2": {page.Itoa(int(ev.Players[5]))}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(ev.HTML + "/entries").Doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), "Neri Ada / Gialli Ugo added.")

	// A 3-player tournament keeps the single-player add.
	base := viewtest.TournamentWithEntries(t, c, 0)
	doc = c.Get(base + "/entries").Doc(t)
	assert.Equal(t, 0, doc.Find("#pair-form").Length())
	assert.Equal(t, 1, doc.Find("#entry-q").Length())
}

func TestPairImportPages(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewPairsEvening(t, c, tok, viewtest.EightPlayers[:4], 1)

	doc := c.Get(ev.HTML + "/entries/import").Doc(t)
	assert.Contains(t, doc.Find("pre.sample").Text(), "last_name_1;first_name_1")

	bad := "cognome1;nome1;cognome2;nome2\nDalessandro;Niccolo;Nuovo;Primo\nRossi;Mario;Nuovo;Secondo\n"
	res := c.Upload(ev.HTML+"/entries/import/preview", "pairs.csv", []byte(bad))
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	doc = res.Doc(t)
	assert.Equal(t, 0, doc.Find("#import-form").Length(), "nothing to confirm")
	assert.Contains(t, doc.Find("#line-3").Text(), "already entered")
	assert.Contains(t, doc.Find("#line-2").Text(), "in the registry")
	assert.Contains(t, doc.Find("#line-2").Text(), "new player")

	good := "cognome1;nome1;cognome2;nome2\nDalessandro;Niccolo;Nuovo;Primo\n"
	res = c.Upload(ev.HTML+"/entries/import/preview", "pairs.csv", []byte(good))
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc = res.Doc(t)
	confirm := doc.Find("#import-form")
	assert.Contains(t, confirm.Find("button").Text(), "Enter 1 pairs (registering 1 new players)")
	res = c.Post(ev.HTML+"/entries/import", url.Values{"csv": {confirm.Find("textarea").Text()}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	doc = c.Get(ev.HTML + "/entries").Doc(t)
	assert.Contains(t, doc.Find(".flash").Text(), "1 pairs entered (1 new players registered).")
	assert.Contains(t, doc.Find("#entry-list").Text(), "D'Alessandro Niccolò / Nuovo Primo")
}

// The headers the pair import page advertises (Circolo1;Circolo2…, in any case) are read,
// clubs included, and columns it does not know are named on the preview and in the API,
// as the player import does.
func TestPairImportAdvertisedHeaders(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	ev := viewtest.NewPairsEvening(t, c, tok, viewtest.EightPlayers[:4], 1)

	csv := "Cognome1;Nome1;Circolo1;Cognome2;Nome2;Circolo2;Telefono\nNuovo;Primo;Circolo Roma;Nuovo;Secondo;Forlì;333\n"
	res := c.Upload(ev.HTML+"/entries/import/preview", "pairs.csv", []byte(csv))
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	doc := res.Doc(t)
	assert.Equal(t, `These columns are not imported and will be ignored: "Telefono".`, doc.Find("#ignored-columns").Text())
	confirm := doc.Find("#import-form")
	res = c.Post(ev.HTML+"/entries/import", url.Values{"csv": {confirm.Find("textarea").Text()}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	var list struct {
		Players []struct {
			FirstName string `json:"first_name"`
			Club      string
		}
	}
	c.API("GET", "/api/v1/players", tok, "", &list)
	clubs := map[string]string{}
	for _, p := range list.Players {
		clubs[p.FirstName] = p.Club
	}
	assert.Equal(t, "Circolo Roma", clubs["Primo"], "Circolo1 read")
	assert.Equal(t, "Forlì", clubs["Secondo"], "Circolo2 read")

	var out struct {
		Ignored []string `json:"ignored_columns"`
		Rows    []struct {
			Members []struct {
				Player struct{ Club string }
			}
		}
	}
	csv = "cognome1;nome1;CIRCOLO1;cognome2;nome2;circolo 2;Note\nAltro;Uno;Roma;Altro;Due;Bari;x\n"
	res = c.API("POST", ev.API+"/entries/import", tok, csv, &out)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, []string{"Note"}, out.Ignored)
	require.Len(t, out.Rows, 1)
	assert.Equal(t, "Roma", out.Rows[0].Members[0].Player.Club)
	assert.Equal(t, "Bari", out.Rows[0].Members[1].Player.Club)
}

// A place of the pair form and of the team form: "Choose" takes only the form's places
// (two, six), puts the player chosen with a "Change" that brings the search back, and
// "Change" answers the place's search; a team's places past the fourth are optional.
func TestPlacesOfPairAndTeamForms(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	pev := viewtest.NewPairsEvening(t, c, tok, viewtest.EightPlayers, 0)
	tev := viewtest.NewTeamsEvening(t, c, tok, 0)
	player := page.Itoa64(pev.Players[4])
	for _, f := range []struct {
		html, pick, field, kind string
		places                  int
	}{
		{pev.HTML, "/entries/pick", "pair.", "pair", 2},
		{tev.HTML, "/teams/pick", "players.", "team", 6},
	} {
		for _, slot := range []string{"0", "-1", page.Itoa(f.places + 1), "x"} {
			res := c.Get(f.html + f.pick + "?slot=" + slot + "&player_id=" + player)
			assert.Equal(t, http.StatusBadRequest, res.StatusCode, f.pick+" place "+slot)
		}
		last := page.Itoa(f.places)
		doc := c.Get(f.html + f.pick + "?slot=" + last + "&player_id=" + player).Doc(t)
		place := doc.Find("#" + f.kind + "-slot-" + last)
		require.Equal(t, 1, place.Length(), doc.Text())
		assert.Equal(t, player, place.Find(`input[type=hidden][name="`+f.field+last+`"]`).AttrOr("value", ""))
		assert.Contains(t, place.Text(), "Neri Ada")
		change := place.Find("#" + f.kind + "-q-" + last)
		assert.Equal(t, f.html+f.pick+"?slot="+last, change.AttrOr("hx-get", ""))
		assert.Equal(t, "#"+f.kind+"-slot-"+last, change.AttrOr("hx-target", ""))

		doc = c.Get(change.AttrOr("hx-get", "")).Doc(t)
		search := doc.Find("#" + f.kind + "-slot-" + last + ` input[type=search]`)
		require.Equal(t, 1, search.Length(), doc.Text())
		assert.Equal(t, "#"+f.kind+"-results-"+last, search.AttrOr("hx-target", ""))
		assert.Equal(t, f.kind == "team", strings.Contains(doc.Find("label").Text(), "(optional)"), "a team's fifth and sixth places are optional")
	}
	doc := c.Get(tev.HTML + "/teams/pick?slot=4").Doc(t)
	assert.NotContains(t, doc.Find("label").Text(), "(optional)", "a team needs four players")
}
