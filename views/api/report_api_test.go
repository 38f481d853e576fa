package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/api/dto"
	"burraco/views/viewtest"
)

// sheetJSON is a 3-hand 3-player sheet of totals: the seats score a, b, c each hand.
func sheetJSON(a, b, c int) string {
	h := fmt.Sprintf(`[{"form":2,"total":%d},{"form":2,"total":%d},{"form":2,"total":%d}]`, a, b, c)
	return `[` + h + `,` + h + `,` + h + `]`
}

// TestAPITableReporting: a director turns reporting on and draws; the table's code opens
// its page without a token (no PIN in it); seat 1 reports, a second report is told one
// exists, a wrong PIN is 401, seats 2 and 3 confirm; the queue shows it confirmed and
// accept-all puts it in the sheet; a dispute on the other table is shown with both
// versions and rejected.
func TestAPITableReporting(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base := "/api/v1" + viewtest.TournamentWithEntries(t, c, 6)
	anon := app.Client()

	var rs struct {
		Reporting bool `json:"reporting"`
		Version   int  `json:"version"`
	}
	res := c.API("PUT", base+"/reporting", tok, `{"reporting":true,"auto_accept":false,"pin":"pin"}`, &rs)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.True(t, rs.Reporting)
	res = c.API("PUT", base+"/reporting", tok, `{"reporting":true,"pin":"sms"}`, nil)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	res = c.API("POST", base+"/draw", tok, `{"seed":5}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)

	var codes dto.TableCodes
	res = c.API("GET", base+"/rounds/1/codes", tok, "", &codes)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	require.Len(t, codes.Tables, 2)
	t1, t2 := codes.Tables[0], codes.Tables[1]
	res = anon.API("GET", base+"/rounds/1/codes", "", "", nil)
	assert.Equal(t, http.StatusUnauthorized, res.StatusCode, "the PINs are the director's")

	var page dto.TableByCode
	res = anon.API("GET", "/api/v1/t/"+strings.ToLower(t1.Code), "", "", &page)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, 1, page.Table)
	assert.Len(t, page.Seats, 3)
	assert.Equal(t, "not_reported", page.State)
	assert.NotContains(t, res.Body, `"pin`, "no PIN on the table's page")
	for _, p := range t1.PINs {
		assert.NotContains(t, res.Body, `"`+p+`"`)
	}

	report := func(code string, seat int, pin, hands string) *viewtest.Response {
		return anon.API("POST", "/api/v1/t/"+code+"/report", "", fmt.Sprintf(`{"seat":%d,"pin":%q,"hands":%s}`, seat, pin, hands), nil)
	}
	res = report(t1.Code, 1, "99999", sheetJSON(300, 100, -100))
	assert.Equal(t, http.StatusUnauthorized, res.StatusCode, res.Body)
	res = report(t1.Code, 1, t1.PINs[0], sheetJSON(300, 103, -100))
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	assert.Contains(t, res.Body, `"h1.s2.total"`, "the same field as on the director's sheet")
	res = report(t1.Code, 1, t1.PINs[0], sheetJSON(300, 100, -100))
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	res = report(t1.Code, 2, t1.PINs[1], sheetJSON(300, 100, -100))
	assert.Equal(t, http.StatusConflict, res.StatusCode, res.Body)
	assert.Contains(t, res.Body, "already has a report")

	confirm := func(code string, seat int, pin, extra string) *viewtest.Response {
		return anon.API("POST", "/api/v1/t/"+code+"/confirm", "", fmt.Sprintf(`{"seat":%d,"pin":%q%s}`, seat, pin, extra), nil)
	}
	require.Equal(t, http.StatusOK, confirm(t1.Code, 2, t1.PINs[1], "").StatusCode)
	var r dto.ReportBody
	res = anon.API("POST", "/api/v1/t/"+t1.Code+"/confirm", "", fmt.Sprintf(`{"seat":3,"pin":%q}`, t1.PINs[2]), &r)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, "confirmed", r.State)
	assert.Equal(t, []int{2, 3}, r.Confirmed)

	// Table 2: a dispute.
	require.Equal(t, http.StatusCreated, report(t2.Code, 1, t2.PINs[0], sheetJSON(300, 100, -100)).StatusCode)
	res = confirm(t2.Code, 2, t2.PINs[1], `,"hands":`+sheetJSON(100, 300, -100))
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)

	var q dto.ReportQueue
	res = c.API("GET", base+"/rounds/1/reports", tok, "", &q)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, map[string]int{"confirmed": 1, "disputed": 1}, q.Counts)
	require.NotNil(t, q.Tables[1].Counter, "both versions of the dispute")
	assert.Equal(t, 100, q.Tables[1].Counter.Hands[0][0].Total)

	var acc dto.AcceptedTables
	res = c.API("POST", base+"/rounds/1/reports/accept", tok, "", &acc)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, []int{1}, acc.Tables, "only the confirmed table")

	res = c.API("POST", fmt.Sprintf("%s/reports/%d/reject", base, q.Tables[1].Report.ID), tok, `{"version":1}`, nil)
	assert.Equal(t, http.StatusConflict, res.StatusCode, "a stale version: the dispute moved it on")
	res = c.API("POST", fmt.Sprintf("%s/reports/%d/reject", base, q.Tables[1].Report.ID), tok, fmt.Sprintf(`{"version":%d}`, q.Tables[1].Report.Version), nil)
	require.Equal(t, http.StatusNoContent, res.StatusCode, res.Body)

	q = dto.ReportQueue{}
	res = c.API("GET", base+"/rounds/1/reports", tok, "", &q)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, map[string]int{"accepted": 1, "not_reported": 1}, q.Counts)
	var table struct {
		Hands []struct{ Score int } `json:"hands"`
	}
	res = c.API("GET", base+"/rounds/1/tables/1", tok, "", &table)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Len(t, table.Hands, 9, "the report is the sheet")

	res = anon.API("GET", "/api/v1/t/%3Cscript%3E", "", "", nil)
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	assert.NotContains(t, res.Body, "<script>", "hostile text is never echoed")

	// A guesser from this address is slowed down (429 Retry-After on a wrong code), yet
	// a right code from it opens its table.
	for i := 0; i < 12 && res.StatusCode != http.StatusTooManyRequests; i++ {
		res = anon.API("GET", "/api/v1/t/ZZZZZZ", "", "", nil)
	}
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode, res.Body)
	assert.NotEmpty(t, res.Header.Get("Retry-After"))
	res = anon.API("GET", "/api/v1/t/"+t1.Code, "", "", nil)
	assert.Equal(t, http.StatusOK, res.StatusCode, res.Body)
}

