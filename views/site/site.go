// Package site is what the server puts around every feature: how the app is deployed
// and reached (the site every page knows, the client address, TLS behind a proxy, the
// commit deadline), the security middleware every request passes (CSRF, body limit,
// request log), /healthz and the error page or answer. Only views' root imports it.
package site

import (
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// Config is how the app is deployed: its release and how it is reached.
type Config struct {
	// Version names the running release, shown in the footer and by /healthz.
	Version string
	// PublicURL is the address phones are given, if fixed (-public-url).
	PublicURL string
	// ListenAddr is the address the app listens on.
	ListenAddr string
	// TrustedProxies may set the client address through X-Forwarded-For.
	TrustedProxies []*net.IPNet
	// CommandTimeout bounds when a change may still be saved (see CommandDeadline).
	CommandTimeout time.Duration
	// LANAddress finds the machine's LAN address (nil: its first private interface).
	LANAddress func() string
}

// CommandDeadline gives every request that may change something (not GET, HEAD,
// OPTIONS) a commit deadline of CommandTimeout from when it started: from the trusted
// proxy's X-Request-Start ("t=<seconds>[.<fraction>]", nginx's $msec) when there is
// one, else from now. The store checks it just before each commit and rolls back past
// it (tournament.WithCommitDeadline), answered 503 error.too_late: an instance that hung
// (SIGSTOP, a pause) and resumes after the proxy gave up on it does not carry out the
// request it held. Only the commit is bound: reads, and whatever follows a commit made
// in time, run to their end.
func (cf *Config) CommandDeadline(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if cf.CommandTimeout <= 0 || r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions {
			return next(c)
		}
		start := time.Now()
		if t, ok := cf.requestStart(r); ok && t.Before(start) {
			start = t
		}
		c.SetRequest(r.WithContext(tournament.WithCommitDeadline(r.Context(), start.Add(cf.CommandTimeout))))
		return next(c)
	}
}

// requestStart reads X-Request-Start, believed only from a trusted proxy.
func (cf *Config) requestStart(r *http.Request) (time.Time, bool) {
	if !cf.fromTrustedProxy(r) {
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
func (cf *Config) fromTrustedProxy(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return false
	}
	for _, n := range cf.TrustedProxies {
		if n.Contains(ip) {
			return true
		}
	}
	return false
}

// isTLS reports whether the request came over HTTPS: directly, or through a trusted
// proxy that says so in X-Forwarded-Proto. A header from anyone else is not believed.
func (cf *Config) isTLS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	return cf.fromTrustedProxy(r) && strings.EqualFold(strings.TrimSpace(strings.Split(r.Header.Get("X-Forwarded-Proto"), ",")[0]), "https")
}

// Info puts the site on every request's context, for pages and handlers.
func (cf *Config) Info(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		base, unreachable := cf.publicBase(c)
		c.Set(page.SiteContextKey, &page.Site{Version: cf.Version, PublicBase: base, Unreachable: unreachable, Addr: cf.ListenAddr})
		c.Set("secure", cf.isTLS(c.Request()))
		return next(c)
	}
}

// publicBase is where phones reach the public pages: -public-url when set; else the
// address this request came to, with a loopback host replaced by the machine's LAN
// address when the app listens on every interface. unreachable says the result is
// still a loopback address (the app listens only on this machine).
func (cf *Config) publicBase(c echo.Context) (base string, unreachable bool) {
	if cf.PublicURL != "" {
		return cf.PublicURL, false
	}
	scheme := "http"
	if cf.isTLS(c.Request()) {
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
	if listenHost, _, err := net.SplitHostPort(cf.ListenAddr); err == nil && isAnyAddress(listenHost) {
		if ip := cf.lanIP(); ip != "" {
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
func (cf *Config) lanIP() string {
	if cf.LANAddress != nil {
		return cf.LANAddress()
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
