package db

import (
	"time"

	"gorm.io/gorm"
)

// migrate20 makes the deployment a host of clubs (issue 38): clubs, the directors of
// each (club_directors) and a director's role (a federation officer administers clubs,
// the national registry and the ranking); tournaments, players, seasons and the
// directors' own VP scales belong to a club (club_id; a built-in scale to none); a
// tournament has a tier (club, regional, national); the national registry of players,
// keyed by the federation card number, with each player's visibility on public pages
// and their erasure; a club's player links to it (players.national_id). A card number is
// unique within a club, no longer across the deployment. An existing database becomes
// club 1 ("club"), every director a director of it and the first one also the officer,
// so a one-club deployment works as before with no extra step.
func migrate20(tx *gorm.DB) error {
	type club struct {
		ID        int64  `gorm:"primaryKey"`
		Slug      string `gorm:"size:40;not null;uniqueIndex"`
		Name      string `gorm:"size:100;not null"`
		Region    string `gorm:"size:60;not null;default:''"`
		Version   int    `gorm:"not null;default:1"`
		CreatedAt time.Time
		UpdatedAt time.Time
	}
	type clubDirector struct {
		ClubID     int64 `gorm:"primaryKey;autoIncrement:false"`
		DirectorID int64 `gorm:"primaryKey;autoIncrement:false;index"`
	}
	type nationalPlayer struct {
		ID         int64      `gorm:"primaryKey"`
		CardNumber string     `gorm:"size:30;not null;uniqueIndex"`
		FirstName  string     `gorm:"size:100;not null"`
		LastName   string     `gorm:"size:100;not null;index"`
		Region     string     `gorm:"size:60;not null;default:''"`
		BirthDate  *time.Time // a minor is hidden on public pages unless Visibility says otherwise
		Visibility string     `gorm:"size:10;not null;default:''"` // '' (the default by age), full, initials, hidden
		ErasedAt   *time.Time
		Version    int `gorm:"not null;default:1"`
		CreatedAt  time.Time
		UpdatedAt  time.Time
	}
	if err := tx.Migrator().CreateTable(&club{}, &clubDirector{}, &nationalPlayer{}); err != nil {
		return err
	}
	now := storedNow()
	if err := tx.Create(&club{Slug: "club", Name: "Club", CreatedAt: now, UpdatedAt: now}).Error; err != nil {
		return err
	}
	stmts := []string{
		"ALTER TABLE directors ADD COLUMN role VARCHAR(20) NOT NULL DEFAULT 'director'",
		"UPDATE directors SET role = 'officer' WHERE id = (SELECT MIN(id) FROM directors)",
		"INSERT INTO club_directors (club_id, director_id) SELECT 1, id FROM directors",
		"ALTER TABLE tournaments ADD COLUMN club_id INTEGER NOT NULL DEFAULT 1",
		"ALTER TABLE tournaments ADD COLUMN tier VARCHAR(20) NOT NULL DEFAULT 'club'",
		"CREATE INDEX idx_tournaments_club ON tournaments (club_id, id)",
		"ALTER TABLE players ADD COLUMN club_id INTEGER NOT NULL DEFAULT 1",
		"ALTER TABLE players ADD COLUMN national_id INTEGER",
		"CREATE INDEX idx_players_club ON players (club_id, last_name)",
		"CREATE INDEX idx_players_national ON players (national_id)",
		"DROP INDEX idx_players_card_number",
		"CREATE UNIQUE INDEX idx_players_club_card ON players (club_id, card_number)",
		"ALTER TABLE seasons ADD COLUMN club_id INTEGER NOT NULL DEFAULT 1",
		"CREATE INDEX idx_seasons_club ON seasons (club_id)",
		"ALTER TABLE scales ADD COLUMN club_id INTEGER",
		"UPDATE scales SET club_id = 1 WHERE NOT builtin",
		"DROP INDEX idx_scales_name",
		"CREATE UNIQUE INDEX idx_scales_club_name ON scales (club_id, name)",
	}
	for _, q := range stmts {
		if err := tx.Exec(q).Error; err != nil {
			return err
		}
	}
	return nil
}
