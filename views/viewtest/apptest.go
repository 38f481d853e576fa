package viewtest

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"burraco/db"
	"burraco/tournament"
	"burraco/views"
)

// NewAppWith is the app on an open store (a counting one, say), closed when the test ends.
func NewAppWith(t *testing.T, store *db.DB, opts ...views.Option) *App {
	t.Helper()
	t.Cleanup(func() { store.Close() })
	return Serve(t, store, views.Services{
		Players:     &tournament.Players{Store: store},
		Auth:        &tournament.Auth{Store: store, Cost: bcrypt.MinCost},
		Scales:      &tournament.Scales{Store: store},
		Tournaments: &tournament.Tournaments{Store: store, Players: store},
		Backup:      store,
		Health:      store,
	}, opts...)
}

// Serve serves the app of these services (over store) on a test server.
func Serve(t *testing.T, store *db.DB, svc views.Services, opts ...views.Option) *App {
	t.Helper()
	s := views.New(svc, slog.New(slog.NewTextHandler(io.Discard, nil)), opts...)
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return &App{T: t, Store: store, Srv: srv, Server: s}
}
