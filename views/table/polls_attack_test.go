package table_test

import (
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
	"burraco/views"
	"burraco/views/viewtest"
)

// pageKey is the state key a table's page polls with.
func pageKey(t *testing.T, c *viewtest.Client, code string) string {
	t.Helper()
	res := c.Get("/t/" + code)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	hx, ok := res.Doc(t).Find("#tp").Attr("hx-get")
	require.True(t, ok, res.Body)
	since, ok := strings.CutPrefix(hx, "/t/"+code+"/state?since=")
	require.True(t, ok, hx)
	since, err := url.QueryUnescape(since)
	require.NoError(t, err)
	return since
}

// Two instances of the app on one database, a room of phones polling both at once
// while a table is reported on one and confirmed on the other, then reporting turned
// off: an unchanged table is never told to reload, a changed one is on both instances
// within the TTL (plus a poll), the page's new key is unchanged at once on both, and
// nothing fails.
func TestStatePollsTwoInstancesUnderLoad(t *testing.T) {
	const ttl = 200 * time.Millisecond
	dsn := dbtest.DSN(t)
	a := viewtest.NewAppOn(t, dsn, views.WithPublicRevisionTTL(ttl))
	b := viewtest.NewAppOn(t, dsn, views.WithPublicRevisionTTL(ttl))
	dir := a.Setup()
	game1, cs := reportingEvening(t, dir, 6)
	one, two := cs[1], cs[2]
	phones := []*viewtest.Client{a.Client(), b.Client()}
	keyTwo := pageKey(t, phones[0], two.Code)

	var stop, off atomic.Bool
	var wrong, failed atomic.Int64
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := phones[g%2]
			for !stop.Load() {
				// Table 2 never changes: its page's key is always unchanged.
				res := c.Get("/t/" + two.Code + "/state?since=" + url.QueryEscape(keyTwo))
				switch {
				case res.StatusCode >= 500:
					failed.Add(1)
				case res.StatusCode != http.StatusNoContent && !off.Load():
					wrong.Add(1)
				}
				res = c.Get("/t/" + strings.ToLower(one.Code) + "/state?since=not_reported")
				if res.StatusCode >= 500 {
					failed.Add(1)
				}
			}
		}()
	}
	// seen waits until both instances tell a phone showing key old to reload, and the
	// page now shown (read on instance i) is unchanged on both.
	seen := func(old string, msg string) {
		t.Helper()
		for _, c := range phones {
			require.Eventually(t, func() bool {
				res := c.Get("/t/" + one.Code + "/state?since=" + url.QueryEscape(old))
				return res.StatusCode == http.StatusOK && res.Header.Get("HX-Refresh") == "true"
			}, 10*ttl, ttl/10, msg)
		}
		for i, c := range phones {
			key := pageKey(t, c, one.Code)
			for _, p := range phones {
				assert.Equal(t, http.StatusNoContent, p.Get("/t/"+one.Code+"/state?since="+url.QueryEscape(key)).StatusCode, "%s: page of instance %d", msg, i)
			}
		}
	}

	old := pageKey(t, phones[1], one.Code)
	require.Equal(t, "not_reported", old)
	res := phones[1].Post("/t/"+one.Code+"/report", totals([3]int{300, 200, 100}, url.Values{"seat": {"2"}, "pin": {one.PINs[1]}}))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	seen(old, "reported on b")

	old = pageKey(t, phones[0], one.Code)
	res = phones[0].Post("/t/"+one.Code+"/confirm", totals([3]int{300, 200, 100}, url.Values{"seat": {"1"}, "pin": {one.PINs[0]}}))
	require.Less(t, res.StatusCode, 500, res.Body)
	if res.StatusCode == http.StatusSeeOther {
		seen(old, "confirmed on a")
	}

	// Reporting turned off on a: b's phones are told within the TTL.
	old = pageKey(t, phones[1], one.Code)
	base := strings.Split(game1, "/rounds/")[0]
	version, _ := dir.Get(base + "/edit").Doc(t).Find(`#reporting input[name="version"]`).Attr("value")
	off.Store(true)
	res = dir.Post(base+"/reporting", url.Values{"pin": {"pin"}, "version": {version}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	for _, c := range phones {
		require.Eventually(t, func() bool {
			return c.Get("/t/"+one.Code+"/state?since="+url.QueryEscape(old)).Header.Get("HX-Refresh") == "true"
		}, 10*ttl, ttl/10, "reporting off")
	}
	stop.Store(true)
	wg.Wait()
	assert.Zero(t, failed.Load(), "no poll failed")
	assert.Zero(t, wrong.Load(), "an unchanged table's poll never says reload (before reporting was turned off)")
}

// Hostile polls: codes of odd case, spacing, characters and lengths, odd since= values
// and a huge query string neither fail nor answer another table's state; the code typed
// in lower case or with a dash is the table's own, on the fast path as through echo.
func TestStatePollsHostileInput(t *testing.T) {
	app := viewtest.NewApp(t, views.WithPublicRevisionTTL(time.Minute))
	dir := app.Setup()
	_, cs := reportingEvening(t, dir, 6)
	one := cs[1]
	phone := app.Client()
	key := pageKey(t, phone, one.Code)
	for range 3 { // through echo, then from the round's states, then before echo
		for _, code := range []string{one.Code, strings.ToLower(one.Code), one.Code[:3] + "-" + one.Code[3:], one.Code[:3] + "%20" + one.Code[3:]} {
			res := phone.Get("/t/" + code + "/state?since=" + url.QueryEscape(key))
			assert.Equal(t, http.StatusNoContent, res.StatusCode, code)
			res = phone.Get("/t/" + code + "/state?since=" + url.QueryEscape(key) + "x")
			assert.Equal(t, "true", res.Header.Get("HX-Refresh"), code)
		}
	}
	huge := strings.Repeat("A", 6000)
	for _, path := range []string{
		"/t/" + one.Code + "%2F/state", "/t/" + one.Code + "%00/state", "/t/%FF%FE/state", "/t/" + huge + "/state",
		"/t/" + one.Code + "/state?since=" + huge, "/t/" + one.Code + "/state?since=%00&since=" + url.QueryEscape(key),
		"/t/" + one.Code + "/state?" + strings.Repeat("a=1&", 2000), "/t/%25/state", "/t/..%2F..%2Fadmin/state",
		"/t/" + cs[2].Code + "/state?since=" + url.QueryEscape(key) + "%00",
	} {
		res := phone.Get(path)
		assert.Less(t, res.StatusCode, 500, path)
		if res.StatusCode == http.StatusNoContent {
			assert.True(t, strings.Contains(path, one.Code+"/state?"), "only table 1's own key is unchanged: %s", path[:min(len(path), 80)])
		}
	}
}

// A round's draw undone and drawn again while the phones' polls are kept on two
// instances: the old codes are told to reload within the TTL on both, and a new code's
// page (round 1 again: the same round of the same tournament in the polls' memory) is
// unchanged at once on both, never answered from the old draw's states.
func TestStatePollsFollowARedraw(t *testing.T) {
	const ttl = 200 * time.Millisecond
	dsn := dbtest.DSN(t)
	a := viewtest.NewAppOn(t, dsn, views.WithPublicRevisionTTL(ttl))
	b := viewtest.NewAppOn(t, dsn, views.WithPublicRevisionTTL(ttl))
	dir := a.Setup()
	tok := a.APIToken(dir)
	game1, cs := reportingEvening(t, dir, 6)
	phones := []*viewtest.Client{a.Client(), b.Client()}
	for i, c := range phones {
		for k := range 3 {
			r := c.Get("/t/" + cs[1].Code + "/state?since=not_reported")
			require.Equal(t, http.StatusNoContent, r.StatusCode, "instance %d poll %d %v", i, k, r.Header)
		}
	}
	base := strings.Split(game1, "/rounds/")[0]
	api := "/api/v1" + base
	res := dir.API("DELETE", api+"/rounds/1", tok, "", nil)
	require.Less(t, res.StatusCode, 300, res.Body)
	res = dir.Post(base+"/draw", url.Values{"seed": {"78"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	fresh := cards(t, dir, res.Header.Get("Location"))
	require.NotEqual(t, cs[1].Code, fresh[1].Code)
	for _, c := range phones {
		require.Eventually(t, func() bool {
			return c.Get("/t/"+cs[1].Code+"/state?since=not_reported").Header.Get("HX-Refresh") == "true"
		}, 10*ttl, ttl/10, "the old draw's code")
	}
	// A report on the new draw's table 1, on b: both instances follow it.
	res = phones[1].Post("/t/"+fresh[1].Code+"/report", totals([3]int{300, 200, 100}, url.Values{"seat": {"2"}, "pin": {fresh[1].PINs[1]}}))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	for _, c := range phones {
		require.Eventually(t, func() bool {
			return c.Get("/t/"+fresh[1].Code+"/state?since=not_reported").Header.Get("HX-Refresh") == "true"
		}, 10*ttl, ttl/10)
	}
	// The page now shown is unchanged on both instances once each trusts the revision
	// of the report (within the TTL: until then an instance may still answer from the
	// states it read before), and stays so.
	for _, c := range phones {
		key := pageKey(t, c, fresh[1].Code)
		for _, p := range phones {
			poll := func() int { return p.Get("/t/" + fresh[1].Code + "/state?since=" + url.QueryEscape(key)).StatusCode }
			require.Eventually(t, func() bool { return poll() == http.StatusNoContent }, 10*ttl, ttl/10, key)
			for range 5 {
				assert.Equal(t, http.StatusNoContent, poll(), key)
			}
		}
	}
}
