package views

import (
	"burraco/tournament"
	"burraco/tournament/danish"
	"burraco/tournament/formattest"
	"burraco/tournament/knockout"
	"burraco/tournament/threeplayer"
)

// The formats are registered as main registers them, and the 2-sided test format for
// the pages of pairs and outcomes.
func init() {
	tournament.Register(threeplayer.Format{})
	tournament.Register(danish.Format{})
	tournament.Register(knockout.Format{})
	tournament.Register(formattest.Format{})
}
