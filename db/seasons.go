package db

import (
	"context"
	"encoding/json"
	"fmt"

	"burraco/tournament"
	"burraco/tournament/season"
)

// seasonCols are a season's columns, read by scanSeason.
const seasonCols = "id, name, from_date, to_date, settings, published, version, revision, created_at, updated_at"

func scanSeason(row interface{ Scan(...any) error }, s *season.Season) error {
	var settings string
	if err := row.Scan(&s.ID, &s.Name, &s.From, &s.To, &settings, &s.Published, &s.Version, &s.Revision, &s.CreatedAt, &s.UpdatedAt); err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(settings), &s.Settings); err != nil {
		return fmt.Errorf("season %d settings: %w", s.ID, err)
	}
	s.CreatedAt, s.UpdatedAt = s.CreatedAt.UTC(), s.UpdatedAt.UTC()
	return nil
}

// seasonTournaments reads the tournaments of a season, by date then number.
func seasonTournaments(x *sqlTx, sid int64) ([]int64, error) {
	rows, err := x.query("SELECT st.tournament_id FROM season_tournaments st JOIN tournaments t ON t.id = st.tournament_id "+
		"WHERE st.season_id = ? ORDER BY t.date, t.id", sid)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ids := []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// CreateSeason implements tournament.SeasonStore.
func (d *DB) CreateSeason(ctx context.Context, s *season.Season) error {
	if err := tournament.VetSeason(s.Name); err != nil {
		return err
	}
	settings, err := json.Marshal(s.Settings)
	if err != nil {
		return fmt.Errorf("create season: %w", err)
	}
	club, err := d.tenantNew(ctx)
	if err != nil {
		return err
	}
	now := storedNow()
	err = d.write(ctx, func(x *sqlTx) error {
		if err := x.queryRow("INSERT INTO seasons (name, from_date, to_date, settings, published, version, revision, created_at, updated_at, club_id) "+
			"VALUES (?, ?, ?, ?, ?, 1, 1, ?, ?, ?) RETURNING id", s.Name, s.From, s.To, string(settings), s.Published, now, now, club).Scan(&s.ID); err != nil {
			return err
		}
		for _, tid := range s.Tournaments {
			if err := addSeasonTournament(x, s.ID, tid); err != nil {
				return err
			}
		}
		ids, err := seasonTournaments(x, s.ID)
		s.Tournaments = ids
		return err
	})
	if err != nil {
		return wrap(err, "create season")
	}
	s.Version, s.Revision, s.CreatedAt, s.UpdatedAt = 1, 1, now, now
	return nil
}

// addSeasonTournament counts tournament tid in season sid, unless the season already
// counts the same evening (sameInSeason: the tournament imported as a copy, then the
// original added, would count it twice). A season counts only its club's tournaments
// (another club's: ENOTFOUND).
func addSeasonTournament(x *sqlTx, sid, tid int64) error {
	var t tournament.Tournament
	if err := x.queryRow("SELECT t.name, t.date FROM tournaments t JOIN seasons s ON s.club_id = t.club_id WHERE t.id = ? AND s.id = ?",
		tid, sid).Scan(&t.Name, &t.Date); isNoRows(err) {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	} else if err != nil {
		return err
	}
	var n int
	if err := x.queryRow("SELECT COUNT(*) FROM season_tournaments WHERE season_id = ? AND tournament_id = ?", sid, tid).Scan(&n); err != nil || n > 0 {
		return err
	}
	if err := sameInSeason(x, sid, &t); err != nil {
		return err
	}
	return x.run("INSERT INTO season_tournaments (season_id, tournament_id) VALUES (?, ?)", sid, tid)
}

// Season implements tournament.SeasonStore.
func (d *DB) Season(ctx context.Context, id int64) (*season.Season, error) {
	if err := d.tenantSeason(ctx, id, false); err != nil {
		return nil, err
	}
	var s season.Season
	err := d.read(ctx, func(x *sqlTx) error {
		if err := scanSeason(x.queryRow("SELECT "+seasonCols+" FROM seasons WHERE id = ?", id), &s); err != nil {
			if isNoRows(err) {
				return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
			}
			return err
		}
		ids, err := seasonTournaments(x, id)
		s.Tournaments = ids
		return err
	})
	if err != nil {
		return nil, wrap(err, "season")
	}
	return &s, nil
}

// Seasons implements tournament.SeasonStore.
func (d *DB) Seasons(ctx context.Context) ([]season.Season, error) {
	return d.seasonsWhere(ctx, "SELECT "+seasonCols+" FROM seasons"+d.tenantWhere(ctx, "club_id")+" ORDER BY from_date DESC, id DESC")
}

// SeasonsOf implements tournament.SeasonStore.
func (d *DB) SeasonsOf(ctx context.Context, tid int64) ([]season.Season, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return nil, err
	}
	return d.seasonsWhere(ctx, "SELECT "+seasonCols+" FROM seasons WHERE id IN (SELECT season_id FROM season_tournaments WHERE tournament_id = ?)"+
		d.tenantAnd(ctx, "club_id")+" ORDER BY from_date DESC, id DESC", tid)
}