// TestAPISeatBlockedLiftedAndKeyedReports: wrong PINs say the tries left and block the
// seat, which the queue lists and POST …/reports/unblock lifts; a report sent twice
// with one Idempotency-Key (an answer lost) is stored once and answered alike.
func TestAPISeatBlockedLiftedAndKeyedReports(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base := "/api/v1" + viewtest.TournamentWithEntries(t, c, 3)
	anon := app.Client()
	res := c.API("PUT", base+"/reporting", tok, `{"reporting":true,"auto_accept":false,"pin":"pin"}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	res = c.API("POST", base+"/draw", tok, `{"seed":5}`, nil)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	var codes dto.TableCodes
	c.API("GET", base+"/rounds/1/codes", tok, "", &codes)
	t1 := codes.Tables[0]
	wrong := "0000"
	if t1.PINs[1] == wrong {
		wrong = "1111"
	}
	send := func(pin, key string) *viewtest.Response {
		req, _ := http.NewRequest("POST", app.Srv.URL+"/api/v1/t/"+t1.Code+"/report",
			strings.NewReader(`{"seat":2,"pin":"`+pin+`","hands":`+sheetJSON(300, 100, -100)+`}`))
		req.Header.Set("Content-Type", "application/json")
		if key != "" {
			req.Header.Set("Idempotency-Key", key)
		}
		return anon.Do(req)
	}
	res = send(wrong, "")
	require.Equal(t, http.StatusUnauthorized, res.StatusCode, res.Body)
	assert.Contains(t, res.Body, "4 tries left")
	for range 4 {
		res = send(wrong, "")
	}
	require.Equal(t, http.StatusTooManyRequests, res.StatusCode, res.Body)
	var q dto.ReportQueue
	c.API("GET", base+"/rounds/1/reports", tok, "", &q)
	assert.Equal(t, []int{2}, q.Tables[0].Blocked)
	res = send(t1.PINs[1], "")
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode, "blocked")
	res = c.API("POST", base+"/rounds/1/reports/unblock", tok, `{"table":1,"seat":9}`, nil)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, res.Body)
	res = c.API("POST", base+"/rounds/1/reports/unblock", tok, `{"table":1,"seat":2}`, nil)
	require.Equal(t, http.StatusNoContent, res.StatusCode, res.Body)
	res = anon.API("POST", base+"/rounds/1/reports/unblock", "", `{"table":1,"seat":2}`, nil)
	assert.Equal(t, http.StatusUnauthorized, res.StatusCode)

	first := send(t1.PINs[1], "phone-2-sheet-1")
	require.Equal(t, http.StatusCreated, first.StatusCode, first.Body)
	again := send(t1.PINs[1], "phone-2-sheet-1")
	require.Equal(t, http.StatusCreated, again.StatusCode, "the same sheet again is answered as the first: %s", again.Body)
	assert.JSONEq(t, first.Body, again.Body)
	other := send(t1.PINs[1], "phone-2-sheet-2")
	assert.Equal(t, http.StatusConflict, other.StatusCode, "another key is another report: one exists")
}

// A tournament whose reporting was never saved gives no ETag to send back: "0" was
// given once, and If-Match "0" is refused as no version of this API (a client that
// round-trips the ETag, as documented, could not turn reporting on). Once saved, the
// ETag given is the one the next write is accepted with.
func TestAPIReportingETagRoundTrips(t *testing.T) {
	app := viewtest.NewApp(t)
	c := app.Setup()
	tok := app.APIToken(c)
	base := "/api/v1" + viewtest.TournamentWithEntries(t, c, 3)
	put := func(tag string) *viewtest.Response {
		req, err := http.NewRequest("PUT", app.Srv.URL+base+"/reporting", strings.NewReader(`{"reporting":true,"auto_accept":false,"pin":"pin"}`))
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Content-Type", "application/json")
		if tag != "" {
			req.Header.Set("If-Match", tag)
		}
		return c.Do(req)
	}
	res := c.API("GET", base+"/reporting", tok, "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	res = put(res.Header.Get("ETag"))
	require.Equal(t, http.StatusOK, res.StatusCode, "the ETag of a never-saved setting: %s", res.Body)
	res = c.API("GET", base+"/reporting", tok, "", nil)
	require.Equal(t, `"1"`, res.Header.Get("ETag"))
	res = put(res.Header.Get("ETag"))
	assert.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, http.StatusConflict, put(`"1"`).StatusCode, "a stale version is still a conflict")
}
