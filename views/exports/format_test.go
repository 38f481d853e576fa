package exports_test

import (
	"burraco/tournament/formats"
	"burraco/tournament/formattest"
)

// The formats are registered as main registers them, and the 2-sided test format.
func init() { formats.Register(formattest.Format{}) }
