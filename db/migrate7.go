package db

import "gorm.io/gorm"

// migrate7 adds what the public pages and the round clock need: tournaments.published
// (the director opens the public pages), and each round's clock, running until
// clock_ends_at or paused with clock_left_ms to go (both NULL: never started).
func migrate7(tx *gorm.DB) error {
	for _, q := range []string{
		"ALTER TABLE tournaments ADD COLUMN published BOOLEAN NOT NULL DEFAULT false",
		"ALTER TABLE rounds ADD COLUMN clock_ends_at TIMESTAMP",
		"ALTER TABLE rounds ADD COLUMN clock_left_ms BIGINT",
	} {
		if err := tx.Exec(q).Error; err != nil {
			return err
		}
	}
	return nil
}
