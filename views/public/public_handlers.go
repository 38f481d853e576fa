package public

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/views/page"

	"burraco/tournament"
	"burraco/tournament/lag"
)

// Cache keeps each public page (and JSON twin) as rendered at its tournament's
// revision, keyed by (tournament, page, language): a page is rendered once per change in
// the tournament, whatever the number of phones reading it. Every request still asks the
// database for the revision (one indexed read), so a change made through another app
// instance is seen at once.
type Cache struct {
	mu    sync.RWMutex
	pages map[pageID]*renderedPage
	// ttl is how long this instance trusts a revision it read (0: ask every time).
	TTL  time.Duration
	revs map[int64]revision
	// rendering are the pages being rendered now, by page.
	rendering map[pageID]*rendering
	// reading are the revisions being read now, by tournament.
	reading map[int64]chan struct{}
	// floor is, by tournament, the latest revision a page was rendered at here: no page
	// of an earlier one is served any more (see serve), so a reader never sees this
	// instance go back.
	floor map[int64]int64
}

// revision is a tournament's revision and publication as read at a time.
type revision struct {
	rev       int64
	published bool
	at        time.Time
}

// revision returns a tournament's revision and publication, read at most ttl ago.
func (h *Handlers) revision(ctx context.Context, tid int64) (int64, bool, error) {
	return h.revisionOf(ctx, tid, false)
}

// Revision is a tournament's revision as this instance trusts it (read at most the TTL
// ago, as every public page), published or not: page.App.Revision.
func (h *Handlers) Revision(ctx context.Context, tid int64) (int64, error) {
	rev, _, err := h.revision(ctx, tid)
	return rev, err
}

// KnownRevision is the revision Revision would answer without reading it (read less
// than the TTL ago), ok false otherwise: page.App.KnownRevision.
func (h *Handlers) KnownRevision(tid int64) (int64, bool) {
	pc := h.Cache
	if pc.TTL <= 0 {
		return 0, false
	}
	pc.mu.RLock()
	r, ok := pc.revs[tid]
	pc.mu.RUnlock()
	return r.rev, ok && time.Since(r.at) < pc.TTL
}

// revisionOf is revision, or, fresh, the revision read now (and trusted from now on).
func (h *Handlers) revisionOf(ctx context.Context, tid int64, fresh bool) (int64, bool, error) {
	pc := h.Cache
	for pc.TTL > 0 && !fresh {
		pc.mu.RLock()
		r, ok := pc.revs[tid]
		pc.mu.RUnlock()
		if age := time.Since(r.at); ok && age < pc.TTL {
			if age > pc.TTL*3/4 {
				// Read again ahead of time, in the background: the revision read is
				// still trusted, so nobody waits for the database at the TTL.
				h.refreshRevision(ctx, tid)
			}
			return r.rev, r.published, nil
		}
		// One request reads it again; the others arriving meanwhile wait for that read
		// (at each TTL, a room of phones would otherwise queue for the database's
		// connections, one query each).
		pc.mu.Lock()
		wait, reading := pc.reading[tid]
		if !reading {
			done := make(chan struct{})
			pc.reading[tid] = done
			pc.mu.Unlock()
			defer func() {
				pc.mu.Lock()
				delete(pc.reading, tid)
				pc.mu.Unlock()
				close(done)
			}()
			break
		}
		pc.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			return 0, false, ctx.Err()
		}
		fresh = true // if that read failed, this one reads for itself
		pc.mu.RLock()
		r, ok = pc.revs[tid]
		pc.mu.RUnlock()
		if ok && time.Since(r.at) < pc.TTL {
			return r.rev, r.published, nil
		}
	}
	// Trusted from before the query, not after it: what it reads was true no earlier
	// than this, so an unpublishing that waits the TTL out (forgetUnpublished) outlives
	// every copy read before it.
	at := time.Now()
	rev, published, err := h.Tournaments.PublicRevision(ctx, tid)
	if err != nil || pc.TTL <= 0 {
		return rev, published, err
	}
	pc.mu.Lock()
	if len(pc.revs) > 10000 {
		clear(pc.revs) // ids probed at random: forget them all rather than grow
	}
	pc.revs[tid] = revision{rev: rev, published: published, at: at}
	pc.mu.Unlock()
	return rev, published, nil
}

