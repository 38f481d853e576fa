package apptest_test

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"burraco/views/viewtest"
)

func totals(a, b, c int) string {
	row := fmt.Sprintf(`[{"form":2,"total":%d},{"form":2,"total":%d},{"form":2,"total":%d}]`, a, b, c)
	return `{"hands":[` + row + "," + row + "," + row + `]}`
}

type apiGameOut struct {
	Number int
	Seed   int64
	Tables []struct {
		Number   int
		Entries  []int64
		Scores   []int
		Points   []string
		Complete bool
	}
	Byes     []struct{ EntryID int64 } `json:"byes"`
	Complete bool
}

// apiEvening creates a 3-player tournament with n players present through the API and draws
// round 1 with a fixed seed; it returns the tournament's API path and the entries.
func apiEvening(t *testing.T, c *viewtest.Client, tok string, n int, settings string) (string, []int64) {
	t.Helper()
	var tr struct{ ID int64 }
	res := c.API("POST", "/api/v1/tournaments", tok, `{"name":"Sera","date":"2026-11-24","format":"individual3","settings":`+settings+`}`, &tr)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tr.ID)
	var ids []int64
	for i := 1; i <= n; i++ {
		var e struct{ ID int64 }
		res := c.API("POST", base+"/entries", tok, fmt.Sprintf(`{"player":{"first_name":"P%d","last_name":"Bianchi"},"new_person":true}`, i), &e)
		require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
		ids = append(ids, e.ID)
	}
	res = c.API("POST", base+"/entries/present", tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	res = c.API("POST", base+"/draw", tok, `{"seed": 77}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	return base, ids
}

// eveningWithScores is a tournament of six with round 1 played and round 2 drawn; one
// player's name has an accent and another starts like a spreadsheet formula.
func eveningWithScores(t *testing.T, app *viewtest.App, c *viewtest.Client) string {
	t.Helper()
	base := viewtest.TournamentWithEntries(t, c, 4)
	for _, n := range [][2]string{{"Niccolò", "Bianchì"}, {"Ugo", "=SUM(A1)"}} {
		res := c.Post(base+"/entries/new", url.Values{"first_name": {n[0]}, "last_name": {n[1]}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, res.Body)
	}
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/entries/present", nil).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", url.Values{"seed": {"5"}}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, 1, [3]int{300, 200, 100}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.SaveTotals(base, 1, 2, [3]int{250, 150, -50}).StatusCode)
	require.Equal(t, http.StatusSeeOther, c.Post(base+"/draw", nil).StatusCode)
	return base
}

// pdfText extracts a PDF's text with pdftotext, or returns "" when it is not installed
// (poppler-utils; under CI=true it must be).
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		require.NotEqual(t, "true", os.Getenv("CI"), "pdftotext (poppler-utils) is needed under CI")
		t.Log("pdftotext not installed: the PDF's text is not read back")
		return ""
	}
	in := filepath.Join(t.TempDir(), "r.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o600))
	out, err := exec.Command(bin, "-layout", in, "-").Output()
	require.NoError(t, err)
	return string(out)
}
