package apptest_test

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/formattest"
	"burraco/tournament/national"
	"burraco/tournament/threeplayer"
	"burraco/views"
	"burraco/views/page"
	"burraco/views/viewtest"
)

// publicEvening seeds, through the services, a tournament whose every private field is
// filled with a marker, and an unpublished one; it publishes the first.
type publicEvening struct {
	svc      *tournament.Tournaments
	tid      int64
	hidden   int64
	entries  []int64
	private  []string // what no public page may show
	niccolo  int64
	director string
	// nationals are the national records of players 1 (shown), 7 (a minor, hidden)
	// and 8 (initials only).
	nationals map[int]int64
}

func seedPublic(t *testing.T, a *viewtest.App, players int) *publicEvening {
	t.Helper()
	return seedPublicIn(t, a.Store, players)
}

// seedPublicIn seeds the store itself (for benchmarks, which have no testApp).
func seedPublicIn(t testing.TB, store *db.DB, players int) *publicEvening {
	t.Helper()
	ctx := context.Background()
	pe := &publicEvening{svc: &tournament.Tournaments{Store: store, Players: store}, director: "dirsecretname"}
	mk := func(name string, n int) tournament.Tournament {
		tr, st, err := tournament.New(time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), threeplayer.Name)
		require.NoError(t, err)
		tr.Name, tr.Venue, tr.Notes = name, "Circolo Aurora", "NOTESECRET tournament notes"
		require.NoError(t, pe.svc.Create(ctx, &tr, &st, "anna"))
		return tr
	}
	tr := mk("Martedì sera", players)
	hidden := mk("HIDDENCUP unpublished", 9)
	pe.tid, pe.hidden = tr.ID, hidden.ID
	pe.private = []string{"NOTESECRET", "HIDDENCUP", pe.director}
	var pids []int64
	for i := 1; i <= players; i++ {
		p := &tournament.Player{FirstName: fmt.Sprintf("Nome%02d", i), LastName: "Rossi", Club: "Aurora", Active: true,
			CardNumber: fmt.Sprintf("CARDX%04d", i), Email: fmt.Sprintf("mailsecret%02d@example.org", i),
			Phone: fmt.Sprintf("+39 555 77%04d", i), Notes: fmt.Sprintf("PLAYERNOTE%02d allergic to jokers", i)}
		if i == 5 {
			p.FirstName, p.LastName = "Niccolò", "D'Alessandro"
		}
		require.NoError(t, store.CreatePlayer(ctx, p))
		pids = append(pids, p.ID)
		pe.private = append(pe.private, p.CardNumber, p.Email, p.Phone, p.Notes)
		e, err := pe.svc.AddPlayer(ctx, tr.ID, p.ID, pe.director)
		require.NoError(t, err)
		pe.entries = append(pe.entries, e.ID)
		if i == 5 {
			pe.niccolo = e.ID
		}
		if i <= 9 {
			_, err := pe.svc.AddPlayer(ctx, hidden.ID, p.ID, pe.director)
			require.NoError(t, err)
		}
	}
	// Issue 38: player 7 is a minor (hidden by default), player 8 asked for initials
	// only: neither first name may reach a public page (RULES.md §9).
	ns := &national.Service{Store: store}
	for i, edit := range map[int]national.Edit{7: {BirthDate: "2015-03-04"}, 8: {Visibility: national.Initials}} {
		if i > players {
			continue
		}
		pid := pids[i-1]
		vs, err := store.Visibilities(ctx, []int64{pid})
		require.NoError(t, err)
		rec := vs[pid]
		edit.FirstName, edit.LastName, edit.Version = rec.FirstName, rec.LastName, rec.Version
		_, err = ns.Update(ctx, rec.ID, edit, "officer")
		require.NoError(t, err)
		pe.private = append(pe.private, rec.FirstName)
	}
	pe.nationals = map[int]int64{}
	for _, i := range []int{1, 7, 8} {
		if i > players {
			continue
		}
		vs, err := store.Visibilities(ctx, []int64{pids[i-1]})
		require.NoError(t, err)
		pe.nationals[i] = vs[pids[i-1]].ID
	}
	_, err := pe.svc.MarkAllPresent(ctx, tr.ID, pe.director)
	require.NoError(t, err)
	_, err = pe.svc.Draw(ctx, tr.ID, tournament.DrawOptions{Seed: 918273}, pe.director)
	require.NoError(t, err)
	// Game 1 half entered, game 2 drawn anyway with a reason: the reason is the
	// director's, not the public's.
	pe.saveTable(t, 1, 1)
	_, err = pe.svc.Draw(ctx, tr.ID, tournament.DrawOptions{Seed: 564738, Override: "OVERRIDESECRET late table"}, pe.director)
	require.NoError(t, err)
	pe.private = append(pe.private, "OVERRIDESECRET", "918273", "564738")
	_, err = pe.svc.SetClock(ctx, tr.ID, 2, tournament.ClockStart, time.Hour, pe.director)
	require.NoError(t, err)
	cur, err := pe.svc.Load(ctx, tr.ID)
	require.NoError(t, err)
	_, err = pe.svc.Publish(ctx, tr.ID, true, cur.Tournament.Version, pe.director)
	require.NoError(t, err)
	return pe
}

