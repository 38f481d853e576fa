package db

import "gorm.io/gorm"

// migrate26 maps a club's results received on the hub to the tournament the hub made
// of them (issue 39): received_results.copy_id is the hub's tournament imported from
// that revision, on the newest accepted revision only (NULL once a newer one replaced
// the copy, and on refused ones).
func migrate26(tx *gorm.DB) error {
	for _, q := range []string{
		"ALTER TABLE received_results ADD COLUMN copy_id BIGINT",
		"CREATE INDEX idx_received_results_copy ON received_results (club_id, tournament_uid, copy_id)",
	} {
		if err := tx.Exec(q).Error; err != nil {
			return err
		}
	}
	return nil
}
