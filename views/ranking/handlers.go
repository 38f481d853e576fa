// Package ranking serves the national ranking (issue 38): the public page (phone first,
// filtered by region, club and category, paginated), kept as bytes per ranking revision
// as the other public pages are; the ranking as CSV for the federation in the reader's
// conventions; and the officer's page of the ranking's settings.
package ranking

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"burraco/scoring/csvsafe"
	"burraco/tournament"
	rules "burraco/tournament/ranking"
	"burraco/tournament/rankings"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// Handlers serve the ranking's pages.
type Handlers struct {
	*page.App
	// TTL is how long the public page trusts the ranking's revision it read (0: read it
	// on every request).
	TTL time.Duration

	mu    sync.RWMutex
	rev   int64
	revAt time.Time
	pages map[keptID]*kept
}

// keptID names a rendered public page: its language and its query.
type keptID struct {
	lang  page.Lang
	query string
}

// kept is a public page rendered at a revision: its bytes, gzipped too, and their tags.
type kept struct {
	rev          int64
	body, gz     []byte
	etag, gzEtag string
}

func (h *Handlers) service() (*rankings.Service, error) {
	if h.Rankings == nil {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return h.Rankings, nil
}

// revision is the ranking's revision, read at most the TTL ago.
func (h *Handlers) revision(c echo.Context, svc *rankings.Service) (int64, error) {
	h.mu.RLock()
	rev, at := h.rev, h.revAt
	h.mu.RUnlock()
	if h.TTL > 0 && !at.IsZero() && time.Since(at) < h.TTL {
		return rev, nil
	}
	now := time.Now()
	rev, err := svc.Revision(c.Request().Context())
	if err != nil {
		return 0, err
	}
	h.mu.Lock()
	h.rev, h.revAt = rev, now
	h.mu.Unlock()
	return rev, nil
}

// filterOf reads the filters and the page from the query, and the query that names
// them in the cache (the same for the same filters, whatever else the URL carries).
func filterOf(c echo.Context) (rankings.Filter, int, string) {
	f := rankings.Filter{Region: strings.TrimSpace(c.QueryParam("region")), Category: strings.TrimSpace(c.QueryParam("category"))}
	f.Club, _ = strconv.ParseInt(c.QueryParam("club"), 10, 64)
	n, _ := strconv.Atoi(c.QueryParam("page"))
	n = max(n, 1)
	return f, n, f.Region + "\x00" + strconv.FormatInt(f.Club, 10) + "\x00" + f.Category + "\x00" + strconv.Itoa(n)
}

// Public is the national ranking's public page, rendered once per revision, language
// and filters, and served as bytes (an ETag and a 304) while the revision holds.
func (h *Handlers) Public(c echo.Context) error {
	svc, err := h.service()
	if err != nil {
		return err
	}
	if l, ok := page.ParseLang(c.QueryParam("lang")); ok {
		c.SetCookie(&http.Cookie{Name: page.LangCookie, Value: string(l), Path: "/", MaxAge: 365 * 24 * 3600,
			HttpOnly: true, Secure: page.IsSecure(c), SameSite: http.SameSiteLaxMode})
		q := c.Request().URL.Query()
		q.Del("lang")
		to := c.Request().URL.Path
		if len(q) > 0 {
			to += "?" + q.Encode()
		}
		return page.Redirect(c, to)
	}
	rev, err := h.revision(c, svc)
	if err != nil {
		return err
	}
	f, n, query := filterOf(c)
	id := keptID{lang: page.LangOf(c), query: query}
	h.mu.RLock()
	k := h.pages[id]
	h.mu.RUnlock()
	if k != nil && k.rev >= rev {
		return write(c, k)
	}
	ctx := c.Request().Context()
	v, err := svc.View(ctx)
	if err != nil {
		return err
	}
	r := dto.RankingOf(v, f, n, false)
	ctx = page.WithPage(ctx, &page.Page{Lang: id.lang, Path: c.Request().URL.Path, Site: &page.Site{}})
	var buf bytes.Buffer
	if err := publicPage(&r).Render(ctx, &buf); err != nil {
		return err
	}
	k = &kept{rev: v.Revision, body: buf.Bytes()}
	sum := sha256.Sum256(k.body)
	tag := base64.RawURLEncoding.EncodeToString(sum[:12])
	k.etag, k.gzEtag = `"`+tag+`"`, `"`+tag+`-gz"`
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(k.body); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	k.gz = gz.Bytes()
	if !keepable(v, f, n, &r) {
		return write(c, k) // a made-up filter: answered, not kept
	}
	h.mu.Lock()
	if h.pages == nil || len(h.pages) > 10000 {
		h.pages = map[keptID]*kept{}
	}
	h.pages[id] = k
	h.mu.Unlock()
	return write(c, k)
}

// keepable reports whether the page of filters f and page n is one the ranking offers
// (a region, category and club its lines have, a page within its pages), and so may be
// kept: a made-up query is rendered for its reader alone.
func keepable(v *rankings.View, f rankings.Filter, n int, r *dto.Ranking) bool {
	return (f.Region == "" || slices.Contains(v.Regions, f.Region)) &&
		(f.Category == "" || slices.Contains(v.Categories, f.Category)) &&
		(f.Club == 0 || slices.ContainsFunc(v.Clubs, func(c rankings.Club) bool { return c.ID == f.Club })) &&
		n == r.Page
}

// write sends a kept page, or 304 to a client that has it.
func write(c echo.Context, k *kept) error {
	hd := c.Response().Header()
	body, tag := k.body, k.etag
	gz := strings.Contains(c.Request().Header.Get("Accept-Encoding"), "gzip")
	if gz {
		body, tag = k.gz, k.gzEtag
	}
	hd.Set("ETag", tag)
	hd.Set("Cache-Control", "no-cache")
	hd.Set("Vary", "Accept-Encoding, Accept-Language, Cookie")
	for _, t := range strings.Split(c.Request().Header.Get("If-None-Match"), ",") {
		if strings.TrimPrefix(strings.TrimSpace(t), "W/") == tag {
			return c.NoContent(http.StatusNotModified)
		}
	}
	if gz {
		hd.Set("Content-Encoding", "gzip")
	}
	return c.Blob(http.StatusOK, echo.MIMETextHTMLCharsetUTF8, body)
}

// CSV is the ranking under the query's filters as CSV for the federation, every line,
// in the reader's conventions (page.CSVStyleOf: ';' and a decimal comma in Italian),
// every cell through csvsafe.
func (h *Handlers) CSV(c echo.Context) error {
	svc, err := h.service()
	if err != nil {
		return err
	}
	v, err := svc.View(c.Request().Context())
	if err != nil {
		return err
	}
	f, _, _ := filterOf(c)
	r := dto.RankingOf(v, f, 1, true)
	style := page.CSVStyleOf(c)
	var buf bytes.Buffer
	if style.BOM {
		buf.WriteString("\ufeff")
	}
	w := csvsafe.NewWriterComma(&buf, style.Comma)
	dec := func(p string) string { return strings.Replace(p, ".", style.Decimal, 1) }
	_ = w.Write([]string{"place", "tied", "player_id", "name", "region", "category", "points", "results", "counted", "wins", "best", "as_of"})
	for _, l := range r.Lines {
		tied := "0"
		if l.Tied {
			tied = "1"
		}
		_ = w.Write([]string{strconv.Itoa(l.Place), tied, strconv.FormatInt(l.PlayerID, 10), l.Name, l.Region, l.Category,
			dec(l.Points), strconv.Itoa(l.Results), strconv.Itoa(l.Counted), strconv.Itoa(l.Wins), dec(l.Best), r.AsOf})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="ranking-`+r.AsOf+`.csv"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}

// settingsFields are the settings form's fields.
var settingsFields = []string{"table", "floor", "field", "tier_club", "tier_regional", "tier_national", "window", "months", "best", "version"}

// settingsForm fills the settings form.
func settingsForm(st rankings.State) *page.Form {
	f := page.NewForm()
	s := st.Settings
	table := make([]string, len(s.Table))
	for i, p := range s.Table {
		table[i] = strconv.Itoa(p)
	}
	bands := make([]string, len(s.Field))
	for i, b := range s.Field {
		bands[i] = strconv.Itoa(b.From) + ":" + strconv.Itoa(b.Percent)
	}
	f.Values = map[string]string{"table": strings.Join(table, " "), "floor": strconv.Itoa(s.Floor), "field": strings.Join(bands, " "),
		"tier_club": strconv.Itoa(s.Tiers.Club), "tier_regional": strconv.Itoa(s.Tiers.Regional), "tier_national": strconv.Itoa(s.Tiers.National),
		"window": s.Window, "months": strconv.Itoa(s.Months), "best": strconv.Itoa(s.Best), "version": strconv.Itoa(st.Version)}
	return f
}

// settingsOf reads the settings form; a number that cannot be read is noted next to its
// field.
func settingsOf(f *page.Form) (rules.Settings, int) {
	v := f.Values
	var s rules.Settings
	num := func(name string) int {
		n, err := strconv.Atoi(strings.TrimSpace(v[name]))
		if err != nil {
			f.Errors[name] = "error.not_a_number"
		}
		return n
	}
	for _, w := range strings.Fields(v["table"]) {
		n, err := strconv.Atoi(w)
		if err != nil {
			f.Errors["table"] = "error.not_a_number"
		}
		s.Table = append(s.Table, n)
	}
	for _, w := range strings.Fields(v["field"]) {
		from, pct, ok := strings.Cut(w, ":")
		a, err1 := strconv.Atoi(from)
		b, err2 := strconv.Atoi(pct)
		if !ok || err1 != nil || err2 != nil {
			f.Errors["field"] = "ranking.err.band_text"
		}
		s.Field = append(s.Field, rules.Band{From: a, Percent: b})
	}
	s.Floor = num("floor")
	s.Tiers = rules.TierPercents{Club: num("tier_club"), Regional: num("tier_regional"), National: num("tier_national")}
	s.Window = v["window"]
	if s.Window == rules.Rolling {
		s.Months = num("months")
	}
	s.Best = num("best")
	version, _ := strconv.Atoi(v["version"])
	return s, version
}

// officer is the ranking's service for a federation officer (ENOTFOUND for another).
func (h *Handlers) officer(c echo.Context) (*rankings.Service, error) {
	svc, err := h.service()
	if err != nil {
		return nil, err
	}
	return svc, svc.CheckOfficer(c.Request().Context(), page.DirectorOf(c).ID)
}

// Settings is the officer's page of the ranking's settings.
func (h *Handlers) Settings(c echo.Context) error {
	svc, err := h.officer(c)
	if err != nil {
		return err
	}
	st, err := svc.Settings(c.Request().Context())
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, settingsPage(st, settingsForm(st)))
}

// SaveSettings saves the settings at the version the form was read at: a stale one is
// a conflict, shown with the form as typed; every problem next to its field.
func (h *Handlers) SaveSettings(c echo.Context) error {
	svc, err := h.officer(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	f := page.FormFrom(c, settingsFields...)
	in, version := settingsOf(f)
	st, err := svc.Settings(ctx)
	if err != nil {
		return err
	}
	if len(f.Errors) > 0 {
		return page.Render(c, http.StatusUnprocessableEntity, settingsPage(st, f))
	}
	if _, err := svc.SaveSettings(ctx, in, version); err != nil {
		if !f.Fail(err) {
			return err
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), settingsPage(st, f))
	}
	page.SetFlash(c, "ranking.saved")
	return page.Redirect(c, "/ranking/settings")
}

// Rebuild has the worker rank every evening again.
func (h *Handlers) Rebuild(c echo.Context) error {
	svc, err := h.officer(c)
	if err != nil {
		return err
	}
	if err := svc.Rebuild(c.Request().Context()); err != nil {
		return err
	}
	page.SetFlash(c, "ranking.rebuilding")
	return page.Redirect(c, "/ranking/settings")
}
