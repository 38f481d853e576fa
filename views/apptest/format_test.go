package apptest_test

import (
	"burraco/tournament/formats"
	"burraco/tournament/formattest"
)

// The formats are registered as main registers them, and the 2-sided test format for
// the pages of pairs and outcomes.
func init() { formats.Register(formattest.Format{}) }