// saveTable enters table t of game n: seat 1 wins every hand.
func (pe *publicEvening) saveTable(t testing.TB, n, table int) {
	t.Helper()
	st, err := pe.svc.Load(context.Background(), pe.tid)
	require.NoError(t, err)
	var sh tournament.Sheet
	for range st.Stage.HandsPerRound() {
		sh.Hands = append(sh.Hands, []*scoring.Hand{{Form: scoring.TotalOnly, Total: 300}, {Form: scoring.TotalOnly, Total: 100}, {Form: scoring.TotalOnly, Total: -100}})
	}
	_, err = pe.svc.SaveSheet(context.Background(), pe.tid, n, table, sh, pe.director)
	require.NoError(t, err)
}

// seedPublicKnockout seeds a published 8-player knockout with every private field
// filled, round 1 played and round 2 drawn; it returns its id, entries and the markers.
func seedPublicKnockout(t *testing.T, a *viewtest.App) (int64, []int64, []string) {
	t.Helper()
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: a.Store, Players: a.Store}
	tr, stage, err := tournament.New(time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), "knockout")
	require.NoError(t, err)
	tr.Name, tr.Venue, tr.Notes = "Coppa pubblica", "Circolo Roma", "KONOTESECRET"
	f, _ := tournament.FormatOf("knockout")
	stage.Settings, err = f.Decode([]byte(`{"hands_per_match":1}`))
	require.NoError(t, err)
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	private := []string{"KONOTESECRET"}
	var ids []int64
	for i := 1; i <= 8; i++ {
		p := &tournament.Player{FirstName: fmt.Sprintf("Ko%02d", i), LastName: "Verdi", Active: true,
			CardNumber: fmt.Sprintf("KOCARD%03d", i), Email: fmt.Sprintf("kosecret%02d@example.org", i),
			Phone: fmt.Sprintf("+39 444 88%04d", i), Notes: fmt.Sprintf("KOPLAYERNOTE%02d", i)}
		require.NoError(t, a.Store.CreatePlayer(ctx, p))
		private = append(private, p.CardNumber, p.Email, p.Phone, p.Notes)
		ids = append(ids, p.ID)
	}
	entries, err := svc.AddPlayers(ctx, tr.ID, ids, "dirsecretname")
	require.NoError(t, err)
	_, err = svc.MarkAllPresent(ctx, tr.ID, "dirsecretname")
	require.NoError(t, err)
	r, err := svc.Draw(ctx, tr.ID, tournament.DrawOptions{Seed: 737373}, "dirsecretname")
	require.NoError(t, err)
	for _, tb := range r.Tables {
		sh := tournament.Sheet{Hands: [][]*scoring.Hand{{{Form: scoring.TotalOnly, Total: 500}, {Form: scoring.TotalOnly, Total: 100}}}}
		_, err := svc.SaveSheet(ctx, tr.ID, 1, tb.Number, sh, "dirsecretname")
		require.NoError(t, err)
	}
	_, err = svc.Draw(ctx, tr.ID, tournament.DrawOptions{Seed: 747474}, "dirsecretname")
	require.NoError(t, err)
	cur, err := svc.Load(ctx, tr.ID)
	require.NoError(t, err)
	_, err = svc.Publish(ctx, tr.ID, true, cur.Tournament.Version, "dirsecretname")
	require.NoError(t, err)
	var eids []int64
	for _, e := range entries {
		eids = append(eids, e.ID)
	}
	return tr.ID, eids, append(private, "737373", "747474")
}

