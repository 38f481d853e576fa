package db_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/scoring"
	"burraco/tournament"
)

// A tournament document goes through the checks of every other path (issue 18): each
// hostile or impossible document below is refused with EINVALID naming every problem at
// its path in the document, on SQLite and PostgreSQL alike (where a NUL or a name of a
// million characters used to be a 500), and nothing is written.
func TestImportChecksLikeEveryPath(t *testing.T) {
	f := newEvening(t, 6, nil)
	_, err := f.svc.Draw(f.ctx, f.tid, tournament.DrawOptions{Seed: 3}, "anna")
	require.NoError(t, err)
	f.fill(t, 1)
	doc, err := f.svc.Export(f.ctx, f.tid)
	require.NoError(t, err)
	good, err := json.Marshal(doc)
	require.NoError(t, err)
	edit := func(fn func(*tournament.Document)) []byte {
		var d tournament.Document
		require.NoError(t, json.Unmarshal(good, &d))
		fn(&d)
		raw, err := json.Marshal(d)
		require.NoError(t, err)
		return raw
	}
	table := func(d *tournament.Document) *tournament.Table { return &d.Stages[0].Rounds[0].Tables[0] }
	hand := func(d *tournament.Document, n int) *tournament.HandScore { return &table(d).Hands[n] }

	// The database imported into already holds a tournament of its own with entries.
	d2, _ := open(t)
	other := newEveningIn(t, d2, 9, nil)
	foreign := other.state(t).Entries[8].ID // an ID the document's entries do not have
	svc2 := &tournament.Tournaments{Store: d2, Players: d2}
	f.tid = 0 // the document's tournament is not in d2

	cases := []struct {
		name   string
		raw    []byte
		fields map[string]string // every problem, by path
	}{
		{"NUL in the name", edit(func(d *tournament.Document) { d.Tournament.Name = "Open\x00" }),
			map[string]string{"tournament.name": "error.control_chars"}},
		{"RLO, ESC and BEL in names", edit(func(d *tournament.Document) {
			d.Players[0].LastName = "Ros\u202esi"
			d.Entries[1].Name = "\x1b[31mRossi"
			d.Tournament.Venue = "Bar\x07"
		}), map[string]string{"players[0].last_name": "error.control_chars", "entries[1].name": "error.control_chars",
			"tournament.venue": "error.control_chars"}},
		{"invisible characters", edit(func(d *tournament.Document) {
			d.Players[0].LastName = "Zz\u200brossi"
			d.Entries[0].Name = "Zz\u2028rossi"
		}), map[string]string{"players[0].last_name": "error.invisible_chars", "entries[0].name": "error.invisible_chars"}},
		{"a name of a million characters", edit(func(d *tournament.Document) {
			d.Tournament.Name = strings.Repeat("a", 1_000_000)
			d.Players[1].FirstName = strings.Repeat("è", 1_000_000)
		}), map[string]string{"tournament.name": "error.too_long", "players[1].first_name": "error.too_long"}},
		{"a hand of 2^62", edit(func(d *tournament.Document) {
			h := hand(d, 0)
			h.Figures, h.Score = scoring.Hand{Form: scoring.TotalOnly, Total: 5 << 60}, 5<<60
		}), map[string]string{"stages[0].rounds[0].tables[0].hands[0].total": "hand.out_of_range"}},
		{"a total not in steps of 5, a score that is not its figures'", edit(func(d *tournament.Document) {
			h := hand(d, 0)
			h.Figures, h.Score = scoring.Hand{Form: scoring.TotalOnly, Total: 303}, 303
			hand(d, 1).Score = 5000
		}), map[string]string{"stages[0].rounds[0].tables[0].hands[0].total": "hand.multiple_of_5",
			"stages[0].rounds[0].tables[0].hands[1].score": "import.hand_score"}},
		{"500 games", edit(func(d *tournament.Document) {
			d.Stages[0].Settings = json.RawMessage(strings.Replace(string(d.Stages[0].Settings), `"games":2`, `"games":500`, 1))
		}), map[string]string{"stages[0].settings.games": "tournament.err.games"}},
		{"another tournament's entry at a table", edit(func(d *tournament.Document) {
			table(d).Sides[0].EntryID = foreign
		}), map[string]string{"stages[0].rounds[0].tables[0].sides[0].entry_id": "import.unknown_entry"}},
		{"a player not in the document, a stage and a log line that are not either", edit(func(d *tournament.Document) {
			d.Entries[0].Members[0].PlayerID = 424242
			d.Events[0].StageID = 99
			d.Events[0].UndoneBy = 77
		}), map[string]string{"entries[0].members[0].player_id": "import.unknown_player", "events[0].stage_id": "import.unknown_stage",
			"events[0].undone_by": "import.unknown_event"}},
		{"a table of two in a 3-player game, a player seated twice", edit(func(d *tournament.Document) {
			tb := table(d)
			tb.Sides, tb.Hands = tb.Sides[:2], nil
			r := &d.Stages[0].Rounds[0]
			r.Tables[1].Sides[0].EntryID = r.Tables[1].Sides[1].EntryID
			r.Tables[1].Hands = nil
		}), map[string]string{"stages[0].rounds[0].tables[0].sides": "import.table_size",
			"stages[0].rounds[0].tables[1].sides[1].entry_id": "seats.twice"}},
		{"IDs out of range", edit(func(d *tournament.Document) {
			d.Tournament.ID = -1
			d.Players[0].ID = 1 << 62
			d.Stages[0].Rounds[0].Tables[0].Version = -3
		}), map[string]string{"tournament.id": "import.bad_id", "players[0].id": "import.bad_id",
			"entries[0].members[0].player_id":       "import.unknown_player",
			"stages[0].rounds[0].tables[0].version": "import.bad_version"}},
		{"undo data of a table's scores with a hand of 2^62", edit(func(d *tournament.Document) {
			// Undoing this line would store these hands as they are: the standings
			// overflowed to -4611686018427388000.
			for i := range d.Events {
				if e := &d.Events[i]; e.Kind == "scores" && e.Round == 1 && e.Table == 1 {
					var u map[string]any
					require.NoError(t, json.Unmarshal(e.Undo, &u))
					fig := scoring.Hand{Form: scoring.TotalOnly, Total: 3}
					before := []tournament.HandScore{{Hand: 1, Side: 1, Figures: fig, Score: 1 << 62}}
					u["Before"] = before
					raw, err := json.Marshal(u)
					require.NoError(t, err)
					e.Undo = raw
					d.Events = d.Events[:i+1]
					return
				}
			}
			t.Fatal("no scores line")
		}), nil},
		{"hostile text in the log's undo data", edit(func(d *tournament.Document) {
			d.Events[0].Undo = json.RawMessage(`{"x":"a\u0000b"}`)
			d.Events[0].Director = "anna\u202e"
		}), map[string]string{"events[0].undo": "error.control_chars", "events[0].director": "error.control_chars"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := svc2.Import(f.ctx, c.raw)
			e, ok := tournament.AsError(err)
			require.True(t, ok, "%v", err)
			assert.Equal(t, tournament.EINVALID, e.Code)
			if c.fields == nil { // the fields are those of the last line's undo data
				for k := range e.Fields {
					assert.Regexp(t, `^events\[\d+\]\.undo\.before\.hands\[0\]\.`, k)
				}
				assert.NotEmpty(t, e.Fields)
				return
			}
			assert.Equal(t, c.fields, e.Fields)
		})
	}
	for _, c := range []struct{ name, raw, key string }{
		{"an unknown field", strings.Replace(string(good), `"kind":`, `"extra":1,"kind":`, 1), "import.doc_unreadable"},
		{"a key twice", strings.Replace(string(good), `"kind":`, `"venue":"x","venue":"y","kind":`, 1), "import.doc_unreadable"},
		{"a second document after it", string(good) + "{}", "import.not_document"},
		{"bytes that are not UTF-8", strings.Replace(string(good), "Martedì", "Marted\xec", 1), "import.doc_unreadable"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := svc2.Import(f.ctx, []byte(c.raw))
			assert.Equal(t, c.key, mustKey(t, err))
		})
	}
	ts, err := svc2.List(f.ctx)
	require.NoError(t, err)
	assert.Len(t, ts, 1, "nothing written: only d2's own tournament")
	ps, err := d2.AllPlayers(f.ctx)
	require.NoError(t, err)
	assert.Len(t, ps, 9, "nor any player")

	// The same document, untouched, imports.
	_, err = svc2.Import(f.ctx, good)
	require.Error(t, err, "its IDs clash with d2's own tournament")
	// Under a number d2 has no tournament of: not "tournament 777 is already here" (it is
	// not), but its entries', stages', rounds' or tables' numbers are another's.
	_, err = svc2.Import(f.ctx, edit(func(d *tournament.Document) { d.Tournament.ID = 777 }))
	assert.Equal(t, "import.ids_taken", mustKey(t, err))
	d3, _ := open(t)
	_, err = (&tournament.Tournaments{Store: d3, Players: d3}).Import(f.ctx, good)
	require.NoError(t, err)
}
