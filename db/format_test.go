package db

import (
	"burraco/tournament"
	"burraco/tournament/danish"
	"burraco/tournament/formattest"
	"burraco/tournament/knockout"
	"burraco/tournament/threeplayer"
)

// The store decodes each stage's settings with its format: the tests register the
// formats as main does, and the 2-sided test format of the pairs and outcomes tests.
func init() {
	tournament.Register(threeplayer.Format{})
	tournament.Register(danish.Format{})
	tournament.Register(knockout.Format{})
	tournament.Register(formattest.Format{})
}
