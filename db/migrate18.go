package db

import "gorm.io/gorm"

// migrate18 adds entries.version: a team's edit (its name and players) carries the
// version it was made from, and a stale one is refused. Every entry starts at 1.
func migrate18(tx *gorm.DB) error {
	return tx.Exec("ALTER TABLE entries ADD COLUMN version INTEGER NOT NULL DEFAULT 1").Error
}
