// Package formats is the one list of the formats a tournament's stages can be played in:
// main registers it, and so does every test that needs formats. Adding a format is its
// package under tournament/, a line here, and its words file.
package formats

import (
	"burraco/tournament"
	"burraco/tournament/danish"
	"burraco/tournament/individual4"
	"burraco/tournament/knockout"
	"burraco/tournament/mitchell"
	"burraco/tournament/teams"
	"burraco/tournament/threeplayer"
)

// All returns the formats the app serves, the default one (a new tournament's) first.
func All() []tournament.Format {
	return []tournament.Format{
		threeplayer.Format{},
		danish.Format{},
		knockout.Format{},
		mitchell.Format{},
		individual4.Format{},
		teams.Format{},
	}
}

// Register registers every format of All, the default first, then the extra ones a test
// adds (formattest.Format): main calls it once at start, tests in their init.
func Register(extra ...tournament.Format) {
	for _, f := range append(All(), extra...) {
		tournament.Register(f)
	}
}
