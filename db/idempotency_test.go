package db_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/formattest"
)

// keyed is ctx carrying an idempotency key of director 1.
func keyed(key string) context.Context {
	return tournament.WithIdempotencyKey(context.Background(), "director:1", key)
}

func countPlayers(t *testing.T, f *pairsFixture) int {
	t.Helper()
	ps, err := f.db.AllPlayers(f.ctx)
	require.NoError(t, err)
	return len(ps)
}

func TestCreateSentTwiceWithOneKeyCreatesOnce(t *testing.T) {
	f := newPairs(t, 0)
	players := &tournament.Players{Store: f.db}
	ctx := keyed("k-player")

	first := tournament.Player{FirstName: "Anna", LastName: "Bianchi", CardNumber: "RM1"}
	require.NoError(t, players.Create(ctx, &first))
	// The same form sent again (a 503 seen, a script retrying): the card number taken by
	// the first does not refuse it, it is answered as the first was.
	again := tournament.Player{FirstName: "Anna", LastName: "Bianchi", CardNumber: "RM1"}
	require.NoError(t, players.Create(ctx, &again))
	assert.Equal(t, first.ID, again.ID)
	assert.Equal(t, first.Version, again.Version)
	assert.Equal(t, 1, countPlayers(t, f))

	// The same key with another request: refused, nothing written.
	other := tournament.Player{FirstName: "Luca", LastName: "Verdi"}
	err := players.Create(ctx, &other)
	assert.Equal(t, "error.idempotency_reused", mustKey(t, err))
	assert.Equal(t, tournament.ECONFLICT, tournament.ErrorCode(err))
	// ...and with another command.
	_, err = f.svc.AddNewPerson(ctx, f.tid, &tournament.Player{FirstName: "Anna", LastName: "Bianchi"}, "anna")
	assert.Equal(t, "error.idempotency_reused", mustKey(t, err))
	assert.Equal(t, 1, countPlayers(t, f))

	// Another director's key of the same spelling is another key.
	ctx2 := tournament.WithIdempotencyKey(context.Background(), "director:2", "k-player")
	require.NoError(t, players.Create(ctx2, &other))
	assert.Equal(t, 2, countPlayers(t, f))

	// Without a key, as before: each request creates (namesakes on purpose: the registry
	// would offer the first otherwise).
	for range 2 {
		require.NoError(t, players.CreatePerson(f.ctx, &tournament.Player{FirstName: "Ugo", LastName: "Neri"}))
	}
	assert.Equal(t, 4, countPlayers(t, f))

	// A create refused (invalid) takes no key: the corrected one goes through with it.
	ctx3 := keyed("k-invalid")
	bad := tournament.Player{FirstName: "Eva"}
	require.Error(t, players.Create(ctx3, &bad))
	good := tournament.Player{FirstName: "Eva", LastName: "Blu"}
	require.NoError(t, players.Create(ctx3, &good))
	assert.Equal(t, 5, countPlayers(t, f))
}

func TestConcurrentCreatesWithOneKeyCreateOnce(t *testing.T) {
	f := newPairs(t, 0)
	players := &tournament.Players{Store: f.db}
	ctx := keyed("k-race")
	const n = 8
	ids := make([]int64, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := tournament.Player{FirstName: "Anna", LastName: "Bianchi"}
			errs[i] = players.Create(ctx, &p)
			ids[i] = p.ID
		}()
	}
	wg.Wait()
	for i := range n {
		require.NoError(t, errs[i], "request %d", i)
		assert.Equal(t, ids[0], ids[i], "request %d answered with the one player created", i)
	}
	assert.Equal(t, 1, countPlayers(t, f))

	// The same for an entry: concurrent adds of one pair with one key enter it once.
	a := tournament.Player{FirstName: "A", LastName: "A", Active: true}
	b := tournament.Player{FirstName: "B", LastName: "B", Active: true}
	require.NoError(t, f.db.CreatePlayer(f.ctx, &a))
	require.NoError(t, f.db.CreatePlayer(f.ctx, &b))
	ctx = keyed("k-pair-race")
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := f.svc.AddPair(ctx, f.tid, a.ID, b.ID, "anna")
			errs[i] = err
			if e != nil {
				ids[i] = e.ID
			}
		}()
	}
	wg.Wait()
	for i := range n {
		require.NoError(t, errs[i], "request %d", i)
		assert.Equal(t, ids[0], ids[i])
	}
	assert.Len(t, f.state(t).Entries, 1)
}

