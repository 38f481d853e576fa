package page

import "github.com/labstack/echo/v4"

const bodyRefusedKey = "body_refused"

// RefuseBody marks a request whose body was refused as unreadable (not JSON, nested too
// deep, a key twice): the body limit (site.Bodies) counts it against the client's address.
func RefuseBody(c echo.Context) { c.Set(bodyRefusedKey, true) }

// BodyRefused says whether RefuseBody marked the request.
func BodyRefused(c echo.Context) bool {
	b, _ := c.Get(bodyRefusedKey).(bool)
	return b
}
