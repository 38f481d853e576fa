package apptest_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/tournament"
	"burraco/views/viewtest"
)

// TestAttackTablePhoneHidesWhomTheRegistryHides: a table's page (/t/{code}) and its
// JSON twin answer anyone holding the code printed on the table, without a login or a
// PIN: they name the players at the table as every public page does (PRIVACY.md: the
// public, phones included, sees names as visibility allows): a minor hidden by default
// and a player shown by initials are not named in full.
func TestAttackTablePhoneHidesWhomTheRegistryHides(t *testing.T) {
	a := viewtest.NewApp(t)
	a.Setup()
	pe := seedPublic(t, a, 12)
	ctx := context.Background()
	rs, err := pe.svc.ReportSettings(ctx, pe.tid)
	require.NoError(t, err)
	rs.Reporting, rs.PIN = true, tournament.PINRandom
	_, err = pe.svc.SetReportSettings(ctx, pe.tid, rs, pe.director)
	require.NoError(t, err)
	codes, err := pe.svc.TableCodes(ctx, pe.tid, 2)
	require.NoError(t, err)
	require.NotEmpty(t, codes)
	anon := a.Client()
	seen := map[string]bool{}
	for _, c := range codes {
		for _, p := range []string{"/t/" + c.Code, "/api/v1/t/" + c.Code} {
			res := anon.Get(p)
			require.Equal(t, http.StatusOK, res.StatusCode, "%s: %s", p, res.Body)
			for _, who := range []string{"Nome01", "Nome07", "Nome08"} {
				if strings.Contains(res.Body, who) {
					seen[who] = true
				}
			}
			assert.False(t, strings.Contains(res.Body, "Nome07"), "%s names the hidden minor", p)
			assert.False(t, strings.Contains(res.Body, "Nome08"), "%s names in full the player shown by initials", p)
		}
	}
	assert.True(t, seen["Nome01"], "a player shown in full is named")
}
