package db

import (
	"context"

	"burraco/tournament"
)

// stampCols read a tournament's Stamp from its row in tournaments: its log's latest
// number and its registry number (moved by every change of a member in the registry:
// bumpRegistry), each an indexed read whatever the field.
const stampCols = "COALESCE((SELECT MAX(e.seq) FROM events e WHERE e.tournament_id = tournaments.id), 0), tournaments.registry"

// bumpRegistry moves the registry number of every tournament a player is entered in: run
// in the transaction of every write that moves a player's version (an edit, a merge), so
// that a tournament's stamp moves with what its pages show of the registry, on every
// instance.
const bumpRegistry = "UPDATE tournaments SET registry = registry + 1 WHERE id IN (SELECT tournament_id FROM entry_members WHERE player_id = ?)"

// stampQuery reads a tournament's Stamp.
const stampQuery = "SELECT " + stampCols + " FROM tournaments WHERE id = ?"

// Stamp returns what a tournament's loaded stages depend on, in one indexed read: one
// statement, without a transaction of its own (one round trip on PostgreSQL), since
// every reader pays it.
func (d *DB) Stamp(ctx context.Context, tid int64) (tournament.Stamp, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return tournament.Stamp{}, err
	}
	var s tournament.Stamp
	err := d.readRow(ctx, stampQuery, []any{tid}, &s.Revision, &s.Registry)
	if isNoRows(err) {
		return s, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return s, wrap(err, "stamp")
}

// LoadStamped reads stage seq of a tournament whole (0: the current one), as Load and
// LoadStage do, with its Stamp read in the same snapshot: a fixed number of queries
// whatever the number of entries, rounds and tables. Its hands carry their number,
// side, score and form, not the other figures (tournament.Store.LoadStamped).
func (d *DB) LoadStamped(ctx context.Context, tid int64, seq int) (*tournament.State, tournament.Stamp, error) {
	if err := d.tenantTournament(ctx, tid, false); err != nil {
		return nil, tournament.Stamp{}, err
	}
	var st *tournament.State
	var s tournament.Stamp
	err := d.loadStamped(ctx, tid, seq, &st, &s)
	if isNoRows(err) {
		return nil, s, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	if err != nil {
		return nil, s, wrap(err, "load stage")
	}
	return st, s, nil
}

// loadStamped is LoadStamped's read: the hands' scores only.
func (d *DB) loadStamped(ctx context.Context, tid int64, seq int, st **tournament.State, s *tournament.Stamp) error {
	return d.read(ctx, func(x *sqlTx) error {
		x.scoresOnly = true
		var t tournament.Tournament
		dest := append(tournamentDest(&t), &s.Revision, &s.Registry)
		if err := x.queryRow("SELECT "+tournamentCols+", "+stampCols+" FROM tournaments WHERE id = ?", tid).Scan(dest...); err != nil {
			return err
		}
		stage, err := stageAt(x, tid, seq)
		if err != nil {
			return err
		}
		*st, err = loadStage(x, t, stage)
		return err
	})
}
