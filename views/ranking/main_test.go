package ranking_test

import (
	"os"
	"testing"

	"burraco/db/dbtest"
	"burraco/tournament/formats"
	"burraco/tournament/formattest"
)

// The formats main registers, and the test format, as in views' own tests.
func init() { formats.Register(formattest.Format{}) }

// TestMain runs every test of the package on SQLite, then on PostgreSQL.
func TestMain(m *testing.M) { os.Exit(dbtest.RunBoth(m)) }
