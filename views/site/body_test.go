package site

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"

	"burraco/views/page"
)

// bodiesServer is echo with the body limits and one route, POST /r, that reads its body
// and refuses (page.RefuseBody, 422) one that says "bad"; sleeps counts the turns waited.
func bodiesServer() (*echo.Echo, *Bodies, *clock) {
	e := echo.New()
	e.IPExtractor = echo.ExtractIPDirect()
	b := NewBodies()
	clk := &clock{now: time.Date(2026, 11, 29, 21, 0, 0, 0, time.UTC)}
	b.Now, b.Sleep = clk.Now, clk.Sleep
	e.Use(b.Middleware)
	e.POST("/r", func(c echo.Context) error {
		body, err := io.ReadAll(c.Request().Body)
		if err != nil {
			return err
		}
		if string(body) == "bad" {
			page.RefuseBody(c)
			return c.NoContent(http.StatusUnprocessableEntity)
		}
		return c.NoContent(http.StatusOK)
	})
	return e, b, clk
}

type clock struct {
	mu     sync.Mutex
	now    time.Time
	sleeps int
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Sleep(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sleeps++
	c.now = c.now.Add(d)
}

func post(e *echo.Echo, from, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/r", strings.NewReader(body))
	req.RemoteAddr = from + ":4000"
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	return rec
}

// Refused bodies count against their address: past RefusedBodies each further
// refusal of the address is answered after its turn, one per SlowTurn, while an honest
// request behind the same address is never held; another address is not slowed; the
// count drains with time.
func TestRefusedBodiesSlowTheirAddress(t *testing.T) {
	e, _, clk := bodiesServer()
	for range RefusedBodies {
		assert.Equal(t, http.StatusUnprocessableEntity, post(e, "203.0.113.7", "bad").Code)
	}
	assert.Equal(t, 0, clk.sleeps)
	assert.Equal(t, http.StatusUnprocessableEntity, post(e, "203.0.113.7", "bad").Code)
	assert.Equal(t, 1, clk.sleeps, "past the limit, a refusal waits its turn")
	assert.Equal(t, http.StatusOK, post(e, "203.0.113.7", "good").Code, "an honest phone behind the same address")
	assert.Equal(t, 1, clk.sleeps, "is never held")
	post(e, "203.0.113.8", "bad")
	assert.Equal(t, 1, clk.sleeps, "another address is not slowed")
	// Too large counts too (announced: refused before reading).
	big := strings.Repeat("a", int(SmallBody)+1)
	assert.Equal(t, http.StatusRequestEntityTooLarge, post(e, "2001:db8::1", big).Code)
	for range RefusedBodies - 1 {
		post(e, "2001:db8::1", "bad")
	}
	assert.Equal(t, 1, clk.sleeps)
	assert.Equal(t, http.StatusRequestEntityTooLarge, post(e, "2001:db8::2", big).Code) // the same /64
	assert.Equal(t, 2, clk.sleeps)
	clk.mu.Lock()
	clk.now = clk.now.Add(RefusedWindow)
	clk.mu.Unlock()
	post(e, "203.0.113.7", "bad")
	post(e, "2001:db8::2", "bad")
	assert.Equal(t, 2, clk.sleeps, "forgiven after the window")
}

// TestRefusedBodiesNeverLockAnAddressOut: a sender of bad bodies behind a club's router
// holding every turn (MaxWaiting refusals held at once) cannot make an honest request
// from the same address wait or fail; its own further refusals are answered at once.
// (It was: past the limit every request with a body from the address waited its turn,
// and past MaxWaiting was refused 429: forty connections sending bad bodies kept every
// phone of the room from reporting.)
func TestRefusedBodiesNeverLockAnAddressOut(t *testing.T) {
	e, b, clk := bodiesServer()
	for range RefusedBodies + 1 {
		post(e, "198.51.100.1", "bad")
	}
	sleeps := clk.sleeps
	b.mu.Lock()
	b.addrs["198.51.100.1"].waiting = MaxWaiting
	b.mu.Unlock()
	var got error
	e.HTTPErrorHandler = func(err error, c echo.Context) { got = err; e.DefaultHTTPErrorHandler(err, c) }
	assert.Equal(t, http.StatusOK, post(e, "198.51.100.1", "good").Code)
	assert.NoError(t, got)
	assert.Equal(t, http.StatusUnprocessableEntity, post(e, "198.51.100.1", "bad").Code)
	assert.Equal(t, sleeps, clk.sleeps, "nothing waited")
}
