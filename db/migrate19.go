package db

import "gorm.io/gorm"

// migrate19 adds tournaments.registry: a number that moves whenever a player entered in
// the tournament changes in the registry (bumpRegistry), the registry's part of the
// tournament's stamp, read in one indexed read where the stamp summed the versions of
// every member (a read of each member's row on every director's read).
func migrate19(tx *gorm.DB) error {
	return tx.Exec("ALTER TABLE tournaments ADD COLUMN registry INTEGER NOT NULL DEFAULT 0").Error
}
