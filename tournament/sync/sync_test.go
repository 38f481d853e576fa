package sync_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	gosync "sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/tournament/formats"
	"burraco/tournament/formattest"
	"burraco/tournament/sync"
	"burraco/tournament/threeplayer"
)

func init() { formats.Register(formattest.Format{}) }

var sentAt = time.Date(2026, 11, 20, 23, 30, 0, 0, time.UTC)

// smallDocument is a tournament document of one 3-player stage, nothing drawn: what the
// import reads.
func smallDocument(t *testing.T) *tournament.Document {
	t.Helper()
	tr, st, err := tournament.New(sentAt, threeplayer.Name)
	require.NoError(t, err)
	tr.ID, tr.Name, tr.Version, tr.CreatedAt, tr.UpdatedAt = 7, "Martedì", 1, sentAt, sentAt
	st.ID, st.TournamentID, st.Version = 3, 7, 1
	settings, err := json.Marshal(st.Settings)
	require.NoError(t, err)
	return &tournament.Document{Kind: tournament.DocumentKind, Version: tournament.DocumentVersion, Tournament: tr,
		Stages:  []tournament.StageRounds{{Stage: st, Settings: settings, Rounds: []tournament.Round{}}},
		Entries: []tournament.Entry{}, Players: []tournament.Player{}, Events: []tournament.LoggedEvent{}}
}

// memHub is the hub's store in memory: one club "club" (ID 1) with its keys.
type memHub struct {
	mu       gosync.Mutex
	keys     []sync.Key
	receipts []*sync.Receipt
	writes   int
}

func (m *memHub) ClubKeys(_ context.Context, slug string) (int64, []sync.Key, error) {
	if slug != "club" {
		return 0, nil, tournament.Errorf(tournament.ENOTFOUND, "results.unknown_club")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return 1, append([]sync.Key(nil), m.keys...), nil
}

func (m *memHub) find(club int64, uid string, rev int64) *sync.Receipt {
	for _, r := range m.receipts {
		if r.Club == club && r.Tournament == uid && r.Revision == rev {
			c := *r
			return &c
		}
	}
	return nil
}

func (m *memHub) Received(_ context.Context, club int64, uid string, rev int64) (*sync.Receipt, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.find(club, uid, rev), nil
}

func (m *memHub) Held(_ context.Context, club int64, uid string) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	held := int64(0)
	for _, r := range m.receipts {
		if r.Club == club && r.Tournament == uid && r.Outcome == sync.Accepted {
			held = max(held, r.Revision)
		}
	}
	return held, nil
}

func (m *memHub) Record(_ context.Context, r *sync.Receipt) (*sync.Receipt, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if got := m.find(r.Club, r.Tournament, r.Revision); got != nil {
		got.Repeat = true
		return got, nil
	}
	c := *r
	c.ID = int64(len(m.receipts) + 1)
	m.receipts = append(m.receipts, &c)
	m.writes++
	out := c
	return &out, nil
}

// laptop is a linked laptop: its key, the hub's record of it.
func laptop(t *testing.T, hub *memHub) sync.KeyPair {
	t.Helper()
	k, err := sync.GenerateKey()
	require.NoError(t, err)
	hub.keys = append(hub.keys, sync.Key{ID: int64(len(hub.keys) + 1), Club: 1, Public: k.Public})
	return k
}

func seal(t *testing.T, k sync.KeyPair, club, uid string, rev int64, doc *tournament.Document) ([]byte, string) {
	t.Helper()
	env, err := sync.New(club, uid, rev, doc, sentAt)
	require.NoError(t, err)
	body, sig, err := k.Seal(env)
	require.NoError(t, err)
	return body, sig
}

func reason(err error) string { return sync.Reason(err) }

