package db_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
	"burraco/scoring"
	"burraco/tournament"
	"burraco/tournament/danish"
	"burraco/tournament/individual4"
	"burraco/tournament/knockout"
	"burraco/tournament/mitchell"
	tsync "burraco/tournament/sync"
	"burraco/tournament/threeplayer"
)

// exampleKey is the TEST key that signs the example results documents in
// docs/examples/results (its public key is test-key.pub there). It is a test key, public
// on purpose, never a laptop's: its seed is the 32 bytes below.
var exampleKey = mustSeed("burraco-results-example-test-key")

// foreignKey is another TEST key: a laptop of another club.
var foreignKey = mustSeed("another-club-laptop-test-key-000")

func mustSeed(s string) tsync.KeyPair {
	k, err := tsync.KeyFromSeed(base64.StdEncoding.EncodeToString([]byte(s)))
	if err != nil {
		panic(err)
	}
	return k
}

// exampleUID is each example tournament's uid: fixed, so the examples stay put when
// written again.
func exampleUID(name string) string {
	return fmt.Sprintf("%032x", []byte(name + "0000000000000000")[:16])
}

// writeExamples, with BURRACO_WRITE_EXAMPLES=1, writes the examples (on the SQLite pass).
func writeExamples() bool {
	return os.Getenv("BURRACO_WRITE_EXAMPLES") == "1" && !dbtest.OnPostgres()
}

// play draws and scores every round of the current stage until it is final, each table
// by its sides in order and their entries (distinct totals: no tie), round by round locked; outcome, if
// given, sets a table's outcome (its hands kept, or none for a forfeit).
func play(t *testing.T, f *fixture, seed int64, outcome func(round, table int) *tournament.Outcome) {
	t.Helper()
	for step := 0; step < 30; step++ {
		st := f.state(t)
		if st.Final() {
			return
		}
		r := st.Current()
		if r == nil || st.Complete(r) {
			_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: seed + int64(step)}, "anna")
			require.NoError(t, err)
			st = f.state(t)
			r = st.Current()
		}
		for _, tb := range r.Tables {
			var sh tournament.Sheet
			if outcome != nil {
				sh.Outcome = outcome(r.Number, tb.Number)
			}
			if sh.Outcome == nil || sh.Outcome.Kind != tournament.OutcomeForfeit {
				for h := range st.Stage.HandsPerRound() {
					row := make([]*scoring.Hand, len(tb.Sides))
					for i := range row {
						n := 0
						if h == 0 {
							e := int(tb.Sides[i].EntryID % 7)
							n = 1000 - 170*i + 10*tb.Number + 5*r.Number + 15*e*e
						}
						row[i] = &scoring.Hand{Form: scoring.TotalOnly, Total: n}
					}
					sh.Hands = append(sh.Hands, row)
				}
			}
			_, err := f.svc.SaveSheet(f.ctx, f.tid, r.Number, tb.Number, sh, "anna")
			require.NoError(t, err, "round %d table %d", r.Number, tb.Number)
		}
		require.NoError(t, f.svc.Lock(f.ctx, f.tid, r.Number, true, "anna"))
	}
	t.Fatal("the stage did not end")
}

// cards gives every player a card number (and an e-mail, which the results leave out).
func cards(t *testing.T, f *fixture) {
	t.Helper()
	ps, err := f.db.AllPlayers(f.ctx)
	require.NoError(t, err)
	for _, p := range ps {
		p.CardNumber = fmt.Sprintf("FB%06d", 100000+p.ID)
		p.Email = fmt.Sprintf("p%d@example.org", p.ID)
		require.NoError(t, f.db.UpdatePlayer(f.ctx, &p))
	}
}

