// Package views is the web layer: echo routes and handlers, templ pages and the JSON API.
// The root holds the server (this file) and its routes (server.go); the features are
// packages of their own, the middleware around them is views/site.
package views

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/tournament/national"
	"burraco/tournament/rankings"
	"burraco/views/api"
	"burraco/views/page"
	"burraco/views/public"
	"burraco/views/site"
	"burraco/views/table"
)

// Services are the use cases the web layer calls.
type Services struct {
	Players     *tournament.Players
	Auth        *tournament.Auth
	Scales      *tournament.Scales
	Tournaments *tournament.Tournaments
	Seasons     *tournament.Seasons
	// National is the federation's registry of players (nil: made from the tournaments'
	// store when it keeps the registry, as the app's database does).
	National *national.Service
	// Clubs are the clubs, their directors and a director's memberships and role (nil:
	// the one-club app, every request on club 1).
	Clubs *clubs.Service
	// Rankings is the national ranking (nil: its pages answer 404).
	Rankings *rankings.Service
	// Backup writes a copy of the whole database (nil: no backup download).
	Backup page.Backuper
	// Health checks the database for /healthz (nil: not checked).
	Health site.Health
	// Relay is the results' way to the hub (issue 39; nil: not served).
	Relay *page.Relay
}

// Server holds the routes and their dependencies.
type Server struct {
	*page.App
	echo   *echo.Echo
	public *public.Handlers
	tables *table.Handlers
	gates  *site.Gates
	bodies *site.Bodies
	site   site.Config
	health site.Health
}

// Option configures the web server.
type Option func(*Server)

// WithTrustedProxies makes the server believe X-Forwarded-For, but only on requests
// that come straight from one of these networks (the director's reverse proxies).
// Without it the client address is the connection's, whatever the headers say.
func WithTrustedProxies(nets []*net.IPNet) Option {
	return func(s *Server) { s.site.TrustedProxies = nets }
}

// WithVersion names the running release, shown in the footer and by /healthz.
func WithVersion(v string) Option {
	return func(s *Server) { s.site.Version = v }
}

// WithPublicURL fixes the address the QR codes and table tents give phones (e.g. the
// reverse proxy's https://torneo.example.org), instead of the one each request came to.
func WithPublicURL(u string) Option {
	return func(s *Server) { s.site.PublicURL = strings.TrimRight(u, "/") }
}

// WithListenAddr tells the server the address it listens on: on a loopback address
// phones cannot reach it (the director is warned); on every interface the public
// address uses the machine's LAN address instead of localhost.
func WithListenAddr(addr string) Option {
	return func(s *Server) { s.site.ListenAddr = addr }
}

// WithLANAddress replaces how the machine's LAN address is found (tests give a fixed one).
func WithLANAddress(lan func() string) Option {
	return func(s *Server) { s.site.LANAddress = lan }
}

// WithCommandTimeout bounds how long after a request reached the first proxy (or the
// app) a change may still be saved: a later commit is refused, so a request the proxy
// already answered with a timeout is never carried out behind the user's back.
func WithCommandTimeout(d time.Duration) Option {
	return func(s *Server) { s.site.CommandTimeout = d }
}

// WithReplicaWait gives the server the store's wait for its streaming replica
// (db.DB.WaitReplica): an unpublishing waits until the replica no longer shows the
// publication, or is left out of the reads, before it answers.
func WithReplicaWait(wait func(ctx context.Context) error) Option {
	return func(s *Server) { s.public.Replayed = wait }
}

// WithPublicRevisionTTL lets the public pages trust a tournament's revision read in the
// last d before asking the database again: a room of phones then costs no query at all,
// and a change (made here or by another instance) shows at most d later.
func WithPublicRevisionTTL(d time.Duration) Option {
	return func(s *Server) { s.public.Cache.TTL = d }
}

// New builds the web server with every route and middleware.
func New(svc Services, log *slog.Logger, opts ...Option) *Server {
	if log == nil {
		log = slog.Default()
	}
	log = slog.New(site.ContextHandler(log.Handler())) // every line of a request names it
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	s := &Server{App: &page.App{Players: svc.Players, Auth: svc.Auth, Scales: svc.Scales, Tournaments: svc.Tournaments, Seasons: svc.Seasons, Clubs: svc.Clubs, Rankings: svc.Rankings, Backup: svc.Backup, Log: log, Relay: svc.Relay},
		echo: e, health: svc.Health, gates: &site.Gates{Auth: svc.Auth, Clubs: svc.Clubs}, bodies: site.NewBodies()}
	s.App.National = svc.National
	if s.App.National == nil && svc.Tournaments != nil && svc.Seasons != nil {
		if ns, ok := svc.Tournaments.Store.(national.Store); ok {
			s.App.National = &national.Service{Store: ns, Evenings: svc.Seasons}
		}
	}
	s.public = &public.Handlers{App: s.App, Cache: public.NewCache()}
	s.App.PublicChanged = s.public.Changed
	s.App.SeasonPublicChanged = s.public.SeasonChanged
	s.App.Revision, s.App.KnownRevision = s.public.Revision, s.public.KnownRevision
	s.tables = &table.Handlers{App: s.App}
	for _, o := range opts {
		o(s)
	}
	// The login throttle keys on the client address: it must not come from a header
	// any client can set.
	e.IPExtractor = s.site.IPExtractor()
	e.HTTPErrorHandler = site.ErrorHandler(s.App, api.WriteError)
	e.Use(s.site.RequestID, site.Recover(log), site.RequestLog(log))
	e.Use(site.Secure) // page.SecureConfig's headers, made once
	// Each route's body limit (set by routes), before anything reads a body.
	e.Use(s.bodies.Middleware)
	e.Use(s.site.Info, s.site.CommandDeadline)
	e.Use(page.Language)
	e.Use(site.CSRFNotInQuery)
	// The token cookie is Secure by the session cookie's rule (page.IsSecure): one
	// middleware for requests that came over TLS, one for the rest.
	e.Use(site.CSRF(true), site.CSRF(false))
	e.Use(s.gates.Setup)
	s.routes()
	return s
}

// ServeHTTP makes the server an http.Handler. A public page already rendered at its
// tournament's revision is answered before echo (public.Handlers.ServeFast); everything else goes
// through echo's routes and middleware.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set(site.RequestIDHeader, s.site.RequestIDFor(r)) // every answer has one
	r = site.PublicScope(r)                                      // a director's gate narrows it
	if s.public.ServeFast(w, r) || s.tables.ServeFast(w, r) {
		return
	}
	s.echo.ServeHTTP(w, r)
}

// Routes lists every registered route, for tests and docs.
func (s *Server) Routes() []*echo.Route { return s.echo.Routes() }

// Echo is the echo instance behind the fast paths, for tests.
func (s *Server) Echo() http.Handler { return s.echo }

// Tables is the table pages' handlers, for tests.
func (s *Server) Tables() *table.Handlers { return s.tables }

// Bodies is the routes' body limits and the refused bodies' throttle, for tests.
func (s *Server) Bodies() *site.Bodies { return s.bodies }

// Public is the public pages' handlers and their cache, for tests.
func (s *Server) Public() *public.Handlers { return s.public }
