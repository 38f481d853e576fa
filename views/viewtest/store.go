package viewtest

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"burraco/db"
	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/tournament/rankings"
	"burraco/tournament/relay"
	tsync "burraco/tournament/sync"
	"burraco/views"
	"burraco/views/page"
)

// NewAppWith is the app on an open store (a counting one, say), closed when the test ends.
func NewAppWith(t *testing.T, store *db.DB, opts ...views.Option) *App {
	t.Helper()
	t.Cleanup(func() { store.Close() })
	tournaments := &tournament.Tournaments{Store: store, Players: store}
	seasons := &tournament.Seasons{Store: store, Tournaments: tournaments}
	s := views.New(views.Services{
		Players:     &tournament.Players{Store: store},
		Auth:        &tournament.Auth{Store: store, Cost: bcrypt.MinCost},
		Scales:      &tournament.Scales{Store: store},
		Tournaments: tournaments,
		Seasons:     seasons,
		Rankings:    &rankings.Service{Store: store, Evenings: rankings.SeasonEvenings{Seasons: seasons}},
		Clubs:       &clubs.Service{Store: store},
		Backup:      store,
		Health:      store,
		Relay: &page.Relay{Hub: &tsync.Hub{Store: store}, Linking: &relay.Linking{Store: store},
			Laptop: &relay.Laptop{Store: store, Source: store}, Store: store},
	}, slog.New(slog.NewTextHandler(io.Discard, nil)), opts...)
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return &App{T: t, Store: store, Srv: srv, Server: s}
}