// pairsOf is a tournament of format of n pairs entered and present.
func pairsOf(t *testing.T, format string, n int, edit func(*tournament.Stage)) *pairsFixture {
	d, _ := open(t)
	ctx := context.Background()
	svc := &tournament.Tournaments{Store: d, Players: d}
	tr, stage, err := tournament.New(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), format)
	require.NoError(t, err)
	tr.Name, tr.Venue = "Coppie del venerdì", "Circolo Burraco Roma"
	if edit != nil {
		edit(&stage)
	}
	require.NoError(t, svc.Create(ctx, &tr, &stage, "anna"))
	f := &pairsFixture{fixture: fixture{ctx, svc, tr.ID, d}}
	for i := 1; i <= 2*n; i++ {
		p := tournament.Player{FirstName: fmt.Sprintf("P%02d", i), LastName: "Rossi", Active: true}
		require.NoError(t, d.CreatePlayer(ctx, &p))
		f.players = append(f.players, p)
	}
	f.enteredPairs(t, n)
	return f
}

// exampleCase is one example: a tournament played through the services.
type exampleCase struct {
	name string
	play func(t *testing.T) *fixture
	// has lists what the example must show.
	has []string
	// what says it for the index.
	what string
}

func exampleCases() []exampleCase {
	timeoutAt := func(round, table int) func(int, int) *tournament.Outcome {
		return func(r, tb int) *tournament.Outcome {
			if r == round && tb == table {
				return &tournament.Outcome{Kind: tournament.OutcomeTimeout, Side: 2}
			}
			return nil
		}
	}
	return []exampleCase{
		{"threeplayer-631", func(t *testing.T) *fixture {
			f := newEvening(t, 10, func(s *threeplayer.Settings) { s.Games = 3 })
			play(t, f, 11, nil)
			return f
		}, []string{"bye"}, "a 3-player evening scored 6/3/1: 10 players, 3 games, one sit-out (bye) a game"},
		{"threeplayer-vp", func(t *testing.T) *fixture {
			f := newEvening(t, 8, func(s *threeplayer.Settings) { s.Games, s.Scoring = 2, threeplayer.ScoringVP })
			play(t, f, 21, nil)
			return f
		}, []string{"bye"}, "a 3-player evening scored in VP on the FIBUR scale: 8 players, 2 games, byes"},
		{"danish-pairs", func(t *testing.T) *fixture {
			pf := pairsOf(t, danish.Name, 7, func(st *tournament.Stage) {
				s := st.Settings.(danish.Settings)
				s.Count = 3
				st.Settings = s
			})
			forfeit := timeoutAt(1, 1)
			play(t, &pf.fixture, 31, func(r, tb int) *tournament.Outcome {
				if r == 2 && tb == 2 {
					return &tournament.Outcome{Kind: tournament.OutcomeForfeit, Side: 1}
				}
				return forfeit(r, tb)
			})
			return &pf.fixture
		}, []string{"bye", "timeout", "forfeit"}, "Danish pairs: 7 pairs, 3 rounds, a bye each round, a time-out (round 1) and a forfeit (round 2)"},
		{"knockout", func(t *testing.T) *fixture {
			f := newKnockout(t, 6)
			play(t, f, 41, timeoutAt(2, 1))
			return f
		}, []string{"bye", "timeout"}, "a knockout of 6 players: byes in round 1, a time-out in round 2"},
		{"mitchell", func(t *testing.T) *fixture {
			pf := pairsOf(t, mitchell.Name, 9, func(st *tournament.Stage) {
				s := st.Settings.(mitchell.Settings)
				s.Count = 3
				st.Settings = s
			})
			play(t, &pf.fixture, 51, timeoutAt(1, 2))
			return &pf.fixture
		}, []string{"bye", "timeout"}, "a Mitchell of 9 pairs (a phantom table: a bye each round), 3 rounds, a time-out"},
		{"teams-then-knockout", func(t *testing.T) *fixture {
			pf, _, _ := newTeamsOf(t, 4)
			f := &pf.fixture
			play(t, f, 61, nil)
			_, err := f.svc.StartStage(f.ctx, f.tid, knockout.Name, "anna")
			require.NoError(t, err)
			play(t, f, 62, nil)
			return f
		}, []string{"stages", "team"}, "two stages: 4 teams (matches of two tables, line-ups) feeding a knockout of teams"},
		{"individual4", func(t *testing.T) *fixture {
			f := newIndividual4(t, 10, func(st *tournament.Stage) {
				s := st.Settings.(individual4.Settings)
				s.Count = 2
				st.Settings = s
			})
			play(t, f, 71, timeoutAt(1, 1))
			return f
		}, []string{"bye", "timeout", "partners"}, "individual at 4-player tables: 10 players, 2 rounds, partners a round, byes, a time-out"},
	}
}