// refreshRevision reads a tournament's revision again in the background, unless a read
// of it is under way.
func (h *Handlers) refreshRevision(ctx context.Context, tid int64) {
	pc := h.Cache
	pc.mu.Lock()
	if _, reading := pc.reading[tid]; reading {
		pc.mu.Unlock()
		return
	}
	done := make(chan struct{})
	pc.reading[tid] = done
	pc.mu.Unlock()
	bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	go func() {
		defer cancel()
		at := time.Now()
		rev, published, err := h.Tournaments.PublicRevision(bg, tid)
		pc.mu.Lock()
		if err == nil {
			if r, ok := pc.revs[tid]; ok && r.at.Before(at) {
				pc.revs[tid] = revision{rev: rev, published: published, at: at}
			}
		}
		delete(pc.reading, tid)
		pc.mu.Unlock()
		close(done)
	}()
}

// Changed follows a publication's change: a tournament published shows here at
// once (elsewhere within the TTL); an unpublishing waits (forgetUnpublished).
func (h *Handlers) Changed(ctx context.Context, tid int64, published bool) {
	if published {
		h.Cache.Forget(tid)
		return
	}
	h.forgetUnpublished(ctx, tid)
}

// forgetUnpublished makes an unpublishing take effect everywhere before it is
// answered: this instance forgets the tournament's revision at once, and the answer
// waits until the replica, if any, has replayed it, then the TTL out, so that every
// instance (all run with the same -public-ttl) has let go of a publication it read
// before the change and asks the database again (unpublished).
func (h *Handlers) forgetUnpublished(ctx context.Context, tid int64) {
	pc := h.Cache
	pc.Forget(tid)
	h.unpublished(ctx)
	pc.Forget(tid) // a read that began before the change and ended after the first forget
}

// Forget drops the revision this instance read for a tournament: the next request asks
// the database.
func (pc *Cache) Forget(tid int64) {
	pc.mu.Lock()
	delete(pc.revs, tid)
	pc.mu.Unlock()
}

// pageID names a rendered public page.
type pageID struct {
	tid  int64
	page string // "tables", "standings", "player/12", "projector/tables", with ".json" for twins
	lang page.Lang
}

// renderedPage is a page's bytes at a revision, with its ETag, and the same gzipped
// once (a phone on the club's Wi-Fi gets a fraction of the bytes, at no cost per request).
type renderedPage struct {
	rev    int64
	body   []byte
	etag   string
	gz     []byte
	gzEtag string
	ctype  string
	// hdr are the header values the fast path writes, made once (seal): plain and
	// gzipped.
	hdr, gzHdr *pageHeaders
}

// pageHeaders are the values of a rendered page's headers in one encoding.
type pageHeaders struct{ etag, ctype, length []string }

// seal makes the header values the fast path writes (ServeFast), once.
func (p *renderedPage) seal() {
	ct := []string{p.ctype}
	p.hdr = &pageHeaders{etag: []string{p.etag}, ctype: ct, length: []string{strconv.Itoa(len(p.body))}}
	p.gzHdr = &pageHeaders{etag: []string{p.gzEtag}, ctype: ct, length: []string{strconv.Itoa(len(p.gz))}}
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{pages: map[pageID]*renderedPage{}, revs: map[int64]revision{}, rendering: map[pageID]*rendering{},
		floor: map[int64]int64{}, reading: map[int64]chan struct{}{}}
}

// rendering is a page being rendered at a revision; done closes when it ends.
type rendering struct {
	rev  int64
	done chan struct{}
}

