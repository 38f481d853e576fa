package tournament

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// ImportInto reads a tournament document exported by another copy of the app (Export)
// into this one as a new tournament (every number renewed) and adds it to season sid, in
// one transaction: its players are matched by card number (the registry's record is
// kept), the others registered and flagged in their notes (ImportFlag).
func (s *Seasons) ImportInto(ctx context.Context, sid int64, raw []byte, director string) (*SeasonImport, error) {
	se, err := s.Store.Season(ctx, sid)
	if err != nil {
		return nil, err
	}
	doc, err := ReadDocument(raw)
	if err != nil {
		return nil, err
	}
	if !se.Covers(doc.Tournament.Date) {
		return nil, Errorf(EINVALID, "season.err.out_of_range", doc.Tournament.Name, doc.Tournament.Date)
	}
	players := s.Tournaments.Players
	out := &SeasonImport{Matched: []Player{}, Registered: []Player{}}
	ids := map[int64]int64{} // the document's player → here
	fresh := 0
	var freshAt []int // the registered ones, by index in doc.Players
	for i := range doc.Players {
		p := &doc.Players[i]
		if card := strings.TrimSpace(p.CardNumber); card != "" {
			id, err := players.CardHolder(ctx, card)
			if err != nil {
				return nil, fmt.Errorf("season import: card %s: %w", card, err)
			}
			if id != 0 {
				local, err := players.FindPlayer(ctx, id)
				if err != nil {
					return nil, fmt.Errorf("season import: player %d: %w", id, err)
				}
				ids[p.ID] = local.ID
				*p = *local
				out.Matched = append(out.Matched, *local)
				continue
			}
		}
		fresh++
		freshAt = append(freshAt, i)
		ids[p.ID] = int64(-fresh)
		p.ID = int64(-fresh)
		p.Version = 1
		p.Notes = strings.TrimSpace(ImportFlag + " " + doc.Tournament.Name + " " + doc.Tournament.Date + "\n" + p.Notes)
		p.Normalize()
	}
	for i := range doc.Entries {
		for j := range doc.Entries[i].Members {
			m := &doc.Entries[i].Members[j]
			if id, ok := ids[m.PlayerID]; ok {
				m.PlayerID = id
			}
		}
	}
	// Sent again with its idempotency key, the import answers as it first did.
	// The record is read in the store's transaction, before the commit: by then the
	// document carries its new numbers.
	var rec importRecord
	record := func() importRecord {
		r := importRecord{Tournament: doc.Tournament.ID}
		for _, p := range out.Matched {
			r.Matched = append(r.Matched, p.ID)
		}
		for _, i := range freshAt {
			r.Registered = append(r.Registered, doc.Players[i].ID)
		}
		return r
	}
	err = once(ctx, s.Store, "import into season", []any{sid, digest(raw)}, func(ctx context.Context, c *Claim) error {
		c.setResult(func() string { return jsonResult(record())() })
		if _, _, err := s.Store.ImportCopy(ctx, doc, sid); err != nil {
			return err
		}
		rec = record()
		return nil
	}, func(stored string) error {
		return json.Unmarshal([]byte(stored), &rec)
	})
	if err != nil {
		return nil, err
	}
	tid := rec.Tournament
	out.Matched, out.Registered = []Player{}, []Player{}
	for _, ids := range []struct {
		ids  []int64
		into *[]Player
	}{{rec.Matched, &out.Matched}, {rec.Registered, &out.Registered}} {
		for _, id := range ids.ids {
			p, err := players.FindPlayer(ctx, id)
			if err != nil {
				return nil, fmt.Errorf("season import: player %d: %w", id, err)
			}
			*ids.into = append(*ids.into, *p)
		}
	}
	st, err := s.Tournaments.Store.Load(ctx, tid)
	if err != nil {
		return nil, err
	}
	out.Tournament = st.Tournament
	return out, nil
}

// importRecord is what an import into a season records with its idempotency key: the
// tournament it created and the players it matched and registered.
type importRecord struct {
	Tournament int64   `json:"tournament"`
	Matched    []int64 `json:"matched"`
	Registered []int64 `json:"registered"`
}

// ImportFlag starts the notes of a player registered by importing a tournament into a
// season, so that the registry shows who to check (a duplicate without a card number).
const ImportFlag = "[imported]"

// SeasonImport is what importing a tournament document into a season did.
type SeasonImport struct {
	Tournament Tournament `json:"tournament"`
	// Matched are the document's players found here by card number; Registered the ones
	// registered by the import (flagged in their notes, to be checked).
	Matched    []Player `json:"matched"`
	Registered []Player `json:"registered"`
}
