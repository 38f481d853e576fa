package dto

import (
	"burraco/tournament"
	"burraco/tournament/clubs"
)

// Club is a club the deployment hosts: GET /clubs/{id}, POST /clubs.
type Club = clubs.Club

// ClubInput is the body of POST /clubs and PUT /clubs/{id} (with If-Match its version).
type ClubInput struct {
	Slug   string `json:"slug"`
	Name   string `json:"name"`
	Region string `json:"region"`
}

// ClubList is the answer of GET /clubs and GET /me/clubs.
type ClubList struct {
	Clubs []clubs.Club `json:"clubs"`
}

// ClubDirectorInput is the body of POST /clubs/{id}/directors: an existing director
// made a member of the club.
type ClubDirectorInput struct {
	DirectorID int64 `json:"director_id"`
}

// ClubDirectors is the answer of GET /clubs/{id}/directors.
type ClubDirectors struct {
	Directors []tournament.Director `json:"directors"`
}