// seedPublicPairs seeds a published tournament of 4 pairs (the 2-sided test format)
// with every private field filled, one table of round 1 saved; it returns its id,
// entries and markers.
func seedPublicPairs(t *testing.T, a *viewtest.App) (int64, []int64, []string) {
	t.Helper()
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: a.Store, Players: a.Store}
	tr, stage, err := tournament.New(time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC), formattest.Name)
	require.NoError(t, err)
	tr.Name, tr.Venue, tr.Notes = "Coppie del venerdì", "Circolo Roma", "DANOTESECRET"
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	private := []string{"DANOTESECRET"}
	var ids []int64
	for i := 1; i <= 8; i++ {
		p := &tournament.Player{FirstName: fmt.Sprintf("Da%02d", i), LastName: "Neri", Active: true,
			CardNumber: fmt.Sprintf("DACARD%03d", i), Email: fmt.Sprintf("dasecret%02d@example.org", i),
			Phone: fmt.Sprintf("+39 333 99%04d", i), Notes: fmt.Sprintf("DAPLAYERNOTE%02d", i)}
		require.NoError(t, a.Store.CreatePlayer(ctx, p))
		private = append(private, p.CardNumber, p.Email, p.Phone, p.Notes)
		ids = append(ids, p.ID)
	}
	var eids []int64
	for i := 0; i < 8; i += 2 {
		e, err := svc.AddPair(ctx, tr.ID, ids[i], ids[i+1], "dirsecretname")
		require.NoError(t, err)
		eids = append(eids, e.ID)
	}
	_, err = svc.MarkAllPresent(ctx, tr.ID, "dirsecretname")
	require.NoError(t, err)
	_, err = svc.Draw(ctx, tr.ID, tournament.DrawOptions{Seed: 818181}, "dirsecretname")
	require.NoError(t, err)
	st, err := svc.Load(ctx, tr.ID)
	require.NoError(t, err)
	var sh tournament.Sheet
	for range st.Stage.HandsPerRound() {
		sh.Hands = append(sh.Hands, []*scoring.Hand{{Form: scoring.TotalOnly, Total: 600}, {Form: scoring.TotalOnly, Total: 100}})
	}
	_, err = svc.SaveSheet(ctx, tr.ID, 1, 1, sh, "dirsecretname")
	require.NoError(t, err)
	_, err = svc.Publish(ctx, tr.ID, true, st.Tournament.Version, "dirsecretname")
	require.NoError(t, err)
	return tr.ID, eids, append(private, "818181")
}

// publicPaths are every public page and JSON twin of a tournament.
func publicPaths(tid int64, entries []int64) []string {
	base := fmt.Sprintf("/p/%d", tid)
	api := fmt.Sprintf("/api/v1/public/tournaments/%d", tid)
	paths := []string{base, base + "?q=niccolo", base + "/standings", base + "/projector/standings", base + "/projector/tables",
		base + "/projector/standings/live", base + "/projector/tables/live", base + "/qr.svg", api, api + "/standings"}
	for _, e := range entries {
		paths = append(paths, fmt.Sprintf("%s/players/%d", base, e), fmt.Sprintf("%s/players/%d", api, e))
	}
	return paths
}

