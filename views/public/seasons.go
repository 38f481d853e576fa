package public

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/season"
	"burraco/views/page"
)

// A published season has public pages too: its standings, each player's line and a
// projector view. A season's standings depend on the season and on each of its evenings
// (Seasons.PublicKey): a page is rendered once per key and language, and served from
// here while the key holds. The season types name players by their names only (no
// e-mail, phone, notes or card number), so the pages render them as they are.

// seasonCache keeps the season pages rendered at a key, and the keys this instance read
// (trusted for the public TTL, like a tournament's revision).
type seasonCache struct {
	mu    sync.RWMutex
	pages map[seasonPageID]*seasonPage
	keys  map[int64]seasonKey
}

type seasonPageID struct {
	sid  int64
	page string
	lang page.Lang
}

type seasonPage struct {
	key string
	*renderedPage
}

type seasonKey struct {
	key       string
	published bool
	at        time.Time
}

// seasonKey returns a season's key and publication, read at most the TTL ago.
func (h *Handlers) seasonKey(ctx context.Context, sid int64) (string, bool, error) {
	sc, ttl := &h.seasons, h.Cache.TTL
	if ttl > 0 {
		sc.mu.RLock()
		k, ok := sc.keys[sid]
		sc.mu.RUnlock()
		if ok && time.Since(k.at) < ttl {
			return k.key, k.published, nil
		}
	}
	at := time.Now()
	key, published, err := h.Seasons.PublicKey(ctx, sid)
	if err != nil || ttl <= 0 {
		return key, published, err
	}
	sc.mu.Lock()
	if sc.keys == nil || len(sc.keys) > 10000 {
		sc.keys = map[int64]seasonKey{}
	}
	sc.keys[sid] = seasonKey{key: key, published: published, at: at}
	sc.mu.Unlock()
	return key, published, nil
}

// SeasonChanged follows a season's publication: published, it shows here at once
// (elsewhere within the TTL); unpublished or deleted, this instance forgets the key at
// once and the answer waits until the replica, if any, has replayed it, then the TTL
// out, so that every instance has let go of the publication it read before (as
// forgetUnpublished does for a tournament).
func (h *Handlers) SeasonChanged(ctx context.Context, sid int64, published bool) {
	forget := func() {
		h.seasons.mu.Lock()
		delete(h.seasons.keys, sid)
		h.seasons.mu.Unlock()
	}
	forget()
	if published {
		return
	}
	h.unpublished(ctx)
	forget() // a read that began before the change and ended after the first forget
}

// seasonRender builds a season page from the published standings (ok false: 404).
type seasonRender func(st *tournament.SeasonStandings) (templ.Component, bool)