// shows reports whether a document shows a feature an example must have.
func shows(doc *tournament.Document, what string) bool {
	for _, st := range doc.Stages {
		for _, r := range st.Rounds {
			if what == "bye" && len(r.Byes) > 0 {
				return true
			}
			for _, tb := range r.Tables {
				if tb.Outcome.Kind == what {
					return true
				}
				for _, sd := range tb.Sides {
					if what == "partners" && len(sd.Partners) > 0 {
						return true
					}
				}
			}
		}
	}
	for _, e := range doc.Entries {
		if what == "team" && e.Kind == tournament.EntryTeam {
			return true
		}
	}
	return what == "stages" && len(doc.Stages) > 1
}

// exampleFile is one line of docs/examples/results/index.json: an example, whether it is
// valid, and, if not, what refuses it.
type exampleFile struct {
	File string `json:"file"`
	// Schema says whether the body is valid under docs/results.schema.json.
	Schema bool `json:"schema"`
	// Reason is the hub's refusal ("" when accepted).
	Reason string `json:"reason"`
	What   string `json:"what"`
}

// TestResultsOfEveryFormatPassTheHubCheck: every format's final tournament, played
// through the services (byes, a time-out, a forfeit, stages, pairs, teams, partners,
// players with card numbers), exported, sealed and read back by the hub's check and its
// intake. With BURRACO_WRITE_EXAMPLES=1 it writes docs/examples/results, the valid
// examples and the invalid ones made from them, which tournament/sync's
// TestExamplesAgainstTheSchemaAndTheHub checks.
func TestResultsOfEveryFormatPassTheHubCheck(t *testing.T) {
	dir := filepath.Join("..", "docs", "examples", "results")
	var index []exampleFile
	var first []byte
	for _, c := range exampleCases() {
		t.Run(c.name, func(t *testing.T) {
			f := c.play(t)
			cards(t, f)
			require.True(t, f.state(t).Final(), "the evening is final")
			doc, err := f.svc.Export(f.ctx, f.tid)
			require.NoError(t, err)
			for _, w := range c.has {
				assert.True(t, shows(doc, w), "the example shows %s", w)
			}
			doc = tsync.Prepare(doc)
			for _, p := range doc.Players {
				assert.NotEmpty(t, p.CardNumber)
				assert.Empty(t, p.Email, "contact details stay on the laptop")
			}
			rev := f.state(t).Tournament.Revision
			env, err := tsync.New("club", exampleUID(c.name), rev, doc, time.Date(2026, 11, 20, 23, 45, 0, 0, time.UTC))
			require.NoError(t, err)
			body, sig, err := exampleKey.Seal(env)
			require.NoError(t, err)

			// The hub: this database, the example key linked to club 1.
			_, err = f.db.AddClubKey(f.ctx, 1, exampleKey.Public, "esempio")
			require.NoError(t, err)
			got, err := (&tsync.Hub{Store: f.db}).Receive(f.ctx, body, sig)
			require.NoError(t, err)
			assert.Equal(t, tsync.Accepted, got.Outcome)
			assert.Equal(t, len(doc.Stages), len(got.Document.Stages))
			assert.Equal(t, doc.Tournament.Name, got.Document.Tournament.Name)
			// The hub's copy: a second tournament of the club, final like the laptop's.
			var copyID int64
			require.NoError(t, f.db.WriteSQL().QueryRow(fmt.Sprintf("SELECT copy_id FROM received_results WHERE id = %d", got.ID)).Scan(&copyID))
			require.NotEqual(t, f.tid, copyID)
			hubCopy, err := f.svc.Load(f.ctx, copyID)
			require.NoError(t, err)
			assert.True(t, hubCopy.Final(), "the hub's copy is final")

			if writeExamples() {
				name := c.name + ".json"
				writeExample(t, dir, name, body, sig)
				index = append(index, exampleFile{File: name, Schema: true, What: "final: " + c.what})
				if first == nil {
					first = body
				}
			}
		})
	}
	if !writeExamples() {
		return
	}
	index = append(index, invalidExamples(t, dir, first)...)
	raw, err := json.MarshalIndent(index, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.json"), append(raw, '\n'), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "test-key.pub"), []byte(tsync.EncodePublic(exampleKey.Public)+"\n"), 0o644))
}

// writeExample writes a body, pretty-printed for people, and its signature beside it:
// the signature is of the file's exact bytes.
func writeExample(t *testing.T, dir, name string, body []byte, sig string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), body, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, name+".sig"), []byte(sig+"\n"), 0o644))
}

