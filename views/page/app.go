// Package page is what every part of the web layer shares: the layout, rendering,
// forms and their errors, the flash message, the words of a page (T, Translate), the
// request's language, director and site, and the App every feature's handlers hold.
package page

import (
	"context"
	"io"
	"log/slog"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
)

// App is what handlers reach: the use cases, the logger and the app's options.
type App struct {
	Players     *tournament.Players
	Auth        *tournament.Auth
	Scales      *tournament.Scales
	Tournaments *tournament.Tournaments
	// Backup writes a copy of the whole database (nil: no backup download).
	Backup Backuper
	Log    *slog.Logger
}

// Backuper writes a consistent copy of the whole database.
type Backuper interface {
	Backup(ctx context.Context, w io.Writer) error
}

// ScaleParam is the scale named by the :id path parameter.
func (a *App) ScaleParam(c echo.Context) (*tournament.Scale, error) {
	id, err := IDParam(c)
	if err != nil {
		return nil, err
	}
	return a.Scales.Get(c.Request().Context(), id)
}
