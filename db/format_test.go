package db

import (
	"burraco/tournament/formats"
	"burraco/tournament/formattest"
)

// The store decodes each stage's settings with its format: the tests register the
// formats as main does, and the 2-sided test format of the pairs and outcomes tests.
func init() { formats.Register(formattest.Format{}) }
