package db

import (
	"fmt"
	"strings"

	"burraco/tournament"
	tsync "burraco/tournament/sync"
)

// The hub's copy of a club's results (issue 39): an accepted revision becomes a
// tournament of the sending club on the hub, in the transaction that records it, so
// that the national ranking's worker ranks it like any final evening. A newer revision
// deletes the older one's copy and writes its own (the worker sees the old one gone and
// the new one changed). received_results.copy_id maps a revision to its copy.

// copyResults writes doc, the accepted revision of the club's tournament uid recorded
// as receipt, as a tournament of club (renumbered past every stored number; players
// matched to the club's by card number, else by name among the club's players without
// one, else registered and flagged as an import's), deleting the copy of an older
// revision. It returns the copy's ID and the IDs of the copies deleted; none when a
// newer revision was accepted first (an older one recorded late leaves the copy).
func (d *DB) copyResults(x *sqlTx, club int64, uid string, receipt, revision int64, doc *tournament.Document) (int64, []int64, error) {
	var newest int64
	if err := x.queryRow("SELECT COALESCE(MAX(revision), 0) FROM received_results WHERE club_id = ? AND tournament_uid = ? AND outcome = ?",
		club, uid, tsync.Accepted).Scan(&newest); err != nil {
		return 0, nil, err
	}
	if newest > revision {
		return 0, nil, nil
	}
	var old []int64
	rows, err := x.query("SELECT copy_id FROM received_results WHERE club_id = ? AND tournament_uid = ? AND copy_id IS NOT NULL", club, uid)
	if err != nil {
		return 0, nil, err
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, nil, err
		}
		old = append(old, id)
	}
	if err := rows.Close(); err != nil {
		return 0, nil, err
	}
	// Numbers past the largest stored, read before the old copy goes: a deleted
	// tournament's numbers are never given again.
	top := map[string]int64{}
	for _, tb := range []string{"players", "tournaments", "stages", "entries", "rounds", "round_tables"} {
		var m int64
		if err := x.queryRow(fmt.Sprintf("SELECT COALESCE(MAX(id), 0) FROM %s", tb)).Scan(&m); err != nil {
			return 0, nil, err
		}
		top[tb] = m
	}
	placed, err := placePlayers(x, club, doc)
	if err != nil {
		return 0, nil, err
	}
	c := renumber(placed, top)
	for _, tid := range old {
		if err := deleteCopy(x, club, tid); err != nil {
			return 0, nil, fmt.Errorf("delete copy %d: %w", tid, err)
		}
	}
	if err := d.importDoc(x, c, club); err != nil {
		return 0, nil, err
	}
	if err := x.run("UPDATE received_results SET copy_id = NULL WHERE club_id = ? AND tournament_uid = ? AND copy_id IS NOT NULL", club, uid); err != nil {
		return 0, nil, err
	}
	if err := x.run("UPDATE received_results SET copy_id = ? WHERE id = ?", c.Tournament.ID, receipt); err != nil {
		return 0, nil, err
	}
	return c.Tournament.ID, old, nil
}

// placePlayers returns a copy of doc whose players are the club's: one with the card
// number of a club player is that player (as the registry holds it), one without a card
// is the one club player without a card of the same name, if exactly one; the others
// get negative IDs (renumber registers them), flagged in their notes.
func placePlayers(x *sqlTx, club int64, doc *tournament.Document) (*tournament.Document, error) {
	c := *doc
	ids := map[int64]int64{}
	c.Players = append([]tournament.Player(nil), doc.Players...)
	fresh := int64(0)
	for i := range c.Players {
		p := &c.Players[i]
		var id int64
		var first, last string
		var card *string
		var err error
		if n := strings.TrimSpace(p.CardNumber); n != "" {
			err = x.queryRow("SELECT id, first_name, last_name, card_number FROM players WHERE club_id = ? AND card_number = ?", club, n).
				Scan(&id, &first, &last, &card)
		} else {
			var n int
			err = x.queryRow("SELECT COUNT(*), COALESCE(MIN(id), 0) FROM players WHERE club_id = ? AND card_number IS NULL AND first_name = ? AND last_name = ?",
				club, p.FirstName, p.LastName).Scan(&n, &id)
			if n != 1 {
				id = 0
			}
			first, last = p.FirstName, p.LastName
		}
		if err != nil && !isNoRows(err) {
			return nil, fmt.Errorf("place player %d: %w", p.ID, err)
		}
		if id != 0 {
			ids[p.ID] = id
			p.ID, p.FirstName, p.LastName = id, first, last
			if card != nil {
				p.CardNumber = *card
			}
			continue
		}
		fresh++
		ids[p.ID] = -fresh
		p.ID, p.Version = -fresh, 1
		p.Notes = strings.TrimSpace(tournament.ImportFlag + " " + doc.Tournament.Name + " " + doc.Tournament.Date + "\n" + p.Notes)
		p.Normalize()
	}
	player := func(id int64) int64 {
		if to, ok := ids[id]; ok {
			return to
		}
		return id
	}
	c.Entries = append([]tournament.Entry(nil), doc.Entries...)
	for i := range c.Entries {
		e := &c.Entries[i]
		e.Members = append([]tournament.Member(nil), e.Members...)
		for j := range e.Members {
			e.Members[j].PlayerID = player(e.Members[j].PlayerID)
		}
	}
	c.Stages = append([]tournament.StageRounds(nil), doc.Stages...)
	for i := range c.Stages {
		sr := &c.Stages[i]
		sr.Lineups = append([]tournament.Lineup(nil), sr.Lineups...)
		for j := range sr.Lineups {
			l := &sr.Lineups[j]
			for a := range l.Pairs {
				for b := range l.Pairs[a] {
					l.Pairs[a][b] = player(l.Pairs[a][b])
				}
			}
		}
	}
	return &c, nil
}

// deleteCopy deletes a copy the hub made of a club's results, with everything of it
// (the ranking's rows stay: its worker finds the tournament gone and takes them out).
func deleteCopy(x *sqlTx, club, tid int64) error {
	const stages = "(SELECT id FROM stages WHERE tournament_id = ?)"
	const rounds = "(SELECT id FROM rounds WHERE stage_id IN " + stages + ")"
	for _, q := range []string{
		"DELETE FROM hands WHERE table_id IN (SELECT id FROM round_tables WHERE round_id IN " + rounds + ")",
		"DELETE FROM sides WHERE round_id IN " + rounds,
		"DELETE FROM byes WHERE round_id IN " + rounds,
		"DELETE FROM round_tables WHERE round_id IN " + rounds,
		"DELETE FROM rounds WHERE stage_id IN " + stages,
		"DELETE FROM lineups WHERE stage_id IN " + stages,
		"UPDATE stages SET from_stage_id = NULL WHERE tournament_id = ?",
		"DELETE FROM stages WHERE tournament_id = ?",
		"DELETE FROM entry_members WHERE tournament_id = ?",
		"DELETE FROM entries WHERE tournament_id = ?",
		"DELETE FROM events WHERE tournament_id = ?",
		"DELETE FROM report_settings WHERE tournament_id = ?",
		"DELETE FROM table_codes WHERE tournament_id = ?",
		"DELETE FROM reports WHERE tournament_id = ?",
		"DELETE FROM season_tournaments WHERE tournament_id = ?",
	} {
		if err := x.run(q, tid); err != nil {
			return err
		}
	}
	return x.run("DELETE FROM tournaments WHERE id = ? AND club_id = ?", tid, club)
}
