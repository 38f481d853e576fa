package db

import (
	"time"

	"gorm.io/gorm"
)

// migrate13 adds seasons (a club championship: name, date range, how an evening counts
// as JSON, publication, version and revision) and season_tournaments, the tournaments
// that count in each season.
func migrate13(tx *gorm.DB) error {
	type tournament struct{ ID int64 }
	type season struct {
		ID        int64  `gorm:"primaryKey"`
		Name      string `gorm:"size:100;not null"`
		FromDate  string `gorm:"size:10;not null"`
		ToDate    string `gorm:"size:10;not null"`
		Settings  string `gorm:"type:text;not null"`
		Published bool   `gorm:"not null;default:false"`
		Version   int    `gorm:"not null;default:1"`
		Revision  int64  `gorm:"not null;default:1"`
		CreatedAt time.Time
		UpdatedAt time.Time
	}
	type seasonTournament struct {
		SeasonID     int64      `gorm:"primaryKey;autoIncrement:false"`
		Season       season     `gorm:"constraint:OnDelete:CASCADE"`
		TournamentID int64      `gorm:"primaryKey;autoIncrement:false;index"`
		Tournament   tournament `gorm:"constraint:OnDelete:CASCADE"`
	}
	return tx.Migrator().CreateTable(&season{}, &seasonTournament{})
}