// TestSignatureRefusals: the signature of the exact bytes holds; a byte changed, another
// club's key, a revoked key and a malformed signature are each refused for their reason.
func TestSignatureRefusals(t *testing.T) {
	hub := &memHub{}
	k := laptop(t, hub)
	uid, err := sync.NewUID()
	require.NoError(t, err)
	body, sig := seal(t, k, "club", uid, 1, smallDocument(t))

	c, err := sync.Check(t.Context(), body, sig, hub)
	require.NoError(t, err)
	assert.Equal(t, int64(1), c.Club)
	assert.Equal(t, "Martedì", c.Document.Tournament.Name)
	assert.Equal(t, uid, c.Envelope.Tournament)

	tampered := bytes.Replace(body, []byte("Martedì"), []byte("Mercoledì"), 1)
	_, err = sync.Check(t.Context(), tampered, sig, hub)
	assert.Equal(t, sync.ReasonSignature, reason(err))
	code := tournament.ErrorCode(err)
	assert.Equal(t, tournament.EUNAUTHORIZED, code)

	other, err := sync.GenerateKey() // another club's laptop
	require.NoError(t, err)
	_, err = sync.Check(t.Context(), body, other.Sign(body), hub)
	assert.Equal(t, sync.ReasonUnknownKey, reason(err))

	// A signature by another key under this key's id: the signature does not hold.
	id, _, ok := sync.SplitSignature(sig)
	require.True(t, ok)
	forged := other.Sign(body)
	forged = id + forged[16:]
	_, err = sync.Check(t.Context(), body, forged, hub)
	assert.Equal(t, sync.ReasonSignature, reason(err))

	for _, bad := range []string{"", "x", id + ":", id + ":AAAA", "ZZ" + sig[2:]} {
		_, err = sync.Check(t.Context(), body, bad, hub)
		assert.Equal(t, sync.ReasonSignature, reason(err), "%q", bad)
	}

	now := time.Now()
	hub.keys[0].RevokedAt = &now
	_, err = sync.Check(t.Context(), body, sig, hub)
	assert.Equal(t, sync.ReasonRevoked, reason(err))
}

// TestKeySeedRoundTrip: the stored seed gives back the same key pair.
func TestKeySeedRoundTrip(t *testing.T) {
	k, err := sync.GenerateKey()
	require.NoError(t, err)
	back, err := sync.KeyFromSeed(k.EncodeSeed())
	require.NoError(t, err)
	assert.Equal(t, k.Private, back.Private)
	pub, err := sync.ParsePublic(sync.EncodePublic(k.Public))
	require.NoError(t, err)
	assert.Equal(t, k.Public, pub)
	_, err = sync.KeyFromSeed("short")
	assert.Error(t, err)
	_, err = sync.ParsePublic("AAAA")
	assert.Error(t, err)
}

// TestCheckRefusesShapeAndRules: the envelope's fields, an unknown club, and the
// document's rules (the import's check) each refused with their reason, the rules with
// every problem under "document.".
func TestCheckRefusesShapeAndRules(t *testing.T) {
	hub := &memHub{}
	k := laptop(t, hub)
	uid, _ := sync.NewUID()
	doc := smallDocument(t)

	body, sig := seal(t, k, "nowhere", uid, 1, doc)
	_, err := sync.Check(t.Context(), body, sig, hub)
	assert.Equal(t, sync.ReasonUnknownClub, reason(err))
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))

	body, sig = seal(t, k, "club", "not-a-uid", 0, doc)
	_, err = sync.Check(t.Context(), body, sig, hub)
	require.Equal(t, sync.ReasonShape, reason(err))
	e, _ := tournament.AsError(err)
	assert.Equal(t, map[string]string{"tournament": "results.err.uid", "revision": "results.err.revision"}, e.Fields)

	bad := smallDocument(t)
	bad.Tournament.Name = ""
	bad.Tournament.Date = "20 novembre"
	body, sig = seal(t, k, "club", uid, 1, bad)
	_, err = sync.Check(t.Context(), body, sig, hub)
	require.Equal(t, sync.ReasonRules, reason(err))
	e, _ = tournament.AsError(err)
	assert.Equal(t, "error.required", e.Fields["document.tournament.name"])
	assert.Equal(t, "tournament.err.date", e.Fields["document.tournament.date"])

	for name, raw := range map[string]string{
		"unknown field":  `{"kind":"burraco-results","version":1,"club":"club","tournament":"` + uid + `","revision":1,"sent_at":"2026-11-20T23:30:00Z","document":{},"extra":1}`,
		"key twice":      `{"kind":"burraco-results","version":1,"club":"club","club":"x","tournament":"` + uid + `","revision":1,"sent_at":"2026-11-20T23:30:00Z","document":{}}`,
		"trailing data":  `{"kind":"burraco-results","version":1,"club":"club","tournament":"` + uid + `","revision":1,"sent_at":"2026-11-20T23:30:00Z","document":{}} {}`,
		"revision text":  `{"kind":"burraco-results","version":1,"club":"club","tournament":"` + uid + `","revision":"1","sent_at":"2026-11-20T23:30:00Z","document":{}}`,
		"not an object":  `[1,2]`,
		"invalid UTF-8":  "{\"kind\":\"\xff\"}",
		"another kind":   `{"kind":"burraco-tournament","version":1}`,
		"version 2":      `{"kind":"burraco-results","version":2}`,
		"document array": `{"kind":"burraco-results","version":1,"club":"club","tournament":"` + uid + `","revision":1,"sent_at":"2026-11-20T23:30:00Z","document":[]}`,
	} {
		_, err := sync.Check(t.Context(), []byte(raw), k.Sign([]byte(raw)), hub)
		assert.Contains(t, []string{sync.ReasonUnreadable, sync.ReasonShape, sync.ReasonVersion}, reason(err), name)
	}
}