// The acceptance scan: every public page and JSON twin, in both languages, for seeded
// data with every private field filled, shows none of it; an unpublished tournament is
// a 404 everywhere, the same as one that does not exist.
func TestPublicPagesExposeNothingPrivate(t *testing.T) {
	a := viewtest.NewApp(t)
	a.Setup()
	pe := seedPublic(t, a, 12)
	anon := a.Client()

	// Every public route is in the scan: a new one must be added to publicPaths.
	scanned := map[string]bool{}
	for _, p := range publicPaths(pe.tid, pe.entries) {
		u, _ := url.Parse(p)
		segs := strings.Split(u.Path, "/")
		names := []string{":id", ":eid"}
		for i, sg := range segs {
			if _, err := strconv.Atoi(sg); err == nil && len(names) > 0 {
				segs[i], names = names[0], names[1:]
			}
		}
		path := strings.Join(segs, "/")
		scanned[strings.Replace(path, "/projector/standings", "/projector/:view", 1)] = true
		scanned[strings.Replace(path, "/projector/tables", "/projector/:view", 1)] = true
	}
	koID, koEntries, koPrivate := seedPublicKnockout(t, a)
	koPaths := append(publicPaths(koID, koEntries), fmt.Sprintf("/p/%d/bracket", koID), fmt.Sprintf("/api/v1/public/tournaments/%d/bracket", koID))
	for _, p := range koPaths {
		u, _ := url.Parse(p)
		segs := strings.Split(u.Path, "/")
		for i, sg := range segs {
			if _, err := strconv.Atoi(sg); err == nil {
				segs[i] = ":id"
				break
			}
		}
		scanned[strings.Join(segs, "/")] = true
	}
	// A published season of the evening (issue 22): its pages, scanned in both languages.
	seasonPaths := publicSeason(t, a, pe)
	for _, route := range []string{"/p/seasons/:id", "/p/seasons/:id/players/:pid", "/p/seasons/:id/projector", "/p/seasons/:id/projector/live", "/api/v1/public/seasons/:id"} {
		scanned[route] = true
	}
	for _, lang := range []string{"it", "en"} {
		anon.Lang = lang
		for _, p := range seasonPaths {
			res := anon.Get(p)
			require.Equal(t, http.StatusOK, res.StatusCode, "%s: %s", p, res.Body)
			body := strings.ToLower(res.Body)
			for _, secret := range append(pe.private, pe.director) {
				assert.NotContains(t, body, strings.ToLower(secret), "%s (%s) shows %q", p, lang, secret)
			}
		}
	}
	// A player's public profile across clubs (issue 38): the shown and the initials-only
	// player's are scanned; the hidden minor's is 404, as one that does not exist.
	scanned["/p/players/:id"], scanned["/api/v1/public/players/:id"] = true, true
	for _, lang := range []string{"it", "en"} {
		anon.Lang = lang
		for _, i := range []int{1, 8} {
			for _, p := range []string{fmt.Sprintf("/p/players/%d", pe.nationals[i]), fmt.Sprintf("/api/v1/public/players/%d", pe.nationals[i])} {
				res := anon.Get(p)
				require.Equal(t, http.StatusOK, res.StatusCode, "%s: %s", p, res.Body)
				body := strings.ToLower(res.Body)
				for _, secret := range append(pe.private, pe.director) {
					assert.NotContains(t, body, strings.ToLower(secret), "%s (%s) shows %q", p, lang, secret)
				}
				assert.Contains(t, res.Body, "Martedì sera", "%s: the evening played", p)
			}
		}
		for _, p := range []string{fmt.Sprintf("/p/players/%d", pe.nationals[7]), fmt.Sprintf("/api/v1/public/players/%d", pe.nationals[7]), "/p/players/99999"} {
			res := anon.Get(p)
			assert.Equal(t, http.StatusNotFound, res.StatusCode, p)
			assert.NotContains(t, res.Body, "Nome07", p)
		}
	}
	assert.Contains(t, anon.Get(fmt.Sprintf("/p/players/%d", pe.nationals[8])).Body, "N. R.")
	anon.Lang = "it"
	first := anon.Get(fmt.Sprintf("/p/players/%d", pe.nationals[1])).Doc(t).Find("#evenings tbody td").First()
	assert.Regexp(t, `^\d{2}/\d{2}/\d{4}$`, strings.TrimSpace(first.Text()), "the evening's date as an Italian reader writes it (was ISO)")
	// The national ranking (issue 38), after the worker's pass: by national record only
	// (a club player without a national id is not in it), scanned in both languages.
	_, _, err := a.Server.App.Rankings.Pass(context.Background())
	require.NoError(t, err)
	for _, route := range []string{"/p/ranking", "/p/ranking.csv", "/api/v1/public/ranking"} {
		scanned[route] = true
		for _, lang := range []string{"it", "en"} {
			anon.Lang = lang
			res := anon.Get(route)
			require.Equal(t, http.StatusOK, res.StatusCode, "%s: %s", route, res.Body)
			body := strings.ToLower(res.Body)
			for _, secret := range append(pe.private, pe.director) {
				assert.NotContains(t, body, strings.ToLower(secret), "%s (%s) shows %q", route, lang, secret)
			}
		}
	}
	for _, r := range a.Srv.Config.Handler.(*views.Server).Routes() {
		if strings.HasPrefix(r.Path, "/p/") || strings.HasPrefix(r.Path, "/api/v1/public/") {
			assert.True(t, scanned[r.Path], "public route %s is not scanned", r.Path)
		}
	}

	for _, lang := range []string{"it", "en"} {
		anon.Lang = lang
		for _, p := range publicPaths(pe.tid, pe.entries) {
			res := anon.Get(p)
			require.Equal(t, http.StatusOK, res.StatusCode, "%s: %s", p, res.Body)
			body := strings.ToLower(res.Body)
			for _, secret := range pe.private {
				assert.NotContains(t, body, strings.ToLower(secret), "%s (%s) shows %q", p, lang, secret)
			}
			assert.Empty(t, res.Header.Values("Set-Cookie"), "%s sets no cookie", p)
		}
	}

	// The knockout (its bracket and everything else) and a tournament of pairs:
	// none of their markers either.
	daID, daEntries, daPrivate := seedPublicPairs(t, a)
	koPrivate = append(koPrivate, daPrivate...)
	koPaths = append(koPaths, publicPaths(daID, daEntries)...)
	for _, lang := range []string{"it", "en"} {
		anon.Lang = lang
		for _, p := range koPaths {
			res := anon.Get(p)
			require.Equal(t, http.StatusOK, res.StatusCode, "%s: %s", p, res.Body)
			body := strings.ToLower(res.Body)
			for _, secret := range append(koPrivate, pe.director) {
				assert.NotContains(t, body, strings.ToLower(secret), "%s (%s) shows %q", p, lang, secret)
			}
		}
	}
	pairs := anon.Get(fmt.Sprintf("/p/%d", daID)).Doc(t)
	assert.Equal(t, 4, pairs.Find("#seat-list li").Length(), "4 pairs find their table")
	assert.Contains(t, pairs.Find("#seat-list").Text(), "Neri Da01 / Neri Da02")
	bracket := anon.Get(fmt.Sprintf("/p/%d/bracket", koID)).Doc(t)
	assert.Equal(t, 4+2+1, bracket.Find(".bracket-round:not(.bracket-champion) .bracket-match").Length(), "8 sides: 4 + 2 + 1 matches")
	assert.Equal(t, 4, bracket.Find(".bracket-side.win").Length(), "round 1's winners")
	assert.Equal(t, http.StatusNotFound, anon.Get(fmt.Sprintf("/p/%d/bracket", pe.tid)).StatusCode, "no bracket for a 3-player evening")
	assert.Equal(t, http.StatusNotFound, anon.Get(fmt.Sprintf("/api/v1/public/tournaments/%d/bracket", pe.tid)).StatusCode)

	// The pages do show what they are for.
	anon.Lang = "it"
	doc := anon.Get(fmt.Sprintf("/p/%d", pe.tid)).Doc(t)
	assert.Equal(t, 12, doc.Find("#seat-list li").Length(), "everyone of game 2 finds a seat")
	assert.Contains(t, doc.Find("#seat-list").Text(), "D'Alessandro Niccolò")
	assert.Contains(t, doc.Find("#seat-list").Text(), "N. R.", "player 8 by initials")
	assert.Contains(t, doc.Find("#seat-list").Text(), national.HiddenMark, "player 7, a minor, hidden")
	assert.Equal(t, 1, doc.Find("[data-clock][data-clock-ends]").Length(), "the running clock")
	res := anon.Get(fmt.Sprintf("/p/%d/players/%d", pe.tid, pe.niccolo))
	assert.Contains(t, res.Body, "Niccolò")
	assert.Equal(t, 2, res.Doc(t).Find(".pub-game").Length(), "both games of the player")

	// The unpublished tournament, one that does not exist, and one unpublished again.
	for _, id := range []int64{pe.hidden, 999} {
		for _, p := range publicPaths(id, pe.entries[:1]) {
			res := anon.Get(p)
			assert.Equal(t, http.StatusNotFound, res.StatusCode, p)
			assert.NotContains(t, res.Body, "HIDDENCUP", p)
		}
	}
	cur, err := pe.svc.Load(context.Background(), pe.tid)
	require.NoError(t, err)
	_, err = pe.svc.Publish(context.Background(), pe.tid, false, cur.Tournament.Version, pe.director)
	require.NoError(t, err)
	for _, p := range publicPaths(pe.tid, pe.entries[:1]) {
		assert.Equal(t, http.StatusNotFound, anon.Get(p).StatusCode, "closed again: %s", p)
	}
}

