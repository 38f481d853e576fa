package db

import (
	"time"

	"gorm.io/gorm"
)

// migrate12 adds table reporting (issue 21): each tournament's reporting settings, the
// codes of the tables of each round drawn with reporting on (each seat's PIN), and the
// reports players send from their phones.
func migrate12(tx *gorm.DB) error {
	type reportSetting struct {
		TournamentID int64  `gorm:"primaryKey;autoIncrement:false"`
		Reporting    bool   `gorm:"not null"`
		AutoAccept   bool   `gorm:"not null"`
		Pin          string `gorm:"size:8;not null"`
		Version      int    `gorm:"not null"`
	}
	type tableCode struct {
		Code         string `gorm:"primaryKey;size:8"`
		TournamentID int64  `gorm:"not null;index"`
		StageID      int64  `gorm:"not null;uniqueIndex:idx_table_codes_table"`
		RoundNo      int    `gorm:"not null;uniqueIndex:idx_table_codes_table"`
		TableNo      int    `gorm:"not null;uniqueIndex:idx_table_codes_table"`
		Pins         string `gorm:"size:200;not null"`
	}
	type report struct {
		ID           int64     `gorm:"primaryKey"`
		TournamentID int64     `gorm:"not null;index"`
		StageID      int64     `gorm:"not null;index:idx_reports_table"`
		RoundNo      int       `gorm:"not null;index:idx_reports_table"`
		TableNo      int       `gorm:"not null;index:idx_reports_table"`
		Code         string    `gorm:"size:8;not null"`
		Seat         int       `gorm:"not null"`
		Answers      int64     `gorm:"not null"`
		State        string    `gorm:"size:12;not null"`
		Sheet        string    `gorm:"not null"`
		Confirmed    string    `gorm:"size:100;not null"`
		Prior        string    `gorm:"size:12;not null"`
		ClosedBy     int64     `gorm:"not null"`
		Version      int       `gorm:"not null"`
		CreatedAt    time.Time `gorm:"not null"`
		UpdatedAt    time.Time `gorm:"not null"`
	}
	return tx.Migrator().CreateTable(&reportSetting{}, &tableCode{}, &report{})
}