// claim returns the channel closed when page k is rendered at rev, and whether the
// caller is the one to render it (release it then).
func (pc *Cache) claim(k pageID, rev int64) (chan struct{}, bool) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if r := pc.rendering[k]; r != nil && r.rev == rev {
		return r.done, false
	}
	r := &rendering{rev: rev, done: make(chan struct{})}
	pc.rendering[k] = r
	return r.done, true
}

// release ends a render claimed (done its channel), whether it succeeded or not.
func (pc *Cache) release(k pageID, done chan struct{}) {
	pc.mu.Lock()
	if r := pc.rendering[k]; r != nil && r.done == done {
		delete(pc.rendering, k)
	}
	pc.mu.Unlock()
	close(done)
}

// get returns page k as rendered at revision rev or a later one (the derived state a
// page is rendered from may be newer than the revision read), or nil.
func (pc *Cache) get(k pageID, rev int64) *renderedPage {
	pc.mu.RLock()
	defer pc.mu.RUnlock()
	if p := pc.pages[k]; p != nil && p.rev >= rev {
		return p
	}
	return nil
}

// stale returns page k as last rendered, while no page of its tournament was rendered
// at a later revision on this instance (nil otherwise).
func (pc *Cache) stale(k pageID) *renderedPage {
	pc.mu.RLock()
	defer pc.mu.RUnlock()
	if p := pc.pages[k]; p != nil && p.rev >= pc.floor[k.tid] {
		return p
	}
	return nil
}

// notBefore reports whether a page of a tournament at revision rev may be served: no
// page of it was rendered at a later one here.
func (pc *Cache) notBefore(tid, rev int64) bool {
	pc.mu.RLock()
	defer pc.mu.RUnlock()
	return rev >= pc.floor[tid]
}

// put keeps p unless a page of a later revision is already there.
func (pc *Cache) put(k pageID, p *renderedPage) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if old := pc.pages[k]; old == nil || old.rev <= p.rev {
		pc.pages[k] = p
	}
	if p.rev > pc.floor[k.tid] {
		pc.floor[k.tid] = p.rev
	}
}

// publicRender builds a public page's data from a published tournament, and the page
// that shows it (nil for a JSON twin). ok false answers 404 (an unknown entry).
// ev, cols and lines are the current stage and its standings as the service derived them
// once for the revision, shared by every reader: read-only.
type publicRender func(ev *tournament.State, cols []tournament.Column, lines []tournament.Standing) (data any, page templ.Component, ok bool)

