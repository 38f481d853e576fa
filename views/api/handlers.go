package api

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"burraco/scoring/strictjson"
	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// Handlers serve /api/v1: the same use cases as the pages, in JSON.
type Handlers struct{ *page.App }

// EMETHOD is the error code of a method the address does not take (405, with Allow),
// one of dto.ErrorCodes.
const EMETHOD = "method_not_allowed"

// httpCodes names the HTTP errors echo raises in the API's error shape.
var httpCodes = map[int]string{
	http.StatusNotFound:              tournament.ENOTFOUND,
	http.StatusMethodNotAllowed:      EMETHOD,
	http.StatusUnauthorized:          tournament.EUNAUTHORIZED,
	http.StatusForbidden:             tournament.EFORBIDDEN,
	http.StatusUnprocessableEntity:   tournament.EINVALID,
	http.StatusBadRequest:            tournament.EINVALID,
	http.StatusRequestEntityTooLarge: tournament.EINVALID,
	http.StatusTooManyRequests:       tournament.ETHROTTLED,
	http.StatusConflict:              tournament.ECONFLICT,
	http.StatusServiceUnavailable:    "unavailable", // a change refused past its deadline (commandDeadline), or the database unreachable
}

// WriteError answers an error in the API's shape (Error), in the words of the
// tournament's format where the request has one (page.UseFormat).
func WriteError(c echo.Context, status int, key string, e *tournament.Error) error {
	lang, format := page.LangOf(c), page.FormatUsed(c)
	body := dto.ErrorBody{Code: httpCodes[status], Message: page.Translate(lang, key), RequestID: page.RequestID(c.Request().Context())}
	if body.Code == "" {
		body.Code = tournament.EINTERNAL
	}
	if e != nil {
		body.Code = e.Code
		body.Message = page.TranslateFor(lang, format, e.Key, e.Args...)
		if len(e.Fields) > 0 {
			body.Fields = map[string]string{}
			for f, k := range e.Fields {
				body.Fields[f] = page.TranslateFor(lang, format, k)
			}
		}
	}
	return c.JSON(status, dto.Error{Error: body})
}

// rowsRefused reports whether err is an import of entries refused for its rows (key:
// the service answers every row, to be sent with 422), and the error in words.
func (h *Handlers) rowsRefused(c echo.Context, err error, key string) (dto.ErrorBody, bool) {
	e, ok := tournament.AsError(err)
	if !ok || e.Key != key {
		return dto.ErrorBody{}, false
	}
	return dto.ErrorBody{Code: e.Code, Message: page.TranslateFor(page.LangOf(c), h.WordingOf(c), e.Key)}, true
}

// messages spells out an import row's problems (message keys by field) in lang; nil
// for none.
func messages(keys map[string]string, lang page.Lang) map[string]string {
	if len(keys) == 0 {
		return nil
	}
	out := make(map[string]string, len(keys))
	for f, k := range keys {
		out[f] = page.Translate(lang, k)
	}
	return out
}

// errorBody is the body of error err in the request's language and the words of format.
func errorBody(c echo.Context, format string, err error) dto.ErrorBody {
	e, _ := tournament.AsError(err)
	return dto.ErrorBody{Code: e.Code, Message: page.TranslateFor(page.LangOf(c), format, e.Key, e.Args...)}
}

// decodeJSON reads a JSON body strictly: unknown fields are refused, so a typo is
// not silently ignored, and so are a key given twice in an object (which would
// otherwise be read as its last value) and anything but white space after the value (a
// second value, or garbage), which would otherwise be dropped unread.
//
// A body refused is marked (page.RefuseBody): it counts against the client's address.
// A null for a field that cannot hold it is refused naming the field.
func decodeJSON(c echo.Context, v any) error {
	// encoding/json would quietly turn bytes that are not UTF-8 into U+FFFD: refuse them
	// as the forms do, before decoding (the body is already size-limited: past the
	// route's limit the read fails with 413).
	body, err := io.ReadAll(c.Request().Body)
	if errors.Is(err, echo.ErrStatusRequestEntityTooLarge) {
		return err
	} else if err != nil {
		page.RefuseBody(c)
		return badJSON(err.Error())
	}
	if !utf8.Valid(body) {
		page.RefuseBody(c)
		return badJSON("the body is not valid UTF-8")
	}
	if err := strictjson.Decode(body, v); err != nil {
		page.RefuseBody(c)
		e := badJSON(err.Error())
		var null *strictjson.NullError
		if errors.As(err, &null) {
			e.Fields = map[string]string{null.Path: "api.null"}
		}
		return e
	}
	return nil
}

// badJSON is the error of a body that cannot be read; detail is left in English.
func badJSON(detail string) *tournament.Error {
	return &tournament.Error{Code: tournament.EINVALID, Key: "api.bad_json", Args: []any{detail}}
}

// etag is a version as an HTTP entity tag.
func etag(version int) string { return `"` + strconv.Itoa(version) + `"` }

// ifMatch reads the version an API write expects from If-Match: 0 when the header is
// absent or "*" (the write then saves over whatever is stored).
func ifMatch(c echo.Context) (int, error) {
	h := strings.TrimSpace(c.Request().Header.Get("If-Match"))
	if h == "" || h == "*" {
		return 0, nil
	}
	v, err := strconv.Atoi(strings.Trim(strings.TrimPrefix(h, "W/"), `"`))
	if err != nil || v < 1 {
		return 0, &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"If-Match": "api.if_match"}}
	}
	return v, nil
}

// conflict answers a stale write with 409, body (the error and what is stored now) and
// the stored version as ETag.
func conflict(c echo.Context, version int, body any) error {
	c.Response().Header().Set("ETag", etag(version))
	return c.JSON(http.StatusConflict, body)
}

// isStale says err refuses a write made over a version that is no longer stored.
func isStale(err error) bool {
	e, ok := tournament.AsError(err)
	return ok && e.Code == tournament.ECONFLICT && strings.HasSuffix(e.Key, ".stale")
}

// tableParams reads :id, :n and :t.
func tableParams(c echo.Context) (id int64, n, t int, err error) {
	if id, err = page.IDParam(c); err != nil {
		return 0, 0, 0, err
	}
	n, err1 := strconv.Atoi(c.Param("n"))
	t, err2 := strconv.Atoi(c.Param("t"))
	if err1 != nil || err2 != nil {
		return 0, 0, 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return id, n, t, nil
}
