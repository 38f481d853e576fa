package entries_test

import (
	"os"
	"testing"

	"burraco/db/dbtest"
	"burraco/tournament/formats"
	"burraco/tournament/formattest"
)

// The formats are registered as main registers them, and the 2-sided test format for
// the pages of pairs.
func init() { formats.Register(formattest.Format{}) }

// TestMain runs every test of the package on SQLite, then on PostgreSQL.
func TestMain(m *testing.M) { os.Exit(dbtest.RunBoth(m)) }
