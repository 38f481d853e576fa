package db_test

import (
	"bytes"
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
	"burraco/tournament"
	"burraco/tournament/clubs"
	tsync "burraco/tournament/sync"
)

// hubOf is a hub on d with one laptop linked to club 1 ("club"), and the laptop's key.
func hubOf(t *testing.T, d *db.DB) (*tsync.Hub, tsync.KeyPair, *tsync.Key) {
	t.Helper()
	k, err := tsync.GenerateKey()
	require.NoError(t, err)
	key, err := d.AddClubKey(t.Context(), 1, k.Public, "Portatile della sala")
	require.NoError(t, err)
	return &tsync.Hub{Store: d}, k, key
}

// sealed is a played tournament's results sealed by k as revision rev.
func sealed(t *testing.T, f *fixture, k tsync.KeyPair, rev int64) ([]byte, string) {
	t.Helper()
	doc, err := f.svc.Export(f.ctx, f.tid)
	require.NoError(t, err)
	uid, err := f.db.TournamentUID(f.ctx, f.tid)
	require.NoError(t, err)
	env, err := tsync.New("club", uid, rev, tsync.Prepare(doc), time.Now())
	require.NoError(t, err)
	body, sig, err := k.Seal(env)
	require.NoError(t, err)
	return body, sig
}

// TestTournamentUIDIsMadeOnceAndKept: the first ask makes the uid, every later one
// (concurrent ones too) reads the same; another tournament has another.
func TestTournamentUIDIsMadeOnceAndKept(t *testing.T) {
	f := newEvening(t, 3, nil)
	var wg sync.WaitGroup
	uids := make([]string, 6)
	for i := range uids {
		wg.Go(func() {
			uid, err := f.db.TournamentUID(f.ctx, f.tid)
			assert.NoError(t, err)
			uids[i] = uid
		})
	}
	wg.Wait()
	require.True(t, tsync.ValidUID(uids[0]), uids[0])
	for _, u := range uids {
		assert.Equal(t, uids[0], u)
	}
	g := newEveningIn(t, f.db, 0, nil)
	other, err := g.db.TournamentUID(g.ctx, g.tid)
	require.NoError(t, err)
	assert.NotEqual(t, uids[0], other)
	_, err = f.db.TournamentUID(f.ctx, 999999)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
}

// TestLaptopKeyIsStoredOnce: the laptop's key pair is made once and read back the same
// (from a second connection to the same database too).
func TestLaptopKeyIsStoredOnce(t *testing.T) {
	d, dsn := open(t)
	k, err := d.LaptopKey(t.Context())
	require.NoError(t, err)
	again, err := d.LaptopKey(t.Context())
	require.NoError(t, err)
	assert.Equal(t, k.Private, again.Private)
	d2, err := db.Open(dsn)
	require.NoError(t, err)
	defer d2.Close()
	third, err := d2.LaptopKey(t.Context())
	require.NoError(t, err)
	assert.Equal(t, k.Public, third.Public)
}

// TestClubKeysLinkAndRevoke: a linked key is the club's, once; revoked, the hub refuses
// its documents at once; another club's slug is unknown.
func TestClubKeysLinkAndRevoke(t *testing.T) {
	f := newEvening(t, 3, nil)
	h, k, key := hubOf(t, f.db)
	_, err := f.db.AddClubKey(f.ctx, 1, k.Public, "again")
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
	_, err = f.db.AddClubKey(f.ctx, 1, k.Public[:5], "short\x00")
	e, _ := tournament.AsError(err)
	require.NotNil(t, e)
	assert.Contains(t, e.Fields, "public")
	assert.Contains(t, e.Fields, "label")

	club, keys, err := f.db.ClubKeys(f.ctx, "club")
	require.NoError(t, err)
	assert.Equal(t, int64(1), club)
	require.Len(t, keys, 1)
	assert.Equal(t, k.Public, keys[0].Public)
	assert.Equal(t, "Portatile della sala", keys[0].Label)
	assert.Nil(t, keys[0].LastContact)
	_, _, err = f.db.ClubKeys(f.ctx, "altro")
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))

	body, sig := sealed(t, f, k, 1)
	_, err = h.Receive(f.ctx, body, sig)
	require.NoError(t, err)
	_, keys, _ = f.db.ClubKeys(f.ctx, "club")
	assert.NotNil(t, keys[0].LastContact, "the key's last contact is noted")

	require.NoError(t, f.db.RevokeClubKey(f.ctx, 1, key.ID))
	body, sig = sealed(t, f, k, 2)
	_, err = h.Receive(f.ctx, body, sig)
	assert.Equal(t, tsync.ReasonRevoked, tsync.Reason(err))
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(f.db.RevokeClubKey(f.ctx, 2, key.ID)))
}

