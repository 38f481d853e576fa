package tournament

import (
	"context"
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
	tid, created, err := s.Store.ImportCopy(ctx, doc, sid)
	if err != nil {
		return nil, err
	}
	k := 0
	for _, p := range doc.Players {
		if k < len(created) && p.ID == created[k] {
			out.Registered = append(out.Registered, p)
			k++
		}
	}
	st, err := s.Tournaments.Store.Load(ctx, tid)
	if err != nil {
		return nil, err
	}
	out.Tournament = st.Tournament
	return out, nil
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
