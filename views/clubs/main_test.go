package clubs_test

import (
	"os"
	"testing"

	"burraco/db/dbtest"
	"burraco/tournament/formats"
)

// TestMain runs every test of the package on SQLite, then on PostgreSQL.
func TestMain(m *testing.M) {
	formats.Register()
	os.Exit(dbtest.RunBoth(m))
}