// TestReceiveExactlyOnce: a revision is recorded once however often it arrives, each
// repeat answered the same with nothing written; the same revision with other results
// is refused; a newer revision is taken, an older one then cannot be placed; a revision
// refused by the rules is recorded and its repeat refused the same.
func TestReceiveExactlyOnce(t *testing.T) {
	hub := &memHub{}
	k := laptop(t, hub)
	h := &sync.Hub{Store: hub, Now: func() time.Time { return sentAt.Add(time.Minute) }}
	uid, _ := sync.NewUID()
	doc := smallDocument(t)
	body, sig := seal(t, k, "club", uid, 5, doc)

	first, err := h.Receive(t.Context(), body, sig)
	require.NoError(t, err)
	assert.Equal(t, sync.Accepted, first.Outcome)
	assert.False(t, first.Repeat)
	require.NotNil(t, first.Document)
	for range 3 {
		again, err := h.Receive(t.Context(), body, sig)
		require.NoError(t, err)
		assert.True(t, again.Repeat)
		assert.Equal(t, first.ID, again.ID)
		assert.Equal(t, first.ReceivedAt, again.ReceivedAt)
	}
	// Sealed again later (another sent_at), the same results: the same answer.
	env, _ := sync.New("club", uid, 5, doc, sentAt.Add(time.Hour))
	body2, sig2, _ := k.Seal(env)
	again, err := h.Receive(t.Context(), body2, sig2)
	require.NoError(t, err)
	assert.True(t, again.Repeat)
	assert.Equal(t, 1, hub.writes)

	changed := smallDocument(t)
	changed.Tournament.Venue = "Circolo"
	body3, sig3 := seal(t, k, "club", uid, 5, changed)
	_, err = h.Receive(t.Context(), body3, sig3)
	assert.Equal(t, sync.ReasonRevisionTaken, reason(err))

	body6, sig6 := seal(t, k, "club", uid, 6, changed)
	six, err := h.Receive(t.Context(), body6, sig6)
	require.NoError(t, err)
	assert.Equal(t, int64(6), six.Revision)

	body4, sig4 := seal(t, k, "club", uid, 4, doc)
	_, err = h.Receive(t.Context(), body4, sig4)
	assert.Equal(t, sync.ReasonStale, reason(err))
	e, _ := tournament.AsError(err)
	assert.Equal(t, []any{int64(4), int64(6)}, e.Args)
	assert.Equal(t, 2, hub.writes)

	bad := smallDocument(t)
	bad.Tournament.Name = ""
	body7, sig7 := seal(t, k, "club", uid, 7, bad)
	r7, err := h.Receive(t.Context(), body7, sig7)
	require.Equal(t, sync.ReasonRules, reason(err))
	assert.Equal(t, sync.Refused, r7.Outcome)
	r7b, err2 := h.Receive(t.Context(), body7, sig7)
	assert.Equal(t, err, err2, "a repeat answers the same refusal")
	assert.True(t, r7b.Repeat)
	assert.Equal(t, 3, hub.writes)

	tampered := bytes.Replace(body7, []byte(`"revision":7`), []byte(`"revision":8`), 1)
	_, err = h.Receive(t.Context(), tampered, sig7)
	assert.Equal(t, sync.ReasonSignature, reason(err))
	assert.Equal(t, 3, hub.writes, "nothing written for a tampered document")
}