// serveSeason answers a season page from the cache when it holds the season's current
// key, else renders and keeps it. An unpublished or unknown season is a 404, the same.
func (h *Handlers) serveSeason(c echo.Context, name string, build seasonRender) error {
	sid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if l, ok := page.ParseLang(c.QueryParam("lang")); ok {
		c.SetCookie(&http.Cookie{Name: page.LangCookie, Value: string(l), Path: "/", MaxAge: 365 * 24 * 3600,
			HttpOnly: true, Secure: page.IsSecure(c), SameSite: http.SameSiteLaxMode})
		return page.Redirect(c, c.Request().URL.Path)
	}
	ctx := c.Request().Context()
	key, published, err := h.seasonKey(ctx, sid)
	if err != nil {
		return err
	}
	if !published {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	lang := page.LangOf(c)
	id := seasonPageID{sid: sid, page: name, lang: lang}
	sc := &h.seasons
	sc.mu.RLock()
	p := sc.pages[id]
	sc.mu.RUnlock()
	if p != nil && p.key == key {
		return writePublic(c, p.renderedPage)
	}
	st, err := h.Seasons.PublicStandings(ctx, sid)
	if err != nil {
		return err
	}
	if st, err = h.PublicSeasonNames(ctx, st); err != nil {
		return err
	}
	comp, ok := build(st)
	if !ok {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	rp := &renderedPage{ctype: echo.MIMETextHTMLCharsetUTF8}
	if rp.body, err = renderPublic(ctx, lang, "", c.Request().URL.Path, comp); err != nil {
		return err
	}
	sum := sha256.Sum256(rp.body)
	tag := base64.RawURLEncoding.EncodeToString(sum[:12])
	rp.etag, rp.gzEtag = `"`+tag+`"`, `"`+tag+`-gz"`
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(rp.body); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	rp.gz = gz.Bytes()
	sc.mu.Lock()
	if sc.pages == nil || len(sc.pages) > 10000 {
		sc.pages = map[seasonPageID]*seasonPage{}
	}
	sc.pages[id] = &seasonPage{key: st.Key, renderedPage: rp}
	sc.mu.Unlock()
	return writePublic(c, rp)
}

// Season shows a published season's standings.
func (h *Handlers) Season(c echo.Context) error {
	return h.serveSeason(c, "standings", func(st *tournament.SeasonStandings) (templ.Component, bool) {
		return publicSeasonPage(st), true
	})
}

// SeasonPlayer shows one player's line of a published season: every evening played,
// counted or dropped.
func (h *Handlers) SeasonPlayer(c echo.Context) error {
	pid, err := strconv.ParseInt(c.Param("pid"), 10, 64)
	if err != nil || pid <= 0 {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return h.serveSeason(c, "player/"+page.Itoa64(pid), func(st *tournament.SeasonStandings) (templ.Component, bool) {
		for _, l := range st.Lines {
			if l.Player.ID == pid {
				return publicSeasonPlayerPage(st, l), true
			}
		}
		return nil, false
	})
}

// SeasonProjector shows a published season's standings full screen.
func (h *Handlers) SeasonProjector(c echo.Context) error {
	return h.serveSeason(c, "projector", func(st *tournament.SeasonStandings) (templ.Component, bool) {
		return seasonProjectorPage(st), true
	})
}

// SeasonProjectorLive is what the season's projector polls: 204 while the key is the one
// it shows, else its content at the current key.
func (h *Handlers) SeasonProjectorLive(c echo.Context) error {
	sid, err := page.IDParam(c)
	if err != nil {
		return err
	}
	key, published, err := h.seasonKey(c.Request().Context(), sid)
	if err != nil {
		return err
	}
	if !published {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	if c.QueryParam("since") == key {
		return c.NoContent(http.StatusNoContent)
	}
	return h.serveSeason(c, "projector-live", func(st *tournament.SeasonStandings) (templ.Component, bool) {
		return seasonProjectorContent(st), true
	})
}

// seasonPlayerLink is a player's line on the public season page.
func seasonPlayerLink(sid int64) func(int64) string {
	return func(pid int64) string { return page.IDPath("/p/seasons/", sid, "/players/"+page.Itoa64(pid)) }
}

// noLink: the projector links nowhere.
func noLink(int64) string { return "" }

// seasonHead is the name the public layout gives a season's pages.
func seasonHead(s season.Season) publicTournament { return publicTournament{ID: s.ID, Name: s.Name} }

// seasonLink leads from an entry's page to a member's line in a published season the
// tournament counts in.
type seasonLink struct{ Season, Player, Href string }

// seasonLinks are the lines of an entry's members in the published seasons of the
// tournament (none when seasons are not served, or on an error: the page still shows).
// The page is kept at the tournament's revision: a season published later shows its
// link once the tournament changes (see the report of issue 22).
func (h *Handlers) seasonLinks(ctx context.Context, ev *tournament.State, eid int64) []seasonLink {
	e := ev.Entry(eid)
	if h.Seasons == nil || e == nil {
		return nil
	}
	ss, err := h.Seasons.Store.SeasonsOf(ctx, ev.Tournament.ID)
	if err != nil {
		return nil
	}
	var out []seasonLink
	for _, s := range ss {
		if !s.Published {
			continue
		}
		for _, m := range e.Members {
			out = append(out, seasonLink{Season: s.Name, Player: m.Name,
				Href: page.IDPath("/p/seasons/", s.ID, "/players/"+page.Itoa64(m.PlayerID))})
		}
	}
	return out
}
