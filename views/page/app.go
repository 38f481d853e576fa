// Package page is what every part of the web layer shares: the layout, rendering,
// forms and their errors, the flash message, the words of a page (T, Translate), the
// request's language, director and site, and the App every feature's handlers hold.
package page

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/tournament/national"
	"burraco/tournament/rankings"
)

// App is what handlers reach: the use cases, the logger and the app's options.
type App struct {
	Players     *tournament.Players
	Auth        *tournament.Auth
	Scales      *tournament.Scales
	Tournaments *tournament.Tournaments
	Seasons     *tournament.Seasons
	// National is the national registry: visibility on public pages, the officer's pages.
	National *national.Service
	// Clubs are the clubs' use cases (nil: the one-club app).
	Clubs *clubs.Service
	// Rankings is the national ranking (nil: its pages answer 404).
	Rankings *rankings.Service
	// Backup writes a copy of the whole database (nil: no backup download).
	Backup Backuper
	Log    *slog.Logger
	// PublicChanged tells the public pages' cache that a tournament was published or
	// unpublished (an unpublishing returns once no instance serves its pages).
	PublicChanged func(ctx context.Context, tid int64, published bool)
	// SeasonPublicChanged does the same for a season (published false: unpublished or
	// deleted).
	SeasonPublicChanged func(ctx context.Context, sid int64, published bool)
	// Revision is a tournament's revision as this instance trusts it: read at most the
	// public pages' TTL ago (nil: none trusted, ask the database).
	Revision func(ctx context.Context, tid int64) (int64, error)
	// KnownRevision is the revision Revision would answer without reading anything,
	// ok false when it would have to read it (nil: none known).
	KnownRevision func(tid int64) (rev int64, ok bool)
	// Relay carries results to the hub and takes them there (nil: not served).
	Relay *Relay
}

// SeasonChanged tells the public pages that a season was published, unpublished or
// deleted (an unpublishing returns once no instance serves its pages).
func (a *App) SeasonChanged(ctx context.Context, sid int64, published bool) {
	if a.SeasonPublicChanged != nil {
		a.SeasonPublicChanged(ctx, sid, published)
	}
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

// WritePlayersCSV sends the registry as a CSV download.
func (a *App) WritePlayersCSV(c echo.Context) error {
	var buf bytes.Buffer
	if err := a.Players.Export(c.Request().Context(), &buf, CSVComma(LangOf(c))); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=%q", "players-"+time.Now().Format("2006-01-02")+".csv"))
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}

// PublicSeasonNames returns a season's standings with every player named as public
// pages may name them (tournament/national: hidden players, minors by default, never
// named; initials where asked); the standings given are left alone.
func (a *App) PublicSeasonNames(ctx context.Context, st *tournament.SeasonStandings) (*tournament.SeasonStandings, error) {
	if a.National == nil {
		return st, nil
	}
	names, err := a.National.PublicNames(ctx, national.SeasonPlayerIDs(st))
	if err != nil {
		return nil, err
	}
	return national.MaskSeason(st, names), nil
}

// PublicTable returns a table's view as a phone's table page shows it to anyone holding
// its code (/t/{code}, no login): every player named as public pages may name them
// (tournament/national, as PublicSeasonNames); tv itself is left alone.
func (a *App) PublicTable(ctx context.Context, tv *tournament.TableView) (*tournament.TableView, error) {
	if a.National == nil || tv == nil {
		return tv, nil
	}
	var ids []int64
	for _, es := range [][]tournament.Entry{tv.Entries, tv.People} {
		for _, e := range es {
			for _, m := range e.Members {
				if m.PlayerID != 0 {
					ids = append(ids, m.PlayerID)
				}
			}
		}
	}
	names, err := a.National.PublicNames(ctx, ids)
	if err != nil || len(names) == 0 {
		return tv, err
	}
	out := *tv
	mask := func(es []tournament.Entry) []tournament.Entry {
		if es == nil {
			return nil
		}
		m := make([]tournament.Entry, len(es))
		for i, e := range es {
			m[i] = national.MaskEntry(e, names)
		}
		return m
	}
	out.Entries, out.People = mask(tv.Entries), mask(tv.People)
	return &out, nil
}
