package db

import "gorm.io/gorm"

// migrate15 adds stages.start_mode: how a stage fed from another began, "seeded" (the
// previous stage's qualifiers seeded into a bracket, what every such stage did before)
// or "continued" (every entry carries on with its standing values); empty for a first
// stage.
func migrate15(tx *gorm.DB) error {
	if err := tx.Exec("ALTER TABLE stages ADD COLUMN start_mode VARCHAR(16) NOT NULL DEFAULT ''").Error; err != nil {
		return err
	}
	return tx.Exec("UPDATE stages SET start_mode = 'seeded' WHERE from_stage_id IS NOT NULL").Error
}
