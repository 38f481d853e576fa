package views

import (
	"burraco/tournament"
	"burraco/tournament/formattest"
	"burraco/tournament/threeplayer"
)

// The formats are registered as main registers them, the default one first, and the
// 2-sided test format for the pages of pairs and outcomes.
func init() {
	tournament.Register(threeplayer.Format{})
	tournament.Register(formattest.Format{})
}