// The seat search without the page's script: the server folds the query the way the
// player search does.
func TestPublicSeatSearchFoldsAccents(t *testing.T) {
	a := viewtest.NewApp(t)
	a.Setup()
	pe := seedPublic(t, a, 9)
	anon := a.Client()
	// 8 Rossi, of whom player 7 (a minor, hidden) and player 8 (initials only) are not
	// found by their name on a public page (issue 38).
	for q, want := range map[string]int{"niccolo": 1, "NICCOLÒ dalessandro": 1, "d’alessandro": 1, "rossi": 6, "nobody": 0} {
		doc := anon.Get(fmt.Sprintf("/p/%d?q=%s", pe.tid, url.QueryEscape(q))).Doc(t)
		assert.Equal(t, want, doc.Find("#seat-list li").Length(), q)
	}
}

// Public pages are rendered once per revision and served from that, with ETag and 304.
func TestPublicCacheAndETag(t *testing.T) {
	a := viewtest.NewApp(t)
	a.Setup()
	pe := seedPublic(t, a, 9)
	anon := a.Client()
	path := fmt.Sprintf("/p/%d/standings", pe.tid)
	first := anon.Get(path)
	require.Equal(t, http.StatusOK, first.StatusCode)
	tag := first.Header.Get("ETag")
	require.NotEmpty(t, tag)
	assert.Equal(t, "no-cache", first.Header.Get("Cache-Control"))

	srv := a.Srv.Config.Handler.(*views.Server)
	kept := srv.Public().Cache.Kept(pe.tid, "standings", page.EN)
	require.NotNil(t, kept, "the page is kept")
	again := anon.Get(path)
	assert.Equal(t, first.Body, again.Body)
	assert.Same(t, kept, srv.Public().Cache.Kept(pe.tid, "standings", page.EN), "served from what was kept, not rendered again")

	req, _ := http.NewRequest(http.MethodGet, a.Srv.URL+path, nil)
	req.Header.Set("If-None-Match", tag)
	res := anon.Do(req)
	assert.Equal(t, http.StatusNotModified, res.StatusCode)
	assert.Empty(t, res.Body)

	// A score saved: a new revision, a new page and tag.
	pe.saveTable(t, 2, 1)
	req, _ = http.NewRequest(http.MethodGet, a.Srv.URL+path, nil)
	req.Header.Set("If-None-Match", tag)
	res = anon.Do(req)
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.NotEqual(t, tag, res.Header.Get("ETag"))
	assert.NotSame(t, kept, srv.Public().Cache.Kept(pe.tid, "standings", page.EN))

	// The JSON twin too.
	api := fmt.Sprintf("/api/v1/public/tournaments/%d/standings", pe.tid)
	j := anon.Get(api)
	require.Equal(t, http.StatusOK, j.StatusCode)
	assert.Contains(t, j.Header.Get("Content-Type"), "application/json")
	req, _ = http.NewRequest(http.MethodGet, a.Srv.URL+api, nil)
	req.Header.Set("If-None-Match", j.Header.Get("ETag"))
	assert.Equal(t, http.StatusNotModified, anon.Do(req).StatusCode)

	// The projector's poll: nothing to swap while the revision is the one it shows.
	cur, err := pe.svc.Load(context.Background(), pe.tid)
	require.NoError(t, err)
	live := fmt.Sprintf("/p/%d/projector/standings/live?since=%d", pe.tid, cur.Tournament.Revision)
	assert.Equal(t, http.StatusNoContent, anon.Get(live).StatusCode)
	pe.saveTable(t, 2, 2)
	res = anon.Get(live)
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, res.Body, fmt.Sprintf("since=%d", cur.Tournament.Revision+1))
}

