package db

import (
	"burraco/tournament"
)

// The teams format's storage: a team's players (entry_members, as every entry's) and its
// line-ups (lineups: one row per stage, round and team, versioned).

// lineupCols are a line-up's columns, as scanLineup reads them.
const lineupCols = "stage_id, round, entry_id, pair1_a, pair1_b, pair2_a, pair2_b, version"

// loadLineups reads the line-ups of a stage, in round order, in one query.
func loadLineups(x *sqlTx, stageID int64) ([]tournament.Lineup, error) {
	rows, err := x.query("SELECT "+lineupCols+" FROM lineups WHERE stage_id = ? ORDER BY round, entry_id", stageID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []tournament.Lineup
	for rows.Next() {
		var l tournament.Lineup
		if err := rows.Scan(&l.StageID, &l.Round, &l.EntryID, &l.Pairs[0][0], &l.Pairs[0][1], &l.Pairs[1][0], &l.Pairs[1][1], &l.Version); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// loadLineupsBefore reads each team's latest line-up in the stages of tournament tid
// before stage seq, in one query.
func loadLineupsBefore(x *sqlTx, tid int64, seq int) (map[int64]tournament.Lineup, error) {
	rows, err := x.query("SELECT l.stage_id, l.round, l.entry_id, l.pair1_a, l.pair1_b, l.pair2_a, l.pair2_b, l.version "+
		"FROM lineups l JOIN stages s ON s.id = l.stage_id WHERE s.tournament_id = ? AND s.seq < ? ORDER BY s.seq, l.round", tid, seq)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out map[int64]tournament.Lineup
	for rows.Next() {
		var l tournament.Lineup
		if err := rows.Scan(&l.StageID, &l.Round, &l.EntryID, &l.Pairs[0][0], &l.Pairs[0][1], &l.Pairs[1][0], &l.Pairs[1][1], &l.Version); err != nil {
			return nil, err
		}
		if out == nil {
			out = map[int64]tournament.Lineup{}
		}
		out[l.EntryID] = l // later stages and rounds come last
	}
	return out, rows.Err()
}

var errLineupStale = tournament.Errorf(tournament.ECONFLICT, "lineup.stale")

var errTeamStale = tournament.Errorf(tournament.ECONFLICT, "team.stale")

// SetTeam implements tournament.TeamTx.
func (x *storeTx) SetTeam(e *tournament.Entry) error {
	if err := tournament.Vet(e); err != nil {
		return err
	}
	if err := x.ownPlayers(e.Members); err != nil {
		return err
	}
	n, err := x.affected("UPDATE entries SET name = ?, club = ?, version = version + 1 WHERE id = ? AND tournament_id = ? AND kind = ? AND version = ?",
		e.Name, e.Club, e.ID, x.tid, tournament.EntryTeam, e.Version)
	if err != nil {
		return err
	} else if n == 0 {
		return errTeamStale // the service found the team in this transaction: its version moved
	}
	e.Version++
	if err := x.run("DELETE FROM entry_members WHERE entry_id = ? AND tournament_id = ?", e.ID, x.tid); err != nil {
		return err
	}
	for i, m := range e.Members {
		if err := x.run("INSERT INTO entry_members (entry_id, tournament_id, player_id, position) VALUES (?, ?, ?, ?)", e.ID, x.tid, m.PlayerID, i+1); err != nil {
			if isUniqueViolation(err) {
				return errAlreadyEntered
			}
			return err
		}
	}
	return nil
}

// stageOfTournament checks that a stage is the transaction's tournament's.
func (x *storeTx) stageOfTournament(stageID int64) error {
	var n int
	if err := x.queryRow("SELECT COUNT(*) FROM stages WHERE id = ? AND tournament_id = ?", stageID, x.tid).Scan(&n); err != nil {
		return err
	} else if n == 0 {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return nil
}

// SaveLineup implements tournament.TeamTx.
func (x *storeTx) SaveLineup(l *tournament.Lineup) error {
	if err := x.stageOfTournament(l.StageID); err != nil {
		return err
	}
	if l.Version == 0 {
		err := x.run("INSERT INTO lineups ("+lineupCols+") VALUES (?, ?, ?, ?, ?, ?, ?, 1)",
			l.StageID, l.Round, l.EntryID, l.Pairs[0][0], l.Pairs[0][1], l.Pairs[1][0], l.Pairs[1][1])
		if isUniqueViolation(err) {
			return errLineupStale
		} else if err != nil {
			return err
		}
		l.Version = 1
		return nil
	}
	n, err := x.affected("UPDATE lineups SET pair1_a = ?, pair1_b = ?, pair2_a = ?, pair2_b = ?, version = version + 1 "+
		"WHERE stage_id = ? AND round = ? AND entry_id = ? AND version = ?",
		l.Pairs[0][0], l.Pairs[0][1], l.Pairs[1][0], l.Pairs[1][1], l.StageID, l.Round, l.EntryID, l.Version)
	if err != nil {
		return err
	} else if n == 0 {
		return errLineupStale
	}
	l.Version++
	return nil
}

// DeleteLineup implements tournament.TeamTx.
func (x *storeTx) DeleteLineup(l *tournament.Lineup) error {
	if err := x.stageOfTournament(l.StageID); err != nil {
		return err
	}
	n, err := x.affected("DELETE FROM lineups WHERE stage_id = ? AND round = ? AND entry_id = ? AND version = ?",
		l.StageID, l.Round, l.EntryID, l.Version)
	if err != nil {
		return err
	} else if n == 0 {
		return errLineupStale
	}
	return nil
}
