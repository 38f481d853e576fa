package db_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/db"
)

// A database setting that is neither a postgres:// URL nor a SQLite file path is refused,
// and nothing is created: a keyword string was opened as a new SQLite file named after it.
func TestOpenRefusesWhatIsNotAFileNorAURL(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, dsn := range []string{"host=localhost user=anna password=s3cret dbname=club", "dbname=club", "", "  ",
		"mysql://anna:s3cret@localhost/club", "sqlite://club.db", "file:club.db?mode=rwc"} {
		_, err := db.Open(dsn)
		require.Error(t, err, dsn)
		assert.NotContains(t, err.Error(), "s3cret", dsn)
	}
	left, err := os.ReadDir(".")
	require.NoError(t, err)
	assert.Empty(t, left, "no file created")
	for _, dsn := range []string{"club.db", "club=2026.db", "my club.db"} {
		assert.NoError(t, db.CheckDSN(dsn), dsn)
	}
}
