package db

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"burraco/tournament"
)

// playerRow is the players table.
type playerRow struct {
	ID         int64
	FirstName  string
	LastName   string
	Club       string
	CardNumber *string
	Email      string
	Phone      string
	Notes      string
	Active     bool
	Version    int
	Search     string // tournament.PlayerSearchText, kept on every write
	ClubID     int64  // the club whose registry holds the player (tenantNew on create)
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (playerRow) TableName() string { return "players" }

func toPlayerRow(p *tournament.Player) playerRow {
	r := playerRow{ID: p.ID, FirstName: p.FirstName, LastName: p.LastName, Club: p.Club,
		Email: p.Email, Phone: p.Phone, Notes: p.Notes, Active: p.Active, Version: p.Version, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
	if r.Version == 0 {
		r.Version = 1
	}
	if p.CardNumber != "" {
		c := p.CardNumber
		r.CardNumber = &c
	}
	r.Search = tournament.PlayerSearchText(p)
	return r
}

func (r playerRow) player() tournament.Player {
	p := tournament.Player{ID: r.ID, FirstName: r.FirstName, LastName: r.LastName, Club: r.Club,
		Email: r.Email, Phone: r.Phone, Notes: r.Notes, Active: r.Active, Version: r.Version, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	if r.CardNumber != nil {
		p.CardNumber = *r.CardNumber
	}
	return p
}

func players(rows []playerRow) []tournament.Player {
	ps := make([]tournament.Player, len(rows))
	for i, r := range rows {
		ps[i] = r.player()
	}
	return ps
}

var errCardTaken = &tournament.Error{Code: tournament.ECONFLICT, Key: "error.invalid",
	Fields: map[string]string{"card_number": "player.card_number.taken"}}

// FindPlayer returns one player.
func (d *DB) FindPlayer(ctx context.Context, id int64) (*tournament.Player, error) {
	var r playerRow
	if err := d.gorm.WithContext(ctx).First(&r, id).Error; err != nil {
		return nil, wrap(err, "find player")
	}
	if err := d.tenant(ctx, r.ClubID, false); err != nil {
		return nil, err
	}
	p := r.player()
	return &p, nil
}

// FindPlayers returns a page of players sorted by name, and how many match in all.
func (d *DB) FindPlayers(ctx context.Context, f tournament.PlayerFilter) ([]tournament.Player, int, error) {
	q := d.gorm.WithContext(ctx).Model(&playerRow{})
	if f := d.tenantFilter(ctx, "club_id"); f != "" {
		q = q.Where(f)
	}
	if !f.IncludeInactive {
		q = q.Where("active = ?", true)
	}
	// Each word of the query, folded as the search column is, must occur in it, spaces
	// ignored: "deluca" finds "De Luca" (tournament.FoldName, as duplicates are found).
	words := strings.Fields(tournament.SearchText(f.Query))
	if len(words) > maxSearchWords {
		words = words[:maxSearchWords] // as the national search: not thousands of conditions
	}
	for _, w := range words {
		q = q.Where("REPLACE(search, ' ', '') LIKE ? ESCAPE '\\'", "%"+escapeLike(w)+"%")
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("count players: %w", err)
	}
	var rows []playerRow
	if err := q.Order("LOWER(last_name), LOWER(first_name), id").Offset(f.Offset).Limit(f.Limit).Find(&rows).Error; err != nil {
		return nil, 0, fmt.Errorf("find players: %w", err)
	}
	return players(rows), int(total), nil
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// cardTaken reports whether another player of the club holds the card number (a card
// number is unique within a club).
func cardTaken(tx *gorm.DB, club int64, card *string, exceptID int64) (bool, error) {
	if card == nil {
		return false, nil
	}
	var n int64
	err := tx.Model(&playerRow{}).Where("club_id = ? AND card_number = ? AND id <> ?", club, *card, exceptID).Count(&n).Error
	return n > 0, err
}

// CreatePlayer inserts a player.
func (d *DB) CreatePlayer(ctx context.Context, p *tournament.Player) error {
	return d.CreatePlayerUnlike(ctx, p, nil)
}

// registryLock is the second key of the advisory lock that serializes, on PostgreSQL,
// the registrations that look for a registered namesake first (CreatePlayerUnlike):
// instances share the database. On SQLite lockWriters already serializes them.
const registryLock = 2

// CreatePlayerUnlike inserts a player unless unlike, given every registered player
// read in the same transaction, refuses (see tournament.PlayerStore): two requests
// registering the same person at once find each other, one is refused.
func (d *DB) CreatePlayerUnlike(ctx context.Context, p *tournament.Player, unlike func([]tournament.Player) error) error {
	if err := tournament.Vet(p); err != nil {
		return err
	}
	r := toPlayerRow(p)
	club, err := d.tenantNew(ctx)
	if err != nil {
		return err
	}
	r.ClubID = club
	err = d.tx(ctx, func(tx *gorm.DB) error {
		if unlike != nil {
			if d.postgres {
				if err := tx.Exec("SELECT pg_advisory_xact_lock(?, ?)", migrationLock, registryLock).Error; err != nil {
					return err
				}
			}
			var rows []playerRow
			if err := tx.Where("club_id = ?", club).Order("LOWER(last_name), LOWER(first_name), id").Find(&rows).Error; err != nil {
				return err
			}
			if err := unlike(players(rows)); err != nil {
				return err
			}
		}
		if taken, err := cardTaken(tx, club, r.CardNumber, 0); err != nil {
			return err
		} else if taken {
			return errCardTaken
		}
		if err := tx.Create(&r).Error; err != nil {
			return err
		}
		p.ID = r.ID // for the idempotency key's result, recorded before the commit
		return linkNational(gormRun(tx), []int64{r.ID})
	})
	if isUniqueViolation(err) {
		return errCardTaken
	} else if err != nil {
		return wrap(err, "create player")
	}
	*p = r.player()
	return nil
}

// UpdatePlayer saves every field of a player.
func (d *DB) UpdatePlayer(ctx context.Context, p *tournament.Player) error {
	if err := tournament.Vet(p); err != nil {
		return err
	}
	r := toPlayerRow(p)
	if err := d.tenantPlayer(ctx, r.ID, true); err != nil {
		return err
	}
	err := d.tx(ctx, func(tx *gorm.DB) error {
		var club int64
		if err := tx.Raw("SELECT club_id FROM players WHERE id = ?", r.ID).Row().Scan(&club); err != nil && !isNoRows(err) {
			return err
		}
		if taken, err := cardTaken(tx, club, r.CardNumber, r.ID); err != nil {
			return err
		} else if taken {
			return errCardTaken
		}
		q := tx.Model(&playerRow{}).Where("id = ?", r.ID)
		if p.Version != 0 {
			q = q.Where("version = ?", p.Version)
		}
		res := q.Updates(map[string]any{"first_name": r.FirstName, "last_name": r.LastName, "club": r.Club,
			"card_number": r.CardNumber, "email": r.Email, "phone": r.Phone, "notes": r.Notes, "active": r.Active, "search": r.Search,
			"version": gorm.Expr("version + 1"), "updated_at": storedNow()})
		if res.Error != nil {
			return res.Error
		} else if res.RowsAffected == 0 {
			var n int64
			if err := tx.Model(&playerRow{}).Where("id = ?", r.ID).Count(&n).Error; err != nil {
				return err
			} else if n == 0 {
				return gorm.ErrRecordNotFound
			}
			return tournament.Errorf(tournament.ECONFLICT, "player.stale")
		}
		if err := tx.Exec(bumpRegistry, r.ID).Error; err != nil {
			return err
		}
		if err := linkNational(gormRun(tx), []int64{r.ID}); err != nil {
			return err
		}
		return tx.Model(&playerRow{}).Where("id = ?", r.ID).Select("version", "updated_at").Take(&r).Error
	})
	if isUniqueViolation(err) {
		return errCardTaken
	} else if err != nil {
		return wrap(err, "update player")
	}
	p.Version, p.UpdatedAt = r.Version, r.UpdatedAt
	return nil
}

// CreatePlayers inserts all the players in one transaction, or none.
func (d *DB) CreatePlayers(ctx context.Context, ps []tournament.Player) error {
	club, err := d.tenantNew(ctx)
	if err != nil {
		return err
	}
	rows := make([]playerRow, len(ps))
	for i := range ps {
		if err := tournament.Vet(&ps[i]); err != nil {
			return err
		}
		rows[i] = toPlayerRow(&ps[i])
		rows[i].ClubID = club
	}
	err = d.tx(ctx, func(tx *gorm.DB) error {
		if err := tx.CreateInBatches(&rows, 200).Error; err != nil {
			return err
		}
		ids := make([]int64, len(rows))
		for i := range rows {
			ids[i] = rows[i].ID
		}
		return linkNational(gormRun(tx), ids)
	})
	if isUniqueViolation(err) {
		return errCardTaken
	} else if err != nil {
		return fmt.Errorf("create players: %w", err)
	}
	return nil
}

// gormRun runs a statement in a gorm transaction (for linkNational).
func gormRun(tx *gorm.DB) func(q string, args ...any) error {
	return func(q string, args ...any) error { return tx.Exec(q, args...).Error }
}

// CardHolder returns the ID of the player of the request's current club holding a card
// number, or 0.
func (d *DB) CardHolder(ctx context.Context, card string) (int64, error) {
	club, err := d.tenantNew(ctx)
	if err != nil {
		return 0, err
	}
	var ids []int64
	if err := d.gorm.WithContext(ctx).Model(&playerRow{}).Where("club_id = ? AND card_number = ?", club, card).Limit(1).Pluck("id", &ids).Error; err != nil {
		return 0, fmt.Errorf("card holder: %w", err)
	}
	if len(ids) == 0 {
		return 0, nil
	}
	return ids[0], nil
}

// AllPlayers returns the whole registry of the scope's clubs sorted by name.
func (d *DB) AllPlayers(ctx context.Context) ([]tournament.Player, error) {
	var rows []playerRow
	q := d.gorm.WithContext(ctx)
	if f := d.tenantFilter(ctx, "club_id"); f != "" {
		q = q.Where(f)
	}
	if err := q.Order("LOWER(last_name), LOWER(first_name), id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("all players: %w", err)
	}
	return players(rows), nil
}

// MergePlayers moves every entry of drop to keep and removes drop, in one transaction
// (see tournament.PlayerStore).
func (d *DB) MergePlayers(ctx context.Context, keep, drop *tournament.Player, logLine func(tid, entryID int64) tournament.Event) ([]int64, error) {
	r := toPlayerRow(keep)
	for _, id := range []int64{keep.ID, drop.ID} {
		if err := d.tenantPlayer(ctx, id, true); err != nil {
			return nil, err
		}
	}
	var tids []int64
	err := d.write(ctx, func(x *sqlTx) error {
		tids = tids[:0]
		type moved struct{ tid, entryID int64 }
		var ms []moved
		rows, err := x.query("SELECT tournament_id, entry_id FROM entry_members WHERE player_id = ? ORDER BY tournament_id", drop.ID)
		if err != nil {
			return err
		}
		for rows.Next() {
			var m moved
			if err := rows.Scan(&m.tid, &m.entryID); err != nil {
				rows.Close()
				return err
			}
			ms = append(ms, m)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, m := range ms {
			if d.postgres { // the tournament's lock, as every command on it takes
				var id int64
				if err := x.queryRow("SELECT id FROM tournaments WHERE id = ? FOR UPDATE", m.tid).Scan(&id); err != nil {
					return err
				}
			}
			var n int
			var name string
			if err := x.queryRow("SELECT COUNT(*), COALESCE(MAX(t.name), '') FROM entry_members m JOIN tournaments t ON t.id = m.tournament_id WHERE m.tournament_id = ? AND m.player_id = ?",
				m.tid, keep.ID).Scan(&n, &name); err != nil {
				return err
			}
			if n > 0 {
				return tournament.Errorf(tournament.ECONFLICT, "players.merge_shared", name)
			}
		}
		for _, m := range ms {
			if err := x.run("UPDATE entry_members SET player_id = ? WHERE tournament_id = ? AND player_id = ?", keep.ID, m.tid, drop.ID); err != nil {
				return err
			}
			// A player's entry without a club takes the kept player's.
			if err := x.run("UPDATE entries SET club = ? WHERE id = ? AND kind = ? AND club = ''", r.Club, m.entryID, tournament.EntryPlayer); err != nil {
				return err
			}
			if err := (&storeTx{sqlTx: x, tid: m.tid}).Log(logLine(m.tid, m.entryID)); err != nil {
				return err
			}
			tids = append(tids, m.tid)
		}
		if n, err := x.affected("DELETE FROM players WHERE id = ? AND version = ?", drop.ID, drop.Version); err != nil {
			return err
		} else if n == 0 {
			return tournament.Errorf(tournament.ECONFLICT, "player.stale")
		}
		now := storedNow()
		n, err := x.affected("UPDATE players SET first_name = ?, last_name = ?, club = ?, card_number = ?, email = ?, phone = ?, notes = ?, active = ?, search = ?, "+
			"version = version + 1, updated_at = ? WHERE id = ? AND version = ?", r.FirstName, r.LastName, r.Club, r.CardNumber, r.Email, r.Phone, r.Notes,
			r.Active, r.Search, now, r.ID, r.Version)
		if err != nil {
			return err
		} else if n == 0 {
			return tournament.Errorf(tournament.ECONFLICT, "player.stale")
		}
		if err := x.run(bumpRegistry, keep.ID); err != nil {
			return err
		}
		if err := linkNational(x.run, []int64{keep.ID}); err != nil {
			return err
		}
		keep.Version, keep.UpdatedAt = r.Version+1, now
		return nil
	})
	if isUniqueViolation(err) {
		return nil, errCardTaken
	} else if isFKViolation(err) {
		// The other record was entered somewhere while the merge ran: try again.
		return nil, tournament.Errorf(tournament.ECONFLICT, "error.conflict")
	}
	return tids, wrap(err, "merge players")
}