// invalidExamples writes the refused examples, made from a valid body: tampered, signed
// by another club's laptop, schema violations (re-signed), rule violations (re-signed).
func invalidExamples(t *testing.T, dir string, valid []byte) []exampleFile {
	t.Helper()
	var out []exampleFile
	add := func(name string, body []byte, sig string, schema bool, reason, what string) {
		writeExample(t, dir, name, body, sig)
		out = append(out, exampleFile{File: name, Schema: schema, Reason: reason, What: what})
	}
	sig := exampleKey.Sign(valid)
	add("invalid-tampered.json", bytes.Replace(valid, []byte(`"revision":`), []byte(`"revision":1`), 1), sig, true,
		tsync.ReasonSignature, "a valid body changed after signing (the revision), its first signature")
	add("invalid-foreign-key.json", valid, foreignKey.Sign(valid), true, tsync.ReasonUnknownKey,
		"a valid body signed by another club's laptop")

	var env map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(valid, &env))
	edit := func(change func(m map[string]json.RawMessage)) []byte {
		m := map[string]json.RawMessage{}
		for k, v := range env {
			m[k] = v
		}
		change(m)
		b, err := json.Marshal(m)
		require.NoError(t, err)
		return b
	}
	signed := func(name string, body []byte, schema bool, reason, what string) {
		add(name, body, exampleKey.Sign(body), schema, reason, what)
	}
	signed("invalid-schema-unknown-field.json", edit(func(m map[string]json.RawMessage) { m["club_name"] = json.RawMessage(`"Roma"`) }),
		false, tsync.ReasonUnreadable, "an envelope field the schema does not have")
	signed("invalid-schema-revision-text.json", edit(func(m map[string]json.RawMessage) { m["revision"] = json.RawMessage(`"7"`) }),
		false, tsync.ReasonUnreadable, "the revision as a string")
	signed("invalid-schema-uid.json", edit(func(m map[string]json.RawMessage) { m["tournament"] = json.RawMessage(`"42"`) }),
		false, tsync.ReasonShape, "a tournament uid that is not 32 hex digits")
	signed("invalid-schema-no-document.json", edit(func(m map[string]json.RawMessage) { delete(m, "document") }),
		false, tsync.ReasonShape, "no document")
	signed("invalid-schema-hand-figures.json", edit(func(m map[string]json.RawMessage) {
		m["document"] = bytes.Replace(m["document"], []byte(`"figures":{`), []byte(`"figures":{"jokers":2,`), 1)
	}), false, tsync.ReasonRules, "a hand with a figure the app does not know")
	signed("invalid-rules-date.json", edit(func(m map[string]json.RawMessage) {
		m["document"] = bytes.Replace(m["document"], []byte(`"date":"2026-11-20"`), []byte(`"date":"2026-11-31"`), 1)
	}), true, tsync.ReasonRules, "the tournament's date is not a day of the calendar")
	signed("invalid-rules-unknown-entry.json", edit(func(m map[string]json.RawMessage) {
		m["document"] = bytes.Replace(m["document"], []byte(`"entry_id":`), []byte(`"entry_id":9`), 1)
	}), true, tsync.ReasonRules, "a table seats an entry the document does not have")
	signed("invalid-unknown-club.json", edit(func(m map[string]json.RawMessage) { m["club"] = json.RawMessage(`"circolo-assente"`) }),
		true, tsync.ReasonUnknownClub, "a club the hub does not have: it cannot be placed")
	return out
}
