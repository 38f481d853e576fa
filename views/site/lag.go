package site

import (
	"github.com/labstack/echo/v4"

	"burraco/tournament/lag"
)

// MayLag marks a route's reads as ones that may lag behind the latest commit
// (tournament/lag): the store may answer them from its streaming replica. For the public
// pages and their JSON twins and the phones' polls of their tables only, never a
// director's route or a write: a director always reads their own writes.
func MayLag(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		c.SetRequest(r.WithContext(lag.Allow(r.Context())))
		return next(c)
	}
}