// serve answers a public page from the cache when it holds the tournament's
// current revision, else renders it and keeps it. An unpublished or unknown tournament
// is a 404, the same for both, so the public cannot tell them apart.
func (h *Handlers) serve(c echo.Context, name string, asJSON bool, build publicRender) error {
	tid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if l, ok := page.ParseLang(c.QueryParam("lang")); ok && !asJSON {
		// A language picked by a link is remembered like the director's switch, and the
		// address goes back to the one page every phone shares.
		c.SetCookie(&http.Cookie{Name: page.LangCookie, Value: string(l), Path: "/", MaxAge: 365 * 24 * 3600,
			HttpOnly: true, Secure: page.IsSecure(c), SameSite: http.SameSiteLaxMode})
		return page.Redirect(c, c.Request().URL.Path)
	}
	ctx := c.Request().Context()
	fresh := wantsFresh(c.Request())
	rev, published, err := h.revisionOf(ctx, tid, fresh)
	if err != nil {
		return err
	}
	if !published {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	k := pageID{tid: tid, page: name, lang: page.LangOf(c)}
	if asJSON {
		k.page += ".json"
		k.lang = ""
	}
	if p := h.Cache.get(k, rev); p != nil {
		return writePublic(c, p)
	}
	// The stage this page is rendered from: at rev or later, or, while the stage at rev
	// is being derived in the background, the page as rendered before or the stage as
	// derived before, if this instance rendered no page of a later revision meanwhile: a
	// room of phones never waits for a load, and a page is at most the TTL plus a load
	// behind the database.
	var ev *tournament.State
	var cols []tournament.Column
	var lines []tournament.Standing
	if h.Cache.TTL > 0 && !fresh && !h.Tournaments.Prepare(ctx, tid, rev) {
		if p := h.Cache.stale(k); p != nil {
			return writePublic(c, p)
		}
		if st, cs, ls, ok := h.Tournaments.Latest(tid); ok && h.Cache.notBefore(tid, st.Tournament.Revision) {
			ev, cols, lines = st, cs, ls
		}
	}
	at := rev
	if ev != nil {
		at = ev.Tournament.Revision
	}
	// One request renders a page at a revision; the others asking for it meanwhile wait
	// for its bytes rather than render it again (a room of phones at each change).
	done, mine := h.Cache.claim(k, at)
	if mine {
		defer h.Cache.release(k, done)
	} else {
		select {
		case <-done:
		case <-ctx.Done():
			return ctx.Err()
		}
		if p := h.Cache.get(k, at); p != nil {
			return writePublic(c, p)
		}
	}
	if ev == nil {
		if ev, cols, lines, err = h.Tournaments.StandingsSince(ctx, tid, rev); err != nil {
			return err
		}
	}
	// A stage derived at rev or later tells its own publication (an unpublishing since
	// the revision read); one derived before it, rendered from while the stage at rev is
	// derived, may predate the publication the revision read says.
	if ev.Tournament.Revision >= rev && !ev.Tournament.Published {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	if ev, lines, err = h.masked(ctx, ev, lines); err != nil {
		return err
	}
	data, comp, ok := build(ev, cols, lines)
	if !ok {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	p := &renderedPage{rev: ev.Tournament.Revision}
	if asJSON {
		if p.body, err = json.Marshal(data); err != nil {
			return err
		}
		p.ctype = echo.MIMEApplicationJSON
	} else {
		if p.body, err = renderPublic(ctx, page.LangOf(c), ev.Stage.Format, c.Request().URL.Path, comp); err != nil {
			return err
		}
		p.ctype = echo.MIMETextHTMLCharsetUTF8
	}
	sum := sha256.Sum256(p.body)
	tag := base64.RawURLEncoding.EncodeToString(sum[:12])
	p.etag, p.gzEtag = `"`+tag+`"`, `"`+tag+`-gz"`
	if p.gz, err = gzipped(p.body); err != nil {
		return err
	}
	p.seal()
	h.Cache.put(k, p)
	return writePublic(c, p)
}

// gzipWriters are gzip writers to reuse: each holds about a megabyte of tables.
var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed) // rendered once per revision per instance: speed first
	return zw
}}

// gzipped returns body compressed with gzip.
func gzipped(body []byte) ([]byte, error) {
	var gz bytes.Buffer
	gz.Grow(len(body)/4 + 64)
	zw := gzipWriters.Get().(*gzip.Writer)
	defer gzipWriters.Put(zw)
	zw.Reset(&gz)
	if _, err := zw.Write(body); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return gz.Bytes(), nil
}

// wantsFresh reports whether a request asks for the page as the database has it now
// (a reload: Cache-Control no-cache or max-age=0), not one rendered before.
func wantsFresh(r *http.Request) bool {
	cc := r.Header.Get("Cache-Control")
	return cc != "" && (strings.Contains(cc, "no-cache") || strings.Contains(cc, "max-age=0"))
}

