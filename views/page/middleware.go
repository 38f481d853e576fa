package page

import (
	"encoding/base64"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"burraco/tournament"
	"burraco/views/words"
)

// Cookies and context keys every part of the web layer shares.
const (
	SessionCookie  = "burraco_session"
	FlashCookie    = "burraco_flash"
	CSRFContextKey = "csrf"
	CSRFCookie     = "burraco_csrf"
	CSRFFormField  = "_csrf" // the form field carrying the CSRF token
)

// Language sets the request's language for handlers and pages.
func Language(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Set("lang", NegotiateLang(c))
		return next(c)
	}
}

// DirectorOf returns the logged-in director, or nil.
func DirectorOf(c echo.Context) *tournament.Director {
	d, _ := c.Get("director").(*tournament.Director)
	return d
}

// SetFlash leaves a one-time message (a catalogue key and its arguments) for the next
func SetFlash(c echo.Context, key string, args ...string) {
	v := strings.Join(append([]string{key}, args...), "\x1f")
	c.SetCookie(&http.Cookie{Name: FlashCookie, Value: base64.RawURLEncoding.EncodeToString([]byte(v)),
		Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: IsSecure(c)})
}

// TakeFlash reads and clears the one-time message, translated.
func TakeFlash(c echo.Context) string {
	ck, err := c.Cookie(FlashCookie)
	if err != nil || ck.Value == "" {
		return ""
	}
	c.SetCookie(&http.Cookie{Name: FlashCookie, Path: "/", MaxAge: -1, HttpOnly: true})
	b, err := base64.RawURLEncoding.DecodeString(ck.Value)
	if err != nil {
		return ""
	}
	parts := strings.Split(string(b), "\x1f")
	if !words.Known(parts[0]) {
		return ""
	}
	args := make([]any, len(parts)-1)
	for i, a := range parts[1:] {
		args[i] = a
	}
	format, _ := c.Get(FormatContextKey).(string)
	return TranslateFor(LangOf(c), format, parts[0], args...)
}

// IsSecure tells whether the request came over HTTPS (directly, or through a trusted
// proxy's X-Forwarded-Proto: see site.Config.isTLS), so cookies get the Secure flag there but
// still work on a laptop's plain http://localhost.
func IsSecure(c echo.Context) bool {
	secure, _ := c.Get("secure").(bool)
	return secure
}

// SecureConfig are the security headers of every answer (servePublicFast sends the same).
var SecureConfig = middleware.SecureConfig{
	XSSProtection: "0", ContentTypeNosniff: "nosniff", XFrameOptions: "DENY",
	ReferrerPolicy:        "same-origin",
	ContentSecurityPolicy: "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'",
}
