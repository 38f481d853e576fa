package dto

import "burraco/tournament"

// Movement is the answer of GET /tournaments/{id}/movement: a Mitchell stage's movement
// as its printed cards give it (a card per table: the pair that stays, and round by
// round the moving pair there, where it came from and where it goes next), with the
// names of its pairs by ID.
type Movement struct {
	Stage   int                     `json:"stage"`
	Tables  int                     `json:"tables"`
	Phantom int                     `json:"phantom"`
	Move    int                     `json:"move"`
	Rounds  int                     `json:"rounds"`
	Guides  []tournament.TableGuide `json:"guides"`
	Names   map[string]string       `json:"names"`
}
