package main

import (
	"io"
	"log/slog"
	"regexp"
	"runtime/debug"
	"strings"

	"burraco/views/site"
)

// release is the app's release, set at build time from its Git tag (docs/DEPLOY.md):
// go build -ldflags "-X main.release=$(git describe --tags --always --dirty)"
// (empty: taken from the build's VCS stamp).
var release string

// version names the running binary: the release set at build time, else the version Go
// stamped into the build from the checkout's tag (v0.1.0, or a pseudo-version after it,
// with "+dirty" for uncommitted changes), else its commit, else "dev" (go run, a build
// with -buildvcs=false or outside a Git checkout).
func version() string {
	if release != "" {
		return release
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "dev"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev == "" {
		return "dev"
	}
	return rev[:min(12, len(rev))] + dirty
}

// newLogger writes structured text to w with every secret masked (see maskSecrets).
func newLogger(w io.Writer) *slog.Logger {
	return slog.New(site.ContextHandler(slog.NewTextHandler(w, &slog.HandlerOptions{ReplaceAttr: maskAttr})))
}

// maskAttr masks secrets in the message and in every value of a log line, errors and
// nested values included.
func maskAttr(_ []string, a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		a.Value = slog.StringValue(maskSecrets(v.String()))
	case slog.KindAny:
		if err, ok := v.Any().(error); ok {
			a.Value = slog.StringValue(maskSecrets(err.Error()))
		} else if s, ok := v.Any().(interface{ String() string }); ok {
			a.Value = slog.StringValue(maskSecrets(s.String()))
		}
	}
	return a
}

var (
	// urlPassword is the password of a URL: scheme://user:password@host.
	urlPassword = regexp.MustCompile(`([a-zA-Z][a-zA-Z0-9+.-]*://[^:/?#@\s]*:)[^@/\s]*@`)
	// dsnPassword is a password in a keyword DSN or a query: password=… or pass=….
	dsnPassword = regexp.MustCompile(`(?i)\b(password|pass|pwd)=('[^']*'|[^\s&]*)`)
)

// mayHoldSecret reports whether s holds "@", "pass" or "pwd" (any case): only then may
// it hold a password to mask. Every value of every log line passes here: it allocates
// nothing.
func mayHoldSecret(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '@':
			return true
		case 'p', 'P':
			if rest := s[i+1:]; len(rest) >= 2 && (strings.EqualFold(rest[:2], "wd") || len(rest) >= 3 && strings.EqualFold(rest[:3], "ass")) {
				return true
			}
		}
	}
	return false
}

// maskSecrets replaces database passwords in s with xxxxx.
func maskSecrets(s string) string {
	if !mayHoldSecret(s) {
		return s
	}
	s = urlPassword.ReplaceAllString(s, "${1}xxxxx@")
	return dsnPassword.ReplaceAllString(s, "${1}=xxxxx")
}
