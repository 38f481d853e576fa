package db

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"burraco/tournament"
	"burraco/tournament/national"
)

// The national registry's store (issue 38, tournament/national): the records, the
// linking of every club player holding a card number to the record of that card, the
// officer's merge and erasure, and the registry's log (migration 21).

// linkChunk bounds the club players one linking statement names.
const linkChunk = 500

// linkNational links the club players ids that hold a card number to the national
// record of that card, made if missing (names from the club's record): one record per
// card whatever the number of clubs. Every write of a club player calls it in its own
// transaction (TestEveryPlayerWriteLinks); run runs a statement of that transaction. A
// player without a card keeps its link (none, or one an officer made by hand).
func linkNational(run func(q string, args ...any) error, ids []int64) error {
	now := storedNow()
	for len(ids) > 0 {
		chunk := ids[:min(len(ids), linkChunk)]
		ids = ids[len(chunk):]
		list, args := inList(chunk)
		// The names of the lowest-numbered club player of the card (MIN over the rows of
		// one card would mix two players' names).
		q := "INSERT INTO national_players (card_number, first_name, last_name, region, visibility, version, created_at, updated_at) " +
			"SELECT p.card_number, p.first_name, p.last_name, '', '', 1, ?, ? FROM players p WHERE p.id IN " + list +
			" AND p.card_number IS NOT NULL AND p.id = (SELECT MIN(q.id) FROM players q WHERE q.card_number = p.card_number AND q.id IN " + list + ")" +
			" AND NOT EXISTS (SELECT 1 FROM national_players n WHERE n.card_number = p.card_number) ON CONFLICT (card_number) DO NOTHING"
		if err := run(q, append(append([]any{now, now}, args...), args...)...); err != nil {
			return fmt.Errorf("national record: %w", err)
		}
		if err := run("UPDATE players SET national_id = (SELECT n.id FROM national_players n WHERE n.card_number = players.card_number) "+
			"WHERE id IN "+list+" AND card_number IS NOT NULL", args...); err != nil {
			return fmt.Errorf("national link: %w", err)
		}
	}
	return nil
}

// inList returns "(?, ?, …)" for ids, and ids as arguments.
func inList(ids []int64) (string, []any) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return "(" + strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ") + ")", args
}

