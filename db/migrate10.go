package db

import "gorm.io/gorm"

// migrate10 tells a bye the draw gave from one awarded to a late arrival for a round it
// missed (byes.awarded): the Danish pairing order of a round is its drawn field.
func migrate10(tx *gorm.DB) error {
	return tx.Exec("ALTER TABLE byes ADD COLUMN awarded BOOLEAN NOT NULL DEFAULT FALSE").Error
}
