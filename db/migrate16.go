package db

import "gorm.io/gorm"

// migrate16 widens a side to several entries and groups tables into matches (issue 23):
// sides.seat numbers the entries of one side (0: the side's entry, 1…: its partners for
// the round, in order), sides.pair is the pair of a team's line-up playing there (0:
// none), and the unique (table, position) becomes (table, position, seat); an entry
// still sits once in a round (idx_sides_entry), partners too. round_tables.match_no
// groups the tables of a round played as one match (0: a match of its own).
func migrate16(tx *gorm.DB) error {
	for _, q := range []string{
		"ALTER TABLE sides ADD COLUMN seat INTEGER NOT NULL DEFAULT 0",
		"ALTER TABLE sides ADD COLUMN pair INTEGER NOT NULL DEFAULT 0",
		"DROP INDEX idx_sides_position",
		"CREATE UNIQUE INDEX idx_sides_seat ON sides (table_id, position, seat)",
		"ALTER TABLE round_tables ADD COLUMN match_no INTEGER NOT NULL DEFAULT 0",
	} {
		if err := tx.Exec(q).Error; err != nil {
			return err
		}
	}
	return nil
}