// nationalRow is a national_players row as read.
type nationalRow struct {
	ID         int64
	CardNumber string
	FirstName  string
	LastName   string
	Region     string
	Category   string
	BirthDate  *time.Time
	Visibility string
	ErasedAt   *time.Time
	Version    int
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (r nationalRow) player() national.Player {
	p := national.Player{ID: r.ID, CardNumber: r.CardNumber, FirstName: r.FirstName, LastName: r.LastName, Region: r.Region, Category: r.Category,
		Visibility: national.Visibility(r.Visibility), ErasedAt: r.ErasedAt, Version: r.Version, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	if r.BirthDate != nil {
		p.BirthDate = r.BirthDate.UTC().Format(national.DateLayout)
	}
	if p.Erased() {
		p.CardNumber = "" // the erased record's stand-in key is nobody's card
	}
	return p
}

const nationalCols = "id, card_number, first_name, last_name, region, category, birth_date, visibility, erased_at, version, created_at, updated_at"

// FindNational returns one national record.
func (d *DB) FindNational(ctx context.Context, id int64) (*national.Player, error) {
	if err := d.tenantFederation(ctx); err != nil {
		return nil, err
	}
	var rows []nationalRow
	if err := d.gorm.WithContext(ctx).Raw("SELECT "+nationalCols+" FROM national_players WHERE id = ?", id).Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("find national: %w", err)
	}
	if len(rows) == 0 {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	p := rows[0].player()
	return &p, nil
}

// maxSearchWords bounds the words of a registry search that become conditions.
const maxSearchWords = 8

// FindNationals returns a page of national records by name, and how many match.
func (d *DB) FindNationals(ctx context.Context, f national.Filter) ([]national.Player, int, error) {
	if err := d.tenantFederation(ctx); err != nil {
		return nil, 0, err
	}
	where, args := "1 = 1", []any{}
	words := strings.Fields(strings.ToLower(f.Query))
	if len(words) > maxSearchWords {
		words = words[:maxSearchWords] // a name and a card take a few: the rest is noise, not thousands of conditions
	}
	for _, w := range words {
		where += " AND LOWER(last_name || ' ' || first_name || ' ' || card_number) LIKE ? ESCAPE '\\'"
		args = append(args, "%"+escapeLike(w)+"%")
	}
	var total int64
	if err := d.gorm.WithContext(ctx).Raw("SELECT COUNT(*) FROM national_players WHERE "+where, args...).Scan(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count nationals: %w", err)
	}
	var rows []nationalRow
	if err := d.gorm.WithContext(ctx).Raw("SELECT "+nationalCols+" FROM national_players WHERE "+where+
		" ORDER BY LOWER(last_name), LOWER(first_name), id LIMIT ? OFFSET ?", append(args, f.Limit, f.Offset)...).Scan(&rows).Error; err != nil {
		return nil, 0, fmt.Errorf("find nationals: %w", err)
	}
	out := make([]national.Player, len(rows))
	for i, r := range rows {
		out[i] = r.player()
	}
	return out, int(total), nil
}

// birthValue is a record's birth date as stored (NULL when unknown).
func birthValue(s string) (*time.Time, error) {
	if s == "" {
		return nil, nil
	}
	t, err := time.Parse(national.DateLayout, s)
	if err != nil {
		return nil, tournament.Errorf(tournament.EINVALID, "national.birth_date.format")
	}
	return &t, nil
}

// logNational writes a line of the registry's log.
func logNational(x *sqlTx, l national.LogLine) error {
	return x.run("INSERT INTO national_logs (at, by_name, kind, national_id, other_id, club_players) VALUES (?, ?, ?, ?, ?, ?)",
		storedNow(), l.By, l.Kind, l.NationalID, l.OtherID, l.Count)
}

// touchTournaments logs a line without personal data in every tournament a club player
// of record id was entered in, so their revisions move and every page of them (public
// ones above all) is rendered again with the names as they now show.
func touchTournaments(x *sqlTx, id int64, by string) error {
	rows, err := x.query("SELECT DISTINCT m.tournament_id FROM entry_members m JOIN players p ON p.id = m.player_id WHERE p.national_id = ? ORDER BY m.tournament_id", id)
	if err != nil {
		return err
	}
	var tids []int64
	for rows.Next() {
		var tid int64
		if err := rows.Scan(&tid); err != nil {
			rows.Close()
			return err
		}
		tids = append(tids, tid)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	now := storedNow()
	for _, tid := range tids {
		if d := x.db; d.postgres { // the tournament's lock, as every command on it takes
			var one int64
			if err := x.queryRow("SELECT id FROM tournaments WHERE id = ? FOR UPDATE", tid).Scan(&one); err != nil {
				return err
			}
		}
		if err := x.run("UPDATE tournaments SET registry = registry + 1 WHERE id = ?", tid); err != nil {
			return err
		}
		if err := (&storeTx{sqlTx: x, tid: tid}).Log(tournament.Event{At: now, Director: by, Kind: "privacy"}); err != nil {
			return err
		}
	}
	return nil
}

// UpdateNational saves a record's names, region, category, birth date and visibility.
func (d *DB) UpdateNational(ctx context.Context, p *national.Player, line national.LogLine) error {
	if err := d.tenantFederation(ctx); err != nil {
		return err
	}
	if err := national.Vet(p); err != nil {
		return err
	}
	birth, err := birthValue(p.BirthDate)
	if err != nil {
		return err
	}
	err = d.write(ctx, func(x *sqlTx) error {
		n, err := x.affected("UPDATE national_players SET first_name = ?, last_name = ?, region = ?, category = ?, birth_date = ?, visibility = ?, "+
			"version = version + 1, updated_at = ? WHERE id = ? AND version = ? AND erased_at IS NULL",
			p.FirstName, p.LastName, p.Region, p.Category, birth, string(p.Visibility), storedNow(), p.ID, p.Version)
		if err != nil {
			return err
		} else if n == 0 {
			return nationalStaleOrGone(x, p.ID)
		}
		if err := touchTournaments(x, p.ID, line.By); err != nil {
			return err
		}
		return logNational(x, line)
	})
	if err != nil {
		return wrap(err, "update national")
	}
	p.Version++
	return nil
}

// staleOrGone tells a missing record (ENOTFOUND) from one at another version.
func nationalStaleOrGone(x *sqlTx, id int64) error {
	var n int
	if err := x.queryRow("SELECT COUNT(*) FROM national_players WHERE id = ?", id).Scan(&n); err != nil {
		return err
	} else if n == 0 {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return tournament.Errorf(tournament.ECONFLICT, "national.stale")
}

// clubPlayersQuery reads club players with their club's name.
const clubPlayersQuery = "SELECT p.id, p.club_id, COALESCE(c.name, '') AS club, p.first_name, p.last_name, COALESCE(p.card_number, '') AS card_number, " +
	"COALESCE(p.national_id, 0) AS national_id FROM players p LEFT JOIN clubs c ON c.id = p.club_id "

// ClubPlayersOf lists the club players linked to a record.
func (d *DB) ClubPlayersOf(ctx context.Context, id int64) ([]national.ClubPlayer, error) {
	if err := d.tenantFederation(ctx); err != nil {
		return nil, err
	}
	out := []national.ClubPlayer{}
	err := d.gorm.WithContext(ctx).Raw(clubPlayersQuery+"WHERE p.national_id = ? ORDER BY p.club_id, p.id", id).Scan(&out).Error
	return out, wrap(err, "club players of national")
}

// Unlinked lists the club players linked to no national record.
func (d *DB) Unlinked(ctx context.Context) ([]national.ClubPlayer, error) {
	if err := d.tenantFederation(ctx); err != nil {
		return nil, err
	}
	out := []national.ClubPlayer{}
	err := d.gorm.WithContext(ctx).Raw(clubPlayersQuery + "WHERE p.national_id IS NULL ORDER BY LOWER(p.last_name), LOWER(p.first_name), p.id").Scan(&out).Error
	return out, wrap(err, "unlinked players")
}

// Link links a club player to a record by hand.
func (d *DB) Link(ctx context.Context, playerID, id int64, line national.LogLine) error {
	if err := d.tenantFederation(ctx); err != nil {
		return err
	}
	err := d.write(ctx, func(x *sqlTx) error {
		var card *string
		if err := x.queryRow("SELECT card_number FROM players WHERE id = ?", playerID).Scan(&card); isNoRows(err) {
			return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		} else if err != nil {
			return err
		}
		var ncard string
		if err := x.queryRow("SELECT card_number FROM national_players WHERE id = ? AND erased_at IS NULL", id).Scan(&ncard); isNoRows(err) {
			return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		} else if err != nil {
			return err
		}
		if card != nil && *card != ncard {
			return tournament.Errorf(tournament.ECONFLICT, "national.card_differs")
		}
		if err := x.run("UPDATE players SET national_id = ?, version = version + 1, updated_at = ? WHERE id = ?", id, storedNow(), playerID); err != nil {
			return err
		}
		if err := x.run(bumpRegistry, playerID); err != nil {
			return err
		}
		if err := touchTournaments(x, id, line.By); err != nil {
			return err
		}
		return logNational(x, line)
	})
	return wrap(err, "link national")
}

// MergeNationals moves drop's club players to keep and removes drop. The moved club
// players take keep's card number (one person, one card); a club holding a player of
// each record must merge its two players first (ECONFLICT "national.merge_club").
func (d *DB) MergeNationals(ctx context.Context, keep, drop *national.Player, line national.LogLine) error {
	if err := d.tenantFederation(ctx); err != nil {
		return err
	}
	if err := national.Vet(keep); err != nil {
		return err
	}
	birth, err := birthValue(keep.BirthDate)
	if err != nil {
		return err
	}
	err = d.write(ctx, func(x *sqlTx) error {
		var clash int
		if err := x.queryRow("SELECT COUNT(*) FROM players a JOIN players b ON a.club_id = b.club_id WHERE a.national_id = ? AND b.national_id = ?",
			keep.ID, drop.ID).Scan(&clash); err != nil {
			return err
		} else if clash > 0 {
			return tournament.Errorf(tournament.ECONFLICT, "national.merge_club")
		}
		moved, err := x.affected("UPDATE players SET national_id = ?, card_number = CASE WHEN card_number IS NULL THEN NULL ELSE ? END, "+
			"version = version + 1, updated_at = ? WHERE national_id = ?", keep.ID, keep.CardNumber, storedNow(), drop.ID)
		if err != nil {
			return err
		}
		if n, err := x.affected("DELETE FROM national_players WHERE id = ? AND version = ? AND erased_at IS NULL", drop.ID, drop.Version); err != nil {
			return err
		} else if n == 0 {
			return nationalStaleOrGone(x, drop.ID)
		}
		if n, err := x.affected("UPDATE national_players SET region = ?, birth_date = ?, version = version + 1, updated_at = ? "+
			"WHERE id = ? AND version = ? AND erased_at IS NULL", keep.Region, birth, storedNow(), keep.ID, keep.Version); err != nil {
			return err
		} else if n == 0 {
			return nationalStaleOrGone(x, keep.ID)
		}
		if err := touchTournaments(x, keep.ID, line.By); err != nil {
			return err
		}
		line.Count = int(moved)
		return logNational(x, line)
	})
	if isUniqueViolation(err) {
		return tournament.Errorf(tournament.ECONFLICT, "national.merge_club")
	} else if err != nil {
		return wrap(err, "merge nationals")
	}
	keep.Version++
	return nil
}

// EraseNational removes a record's personal data and that of every club player linked
// to it; their entries, and so every place, stay. Their names in the tournaments they
// played (a pair's name, the log's lines) become the neutral label too.
func (d *DB) EraseNational(ctx context.Context, p *national.Player, line national.LogLine) error {
	if err := d.tenantFederation(ctx); err != nil {
		return err
	}
	label := national.Label(p.ID)
	err := d.write(ctx, func(x *sqlTx) error {
		type named struct {
			id          int64
			first, last string
		}
		var ps []named
		rows, err := x.query("SELECT id, first_name, last_name FROM players WHERE national_id = ? ORDER BY id", p.ID)
		if err != nil {
			return err
		}
		for rows.Next() {
			var n named
			if err := rows.Scan(&n.id, &n.first, &n.last); err != nil {
				rows.Close()
				return err
			}
			ps = append(ps, n)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		// The names as they were, longest first (a full name before a part of it).
		var names []string
		seen := map[string]bool{}
		add := func(s string) {
			if s = strings.TrimSpace(s); len([]rune(s)) >= 3 && !seen[s] {
				seen[s] = true
				names = append(names, s)
			}
		}
		add(p.LastName + " " + p.FirstName)
		add(p.FirstName + " " + p.LastName)
		for _, n := range ps {
			add(n.last + " " + n.first)
			add(n.first + " " + n.last)
		}
		sortLongestFirst(names)
		if err := touchTournaments(x, p.ID, line.By); err != nil {
			return err
		}
		now := storedNow()
		for _, n := range ps {
			erased := tournament.Player{FirstName: strconv.FormatInt(p.ID, 10), LastName: national.ErasedLabel}
			if err := x.run("UPDATE players SET first_name = ?, last_name = ?, card_number = NULL, email = '', phone = '', notes = '', search = ?, "+
				"version = version + 1, updated_at = ? WHERE id = ?", erased.FirstName, erased.LastName, tournament.PlayerSearchText(&erased), now, n.id); err != nil {
				return err
			}
			if err := x.run(bumpRegistry, n.id); err != nil {
				return err
			}
			for _, old := range names {
				esc, _ := json.Marshal(old)
				jold := strings.Trim(string(esc), `"`)
				if err := x.run("UPDATE entries SET name = REPLACE(name, ?, ?) WHERE id IN (SELECT entry_id FROM entry_members WHERE player_id = ?)", old, label, n.id); err != nil {
					return err
				}
				if err := x.run("UPDATE events SET data = REPLACE(data, ?, ?), undo = REPLACE(undo, ?, ?) "+
					"WHERE tournament_id IN (SELECT tournament_id FROM entry_members WHERE player_id = ?)", jold, label, jold, label, n.id); err != nil {
					return err
				}
			}
		}
		stand := "~" + strconv.FormatInt(p.ID, 10) // no card has '~': never a real card's
		n, err := x.affected("UPDATE national_players SET card_number = ?, first_name = ?, last_name = ?, region = '', category = '', birth_date = NULL, visibility = '', "+
			"erased_at = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ? AND erased_at IS NULL",
			stand, strconv.FormatInt(p.ID, 10), national.ErasedLabel, now, now, p.ID, p.Version)
		if err != nil {
			return err
		} else if n == 0 {
			return nationalStaleOrGone(x, p.ID)
		}
		line.Count = len(ps)
		return logNational(x, line)
	})
	return wrap(err, "erase national")
}

// sortLongestFirst orders names by length, longest first.
func sortLongestFirst(names []string) {
	for i := 1; i < len(names); i++ {
		for j := i; j > 0 && len(names[j]) > len(names[j-1]); j-- {
			names[j], names[j-1] = names[j-1], names[j]
		}
	}
}

// NationalPlayed lists the tournaments a record's club players were entered in.
func (d *DB) NationalPlayed(ctx context.Context, id int64) ([]national.Played, error) {
	if err := d.tenantFederation(ctx); err != nil {
		return nil, err
	}
	out := []national.Played{}
	err := d.gorm.WithContext(ctx).Raw("SELECT DISTINCT m.tournament_id, m.player_id, COALESCE(c.name, '') AS club, t.published "+
		"FROM entry_members m JOIN players p ON p.id = m.player_id JOIN tournaments t ON t.id = m.tournament_id "+
		"LEFT JOIN clubs c ON c.id = t.club_id WHERE p.national_id = ? ORDER BY m.tournament_id", id).Scan(&out).Error
	return out, wrap(err, "national played")
}

// Visibilities returns, by club player, the national record it is linked to. A club's
// scope (a club's public site, /c/{slug}/…) reads its own players' records only: the
// public pages of its tournaments hide names by them, and a tournament's entries are
// players of its club.
func (d *DB) Visibilities(ctx context.Context, playerIDs []int64) (map[int64]national.Player, error) {
	within := ""
	if d.tenantFederation(ctx) != nil {
		within = d.tenantAnd(ctx, "p.club_id")
	}
	out := map[int64]national.Player{}
	for len(playerIDs) > 0 {
		chunk := playerIDs[:min(len(playerIDs), linkChunk)]
		playerIDs = playerIDs[len(chunk):]
		list, args := inList(chunk)
		var rows []struct {
			PlayerID, ID                                        int64
			CardNumber, FirstName, LastName, Region, Visibility string
			BirthDate, ErasedAt                                 *time.Time
			Version                                             int
		}
		if err := d.gorm.WithContext(ctx).Raw("SELECT p.id AS player_id, n.id, n.card_number, n.first_name, n.last_name, n.region, n.birth_date, "+
			"n.visibility, n.erased_at, n.version FROM players p JOIN national_players n ON n.id = p.national_id WHERE p.id IN "+list+within,
			args...).Scan(&rows).Error; err != nil {
			return nil, fmt.Errorf("visibilities: %w", err)
		}
		for _, r := range rows {
			out[r.PlayerID] = nationalRow{ID: r.ID, CardNumber: r.CardNumber, FirstName: r.FirstName, LastName: r.LastName, Region: r.Region,
				BirthDate: r.BirthDate, Visibility: r.Visibility, ErasedAt: r.ErasedAt, Version: r.Version}.player()
		}
	}
	return out, nil
}

// NationalLog returns the latest lines of the registry's log, newest first.
func (d *DB) NationalLog(ctx context.Context, limit int) ([]national.LogLine, error) {
	if err := d.tenantFederation(ctx); err != nil {
		return nil, err
	}
	out := []national.LogLine{}
	err := d.gorm.WithContext(ctx).Raw("SELECT id, at, by_name AS \"by\", kind, national_id, other_id, club_players AS \"count\" FROM national_logs ORDER BY id DESC LIMIT ?", limit).Scan(&out).Error
	return out, wrap(err, "national log")
}

// DirectorRole returns a director's role (migration 20's directors.role).
func (d *DB) DirectorRole(ctx context.Context, directorID int64) (string, error) {
	var roles []string
	if err := d.gorm.WithContext(ctx).Raw("SELECT role FROM directors WHERE id = ?", directorID).Scan(&roles).Error; err != nil {
		return "", fmt.Errorf("director role: %w", err)
	}
	if len(roles) == 0 {
		return "", tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return roles[0], nil
}

var _ national.Store = (*DB)(nil)
