package page

import (
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"strconv"
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

// SecureHeaders are the headers SecureConfig sets, for the answers written before echo
// (the fast paths of the public pages and of the tables' polls).
var SecureHeaders = map[string][]string{
	"X-Xss-Protection":        {SecureConfig.XSSProtection},
	"X-Content-Type-Options":  {SecureConfig.ContentTypeNosniff},
	"X-Frame-Options":         {SecureConfig.XFrameOptions},
	"Referrer-Policy":         {SecureConfig.ReferrerPolicy},
	"Content-Security-Policy": {SecureConfig.ContentSecurityPolicy},
}

// IdempotencyField is the hidden field of every form (beside the CSRF token) carrying a
// key drawn when the form was rendered: the same form sent twice creates once.
const IdempotencyField = "_idem"

// IdempotencyHeader is the API's header carrying a client's idempotency key.
const IdempotencyHeader = "Idempotency-Key"

// NewIdempotencyKey draws a random key for a rendered form.
func NewIdempotencyKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// WithIdempotencyKey puts a change's idempotency key, if it has one, on its context for
// the services (tournament.WithIdempotencyKey), scoped by the director who sent it: the
// Idempotency-Key header (a Structured Field string, quoted or not), or else, for a
// form, its hidden field. A header that is not 1 to 255 printable ASCII characters is
// refused (EINVALID).
func WithIdempotencyKey(c echo.Context, d *tournament.Director, form bool) error {
	r := c.Request()
	if r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions || d == nil {
		return nil
	}
	key, sent := "", false
	if vs := r.Header.Values(IdempotencyHeader); len(vs) > 0 {
		if len(vs) > 1 {
			return tournament.Errorf(tournament.EINVALID, "error.idempotency_key")
		}
		key, sent = vs[0], true
		if len(key) >= 2 && key[0] == '"' && key[len(key)-1] == '"' {
			key = key[1 : len(key)-1]
		}
	} else if form {
		key = c.FormValue(IdempotencyField)
		sent = key != ""
	}
	if !sent {
		return nil
	}
	if err := tournament.CheckIdempotencyKey(key); err != nil {
		return err
	}
	scope := "director:" + strconv.FormatInt(d.ID, 10)
	c.SetRequest(r.WithContext(tournament.WithIdempotencyKey(r.Context(), scope, key)))
	return nil
}
