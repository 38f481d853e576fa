package page

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
)

// IDParam reads the :id path parameter.
func IDParam(c echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return id, nil
}

// StatusOf maps a domain error code to its HTTP status, once for the whole app.
func StatusOf(code string) int {
	switch code {
	case tournament.EINVALID:
		return http.StatusUnprocessableEntity
	case tournament.ECONFLICT:
		return http.StatusConflict
	case tournament.ENOTFOUND:
		return http.StatusNotFound
	case tournament.EUNAUTHORIZED:
		return http.StatusUnauthorized
	case tournament.EFORBIDDEN:
		return http.StatusForbidden
	case tournament.ETHROTTLED:
		return http.StatusTooManyRequests
	case tournament.EUNAVAILABLE:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// SetRetryAfter tells a throttled client, in whole seconds, when to try again.
func SetRetryAfter(c echo.Context, e *tournament.Error) {
	if e.RetryAfter > 0 {
		c.Response().Header().Set("Retry-After", strconv.Itoa(int((e.RetryAfter+time.Second-1)/time.Second)))
	}
}

// ListParams reads the page and per_page query parameters leniently, for HTML pages:
// a missing, unreadable or out-of-range value gives the first page of perPage rows.
func ListParams(c echo.Context, perPage int) (page, limit int) {
	page, limit, _ = APIListParams(c, perPage)
	return page, limit
}

// APIListParams reads the page (from 1 to MaxPage) and per_page (from 1 to MaxPerPage,
// default perPage) query parameters for the API. A parameter left out takes its default;
// one that is given but empty, unreadable or out of range is refused with an EINVALID
// error naming each such parameter. page and limit are always usable: on an error they
// hold the defaults in place of the refused values.
func APIListParams(c echo.Context, perPage int) (page, limit int, err error) {
	q := c.QueryParams()
	fe := tournament.FieldErrors{}
	read := func(name string, def, most int, key string) int {
		if _, given := q[name]; !given {
			return def
		}
		n, err := strconv.Atoi(q.Get(name))
		if err != nil || n < 1 || n > most {
			fe.Add(name, key)
			return def
		}
		return n
	}
	page = read("page", 1, MaxPage, "api.page_invalid")
	limit = read("per_page", perPage, MaxPerPage, "api.per_page_invalid")
	return page, limit, fe.Err()
}

// Paging limits: a page number beyond MaxPage is a mistake (and could overflow the
// offset), and no page holds more than MaxPerPage rows.
const (
	MaxPage    = 1_000_000
	MaxPerPage = 500
)

// UpOne answers a GET of an address that only takes POST, where a form rendered its
// answer (a refused draw, a sheet's form switch): back to the page one level up, so a
// reload or a language switch never ends on "page not found".
func UpOne(c echo.Context) error {
	p := strings.TrimSuffix(c.Request().URL.Path, "/")
	return Redirect(c, p[:strings.LastIndex(p, "/")])
}

// ImportText reads the CSV from the uploaded file, or else from the pasted text, as
// UTF-8 (tournament.DecodeText): what travels on in the forms is always readable.
func ImportText(c echo.Context) (string, error) {
	if fh, err := c.FormFile("file"); err == nil && fh.Size > 0 {
		if fh.Size > tournament.MaxImportBytes {
			return "", tournament.Errorf(tournament.EINVALID, "import.too_big")
		}
		f, err := fh.Open()
		if err != nil {
			return "", fmt.Errorf("open upload: %w", err)
		}
		defer f.Close()
		b, err := io.ReadAll(f)
		if err != nil {
			return "", fmt.Errorf("read upload: %w", err)
		}
		return tournament.DecodeText(b), nil
	}
	return tournament.DecodeText([]byte(c.FormValue("csv"))), nil
}
