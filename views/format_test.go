package views

import (
	"burraco/tournament"
	"burraco/tournament/knockout"
	"burraco/tournament/threeplayer"
)

// The formats are registered as main registers them.
func init() {
	tournament.Register(threeplayer.Format{})
	tournament.Register(knockout.Format{})
}
