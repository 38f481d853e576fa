package db

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"burraco/tournament"
)

// ImportCopy implements tournament.SeasonStore: the document is renumbered past the
// highest number of each table, in the transaction that writes it, so that a tournament
// from another copy of the app never meets one of this copy's numbers. The log's undo
// data (which names the old numbers) is not kept: an imported tournament's past changes
// cannot be undone.
func (d *DB) ImportCopy(ctx context.Context, doc *tournament.Document, seasonID int64) (int64, []int64, error) {
	if err := tournament.Vet(doc); err != nil {
		return 0, nil, err
	}
	club, err := d.tenantNew(ctx)
	if seasonID != 0 {
		// Into a season: the season's club, which the request must write.
		if err = d.tenantSeason(ctx, seasonID, true); err == nil {
			club, err = d.clubOfRow(ctx, "SELECT club_id FROM seasons WHERE id = ?", seasonID)
		}
	}
	if err == nil {
		err = d.tenantTier(ctx, "", doc.Tournament.Tier)
	}
	if err != nil {
		return 0, nil, err
	}
	var fresh []int64
	orig := *doc // each attempt renumbers the document as given
	// Numbers are handed out past the largest stored: a write that took the same
	// numbers meanwhile (another import, a player registered; PostgreSQL does not
	// serialize them) makes this one fail on a unique key: it runs again, renumbered.
	for attempt := 1; attempt <= importAttempts; attempt++ {
		if err = d.importCopyOnce(ctx, &orig, doc, club, seasonID, &fresh); !isUniqueViolation(err) {
			break
		}
		time.Sleep(time.Duration(rand.Int64N(int64(attempt) * int64(10*time.Millisecond))))
	}
	if isFKViolation(err) {
		return 0, nil, tournament.Errorf(tournament.EINVALID, "import.inconsistent")
	}
	if isUniqueViolation(err) {
		return 0, nil, tournament.Errorf(tournament.ECONFLICT, "import.busy")
	}
	if err != nil {
		return 0, nil, wrap(err, "import copy")
	}
	d.tournamentClubs.Store(doc.Tournament.ID, club)
	return doc.Tournament.ID, fresh, nil
}

// importAttempts bounds how often ImportCopy runs again after a clash of numbers.
const importAttempts = 4

// importCopyOnce is one attempt of ImportCopy's transaction, into club.
func (d *DB) importCopyOnce(ctx context.Context, orig, doc *tournament.Document, club, seasonID int64, out *[]int64) error {
	return d.write(ctx, func(x *sqlTx) error {
		fresh := []int64{}
		max := map[string]int64{}
		for _, tb := range []string{"players", "tournaments", "stages", "entries", "rounds", "round_tables"} {
			var m int64
			if err := x.queryRow(fmt.Sprintf("SELECT COALESCE(MAX(id), 0) FROM %s", tb)).Scan(&m); err != nil {
				return err
			}
			max[tb] = m
		}
		c := renumber(orig, max)
		for _, p := range c.Players {
			if p.ID > max["players"] {
				fresh = append(fresh, p.ID)
				// Its card matched nobody before this transaction: still nobody's
				// (another import may have registered it meanwhile).
				if p.CardNumber != "" {
					var id int64
					if err := x.queryRow("SELECT id FROM players WHERE club_id = ? AND card_number = ?", club, p.CardNumber).Scan(&id); err == nil {
						return tournament.Errorf(tournament.ECONFLICT, "import.card_registered", p.FullName())
					} else if !isNoRows(err) {
						return err
					}
				}
				continue
			}
			// A player matched here before this transaction: still here (a merge in
			// between deleted it; writing it back would undo the merge).
			var one int
			if err := x.queryRow("SELECT 1 FROM players WHERE id = ? AND club_id = ?", p.ID, club).Scan(&one); isNoRows(err) {
				return tournament.Errorf(tournament.ECONFLICT, "import.player_gone", p.FullName())
			} else if err != nil {
				return err
			}
		}
		if seasonID != 0 {
			// The season's row first: two imports into one season take turns here, so
			// that the second sees the first's tournament.
			n, err := x.affected("UPDATE seasons SET revision = revision + 1, updated_at = ? WHERE id = ?", storedNow(), seasonID)
			if err != nil {
				return err
			} else if n == 0 {
				return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
			}
			if err := sameInSeason(x, seasonID, &c.Tournament); err != nil {
				return err
			}
		}
		if err := d.importDoc(x, c, club); err != nil {
			return err
		}
		if seasonID != 0 {
			if err := addSeasonTournament(x, seasonID, c.Tournament.ID); err != nil {
				return err
			}
		}
		*doc, *out = *c, fresh
		return nil
	})
}

