package page

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/tournament"
)

// A director's reads of a tournament (its overview, standings, rounds, pairing order,
// history; JSON and HTML) are answered from what one stamp of the stage computed: the
// body encoded or rendered once per (tournament, stage, stamp, page, language) on each
// instance, kept beside the derived stage (tournament.Tournaments.Kept) and written as
// bytes. The stamp is read on every request, so a save committed on any instance shows
// in the next read anywhere.

// keptJSON is a JSON answer as encoded once, with its headers' values made once too:
// written per request without encoding, copying or allocating. It is not compressed:
// measured over loopback with hey (issue 35), a gzip copy of the standings (16 KB to
// 0.9 KB) saved the app no CPU once the answer carried its length, and cost the client
// about 20 µs a request to inflate; a director's reads come from the club's LAN.
type keptJSON struct {
	body   []byte
	length []string // Content-Length of body
	etag   []string // the ETag header's value (nil: none)
	format string
}

// Header values every kept answer shares (never changed: a handler that sets one of
// these headers replaces the slice).
var jsonType = []string{echo.MIMEApplicationJSON}

// newKeptJSON keeps an encoded body.
func newKeptJSON(body []byte, etag, format string) *keptJSON {
	k := &keptJSON{body: body, length: []string{strconv.Itoa(len(body))}, format: format}
	if etag != "" {
		k.etag = []string{etag}
	}
	return k
}

// write answers the kept body with its length (no chunked encoding) and the header
// values made once.
func (k *keptJSON) write(c echo.Context) error {
	w := c.Response()
	h := w.Header()
	h["Content-Type"] = jsonType
	if k.etag != nil {
		h["Etag"] = k.etag
	}
	h["Content-Length"] = k.length
	w.WriteHeader(http.StatusOK)
	_, err := w.Write(k.body)
	return err
}

// AcceptsGzip reports whether an Accept-Encoding header accepts gzip (named, and not
// with q=0), without allocating.
func AcceptsGzip(header string) bool {
	for header != "" {
		var part string
		part, header, _ = strings.Cut(header, ",")
		name, params, _ := strings.Cut(part, ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q, ok := strings.CutPrefix(strings.TrimSpace(params), "q=")
		if !ok {
			q, ok = strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
		}
		return !ok || strings.Trim(strings.TrimSpace(q), "0.") != "" // q=0, 0.0…: refused
	}
	return false
}

// KeptJSON answers a director's JSON read of stage seq (0: the current one) of
// tournament tid from the body encoded once per (stamp, key, language) on this
// instance. build makes the answer's value from the shared snapshot (read-only), with
// its ETag ("" for none). The answer is c.JSON's, byte for byte (?pretty indented, as
// echo does).
func (a *App) KeptJSON(c echo.Context, tid int64, seq int, key string, build func(tournament.Snapshot) (any, string, error)) error {
	_, pretty := c.QueryParams()["pretty"]
	pretty = pretty || c.Echo().Debug
	key = "json|" + key + "|" + string(LangOf(c))
	if pretty {
		key += "|pretty"
	}
	v, err := a.Tournaments.Kept(c.Request().Context(), tid, seq, key, func(s tournament.Snapshot) (any, error) {
		UseFormat(c, s.State().Stage.Format) // an error's words
		out, etag, err := build(s)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf) // as echo's c.JSON: HTML escaped, a newline at the end
		if pretty {
			enc.SetIndent("", "  ")
		}
		if err := enc.Encode(out); err != nil {
			return nil, err
		}
		return newKeptJSON(buf.Bytes(), etag, s.State().Stage.Format), nil
	})
	if err != nil {
		return err
	}
	k := v.(*keptJSON)
	UseFormat(c, k.format)
	return k.write(c)
}

// keptHTML is a director's page as rendered once, cut where each request puts its own
// CSRF token and its forms' idempotency keys (drawn per request, as Render draws them).
type keptHTML struct {
	parts [][]byte // the page between its slots
	slots []byte   // what goes after parts[i]: 'c' the CSRF token, 'i' a new idempotency key, 't' a clock's time left now
	// clocks are the round clocks whose time left goes in the slots 't', in order.
	clocks []tournament.Clock
	format string
}

// Markers stand in a kept page for what each request fills in; random per process, of
// letters and digits only (nothing a page's escaping changes).
var csrfMarker, idemMarker, clockMarker = newMarker("c"), newMarker("i"), newMarker("t")

func newMarker(kind string) string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return "zq" + kind + hex.EncodeToString(b) + "qz"
}

// IdempotencyKeyOf is the idempotency key a form rendered now carries: drawn for it
// (NewIdempotencyKey), or, on a page rendered to keep (RenderKept), a mark each request
// replaces with a key of its own.
func IdempotencyKeyOf(ctx context.Context) string {
	if Of(ctx).keeping {
		return idemMarker
	}
	return NewIdempotencyKey()
}

