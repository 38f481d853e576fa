package dto

import (
	"burraco/scoring"
	"burraco/tournament"
)

// Scale is a VP scale: the body of GET, POST and PUT /scales….
type Scale = tournament.Scale

// ScaleInput is the body of POST /scales and PUT /scales/{id}.
type ScaleInput struct {
	Name  string         `json:"name"`
	Bands []scoring.Band `json:"bands"`
}

// ScaleList is the answer of GET /scales.
type ScaleList struct {
	Scales []tournament.Scale `json:"scales"`
}

// CopyScaleInput is the body of POST /scales/{id}/copy (optional): the copy's name.
type CopyScaleInput struct {
	Name string `json:"name"`
}

// ScaleFile is a scale as GET /scales/{id}/export writes it in JSON and POST
// /scales/import reads it: its name and bands.
type ScaleFile = scoring.Scale