// TestEveryReasonHasWords: each reason is a message key of both languages (the laptop
// shows the hub's refusal in its director's language).
func TestEveryReasonHasWords(t *testing.T) {
	assert.Len(t, sync.Reasons(), 11)
	for _, lang := range []string{"it", "en"} {
		words, err := os.ReadFile(filepath.Join("..", "..", "views", "words", "locales", lang+".toml"))
		require.NoError(t, err)
		for _, r := range sync.Reasons() {
			assert.Contains(t, string(words), fmt.Sprintf("\n%q = ", r), "%s: %s", lang, r)
		}
	}
}

// FuzzParse: the envelope reader and the signature's never panic, and what the reader
// accepts writes back to an envelope it reads the same.
func FuzzParse(f *testing.F) {
	uid := "0123456789abcdef0123456789abcdef"
	f.Add([]byte(`{"kind":"burraco-results","version":1,"club":"club","tournament":"` + uid + `","revision":1,"sent_at":"2026-11-20T23:30:00Z","document":{}}`))
	f.Add([]byte(`{"kind":"burraco-results","version":1,"club":"c-1","tournament":"` + uid + `","revision":9007199254740993,"sent_at":"2026-11-20T23:30:00+01:00","document":{"a":[1,{"b":null}]}}`))
	f.Add([]byte(`{"kind":"burraco-results","version":1}`))
	f.Add([]byte(`{"kind":"burraco-results","version":1,"club":"club","club":"x"}`))
	f.Add([]byte(`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[`))
	k, err := sync.GenerateKey()
	require.NoError(f, err)
	keys := []sync.Key{{ID: 1, Public: k.Public}}
	f.Fuzz(func(t *testing.T, body []byte) {
		// The body read as a signature: never a panic, never a key that signed.
		_, err := sync.Verify(body, string(body), keys)
		require.NotEmpty(t, sync.Reason(err))
		e, err := sync.Parse(body)
		if err != nil {
			require.NotEmpty(t, sync.Reason(err), "a refusal has a reason: %v", err)
			return
		}
		out, err := e.Marshal()
		require.NoError(t, err)
		back, err := sync.Parse(out)
		require.NoError(t, err, "%s", out)
		assert.Equal(t, e.Club, back.Club)
		assert.Equal(t, e.Tournament, back.Tournament)
		assert.Equal(t, e.Revision, back.Revision)
		assert.True(t, e.SentAt.Equal(back.SentAt))
		assert.Equal(t, e.Digest(), back.Digest())
	})
}

// TestAnswerOf: the answer a laptop reads: accepted with its receipt, refused with the
// reason and its words' arguments, none for the hub's own failure.
func TestAnswerOf(t *testing.T) {
	at := sentAt
	a, ok := sync.AnswerOf(&sync.Receipt{Tournament: "u", Revision: 3, ReceivedAt: at, Outcome: sync.Accepted, Repeat: true}, nil)
	require.True(t, ok)
	assert.Equal(t, &sync.Answer{Outcome: sync.Accepted, Tournament: "u", Revision: 3, ReceivedAt: &at, Repeat: true}, a)

	hub := &memHub{}
	k := laptop(t, hub)
	uid, _ := sync.NewUID()
	h := &sync.Hub{Store: hub}
	b6, s6 := seal(t, k, "club", uid, 6, smallDocument(t))
	_, err := h.Receive(t.Context(), b6, s6)
	require.NoError(t, err)
	b5, s5 := seal(t, k, "club", uid, 5, smallDocument(t))
	r, err := h.Receive(t.Context(), b5, s5)
	a, ok = sync.AnswerOf(r, err)
	require.True(t, ok)
	assert.Equal(t, &sync.Answer{Outcome: sync.Refused, Reason: sync.ReasonStale, Args: []string{"5", "6"}}, a)

	_, ok = sync.AnswerOf(nil, fmt.Errorf("the database is away"))
	assert.False(t, ok)
}
