package tournament

// Contribution is what one player brought their entry at one table of a round (teams:
// the MP of the table their pair played, by the line-up of the round).
type Contribution struct {
	Round    int   `json:"round"`
	Table    int   `json:"table"`
	Match    int   `json:"match"`
	Team     int64 `json:"team_id"`
	Pair     int   `json:"pair"`
	Partner  int64 `json:"partner_id"`
	MP       int   `json:"mp"`
	Complete bool  `json:"complete"`
}

// Contributor is a format that tells each player's contributions (teams): by player ID,
// in round order. The player pages ask it.
type Contributor interface {
	PlayerContributions(st *State) map[int64][]Contribution
}
