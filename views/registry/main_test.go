package registry_test

import (
	"os"
	"testing"

	"burraco/db/dbtest"
	"burraco/tournament/formats"
)

// The formats the tests' tournaments are played in.
func init() { formats.Register() }

// TestMain runs every test of the package on SQLite, then on PostgreSQL.
func TestMain(m *testing.M) { os.Exit(dbtest.RunBoth(m)) }