// sameInSeason refuses a tournament the season already counts: one of the same date and
// the same name (tournament.FoldName: case, accents and spaces ignored), whatever its
// scores — the same document imported again, or a corrected copy of it, would count the
// evening twice. ECONFLICT "season.err.already_in" names the one there.
func sameInSeason(x *sqlTx, sid int64, t *tournament.Tournament) error {
	rows, err := x.query("SELECT t.id, t.name FROM tournaments t JOIN season_tournaments s ON s.tournament_id = t.id "+
		"WHERE s.season_id = ? AND t.date = ? ORDER BY t.id", sid, t.Date)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return err
		}
		if tournament.FoldName(name) == tournament.FoldName(t.Name) {
			return tournament.Errorf(tournament.ECONFLICT, "season.err.already_in", name, t.Date, id)
		}
	}
	return rows.Err()
}

// renumber returns a copy of doc with every number moved past max (by table name); a
// player with a negative ID becomes a new one, the others keep theirs.
func renumber(doc *tournament.Document, max map[string]int64) *tournament.Document {
	c := *doc
	tid := max["tournaments"] + 1
	stage := func(id int64) int64 { return id - minID(doc, "stages") + max["stages"] + 1 }
	entry := func(id int64) int64 {
		if id == 0 {
			return 0
		}
		return id - minID(doc, "entries") + max["entries"] + 1
	}
	player := func(id int64) int64 {
		if id < 0 {
			return max["players"] - id
		}
		return id
	}
	c.Tournament.ID = tid
	c.Players = append([]tournament.Player(nil), doc.Players...)
	for i := range c.Players {
		c.Players[i].ID = player(c.Players[i].ID)
	}
	c.Entries = append([]tournament.Entry(nil), doc.Entries...)
	for i := range c.Entries {
		e := &c.Entries[i]
		e.ID, e.TournamentID = entry(e.ID), tid
		e.Members = append([]tournament.Member(nil), e.Members...)
		for j := range e.Members {
			e.Members[j].PlayerID = player(e.Members[j].PlayerID)
		}
	}
	roundBase, tableBase := minID(doc, "rounds"), minID(doc, "round_tables")
	c.Stages = append([]tournament.StageRounds(nil), doc.Stages...)
	for i := range c.Stages {
		sr := &c.Stages[i]
		sr.ID, sr.TournamentID = stage(sr.ID), tid
		if sr.FromStageID != nil {
			f := stage(*sr.FromStageID)
			sr.FromStageID = &f
		}
		sr.Rounds = append([]tournament.Round(nil), sr.Rounds...)
		for j := range sr.Rounds {
			r := &sr.Rounds[j]
			r.ID, r.StageID = r.ID-roundBase+max["rounds"]+1, sr.ID
			r.Tables = append([]tournament.Table(nil), r.Tables...)
			for k := range r.Tables {
				t := &r.Tables[k]
				t.ID = t.ID - tableBase + max["round_tables"] + 1
				t.Sides = append([]tournament.Side(nil), t.Sides...)
				for s := range t.Sides {
					sd := &t.Sides[s]
					sd.EntryID = entry(sd.EntryID)
					sd.Partners = append([]int64(nil), sd.Partners...)
					for p := range sd.Partners {
						sd.Partners[p] = entry(sd.Partners[p])
					}
				}
			}
			r.Byes = append([]tournament.Bye(nil), r.Byes...)
			for b := range r.Byes {
				r.Byes[b].EntryID = entry(r.Byes[b].EntryID)
			}
		}
		sr.Lineups = append([]tournament.Lineup(nil), sr.Lineups...)
		for j := range sr.Lineups {
			l := &sr.Lineups[j]
			l.StageID, l.EntryID = sr.ID, entry(l.EntryID)
			for a := range l.Pairs {
				for b := range l.Pairs[a] {
					l.Pairs[a][b] = player(l.Pairs[a][b])
				}
			}
		}
	}
	c.Events = append([]tournament.LoggedEvent(nil), doc.Events...)
	for i := range c.Events {
		e := &c.Events[i]
		e.TournamentID, e.Undo = tid, nil
		if e.StageID != 0 {
			e.StageID = stage(e.StageID)
		}
		e.EntryID = entry(e.EntryID)
	}
	return &c
}

// minID is the lowest number a document gives in a table (1 when it has none), so
// that renumbering keeps the document's order and gaps small.
func minID(doc *tournament.Document, table string) int64 {
	var ids []int64
	switch table {
	case "stages":
		for _, s := range doc.Stages {
			ids = append(ids, s.ID)
		}
	case "entries":
		for _, e := range doc.Entries {
			ids = append(ids, e.ID)
		}
	case "rounds", "round_tables":
		for _, s := range doc.Stages {
			for _, r := range s.Rounds {
				if table == "rounds" {
					ids = append(ids, r.ID)
				}
				for _, t := range r.Tables {
					if table == "round_tables" {
						ids = append(ids, t.ID)
					}
				}
			}
		}
	}
	m := int64(1)
	for i, id := range ids {
		if i == 0 || id < m {
			m = id
		}
	}
	return m
}