// renderPublic renders a public page for a language (in the wording of the tournament's
// format) alone: no session, no CSRF token, no flash message, so the bytes are the same
// for everyone who reads that language.
func renderPublic(ctx context.Context, lang page.Lang, format, path string, comp templ.Component) ([]byte, error) {
	ctx = page.WithPage(ctx, &page.Page{Lang: lang, Path: path, Format: format, Site: &page.Site{}})
	var buf bytes.Buffer
	if err := comp.Render(ctx, &buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writePublic sends a rendered page, or 304 to a client that has it already. Clients
// must ask again each time (no-cache), and get a 304 while nothing changed.
func writePublic(c echo.Context, p *renderedPage) error {
	h := c.Response().Header()
	body, tag := p.body, p.etag
	gz := page.AcceptsGzip(c.Request().Header.Get("Accept-Encoding"))
	if gz {
		body, tag = p.gz, p.gzEtag
	}
	h.Set("ETag", tag)
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding, Accept-Language, Cookie")
	if etagMatches(c.Request().Header.Get("If-None-Match"), tag) {
		return c.NoContent(http.StatusNotModified)
	}
	if gz {
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body))) // as the fast path: no chunked answer
	return c.Blob(http.StatusOK, p.ctype, body)
}

// etagMatches reads an If-None-Match header: a list of tags, or *.
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// The public pages and their JSON twins.

// Tables shows a published tournament's tables, or those matching ?q.
func (h *Handlers) Tables(c echo.Context) error {
	if q := strings.TrimSpace(c.QueryParam("q")); q != "" {
		// A search sent without the page's script (which filters as one types): the
		// list filtered here, the same way, not kept.
		return h.search(c, q)
	}
	return h.serve(c, "tables", false, func(ev *tournament.State, cols []tournament.Column, lines []tournament.Standing) (any, templ.Component, bool) {
		pt := publicOf(ev)
		return pt, publicTablesPage(pt, ""), true
	})
}

// search shows the tables matching q, rendered for this request only.
func (h *Handlers) search(c echo.Context, q string) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	ev, _, _, err := h.Tournaments.Standings(c.Request().Context(), id) // shared: read-only
	if err != nil {
		return err
	}
	if !ev.Tournament.Published {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	if ev, _, err = h.masked(c.Request().Context(), ev, nil); err != nil {
		return err
	}
	body, err := renderPublic(c.Request().Context(), page.LangOf(c), ev.Stage.Format, c.Request().URL.Path, publicTablesPage(publicOf(ev), q))
	if err != nil {
		return err
	}
	return c.HTMLBlob(http.StatusOK, body)
}

// APITournament is the tables page's JSON twin.
func (h *Handlers) APITournament(c echo.Context) error {
	return h.serve(c, "tables", true, func(ev *tournament.State, cols []tournament.Column, lines []tournament.Standing) (any, templ.Component, bool) {
		return publicOf(ev), nil, true
	})
}

// Standings shows a published tournament's standings.
func (h *Handlers) Standings(c echo.Context) error {
	return h.serve(c, "standings", false, func(ev *tournament.State, cols []tournament.Column, lines []tournament.Standing) (any, templ.Component, bool) {
		ps := publicStandingsOf(ev, cols, lines)
		return ps, publicStandingsPage(ps), true
	})
}

// APIStandings is the standings page's JSON twin.
func (h *Handlers) APIStandings(c echo.Context) error {
	return h.serve(c, "standings", true, func(ev *tournament.State, cols []tournament.Column, lines []tournament.Standing) (any, templ.Component, bool) {
		return publicStandingsOf(ev, cols, lines), nil, true
	})
}

// entryParam reads :eid.
func entryParam(c echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("eid"), 10, 64)
	if err != nil || id <= 0 {
		return 0, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return id, nil
}

// Player shows one entry's games and place.
func (h *Handlers) Player(c echo.Context) error {
	eid, err := entryParam(c)
	if err != nil {
		return err
	}
	return h.serve(c, "player/"+page.Itoa64(eid), false, func(ev *tournament.State, cols []tournament.Column, lines []tournament.Standing) (any, templ.Component, bool) {
		pp, ok := publicPlayerOf(ev, cols, lines, eid)
		return pp, publicPlayerPage(pp, h.seasonLinks(c.Request().Context(), ev, eid)), ok
	})
}

