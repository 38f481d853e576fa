package db

import (
	"gorm.io/gorm"

	"burraco/tournament"
)

// migrate5 adds players.search: the player's name, club and card number folded for
// searching (tournament.PlayerSearchText: lower case, no accents, no apostrophes), kept
// by the store on every write, and fills it in for the players already there. Searching
// is then a plain LIKE on it, the same on SQLite and PostgreSQL.
func migrate5(tx *gorm.DB) error {
	if err := tx.Exec("ALTER TABLE players ADD COLUMN search VARCHAR(400) NOT NULL DEFAULT ''").Error; err != nil {
		return err
	}
	type player struct {
		ID         int64
		FirstName  string
		LastName   string
		Club       string
		CardNumber *string
	}
	var ps []player
	if err := tx.Table("players").Select("id, first_name, last_name, club, card_number").Find(&ps).Error; err != nil {
		return err
	}
	for _, p := range ps {
		tp := tournament.Player{FirstName: p.FirstName, LastName: p.LastName, Club: p.Club}
		if p.CardNumber != nil {
			tp.CardNumber = *p.CardNumber
		}
		if err := tx.Exec("UPDATE players SET search = ? WHERE id = ?", tournament.PlayerSearchText(&tp), p.ID).Error; err != nil {
			return err
		}
	}
	return nil
}
