package db

import (
	"time"

	"gorm.io/gorm"
)

// migrate21 adds the national registry's log (national_logs: what a federation officer
// did to a record, an edit, a link by hand, a merge, an erasure; never whose personal
// data it was) and links every club player already holding a card number to the
// national record of that card, made from the club's record (the lowest-numbered
// player of the card names it), so an existing deployment starts with its registry.
func migrate21(tx *gorm.DB) error {
	type nationalLog struct {
		ID          int64     `gorm:"primaryKey"`
		At          time.Time `gorm:"not null"`
		ByName      string    `gorm:"size:100;not null"`
		Kind        string    `gorm:"size:20;not null"`
		NationalID  int64     `gorm:"not null;index"`
		OtherID     int64     `gorm:"not null;default:0"`
		ClubPlayers int       `gorm:"not null;default:0"`
	}
	if err := tx.Migrator().CreateTable(&nationalLog{}); err != nil {
		return err
	}
	now := storedNow()
	if err := tx.Exec("INSERT INTO national_players (card_number, first_name, last_name, region, visibility, version, created_at, updated_at) "+
		"SELECT p.card_number, p.first_name, p.last_name, '', '', 1, ?, ? FROM players p WHERE p.card_number IS NOT NULL "+
		"AND p.id = (SELECT MIN(q.id) FROM players q WHERE q.card_number = p.card_number) "+
		"AND NOT EXISTS (SELECT 1 FROM national_players n WHERE n.card_number = p.card_number)", now, now).Error; err != nil {
		return err
	}
	return tx.Exec("UPDATE players SET national_id = (SELECT n.id FROM national_players n WHERE n.card_number = players.card_number) " +
		"WHERE card_number IS NOT NULL").Error
}
