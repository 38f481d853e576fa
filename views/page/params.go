package page

import (
	"net/http"
	"strconv"

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
	case tournament.ETHROTTLED:
		return http.StatusTooManyRequests
	case tournament.EUNAVAILABLE:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}