// APIPlayer is the player page's JSON twin.
func (h *Handlers) APIPlayer(c echo.Context) error {
	eid, err := entryParam(c)
	if err != nil {
		return err
	}
	return h.serve(c, "player/"+page.Itoa64(eid), true, func(ev *tournament.State, cols []tournament.Column, lines []tournament.Standing) (any, templ.Component, bool) {
		pp, ok := publicPlayerOf(ev, cols, lines, eid)
		return pp, nil, ok
	})
}

// Bracket shows a published knockout's bracket.
func (h *Handlers) Bracket(c echo.Context) error {
	return h.serve(c, "bracket", false, func(ev *tournament.State, cols []tournament.Column, lines []tournament.Standing) (any, templ.Component, bool) {
		pb, ok := publicBracketOf(ev)
		return pb, publicBracketPage(pb), ok
	})
}

// APIBracket is the bracket page's JSON twin.
func (h *Handlers) APIBracket(c echo.Context) error {
	return h.serve(c, "bracket", true, func(ev *tournament.State, cols []tournament.Column, lines []tournament.Standing) (any, templ.Component, bool) {
		pb, ok := publicBracketOf(ev)
		return pb, nil, ok
	})
}

// projectorViews are what a projector shows.
var projectorViews = map[string]bool{"standings": true, "tables": true}

