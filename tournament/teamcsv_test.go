package tournament_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
)

// TestParseTeamsCSV: Italian headers, any case, a semicolon; unknown columns named;
// blank rows skipped; a cell a spreadsheet would read as a formula restored.
func TestParseTeamsCSV(t *testing.T) {
	rows, ignored, err := tournament.ParseTeamsCSV(strings.NewReader(
		"Squadra;COGNOME;Nome;Tessera;Circolo;Note\n" +
			"I  Lupi;Rossi;Anna;A1;Roma;x\n;;;;;\n" +
			"I Lupi;D'Amico;Luca;;Roma;\n"))
	require.NoError(t, err)
	assert.Equal(t, []string{"Note"}, ignored)
	require.Len(t, rows, 2)
	assert.Equal(t, 2, rows[0].Line)
	assert.Equal(t, "I Lupi", rows[0].Team)
	assert.Equal(t, "Rossi", rows[0].Player.LastName)
	assert.Equal(t, "A1", rows[0].Player.CardNumber)
	assert.Equal(t, 4, rows[1].Line)
	assert.Equal(t, "D'Amico", rows[1].Player.LastName)

	for _, c := range []struct{ in, key string }{
		{"", "import.empty"},
		{"team,last_name\nA,B\n", "teams_import.missing_columns"},
		{"team,last_name,first_name,cognome\n", "import.repeated_column"},
		{"team,last_name,first_name\n", "import.empty"},
	} {
		_, _, err := tournament.ParseTeamsCSV(strings.NewReader(c.in))
		e, ok := tournament.AsError(err)
		require.True(t, ok, c.in)
		assert.Equal(t, c.key, e.Key, c.in)
	}
}

// FuzzParseTeamsCSV: whatever the bytes, the parser answers rows or a reason (never an
// internal error, never a panic); each row's line is in the file, its text valid UTF-8
// on one line.
//
//	go test -run='^$' -fuzz='^FuzzParseTeamsCSV$' -fuzztime=10s ./tournament/
func FuzzParseTeamsCSV(f *testing.F) {
	f.Add([]byte("squadra;cognome;nome;tessera\nLupi;Rossi;Anna;A1\nLupi;;;C2\n"))
	f.Add([]byte("team,last_name,first_name\n\"a\"\"b\",=1+1,x\n"))
	f.Add([]byte("\xef\xbb\xbfteam\tsurname\tname\nA\tB\tC\n"))
	f.Add([]byte("team,last_name,first_name\n\"unterminated\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, _, err := tournament.ParseTeamsCSV(strings.NewReader(string(data)))
		if err != nil {
			e, ok := tournament.AsError(err)
			if !ok || e.Code != tournament.EINVALID {
				t.Fatalf("not a reason: %v", err)
			}
			if rows != nil {
				t.Fatal("rows with an error")
			}
			return
		}
		if len(rows) == 0 {
			t.Fatal("no rows and no error")
		}
		lines := strings.Count(string(data), "\n") + 1
		for _, r := range rows {
			if r.Line < 2 || r.Line > lines+1 {
				t.Fatalf("line %d of %d", r.Line, lines)
			}
			for _, s := range []string{r.Team, r.Player.LastName, r.Player.FirstName, r.Player.CardNumber, r.Player.Club} {
				if !utf8.ValidString(s) {
					t.Fatalf("invalid UTF-8 %q", s)
				}
			}
			if strings.ContainsAny(r.Team, "\n\r") {
				t.Fatalf("a team name on several lines: %q", r.Team)
			}
		}
	})
}