func (d *DB) seasonsWhere(ctx context.Context, q string, args ...any) ([]season.Season, error) {
	out := []season.Season{}
	err := d.read(ctx, func(x *sqlTx) error {
		out = out[:0]
		rows, err := x.query(q, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var s season.Season
			if err := scanSeason(rows, &s); err != nil {
				rows.Close()
				return err
			}
			out = append(out, s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for i := range out {
			if out[i].Tournaments, err = seasonTournaments(x, out[i].ID); err != nil {
				return err
			}
		}
		return nil
	})
	return out, wrap(err, "seasons")
}

// SaveSeason implements tournament.SeasonStore.
func (d *DB) SaveSeason(ctx context.Context, s *season.Season) error {
	if err := tournament.VetSeason(s.Name); err != nil {
		return err
	}
	settings, err := json.Marshal(s.Settings)
	if err != nil {
		return fmt.Errorf("save season: %w", err)
	}
	if err := d.tenantSeason(ctx, s.ID, true); err != nil {
		return err
	}
	now := storedNow()
	err = d.write(ctx, func(x *sqlTx) error {
		n, err := x.affected("UPDATE seasons SET name = ?, from_date = ?, to_date = ?, settings = ?, published = ?, "+
			"version = version + 1, revision = revision + 1, updated_at = ? WHERE id = ? AND version = ?",
			s.Name, s.From, s.To, string(settings), s.Published, now, s.ID, s.Version)
		if err != nil {
			return err
		}
		if n == 0 {
			return staleOrGone(x, s.ID)
		}
		return x.queryRow("SELECT version, revision FROM seasons WHERE id = ?", s.ID).Scan(&s.Version, &s.Revision)
	})
	if err != nil {
		return wrap(err, "save season")
	}
	s.UpdatedAt = now
	return nil
}

// staleOrGone tells a season changed since (ECONFLICT "season.stale") from one deleted.
func staleOrGone(x *sqlTx, id int64) error {
	var n int
	if err := x.queryRow("SELECT COUNT(*) FROM seasons WHERE id = ?", id).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return tournament.Errorf(tournament.ECONFLICT, "season.stale")
}

// DeleteSeason implements tournament.SeasonStore.
func (d *DB) DeleteSeason(ctx context.Context, id int64, version int) error {
	if err := d.tenantSeason(ctx, id, true); err != nil {
		return err
	}
	err := d.write(ctx, func(x *sqlTx) error {
		var v int
		if err := x.queryRow("SELECT version FROM seasons WHERE id = ?", id).Scan(&v); err != nil {
			if isNoRows(err) {
				return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
			}
			return err
		}
		if v != version {
			return tournament.Errorf(tournament.ECONFLICT, "season.stale")
		}
		if err := x.run("DELETE FROM season_tournaments WHERE season_id = ?", id); err != nil {
			return err
		}
		return x.run("DELETE FROM seasons WHERE id = ?", id)
	})
	return wrap(err, "delete season")
}

// SetSeasonTournament implements tournament.SeasonStore.
func (d *DB) SetSeasonTournament(ctx context.Context, sid, tid int64, in bool) error {
	if err := d.tenantSeason(ctx, sid, true); err != nil {
		return err
	}
	err := d.write(ctx, func(x *sqlTx) error {
		n, err := x.affected("UPDATE seasons SET revision = revision + 1, updated_at = ? WHERE id = ?", storedNow(), sid)
		if err != nil {
			return err
		}
		if n == 0 {
			return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
		}
		if in {
			return addSeasonTournament(x, sid, tid)
		}
		return x.run("DELETE FROM season_tournaments WHERE season_id = ? AND tournament_id = ?", sid, tid)
	})
	return wrap(err, "season tournament")
}

// PlayerTournaments implements tournament.SeasonStore.
func (d *DB) PlayerTournaments(ctx context.Context, playerID int64) ([]int64, error) {
	if err := d.tenantPlayer(ctx, playerID, false); err != nil {
		return nil, err
	}
	var ids []int64
	err := d.read(ctx, func(x *sqlTx) error {
		ids = nil
		rows, err := x.query("SELECT DISTINCT m.tournament_id, t.date FROM entry_members m JOIN tournaments t ON t.id = m.tournament_id "+
			"WHERE m.player_id = ?"+d.tenantAnd(ctx, "t.club_id")+" ORDER BY t.date DESC, m.tournament_id DESC", playerID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var date string
			if err := rows.Scan(&id, &date); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return rows.Err()
	})
	return ids, wrap(err, "player tournaments")
}
