package db

import "gorm.io/gorm"

// migrate8 makes the log an audit trail and lets a round be locked: each log line keeps
// its message arguments and changes (data, JSON; lines from before keep their English
// detail), what it concerns (stage, round, table, entry), the line it undid or that
// undid it, and what undoing it restores (undo, JSON). rounds.locked marks a round final.
func migrate8(tx *gorm.DB) error {
	for _, q := range []string{
		"ALTER TABLE events ADD COLUMN data TEXT NOT NULL DEFAULT ''",
		"ALTER TABLE events ADD COLUMN stage_id BIGINT NOT NULL DEFAULT 0",
		"ALTER TABLE events ADD COLUMN round_no INTEGER NOT NULL DEFAULT 0",
		"ALTER TABLE events ADD COLUMN table_no INTEGER NOT NULL DEFAULT 0",
		"ALTER TABLE events ADD COLUMN entry_id BIGINT NOT NULL DEFAULT 0",
		"ALTER TABLE events ADD COLUMN undoes BIGINT NOT NULL DEFAULT 0",
		"ALTER TABLE events ADD COLUMN undone_by BIGINT NOT NULL DEFAULT 0",
		"ALTER TABLE events ADD COLUMN undo TEXT",
		"ALTER TABLE rounds ADD COLUMN locked BOOLEAN NOT NULL DEFAULT FALSE",
	} {
		if err := tx.Exec(q).Error; err != nil {
			return err
		}
	}
	return nil
}