// The director publishes from the tournament page (versioned, logged) and through the
// API (If-Match), and runs the round clock; bad minutes are a field error.
func TestPublishAndClockThroughPagesAndAPI(t *testing.T) {
	a := viewtest.NewApp(t)
	c := a.Setup()
	base, _ := drawn(t, c, 9)
	id := viewtest.IDFrom(base)
	anon := a.Client()
	assert.Equal(t, http.StatusNotFound, anon.Get(fmt.Sprintf("/p/%d", id)).StatusCode, "not published yet")

	doc := c.Get(base).Doc(t)
	version := doc.Find(`.public-panel input[name=version]`).AttrOr("value", "")
	require.NotEmpty(t, version)
	res := c.Post(base+"/publish", url.Values{"published": {"true"}, "version": {"999"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, http.StatusNotFound, anon.Get(fmt.Sprintf("/p/%d", id)).StatusCode, "a stale publish changes nothing")
	res = c.Post(base+"/publish", url.Values{"published": {"true"}, "version": {version}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, http.StatusOK, anon.Get(fmt.Sprintf("/p/%d", id)).StatusCode)

	// Clock: bad minutes are an error next to the field, what was typed kept.
	res = c.Post(base+"/rounds/1/clock", url.Values{"op": {"start"}, "minutes": {"un'ora"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	doc = res.Doc(t)
	assert.Equal(t, "un'ora", doc.Find("#clock-minutes").AttrOr("value", ""))
	assert.NotEmpty(t, strings.TrimSpace(doc.Find("#minutes-error").Text()))
	res = c.Post(base+"/rounds/1/clock", url.Values{"op": {"start"}, "minutes": {"0"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	res = c.Post(base+"/rounds/1/clock", url.Values{"op": {"start"}, "minutes": {"70"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	assert.Equal(t, 1, anon.Get(fmt.Sprintf("/p/%d", id)).Doc(t).Find("[data-clock-ends]").Length())

	// Time runs out (taken away through the API): the sheet offers the time-out score.
	token := a.APIToken(c)
	api := func(method, path, body string, hdr map[string]string) *viewtest.Response {
		req, _ := http.NewRequest(method, a.Srv.URL+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		return c.Do(req)
	}
	res = api(http.MethodPost, fmt.Sprintf("/api/v1/tournaments/%d/rounds/1/clock", id), `{"op":"adjust","minutes":-80}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Contains(t, res.Body, `"remaining_seconds":0`)
	sheet := c.Get(base + "/rounds/1/tables/1").Doc(t)
	assert.NotEmpty(t, strings.TrimSpace(sheet.Find(".time-up").Text()), "the sheet says time is up")
	assert.Equal(t, 0, sheet.Find(".time-up a").Length(), "the 3-player format has no time-out outcome")

	// A knockout has the time-out technical score: one click from the sheet, which then
	// has it chosen, the side that ran out of time to pick.
	koID, _, _ := seedPublicKnockout(t, a)
	ko := fmt.Sprintf("/tournaments/%d/rounds/2/tables/1", koID)
	res = api(http.MethodPost, fmt.Sprintf("/api/v1/tournaments/%d/rounds/2/clock", koID), `{"op":"start","minutes":1}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, 0, c.Get(ko).Doc(t).Find(".time-up").Length(), "time is not up yet")
	res = api(http.MethodPost, fmt.Sprintf("/api/v1/tournaments/%d/rounds/2/clock", koID), `{"op":"adjust","minutes":-1}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	sheet = c.Get(ko).Doc(t)
	link := sheet.Find(".time-up a").AttrOr("href", "")
	require.Equal(t, ko+"?outcome=timeout#outcome_side", link)
	sheet = c.Get(strings.TrimSuffix(link, "#outcome_side")).Doc(t)
	assert.Equal(t, "timeout", sheet.Find("#outcome_kind option[selected]").AttrOr("value", ""))
	_, autofocus := sheet.Find("#outcome_side").Attr("autofocus")
	assert.True(t, autofocus, "the side that ran out of time is next")
	assert.Equal(t, 0, sheet.Find(".time-up a").Length(), "already chosen")

	// Publish through the API: a stale If-Match is a 409 with what is stored.
	res = api(http.MethodPut, fmt.Sprintf("/api/v1/tournaments/%d/published", id), `{"published":false}`, map[string]string{"If-Match": `"1"`})
	assert.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	assert.Contains(t, res.Body, `"published":true`)
	res = api(http.MethodGet, fmt.Sprintf("/api/v1/tournaments/%d", id), "", nil)
	tag := res.Header.Get("ETag")
	res = api(http.MethodPut, fmt.Sprintf("/api/v1/tournaments/%d/published", id), `{"published":false}`, map[string]string{"If-Match": tag})
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, http.StatusNotFound, anon.Get(fmt.Sprintf("/p/%d", id)).StatusCode)
	ev, err := a.Store.Events(context.Background(), id)
	require.NoError(t, err)
	kinds := map[string]int{}
	for _, e := range ev {
		kinds[e.Kind]++
	}
	assert.Equal(t, 2, kinds["publish"], "both publications logged")
	assert.Equal(t, 2, kinds["clock"], "the clock's start and adjust logged")
}

// A phone that takes gzip gets the page compressed once per revision, with its own tag.
func TestPublicPagesGzipped(t *testing.T) {
	a := viewtest.NewApp(t)
	a.Setup()
	pe := seedPublic(t, a, 9)
	path := fmt.Sprintf("%s/p/%d/standings", a.Srv.URL, pe.tid)
	get := func(enc, inm string) *http.Response {
		req, _ := http.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("Accept-Encoding", enc)
		if inm != "" {
			req.Header.Set("If-None-Match", inm)
		}
		res, err := http.DefaultTransport.RoundTrip(req)
		require.NoError(t, err)
		t.Cleanup(func() { res.Body.Close() })
		return res
	}
	plain := get("identity", "")
	plainBody, _ := io.ReadAll(plain.Body)
	zipped := get("gzip, deflate, br", "")
	require.Equal(t, "gzip", zipped.Header.Get("Content-Encoding"))
	zr, err := gzip.NewReader(zipped.Body)
	require.NoError(t, err)
	unzipped, _ := io.ReadAll(zr)
	assert.Equal(t, string(plainBody), string(unzipped))
	assert.NotEqual(t, plain.Header.Get("ETag"), zipped.Header.Get("ETag"))
	assert.Equal(t, http.StatusNotModified, get("gzip", zipped.Header.Get("ETag")).StatusCode)
	assert.Equal(t, http.StatusOK, get("identity", zipped.Header.Get("ETag")).StatusCode, "another representation")
	assert.Empty(t, get("gzip;q=0", "").Header.Get("Content-Encoding"))
}

// The fast path answers a cached public page exactly as echo's routes and middleware do:
// same status, bytes and headers; and it steps aside for anything it cannot answer.
func TestPublicFastPathAnswersAsEcho(t *testing.T) {
	a := viewtest.NewApp(t, views.WithPublicRevisionTTL(time.Minute))
	a.Setup()
	pe := seedPublic(t, a, 9)
	koID, koEntries, _ := seedPublicKnockout(t, a)
	srv := a.Srv.Config.Handler.(*views.Server)
	paths := append(publicPaths(pe.tid, pe.entries[:2]), publicPaths(koID, koEntries[:1])...)
	paths = append(paths, fmt.Sprintf("/p/%d/bracket", koID), fmt.Sprintf("/api/v1/public/tournaments/%d/bracket", koID))
	do := func(path string, hdr map[string]string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		return rec
	}
	fast := 0
	for _, p := range paths {
		if strings.Contains(p, "?") || strings.HasSuffix(p, "/live") || strings.HasSuffix(p, "qr.svg") {
			req := httptest.NewRequest(http.MethodGet, p, nil)
			assert.False(t, srv.Public().ServeFast(httptest.NewRecorder(), req), "%s is not for the fast path", p)
			continue
		}
		for _, hdr := range []map[string]string{
			{"Accept-Language": "en"},
			{"Accept-Language": "it", "Accept-Encoding": "gzip"},
			{"Cookie": "lang=en", "Accept-Encoding": "gzip"},
		} {
			viaEcho := do(p+"?via=echo", hdr) // a query string always goes through echo
			require.Equal(t, http.StatusOK, viaEcho.Code, p)
			req := httptest.NewRequest(http.MethodGet, p, nil)
			for k, v := range hdr {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			require.True(t, srv.Public().ServeFast(rec, req), "%s %v is kept: the fast path answers", p, hdr)
			fast++
			assert.Equal(t, viaEcho.Code, rec.Code, p)
			assert.Equal(t, viaEcho.Body.String(), rec.Body.String(), p)
			want := viaEcho.Header().Clone()
			assert.NotEmpty(t, want.Get("X-Request-Id"), "the routed answer names its request")
			want.Del("X-Request-Id") // the Server's ServeHTTP names the request before the fast path
			assert.Equal(t, want, rec.Header(), "%s %v", p, hdr)
			assert.NotEmpty(t, do(p, hdr).Header().Get("X-Request-Id"), "the fast path through the Server names its request")

			hdr["If-None-Match"] = rec.Header().Get("ETag")
			notModified := do(p, hdr)
			assert.Equal(t, http.StatusNotModified, notModified.Code, p)
			delete(hdr, "If-None-Match")
		}
	}
	assert.Greater(t, fast, 20)

	// Not published any more: the fast path steps aside once the revision is read again.
	cur, err := pe.svc.Load(context.Background(), pe.tid)
	require.NoError(t, err)
	_, err = pe.svc.Publish(context.Background(), pe.tid, false, cur.Tournament.Version, pe.director)
	require.NoError(t, err)
	srv.Public().Cache.Forget(pe.tid) // as if the TTL had passed
	assert.Equal(t, http.StatusNotFound, do(fmt.Sprintf("/p/%d/standings", pe.tid), nil).Code)
	assert.False(t, srv.Public().ServeFast(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, fmt.Sprintf("/p/%d/standings", pe.tid), nil)))
}
