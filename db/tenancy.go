package db

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"

	"burraco/tournament"
	"burraco/tournament/clubs"
)

// The tenancy check (issue 38): every store method reaching a club's data asks tenant
// (or one of its forms below) first; elsewhere a scope is read only to put a new
// director in their creator's club (createDirector).
// TestEveryStoreMethodChecksTheTenant walks the exported methods of DB and fails on one
// that takes a context and calls none of them, unless it is listed there as global.

// scopeOf is the request's scope: the one-club laptop (club 1, read and write) when ctx
// carries none.
func scopeOf(ctx context.Context) clubs.Scope {
	if s, ok := clubs.ScopeOf(ctx); ok {
		return s
	}
	return laptop
}

// laptop is the scope of a context without one: club 1, read and write (never changed).
var laptop = clubs.Scope{Clubs: []int64{clubs.Default}}

var (
	errNotFound  = tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	errForbidden = tournament.Errorf(tournament.EFORBIDDEN, "error.forbidden")
)

// tenant refuses data of club the request may not reach: ENOTFOUND when it may not read
// it (never reveal that it exists), EFORBIDDEN when it may read but write is asked.
func (d *DB) tenant(ctx context.Context, club int64, write bool) error {
	s := scopeOf(ctx)
	switch {
	case !s.CanRead(club):
		return errNotFound
	case write && !s.CanWrite(club):
		return errForbidden
	}
	return nil
}

// tenantNew is the club a new row of the request belongs to: the scope's current club
// (Clubs[0]); a scope that writes no club creates nothing (EFORBIDDEN; a System scope
// without clubs creates in club 1).
func (d *DB) tenantNew(ctx context.Context) (int64, error) {
	s := scopeOf(ctx)
	if len(s.Clubs) > 0 {
		return s.Clubs[0], d.tenant(ctx, s.Clubs[0], true)
	}
	if s.System {
		return clubs.Default, nil
	}
	return 0, errForbidden
}

// tenantFilter is the SQL condition a list of a table's rows takes to stay within the
// scope ("" for every club: ReadAll or System), on column col (e.g. "t.club_id").
func (d *DB) tenantFilter(ctx context.Context, col string) string {
	s := scopeOf(ctx)
	if s.System || s.ReadAll {
		return ""
	}
	if len(s.Clubs) == 0 {
		return col + " IN (NULL)" // nothing: the zero scope reaches nothing
	}
	ids := make([]string, len(s.Clubs))
	for i, c := range s.Clubs {
		ids[i] = strconv.FormatInt(c, 10)
	}
	return col + " IN (" + strings.Join(ids, ",") + ")"
}

// tenantAnd is tenantFilter as " AND cond" (or "" for every club), to append to a WHERE.
func (d *DB) tenantAnd(ctx context.Context, col string) string {
	if f := d.tenantFilter(ctx, col); f != "" {
		return " AND " + f
	}
	return ""
}

// tenantWhere is tenantFilter as " WHERE cond" (or ""), for a query without a WHERE.
func (d *DB) tenantWhere(ctx context.Context, col string) string {
	if f := d.tenantFilter(ctx, col); f != "" {
		return " WHERE " + f
	}
	return ""
}

// tenantTournament is tenant for the club of tournament id (ENOTFOUND if there is no
// such tournament). A tournament's club never changes once it is created, so it is read
// once and kept (d.tournamentClubs); a deleted tournament's ID is never reused.
func (d *DB) tenantTournament(ctx context.Context, id int64, write bool) error {
	if scopeOf(ctx).System {
		return nil // the method itself says ENOTFOUND for a tournament that is not there
	}
	club, err := d.tournamentClub(ctx, id)
	if err != nil {
		return err
	}
	return d.tenant(ctx, club, write)
}

// tournamentClub is the club of tournament id, kept once read.
func (d *DB) tournamentClub(ctx context.Context, id int64) (int64, error) {
	if v, ok := d.tournamentClubs.Load(id); ok {
		return v.(int64), nil
	}
	club, err := d.clubOfRow(ctx, "SELECT club_id FROM tournaments WHERE id = ?", id)
	if err == nil {
		d.tournamentClubs.Store(id, club)
	}
	return club, err
}

// tenantPlayer is tenant for the club of player id (ENOTFOUND if none).
func (d *DB) tenantPlayer(ctx context.Context, id int64, write bool) error {
	return d.tenantRow(ctx, "SELECT club_id FROM players WHERE id = ?", id, write)
}

// tenantSeason is tenant for the club of season id (ENOTFOUND if none).
func (d *DB) tenantSeason(ctx context.Context, id int64, write bool) error {
	return d.tenantRow(ctx, "SELECT club_id FROM seasons WHERE id = ?", id, write)
}

