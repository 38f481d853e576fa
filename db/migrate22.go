package db

import "gorm.io/gorm"

// migrate22 adds the national ranking (issue 38): the ranking's row (the federation's
// settings as JSON, their version, the ranking's revision, the date its totals were
// summed on and the settings version its results were priced with; empty settings read
// as the shipped defaults), each national player's points from each final evening
// (ranking_results, with what priced them: place, entries sharing it, field, tier), a
// total per national player for the public page (ranking_totals), the stamp each
// tournament was last ranked at (ranking_tournaments), and a national player's category
// (a filter of the ranking).
func migrate22(tx *gorm.DB) error {
	stmts := []string{
		"CREATE TABLE ranking (id INTEGER PRIMARY KEY, settings TEXT NOT NULL, version INTEGER NOT NULL, " +
			"revision BIGINT NOT NULL, as_of VARCHAR(10) NOT NULL, priced INTEGER NOT NULL, national VARCHAR(80) NOT NULL, updated_at TIMESTAMP)",
		"INSERT INTO ranking (id, settings, version, revision, as_of, priced, national) VALUES (1, '', 0, 1, '', 0, '')",
		"CREATE TABLE ranking_results (tournament_id BIGINT NOT NULL, national_id BIGINT NOT NULL, club_id BIGINT NOT NULL, " +
			"date VARCHAR(10) NOT NULL, tier VARCHAR(20) NOT NULL, field INTEGER NOT NULL, place INTEGER NOT NULL, " +
			"shared INTEGER NOT NULL, points BIGINT NOT NULL, counted BOOLEAN NOT NULL, PRIMARY KEY (tournament_id, national_id))",
		"CREATE INDEX idx_ranking_results_player ON ranking_results (national_id)",
		"CREATE TABLE ranking_totals (national_id BIGINT PRIMARY KEY, points BIGINT NOT NULL, results INTEGER NOT NULL, " +
			"counted INTEGER NOT NULL, wins INTEGER NOT NULL, best BIGINT NOT NULL)",
		"CREATE TABLE ranking_tournaments (tournament_id BIGINT PRIMARY KEY, revision BIGINT NOT NULL, registry BIGINT NOT NULL)",
		"ALTER TABLE national_players ADD COLUMN category VARCHAR(20) NOT NULL DEFAULT ''",
	}
	for _, q := range stmts {
		if err := tx.Exec(q).Error; err != nil {
			return err
		}
	}
	return nil
}
