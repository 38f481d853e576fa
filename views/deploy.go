package views

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// Health answers how the database is: its schema version, or why it cannot say.
type Health interface {
	SchemaVersion(ctx context.Context) (int, error)
}

// healthTimeout bounds the database check of /healthz.
const healthTimeout = 2 * time.Second

// WithVersion names the running release, shown in the footer and by /healthz.
func WithVersion(v string) Option {
	return func(s *Server) { s.version = v }
}

// WithPublicURL fixes the address the QR codes and table tents give phones (e.g. the
// reverse proxy's https://torneo.example.org), instead of the one each request came to.
func WithPublicURL(u string) Option {
	return func(s *Server) { s.publicURL = strings.TrimRight(u, "/") }
}

// WithListenAddr tells the server the address it listens on: on a loopback address
// phones cannot reach it (the director is warned); on every interface the public
// address uses the machine's LAN address instead of localhost.
func WithListenAddr(addr string) Option {
	return func(s *Server) { s.listenAddr = addr }
}

// WithCommandTimeout bounds how long after a request reached the first proxy (or the
// app) a change may still be saved: a later commit is refused, so a request the proxy
// already answered with a timeout is never carried out behind the user's back.
func WithCommandTimeout(d time.Duration) Option {
	return func(s *Server) { s.commandTimeout = d }
}

// healthAnswer is the answer of /healthz.
type healthAnswer struct {
	Status  string `json:"status"` // "ok" or "unavailable"
	Version string `json:"version"`
	Schema  *int   `json:"schema,omitempty"`
	Error   string `json:"error,omitempty"`
}

// healthz answers whether this instance can serve: the database answers a cheap query
// within healthTimeout, and at which schema version; and the release running.
func (s *Server) healthz(c echo.Context) error {
	out := healthAnswer{Status: "ok", Version: s.version}
	if s.health != nil {
		ctx, cancel := context.WithTimeout(c.Request().Context(), healthTimeout)
		defer cancel()
		v, err := s.health.SchemaVersion(ctx)
		if err != nil {
			s.Log.Error("health check", "err", err)
			out.Status, out.Error = "unavailable", "database: "+err.Error()
			return c.JSON(http.StatusServiceUnavailable, out)
		}
		out.Schema = &v
	}
	return c.JSON(http.StatusOK, out)
}

// commandDeadline gives every request that may change something (not GET, HEAD,
// OPTIONS) a commit deadline of commandTimeout from when it started: from the trusted
// proxy's X-Request-Start ("t=<seconds>[.<fraction>]", nginx's $msec) when there is
// one, else from now. The store checks it just before each commit and rolls back past
// it (tournament.WithCommitDeadline), answered 503 error.too_late: an instance that hung
// (SIGSTOP, a pause) and resumes after the proxy gave up on it does not carry out the
// request it held. Only the commit is bound: reads, and whatever follows a commit made
// in time, run to their end.
func (s *Server) commandDeadline(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if s.commandTimeout <= 0 || r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions {
			return next(c)
		}
		start := time.Now()
		if t, ok := s.requestStart(r); ok && t.Before(start) {
			start = t
		}
		c.SetRequest(r.WithContext(tournament.WithCommitDeadline(r.Context(), start.Add(s.commandTimeout))))
		return next(c)
	}
}

// requestStart reads X-Request-Start, believed only from a trusted proxy.
func (s *Server) requestStart(r *http.Request) (time.Time, bool) {
	if !s.fromTrustedProxy(r) {
		return time.Time{}, false
	}
	return parseRequestStart(r.Header.Get("X-Request-Start"))
}

// parseRequestStart reads "t=<Unix time>" (or the bare number) in seconds with a
// fraction (nginx's $msec), milliseconds (Caddy's {time.now.unix_ms}) or microseconds,
// told apart by size.
func parseRequestStart(h string) (time.Time, bool) {
	f, err := strconv.ParseFloat(strings.TrimPrefix(strings.TrimSpace(h), "t="), 64)
	if err != nil || f <= 0 {
		return time.Time{}, false
	}
	switch {
	case f > 1e14:
		f /= 1e6
	case f > 1e11:
		f /= 1e3
	}
	sec := int64(f)
	return time.Unix(sec, int64((f-float64(sec))*1e9)), true
}

// fromTrustedProxy reports whether the connection comes straight from a trusted proxy.
func (s *Server) fromTrustedProxy(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return false
	}
	for _, n := range s.trustedProxies {
		if n.Contains(ip) {
			return true
		}
	}
	return false
}

// isTLS reports whether the request came over HTTPS: directly, or through a trusted
// proxy that says so in X-Forwarded-Proto. A header from anyone else is not believed.
func (s *Server) isTLS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	return s.fromTrustedProxy(r) && strings.EqualFold(strings.TrimSpace(strings.Split(r.Header.Get("X-Forwarded-Proto"), ",")[0]), "https")
}

// siteInfo puts the site on every request's context, for pages and handlers.
func (s *Server) siteInfo(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		base, unreachable := s.publicBase(c)
		c.Set(page.SiteContextKey, &page.Site{Version: s.version, PublicBase: base, Unreachable: unreachable, Addr: s.listenAddr})
		c.Set("secure", s.isTLS(c.Request()))
		return next(c)
	}
}

// publicBase is where phones reach the public pages: -public-url when set; else the
// address this request came to, with a loopback host replaced by the machine's LAN
// address when the app listens on every interface. unreachable says the result is
// still a loopback address (the app listens only on this machine).
func (s *Server) publicBase(c echo.Context) (base string, unreachable bool) {
	if s.publicURL != "" {
		return s.publicURL, false
	}
	scheme := "http"
	if s.isTLS(c.Request()) {
		scheme = "https"
	}
	host := c.Request().Host
	name, port, err := net.SplitHostPort(host)
	if err != nil {
		name, port = host, ""
	}
	if !isLoopbackName(name) {
		return scheme + "://" + host, false
	}
	if listenHost, _, err := net.SplitHostPort(s.listenAddr); err == nil && isAnyAddress(listenHost) {
		if ip := s.lanIP(); ip != "" {
			if port != "" {
				return scheme + "://" + net.JoinHostPort(ip, port), false
			}
			return scheme + "://" + ip, false
		}
	}
	return scheme + "://" + host, true
}

// isLoopbackName reports whether a host name or address is this machine only.
func isLoopbackName(name string) bool {
	name = strings.Trim(name, "[]")
	if strings.EqualFold(name, "localhost") || strings.HasSuffix(strings.ToLower(name), ".localhost") {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && ip.IsLoopback()
}

// isAnyAddress reports whether a listen host means every interface ("", 0.0.0.0, ::).
func isAnyAddress(h string) bool {
	if h == "" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsUnspecified()
}

// lanIP is the machine's address on its local network, or "" when it has none.
func (s *Server) lanIP() string {
	if s.lanAddress != nil {
		return s.lanAddress()
	}
	return machineLANAddress()
}

// machineLANAddress finds the machine's first private IPv4 address on an interface that
// is up (the club's Wi-Fi), else its first global one; "" without any.
func machineLANAddress() string {
	ifaces, err := net.Interfaces()
	if err != nil {
		return ""
	}
	var global string
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok || n.IP.To4() == nil || !n.IP.IsGlobalUnicast() {
				continue
			}
			if n.IP.IsPrivate() {
				return n.IP.String()
			}
			if global == "" {
				global = n.IP.String()
			}
		}
	}
	return global
}