// TestReceiveOnceThroughTheStore: a revision recorded once however often it arrives,
// with the same answer; concurrent arrivals (as two hub instances would take them, each
// with its own connection pool) record it once; a correction supersedes it, both kept;
// a tampered or foreign-signed body writes nothing.
func TestReceiveOnceThroughTheStore(t *testing.T) {
	d, dsn := open(t)
	f := newEveningIn(t, d, 6, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	h, k, _ := hubOf(t, f.db)
	// A second instance: another store on the same database.
	d2, err := db.Open(dsn)
	require.NoError(t, err)
	defer d2.Close()
	h2 := &tsync.Hub{Store: d2}

	body, sig := sealed(t, f, k, 4)
	const n = 8
	answers := make([]*tsync.Receipt, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			hub := h
			if i%2 == 1 {
				hub = h2
			}
			r, err := hub.Receive(context.Background(), body, sig)
			assert.NoError(t, err)
			answers[i] = r
		})
	}
	wg.Wait()
	fresh := 0
	for _, a := range answers {
		require.NotNil(t, a)
		if !a.Repeat {
			fresh++
		}
		assert.Equal(t, answers[0].ID, a.ID)
		assert.Equal(t, tsync.Accepted, a.Outcome)
		assert.True(t, a.ReceivedAt.Equal(answers[0].ReceivedAt))
	}
	assert.Equal(t, 1, fresh, "one arrival recorded it, the others answered the record")
	uid, _ := f.db.TournamentUID(f.ctx, f.tid)
	hist, err := f.db.ResultsHistory(f.ctx, 1, uid)
	require.NoError(t, err)
	require.Len(t, hist, 1)
	assert.Equal(t, body, hist[0].Body, "the body is kept byte for byte")
	assert.Equal(t, sig, hist[0].Signature)

	// Nothing written for a tampered body or another club's signature.
	tampered := bytes.Replace(body, []byte("Martedì"), []byte("Mercoledì"), 1)
	_, err = h.Receive(f.ctx, tampered, sig)
	assert.Equal(t, tsync.ReasonSignature, tsync.Reason(err))
	foreign, _ := tsync.GenerateKey()
	body5, _ := sealed(t, f, k, 5)
	_, err = h.Receive(f.ctx, body5, foreign.Sign(body5))
	assert.Equal(t, tsync.ReasonUnknownKey, tsync.Reason(err))
	hist, _ = f.db.ResultsHistory(f.ctx, 1, uid)
	assert.Len(t, hist, 1)

	// A correction: a new revision replaces the hub's copy; both are kept.
	f.fill(t, 1)
	body6, sig6 := sealed(t, f, k, 6)
	r6, err := h2.Receive(f.ctx, body6, sig6)
	require.NoError(t, err)
	assert.False(t, r6.Repeat)
	cur, err := f.db.CurrentResults(f.ctx, 1, uid)
	require.NoError(t, err)
	assert.Equal(t, int64(6), cur.Revision)
	hist, _ = f.db.ResultsHistory(f.ctx, 1, uid)
	require.Len(t, hist, 2)
	assert.True(t, hist[0].Superseded)
	assert.False(t, hist[1].Superseded)
	// The older revision, arriving late again, is still answered as recorded.
	again, err := h.Receive(f.ctx, body, sig)
	require.NoError(t, err)
	assert.True(t, again.Repeat)
	assert.Equal(t, answers[0].ID, again.ID)
	// A revision between them, never sent before, cannot be placed.
	body5, sig5 := sealed(t, f, k, 5)
	_, err = h.Receive(f.ctx, body5, sig5)
	assert.Equal(t, tsync.ReasonStale, tsync.Reason(err))
	held, err := f.db.Held(f.ctx, 1, uid)
	require.NoError(t, err)
	assert.Equal(t, int64(6), held)
}

