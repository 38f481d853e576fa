package sync_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament/formats"
	"burraco/tournament/relay"
	tsync "burraco/tournament/sync"
	"burraco/views/viewtest"
)

func init() { formats.Register() }

// exampleDocument is the tournament document inside one of docs/examples/results.
func exampleDocument(t *testing.T, name string) []byte {
	raw, err := os.ReadFile("../../docs/examples/results/" + name)
	require.NoError(t, err)
	var env struct {
		Document json.RawMessage `json:"document"`
	}
	require.NoError(t, json.Unmarshal(raw, &env))
	return env.Document
}

// TestLinkSendRevoke: a director of the club on the hub makes a link code; the laptop's
// director enters it with the hub's address; both pages show the link; a final
// tournament on the laptop is sealed, sent and accepted, and shown so on its list; a
// revoked laptop's next revision is refused with nothing written, and so are a tampered
// body and one signed by a key never linked.
func TestLinkSendRevoke(t *testing.T) {
	ctx := context.Background()
	hub, laptop := viewtest.NewApp(t), viewtest.NewApp(t)
	hc, lc := hub.Setup(), laptop.Setup()

	res := hc.Post("/sync/codes", nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	code := strings.TrimSpace(res.Doc(t).Find("#link-code").Text())
	require.Len(t, code, 14)

	// A wrong code is refused beside its field, the input kept.
	res = lc.Post("/sync/hub", url.Values{"address": {hub.Srv.URL}, "code": {"AAAA-BBBB-CCCC"}, "label": {"Sala"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.Contains(t, res.Body, "unknown, used or expired")
	assert.Equal(t, hub.Srv.URL, res.Doc(t).Find(`input[name=address]`).AttrOr("value", ""))

	res = lc.Post("/sync/hub", url.Values{"address": {hub.Srv.URL}, "code": {code}, "label": {"Sala"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	page := lc.Get("/sync").Doc(t)
	assert.Contains(t, page.Find("#hub-link").Text(), hub.Srv.URL)
	// The code is used once.
	res = lc.Post("/sync/hub", url.Values{"address": {hub.Srv.URL}, "code": {code}, "label": {"Sala"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	hubPage := hc.Get("/sync").Doc(t)
	assert.Contains(t, hubPage.Find("#club-laptops").Text(), "Sala")
	assert.Contains(t, hubPage.Find("#club-laptops").Text(), "never")

	// A final tournament on the laptop: sealed, sent, accepted.
	lp := laptop.Server.App.Relay.Laptop
	_, err := laptop.Server.App.Tournaments.Import(ctx, exampleDocument(t, "knockout.json"))
	require.NoError(t, err)
	n, err := lp.Seal(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	list := lc.Get("/tournaments").Doc(t)
	assert.Equal(t, "waiting", list.Find("td.sync-state").AttrOr("data-state", ""))
	n, err = lp.SendDue(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	list = lc.Get("/tournaments").Doc(t)
	assert.Equal(t, "accepted", list.Find("td.sync-state").AttrOr("data-state", ""))
	hubPage = hc.Get("/sync").Doc(t)
	assert.NotContains(t, hubPage.Find("#club-laptops").Text(), "never", "the last contact is shown")

	out, err := laptop.Store.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, out, 1)
	var sent relay.Entry
	for _, e := range out {
		sent = e
	}
	cur, err := hub.Store.CurrentResults(ctx, 1, sent.UID)
	require.NoError(t, err)
	assert.Equal(t, sent.Revision, cur.Revision)
	assert.Equal(t, sent.Body, cur.Body, "the hub holds the exact bytes sent")

	count := func() int {
		h, err := hub.Store.ResultsHistory(ctx, 1, sent.UID)
		require.NoError(t, err)
		return len(h)
	}
	post := func(body []byte, sig string) (int, string) {
		req, _ := http.NewRequest(http.MethodPost, hub.Srv.URL+relay.ResultsPath, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(relay.SignatureHeader, sig)
		res := hc.Do(req)
		var r struct {
			Answer struct{ Outcome, Reason string }
		}
		_ = json.Unmarshal([]byte(res.Body), &r)
		return res.StatusCode, r.Answer.Reason
	}
	// The same bytes again: the same answer, nothing written.
	status, _ := post(sent.Body, sent.Signature)
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, 1, count())

	// Tampered: one byte changed.
	tampered := bytes.Replace(sent.Body, []byte(`"revision":`), []byte(`"revision": `), 1)
	status, reason := post(tampered, sent.Signature)
	assert.Equal(t, http.StatusUnauthorized, status)
	assert.Equal(t, tsync.ReasonSignature, reason)
	// Signed by a key never linked (another club's laptop).
	foreign, err := tsync.GenerateKey()
	require.NoError(t, err)
	status, reason = post(sent.Body, foreign.Sign(sent.Body))
	assert.Equal(t, http.StatusUnauthorized, status)
	assert.Equal(t, tsync.ReasonUnknownKey, reason)
	assert.Equal(t, 1, count(), "nothing written for a refused document")

	// Revoked on the hub: the laptop's next revision is refused at once.
	keys, err := hub.Store.ListClubKeys(ctx, 1)
	require.NoError(t, err)
	require.Len(t, keys, 1)
	res = hc.Post("/sync/keys/"+itoa(keys[0].ID)+"/revoke", nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	key, err := laptop.Store.LaptopKey(ctx)
	require.NoError(t, err)
	env, err := tsync.Parse(sent.Body)
	require.NoError(t, err)
	env.Revision++
	body, sig, err := key.Seal(env)
	require.NoError(t, err)
	status, reason = post(body, sig)
	assert.Equal(t, http.StatusUnauthorized, status)
	assert.Equal(t, tsync.ReasonRevoked, reason)
	assert.Equal(t, 1, count(), "nothing written for a revoked key's document")
	// The laptop shows the refusal in its director's language.
	require.NoError(t, laptop.Store.Enqueue(ctx, &relay.Entry{Tournament: sent.Tournament, UID: sent.UID, Revision: env.Revision,
		Body: body, Signature: sig, State: relay.Waiting, QueuedAt: sent.QueuedAt, NextAt: sent.QueuedAt}))
	_, err = lp.SendDue(ctx)
	require.NoError(t, err)
	lc.Lang = "it"
	list = lc.Get("/tournaments").Doc(t)
	assert.Equal(t, "refused", list.Find("td.sync-state").AttrOr("data-state", ""))
	assert.Contains(t, list.Find(".sync-reason").Text(), "revocata")
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
