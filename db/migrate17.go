package db

import "gorm.io/gorm"

// migrate17 adds lineups (the teams format): the two pairs a team plays a round of a
// stage with, four player IDs, one row per (stage, round, team), versioned; and ships
// the default team scales (scoring.Teams3, Teams4) as built-in scales, to copy and edit
// like the others; an entry may sit at two tables of a round (a team).
func migrate17(tx *gorm.DB) error {
	type stage struct{ ID int64 }
	type entry struct{ ID int64 }
	type player struct{ ID int64 }
	type lineup struct {
		ID      int64 `gorm:"primaryKey"`
		StageID int64 `gorm:"not null;uniqueIndex:idx_lineups_round"`
		Stage   stage `gorm:"constraint:OnDelete:CASCADE"`
		Round   int   `gorm:"not null;uniqueIndex:idx_lineups_round"`
		EntryID int64 `gorm:"not null;uniqueIndex:idx_lineups_round;index"`
		Entry   entry `gorm:"constraint:OnDelete:CASCADE"`
		Pair1A  int64 `gorm:"column:pair1_a;not null"`
		Pair1B  int64 `gorm:"column:pair1_b;not null"`
		Pair2A  int64 `gorm:"column:pair2_a;not null"`
		Pair2B  int64 `gorm:"column:pair2_b;not null"`
		Version int   `gorm:"not null;default:1"`
	}
	if err := tx.Migrator().CreateTable(&lineup{}); err != nil {
		return err
	}
	// A team sits at both tables of its match, once as each of its pairs: an entry sits
	// once in a round as each pair (sides.pair, migration 16: 0 for every entry not a
	// team's pair, so the others still sit once). Without sides.pair (a branch that has
	// not migration 16) the index keeps the reads by entry, without its uniqueness: the
	// formats' seat checks hold the rule.
	// A partner (sides.seat > 0) counts as pair 0: it sits once in a round.
	create := "CREATE INDEX idx_sides_entry ON sides (round_id, entry_id)"
	if tx.Migrator().HasColumn("sides", "pair") && tx.Migrator().HasColumn("sides", "seat") {
		create = "CREATE UNIQUE INDEX idx_sides_entry ON sides (round_id, entry_id, (CASE WHEN seat = 0 THEN pair ELSE 0 END))"
	}
	for _, q := range []string{"DROP INDEX idx_sides_entry", create} {
		if err := tx.Exec(q).Error; err != nil {
			return err
		}
	}
	now := storedNow()
	// The data as it ships; the scoring package's Teams3 and Teams4 must match it.
	for _, s := range []struct{ name, bands string }{
		{"Squadre 3 smazzate (20-0)", `[` +
			`{"from":0,"to":100,"winner":10,"loser":10},{"from":105,"to":300,"winner":11,"loser":9},` +
			`{"from":305,"to":500,"winner":12,"loser":8},{"from":505,"to":700,"winner":13,"loser":7},` +
			`{"from":705,"to":1000,"winner":14,"loser":6},{"from":1005,"to":1300,"winner":15,"loser":5},` +
			`{"from":1305,"to":1600,"winner":16,"loser":4},{"from":1605,"to":2000,"winner":17,"loser":3},` +
			`{"from":2005,"to":2500,"winner":18,"loser":2},{"from":2505,"to":3000,"winner":19,"loser":1},` +
			`{"from":3005,"to":null,"winner":20,"loser":0}]`},
		{"Squadre 4 smazzate (20-0)", `[` +
			`{"from":0,"to":200,"winner":10,"loser":10},{"from":205,"to":600,"winner":11,"loser":9},` +
			`{"from":605,"to":1000,"winner":12,"loser":8},{"from":1005,"to":1400,"winner":13,"loser":7},` +
			`{"from":1405,"to":1800,"winner":14,"loser":6},{"from":1805,"to":2200,"winner":15,"loser":5},` +
			`{"from":2205,"to":2600,"winner":16,"loser":4},{"from":2605,"to":3000,"winner":17,"loser":3},` +
			`{"from":3005,"to":3400,"winner":18,"loser":2},{"from":3405,"to":4000,"winner":19,"loser":1},` +
			`{"from":4005,"to":null,"winner":20,"loser":0}]`},
	} {
		// A director's scale of the same name keeps it; the shipped one is then not added.
		var n int64
		if err := tx.Table("scales").Where("name = ?", s.name).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		if err := tx.Exec("INSERT INTO scales (name, builtin, bands, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
			s.name, true, s.bands, now, now).Error; err != nil {
			return err
		}
	}
	return nil
}