// ClockLeft is a round clock's time left as a page shows it when rendered (the script
// then counts down in the browser): on a page rendered to keep, a mark each request
// replaces with the time left then.
func ClockLeft(ctx context.Context, clk tournament.Clock) string {
	if p := Of(ctx); p.keeping {
		p.clocks = append(p.clocks, clk)
		return clockMarker
	}
	return ClockText(clk.Remaining(NowOf(ctx)))
}

// plainToken reports whether a CSRF token is of the characters no escaping changes (as
// the CSRF middleware draws them): only then is it put in a kept page as it is.
func plainToken(s string) bool {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '-' || b == '_') {
			return false
		}
	}
	return true
}

// RenderKept answers a director's page of stage seq (0: the current one) of tournament
// tid as Render would, from the page rendered once per (stamp, address, language,
// director, site) on this instance: build makes it from the shared snapshot (read-only).
// What differs per request is put in each time: the CSRF token and the forms'
// idempotency keys; a page with a flash message, or a CSRF token of other characters,
// is rendered for its request alone. A round clock's time left is put in at each
// request too (ClockLeft).
func (a *App) RenderKept(c echo.Context, tid int64, seq int, build func(tournament.Snapshot) (templ.Component, error)) error {
	csrf, _ := c.Get(CSRFContextKey).(string)
	if ck, err := c.Cookie(FlashCookie); (err == nil && ck.Value != "") || !plainToken(csrf) {
		// Rendered for this request alone, as Render would: the flash in the format's words.
		s, err := a.Tournaments.Snapshot(c.Request().Context(), tid, seq)
		if err != nil {
			return err
		}
		UseFormat(c, s.State().Stage.Format)
		comp, err := build(s)
		if err != nil {
			return err
		}
		return Render(c, http.StatusOK, comp)
	}
	p := newPage(c) // no flash to take
	var key strings.Builder
	key.WriteString("html|")
	key.WriteString(p.Path)
	key.WriteString("|" + string(p.Lang))
	if d := p.Director; d != nil {
		key.WriteString("|" + strconv.FormatInt(d.ID, 10) + "|" + d.Username + "|" + d.Name)
	}
	if st := p.Site; st != nil {
		key.WriteString("|" + st.Version + "|" + st.PublicBase + "|" + strconv.FormatBool(st.Unreachable) + "|" + st.Addr)
	}
	v, err := a.Tournaments.Kept(c.Request().Context(), tid, seq, key.String(), func(s tournament.Snapshot) (any, error) {
		UseFormat(c, s.State().Stage.Format) // an error's words
		comp, err := build(s)
		if err != nil {
			return nil, err
		}
		kp := *p
		kp.CSRF, kp.keeping, kp.Format = csrfMarker, true, s.State().Stage.Format
		var buf bytes.Buffer
		if err := comp.Render(WithPage(c.Request().Context(), &kp), &buf); err != nil {
			return nil, err
		}
		return cutKept(buf.Bytes(), kp.clocks, kp.Format), nil
	})
	if err != nil {
		return err
	}
	kh := v.(*keptHTML)
	UseFormat(c, kh.format)
	return writeKept(c, kh, p.CSRF)
}

// cutKept cuts a page rendered with the markers at each of them.
func cutKept(body []byte, clocks []tournament.Clock, format string) *keptHTML {
	kh := &keptHTML{clocks: clocks, format: format}
	marks := [][]byte{[]byte(csrfMarker), []byte(idemMarker), []byte(clockMarker)}
	kinds := []byte{'c', 'i', 't'}
	for {
		at, kind := -1, 0
		for i, m := range marks {
			if j := bytes.Index(body, m); j >= 0 && (at < 0 || j < at) {
				at, kind = j, i
			}
		}
		if at < 0 {
			kh.parts = append(kh.parts, body)
			return kh
		}
		kh.parts = append(kh.parts, body[:at])
		kh.slots = append(kh.slots, kinds[kind])
		body = body[at+len(marks[kind]):]
	}
}

// writeKept writes a kept page with the request's CSRF token and new idempotency keys,
// part by part (no copy of the page per request).
func writeKept(c echo.Context, kh *keptHTML, csrf string) error {
	w := c.Response()
	w.Header().Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	w.WriteHeader(http.StatusOK)
	var slot [64]byte
	now, clock := time.Time{}, 0
	for i, p := range kh.parts {
		if _, err := w.Write(p); err != nil {
			return err
		}
		if i == len(kh.slots) {
			break
		}
		var fill []byte
		switch kh.slots[i] {
		case 'c':
			fill = append(slot[:0], csrf...)
		case 'i':
			fill = append(slot[:0], NewIdempotencyKey()...)
		case 't':
			if now.IsZero() {
				now = NowOf(c.Request().Context())
			}
			fill = append(slot[:0], ClockText(kh.clocks[clock].Remaining(now))...)
			clock++
		}
		if _, err := w.Write(fill); err != nil {
			return err
		}
	}
	return nil
}
