package sync_test

import (
	"os"
	"testing"

	"burraco/db/dbtest"
)

// TestMain runs every test of the package on SQLite, then on PostgreSQL.
func TestMain(m *testing.M) { os.Exit(dbtest.RunBoth(m)) }