// Projector shows the standings or the tables full screen, for a projector.
func (h *Handlers) Projector(c echo.Context) error {
	view := c.Param("view")
	if !projectorViews[view] {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return h.serve(c, "projector/"+view, false, func(ev *tournament.State, cols []tournament.Column, lines []tournament.Standing) (any, templ.Component, bool) {
		ps := publicStandingsOf(ev, cols, lines)
		return ps, projectorPage(view, ps), true
	})
}

// ProjectorLive is what a projector polls every few seconds: 204 (nothing to swap)
// while the revision is the one it shows, else its content at the current revision.
func (h *Handlers) ProjectorLive(c echo.Context) error {
	view := c.Param("view")
	if !projectorViews[view] {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	tid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	rev, published, err := h.revision(c.Request().Context(), tid)
	if err != nil {
		return err
	}
	if !published {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	if since, err := strconv.ParseInt(c.QueryParam("since"), 10, 64); err == nil && since == rev {
		return c.NoContent(http.StatusNoContent)
	}
	return h.serve(c, "projector-live/"+view, false, func(ev *tournament.State, cols []tournament.Column, lines []tournament.Standing) (any, templ.Component, bool) {
		ps := publicStandingsOf(ev, cols, lines)
		return ps, projectorContent(view, ps), true
	})
}

// QR answers the QR code of a published tournament's public pages.
func (h *Handlers) QR(c echo.Context) error {
	tid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if _, published, err := h.revision(c.Request().Context(), tid); err != nil {
		return err
	} else if !published {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return writeQR(c, page.PublicURL(c, tid))
}

// DirectorQR answers the same QR code for the director, published or not yet.
func (h *Handlers) DirectorQR(c echo.Context) error {
	tid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if _, _, err := h.revision(c.Request().Context(), tid); err != nil {
		return err
	}
	return writeQR(c, page.PublicURL(c, tid))
}

func writeQR(c echo.Context, url string) error {
	svg, err := QRSVG(url)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "private, max-age=300")
	return c.Blob(http.StatusOK, "image/svg+xml", svg)
}

// QRSVG draws a QR code as an SVG (page.QRSVG, which the printed table cards use too).
func QRSVG(text string) ([]byte, error) { return page.QRSVG(text) }

// TableTent is the printable A4 table tent: the QR code and the address, twice, one
// upside down, to fold in two and stand on a table.
func (h *Handlers) TableTent(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, tableTentPage(ev, page.PublicURL(c, ev.Tournament.ID)))
}

// fastPages maps the tail of a public address to its page in the cache.
var fastPages = map[string]string{"": "tables", "/standings": "standings", "/bracket": "bracket",
	"/projector/standings": "projector/standings", "/projector/tables": "projector/tables"}

// ServeFast answers a public page (or JSON twin) from the cache without echo's
// routing and middleware, when it can: a GET without a query string, the tournament's
// revision read less than the TTL ago and published, the page kept at that revision (or,
// while the stage at that revision is being derived, the page as rendered before, as
// serve answers it).
// Anything else (a miss, a query, an error) reports false and goes the ordinary way,
// which renders the page and fills the cache. The answer is the same as the ordinary
// way's: same bytes, same ETag, same headers (TestPublicFastPathAnswersAsEcho).
func (h *Handlers) ServeFast(w http.ResponseWriter, r *http.Request) bool {
	pc := h.Cache
	if r.Method != http.MethodGet || r.URL.RawQuery != "" || pc.TTL <= 0 || wantsFresh(r) {
		return false
	}
	rest, asJSON := strings.CutPrefix(r.URL.Path, "/api/v1/public/tournaments/")
	if !asJSON {
		var ok bool
		if rest, ok = strings.CutPrefix(r.URL.Path, "/p/"); !ok {
			return false
		}
	}
	idText, tail, _ := strings.Cut(rest, "/")
	if tail != "" {
		tail = "/" + tail
	}
	tid, err := strconv.ParseInt(idText, 10, 64)
	if err != nil || tid <= 0 {
		return false
	}
	name, ok := fastPages[tail]
	if !ok && strings.HasPrefix(tail, "/players/") {
		eid, err := strconv.ParseInt(tail[len("/players/"):], 10, 64)
		if err != nil || eid <= 0 || strconv.FormatInt(eid, 10) != tail[len("/players/"):] {
			return false
		}
		name, ok = "player/"+tail[len("/players/"):], true
	}
	if !ok || (asJSON && strings.HasPrefix(name, "projector/")) {
		return false
	}
	pc.mu.RLock()
	rv, known := pc.revs[tid]
	pc.mu.RUnlock()
	if !known || !rv.published || time.Since(rv.at) >= pc.TTL {
		return false
	}
	k := pageID{tid: tid, page: name}
	if asJSON {
		k.page += ".json"
	} else {
		k.lang = requestLang(r)
	}
	p := pc.get(k, rv.rev)
	if p == nil {
		// While the stage at the revision read is derived in the background, the page as
		// rendered before, as serve answers it: a room of phones goes the ordinary way
		// only to render the page once that stage is ready.
		// The stage may be derived from the replica (tournament/lag), as serve's reads.
		if h.Tournaments.Prepare(lag.Allow(r.Context()), tid, rv.rev) {
			return false
		}
		if p = pc.stale(k); p == nil {
			return false
		}
	}
	hdr := w.Header()
	for key, v := range page.SecureHeaders {
		hdr[key] = v
	}
	body, tag, ph := p.body, p.etag, p.hdr
	gz := page.AcceptsGzip(r.Header.Get("Accept-Encoding"))
	if gz {
		body, tag, ph = p.gz, p.gzEtag, p.gzHdr
	}
	hdr["Etag"] = ph.etag
	hdr["Cache-Control"] = noCache
	hdr["Vary"] = publicVary
	if etagMatches(r.Header.Get("If-None-Match"), tag) {
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	if gz {
		hdr["Content-Encoding"] = gzipEncoding
	}
	hdr["Content-Type"] = ph.ctype
	hdr["Content-Length"] = ph.length
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
	return true
}

var (
	noCache      = []string{"no-cache"}
	publicVary   = []string{"Accept-Encoding, Accept-Language, Cookie"}
	gzipEncoding = []string{"gzip"}
)

// requestLang is negotiateLang for a plain request: the remembered choice, else
// Accept-Language.
func requestLang(r *http.Request) page.Lang {
	if ck, err := r.Cookie(page.LangCookie); err == nil {
		if l, ok := page.ParseLang(ck.Value); ok {
			return l
		}
	}
	return page.FromAcceptLanguage(r.Header.Get("Accept-Language"))
}