// tenantScale is tenant for the club of scale id: a built-in scale (no club) is
// everyone's, and the store refuses to change it whatever the scope (ENOTFOUND if
// there is no such scale).
func (d *DB) tenantScale(ctx context.Context, id int64, write bool) error {
	var club sql.NullInt64
	st, err := d.stmt(ctx, d.reader, "SELECT club_id FROM scales WHERE id = ?")
	if err == nil {
		err = st.QueryRowContext(ctx, id).Scan(&club)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return errNotFound
	} else if err != nil {
		return wrap(err, "find the scale's club")
	}
	if !club.Valid {
		return nil
	}
	return d.tenant(ctx, club.Int64, write)
}

// tenantRow is tenant for the club query q reads for id.
func (d *DB) tenantRow(ctx context.Context, q string, id int64, write bool) error {
	if scopeOf(ctx).System {
		return nil
	}
	club, err := d.clubOfRow(ctx, q, id)
	if err != nil {
		return err
	}
	return d.tenant(ctx, club, write)
}

// clubOfRow reads a club_id with q for id, on the reader pool (ENOTFOUND: no row).
func (d *DB) clubOfRow(ctx context.Context, q string, id int64) (int64, error) {
	var club int64
	st, err := d.stmt(ctx, d.reader, q)
	if err == nil {
		err = st.QueryRowContext(ctx, id).Scan(&club)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errNotFound
	} else if err != nil {
		return 0, wrap(err, "find the club")
	}
	return club, nil
}

// tenantImport is the club an import writes its players into, checked for writing: the
// tournament's (tid), or the request's current club for the registry's import (tid 0).
func (d *DB) tenantImport(ctx context.Context, tid int64) (int64, error) {
	if tid == 0 {
		return d.tenantNew(ctx)
	}
	if err := d.tenantTournament(ctx, tid, true); err != nil {
		return 0, err
	}
	return d.tournamentClub(ctx, tid)
}

// club is the club of the transaction's tournament.
func (x *storeTx) club() (int64, error) {
	return x.db.tournamentClub(x.ctx, x.tid)
}

// ownPlayers refuses members who are not players of the tournament's club (ENOTFOUND:
// another club's player is not there).
func (x *storeTx) ownPlayers(ms []tournament.Member) error {
	club, err := x.club()
	if err != nil {
		return err
	}
	for _, m := range ms {
		var n int
		if err := x.queryRow("SELECT COUNT(*) FROM players WHERE id = ? AND club_id = ?", m.PlayerID, club).Scan(&n); err != nil {
			return err
		} else if n == 0 {
			return errNotFound
		}
	}
	return nil
}

// tenantWhole refuses what reaches every club's data at once (a backup of the whole
// file) unless the scope is System, or the deployment has one club and the scope
// writes it (the laptop).
func (d *DB) tenantWhole(ctx context.Context) error {
	s := scopeOf(ctx)
	if s.System {
		return nil
	}
	var n int
	if err := d.sql.QueryRowContext(ctx, "SELECT COUNT(*) FROM clubs").Scan(&n); err != nil {
		return wrap(err, "count clubs")
	}
	if n == 1 && s.CanWrite(clubs.Default) {
		return d.tenant(ctx, clubs.Default, true)
	}
	return errForbidden
}

// ownScale refuses a stage's scale that is neither built in nor the tournament's club's
// (EINVALID on scale_id, as a scale that is not there).
func (x *storeTx) ownScale(id *int64) error {
	if id == nil {
		return nil
	}
	club, err := x.club()
	if err != nil {
		return err
	}
	var n int
	if err := x.queryRow("SELECT COUNT(*) FROM scales WHERE id = ? AND (club_id IS NULL OR club_id = ?)", *id, club).Scan(&n); err != nil {
		return err
	} else if n == 0 {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"scale_id": "tournament.err.scale"}}
	}
	return nil
}

// tenantFederation refuses the federation's own data (the national registry across
// clubs) to a request that may not read every club: a club's director. An officer and
// the public pages read with ReadAll, the app's own work is System, and a context with
// no scope is the one-club laptop, which is the whole deployment. What an officer may
// change there is the national service's check (national.Service).
func (d *DB) tenantFederation(ctx context.Context) error {
	s, ok := clubs.ScopeOf(ctx)
	if !ok || s.ReadAll || s.System {
		return nil
	}
	return errNotFound
}

// tenantTier refuses a tournament's tier the request may not set: the tier multiplies
// its players' national points (regional, national), so it is the federation's to
// decide. Keeping the tier it had (was; "club" for a new tournament) is always allowed;
// setting or moving any other is for a scope that reads every club (an officer), the
// app's own work (System), or the one-club laptop (no scope). A club's director gets
// EFORBIDDEN on the tier field.
func (d *DB) tenantTier(ctx context.Context, was, tier string) error {
	if was == "" {
		was = "club"
	}
	if tier == "" {
		tier = "club"
	}
	if tier == was {
		return nil
	}
	if s, ok := clubs.ScopeOf(ctx); !ok || s.ReadAll || s.System {
		return nil
	}
	return &tournament.Error{Code: tournament.EFORBIDDEN, Key: "error.forbidden", Fields: map[string]string{"tier": "tournament.err.tier_officer"}}
}