func TestEveryCreateSentTwiceCreatesOnce(t *testing.T) {
	f := newPairs(t, 4)
	ctx := keyed("k")
	at := func(k string) context.Context { return keyed(k) }

	// A tournament.
	svc := f.svc
	tr, stage, err := tournament.New(time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC), formattest.Name)
	require.NoError(t, err)
	tr.Name = "Serata"
	tr2, stage2 := tr, stage
	require.NoError(t, svc.Create(at("t"), &tr, &stage))
	require.NoError(t, svc.Create(at("t"), &tr2, &stage2))
	assert.Equal(t, tr.ID, tr2.ID)
	assert.Equal(t, stage.ID, stage2.ID)
	ts, err := svc.List(f.ctx)
	require.NoError(t, err)
	assert.Len(t, ts, 2, "the fixture's and this one")

	// A pair, and its log line once.
	e1, err := svc.AddPair(ctx, f.tid, f.id(1), f.id(2), "anna")
	require.NoError(t, err)
	e2, err := svc.AddPair(ctx, f.tid, f.id(1), f.id(2), "anna")
	require.NoError(t, err)
	assert.Equal(t, e1.ID, e2.ID)
	assert.Equal(t, e1.Name, e2.Name)
	assert.Len(t, f.state(t).Entries, 1)
	evs, err := svc.Events(f.ctx, f.tid)
	require.NoError(t, err)
	assert.Len(t, evs, 1)

	// Scales: created, copied, imported.
	scales := &tournament.Scales{Store: f.db}
	before, err := scales.List(f.ctx)
	require.NoError(t, err)
	require.NotEmpty(t, before)
	bands := before[0].Bands
	sc := tournament.Scale{Name: "Mia", Bands: bands}
	sc2 := sc
	require.NoError(t, scales.Create(at("sc"), &sc))
	require.NoError(t, scales.Create(at("sc"), &sc2))
	assert.Equal(t, sc.ID, sc2.ID)
	cp1, err := scales.Copy(at("copy"), sc.ID, "")
	require.NoError(t, err)
	cp2, err := scales.Copy(at("copy"), sc.ID, "")
	require.NoError(t, err)
	assert.Equal(t, cp1.ID, cp2.ID)
	var b strings.Builder
	require.NoError(t, scoring.WriteScaleCSV(&b, bands, ';'))
	file := b.String()
	im1, err := scales.Import(at("scf"), strings.NewReader(file), tournament.ScaleCSV, "Dal file")
	require.NoError(t, err)
	im2, err := scales.Import(at("scf"), strings.NewReader(file), tournament.ScaleCSV, "Dal file")
	require.NoError(t, err)
	assert.Equal(t, im1.ID, im2.ID)
	assert.Equal(t, "Dal file", im2.Name)
	after, err := scales.List(f.ctx)
	require.NoError(t, err)
	assert.Len(t, after, len(before)+3)

	// A player entered on the spot, in a tournament of single players: the second is not
	// taken for a duplicate of the first (nor the first player's card for taken).
	single, singleStage, err := tournament.New(time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC), formattest.Name)
	require.NoError(t, err)
	single.Name = "Singoli"
	singleStage.Settings = formattest.Settings{Games: 3, Hands: 2, Sides: "individual"}
	require.NoError(t, svc.Create(f.ctx, &single, &singleStage))
	n1, err := svc.AddNewPlayer(at("new"), single.ID, &tournament.Player{FirstName: "Zeno", LastName: "Nuovo", CardNumber: "ZN1"}, "anna")
	require.NoError(t, err)
	p2 := &tournament.Player{FirstName: "Zeno", LastName: "Nuovo", CardNumber: "ZN1"}
	n2, err := svc.AddNewPlayer(at("new"), single.ID, p2, "anna")
	require.NoError(t, err)
	assert.Equal(t, n1.ID, n2.ID)
	assert.Equal(t, n1.Members[0].PlayerID, p2.ID)
	// Entered from the registry, twice with one key: once.
	r1, err := svc.AddPlayer(at("reg"), single.ID, f.id(3), "anna")
	require.NoError(t, err)
	r2, err := svc.AddPlayer(at("reg"), single.ID, f.id(3), "anna")
	require.NoError(t, err)
	assert.Equal(t, r1.ID, r2.ID)
	st, err := svc.Load(f.ctx, single.ID)
	require.NoError(t, err)
	assert.Len(t, st.Entries, 2)
}

