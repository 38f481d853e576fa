// Command hello is the floor of the HTTP load test: an echo hello-world with the same
// server settings, measured with hey in the same run as the app.
package main

import (
	"net/http"
	"os"

	"github.com/labstack/echo/v4"
)

func main() {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.GET("/", func(c echo.Context) error { return c.String(http.StatusOK, "hello") })
	addr := "127.0.0.1:18081"
	if len(os.Args) > 1 {
		addr = os.Args[1]
	}
	_ = e.Start(addr)
}