// TestReceiveRecordsARulesRefusalOnce: a document signed by the club that breaks the
// import's rules is recorded refused, with its problems, and a repeat answers the same.
func TestReceiveRecordsARulesRefusalOnce(t *testing.T) {
	f := newEvening(t, 3, nil)
	h, k, _ := hubOf(t, f.db)
	doc, err := f.svc.Export(f.ctx, f.tid)
	require.NoError(t, err)
	doc.Entries[0].Name = "line\x07bell"
	doc.Tournament.Date = "ieri"
	uid, _ := f.db.TournamentUID(f.ctx, f.tid)
	env, err := tsync.New("club", uid, 2, doc, time.Now())
	require.NoError(t, err)
	body, sig, err := k.Seal(env)
	require.NoError(t, err)
	r, err := h.Receive(f.ctx, body, sig)
	require.Equal(t, tsync.ReasonRules, tsync.Reason(err))
	require.NotNil(t, r)
	assert.Equal(t, tsync.Refused, r.Outcome)
	assert.Equal(t, "tournament.err.date", r.Fields["document.tournament.date"])
	again, err2 := h.Receive(f.ctx, body, sig)
	assert.Equal(t, err, err2)
	assert.True(t, again.Repeat)
	assert.Equal(t, r.Fields, again.Fields)
	held, _ := f.db.Held(f.ctx, 1, uid)
	assert.Zero(t, held, "a refused revision is not held")
}

// TestResultsStayWithTheirClub: a second club's laptop sends its results whatever scope
// the intake's context carried; its keys, receipts and history are its club's: a director
// of club 1 neither links a key to it nor reads what it sent, and a key linked to club 1
// does not sign for it.
func TestResultsStayWithTheirClub(t *testing.T) {
	f := newEvening(t, 3, nil)
	ctx := context.Background()
	b := &clubs.Club{Slug: "altro", Name: "Altro circolo"}
	require.NoError(t, f.db.CreateClub(ctx, b))
	asB := clubs.WithScope(ctx, clubs.Scope{Clubs: []int64{b.ID}})
	kb, err := tsync.GenerateKey()
	require.NoError(t, err)
	_, err = f.db.AddClubKey(ctx, b.ID, kb.Public, "B") // club 1's scope (no scope: the laptop's)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err))
	_, err = f.db.AddClubKey(asB, b.ID, kb.Public, "B")
	require.NoError(t, err)
	_, ka, _ := hubOf(t, f.db) // club 1's laptop

	doc, err := f.svc.Export(ctx, f.tid)
	require.NoError(t, err)
	uid, _ := tsync.NewUID()
	env, err := tsync.New("altro", uid, 1, tsync.Prepare(doc), time.Now())
	require.NoError(t, err)
	body, sig, err := kb.Seal(env)
	require.NoError(t, err)
	h := &tsync.Hub{Store: f.db}
	r, err := h.Receive(ctx, body, sig)
	require.NoError(t, err)
	assert.Equal(t, b.ID, r.Club)
	_, err = h.Receive(ctx, body, ka.Sign(body))
	assert.Equal(t, tsync.ReasonUnknownKey, tsync.Reason(err), "club 1's laptop does not sign for club B")

	_, err = f.db.ResultsHistory(ctx, b.ID, uid)
	assert.Equal(t, tournament.ENOTFOUND, tournament.ErrorCode(err), "club 1 does not read B's")
	hist, err := f.db.ResultsHistory(asB, b.ID, uid)
	require.NoError(t, err)
	assert.Len(t, hist, 1)
	officer := clubs.WithScope(ctx, clubs.Scope{ReadAll: true})
	_, err = f.db.CurrentResults(officer, b.ID, uid)
	require.NoError(t, err, "an officer reads every club's")
	assert.Equal(t, tournament.EFORBIDDEN, tournament.ErrorCode(f.db.RevokeClubKey(officer, b.ID, 1)))
}