func TestEveryImportSentTwiceImportsOnce(t *testing.T) {
	f := newPairs(t, 0)
	at := func(k string) context.Context { return keyed(k) }

	// Players CSV: the second answers as the first (2 created), none created again.
	players := &tournament.Players{Store: f.db}
	csv := "nome;cognome;tessera\nAnna;Bianchi;RM1\nLuca;Verdi;\n"
	pv1, err := players.Import(at("pl"), strings.NewReader(csv), nil)
	require.NoError(t, err)
	assert.Equal(t, 2, pv1.Created)
	pv2, err := players.Import(at("pl"), strings.NewReader(csv), nil)
	require.NoError(t, err)
	assert.Equal(t, pv1.Created, pv2.Created)
	assert.Equal(t, len(pv1.Rows), len(pv2.Rows))
	assert.Equal(t, 2, countPlayers(t, f))
	// Another file with that key: refused.
	_, err = players.Import(at("pl"), strings.NewReader(csv+"Ugo;Neri;\n"), nil)
	assert.Equal(t, "error.idempotency_reused", mustKey(t, err))

	// Pairs CSV.
	pairs := "last_name_1;first_name_1;card_number_1;last_name_2;first_name_2;card_number_2\n" +
		"Bianchi;Anna;RM1;Verdi;Luca;\nNuovi;Uno;;Nuovi;Due;\n"
	pi1, err := f.svc.ImportPairs(at("pairs"), f.tid, strings.NewReader(pairs), true, "anna")
	require.NoError(t, err)
	assert.Equal(t, 2, pi1.Entered)
	pi2, err := f.svc.ImportPairs(at("pairs"), f.tid, strings.NewReader(pairs), true, "anna")
	require.NoError(t, err)
	assert.Equal(t, pi1.Entered, pi2.Entered)
	assert.Equal(t, pi1.Registered, pi2.Registered)
	assert.Len(t, f.state(t).Entries, 2)
	assert.Equal(t, 4, countPlayers(t, f))

	// A tournament document, into another database.
	doc, err := f.svc.Export(f.ctx, f.tid)
	require.NoError(t, err)
	raw, err := json.Marshal(doc)
	require.NoError(t, err)
	d2, _ := open(t)
	svc2 := &tournament.Tournaments{Store: d2, Players: d2}
	t1, err := svc2.Import(at("doc"), raw)
	require.NoError(t, err)
	t2, err := svc2.Import(at("doc"), raw)
	require.NoError(t, err, "answered as the first time, not import.exists")
	assert.Equal(t, t1.ID, t2.ID)
	assert.Equal(t, t1.Name, t2.Name)
	_, err = svc2.Import(f.ctx, raw)
	assert.Equal(t, "import.exists", mustKey(t, err), "without the key, as before")
}

func TestTokenSentTwiceIsNotMadeTwice(t *testing.T) {
	f := newPairs(t, 0)
	auth := &tournament.Auth{Store: f.db}
	dir := &tournament.Director{Username: "anna", Name: "Anna", PasswordHash: "x"}
	require.NoError(t, f.db.CreateDirector(f.ctx, dir))
	_, secret, err := auth.CreateToken(keyed("tok"), dir.ID, "script")
	require.NoError(t, err)
	assert.NotEmpty(t, secret)
	_, _, err = auth.CreateToken(keyed("tok"), dir.ID, "script")
	assert.Equal(t, "tokens.replayed", mustKey(t, err), "the secret is not kept: it cannot be shown again")
	ts, err := auth.Tokens(f.ctx, dir.ID)
	require.NoError(t, err)
	assert.Len(t, ts, 1)
}

func TestIdempotencyKeyIsChecked(t *testing.T) {
	for _, k := range []string{"a", strings.Repeat("x", 255), "8e03978e-40d5-43e8-bc93-6894a57f9324", "with space ~!"} {
		assert.NoError(t, tournament.CheckIdempotencyKey(k), "%q", k)
	}
	for _, k := range []string{"", strings.Repeat("x", 256), "tab\there", "è", "nl\n"} {
		assert.Error(t, tournament.CheckIdempotencyKey(k), "%q", k)
	}
}
