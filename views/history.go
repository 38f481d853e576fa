package views

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/page"
)

// EventText puts a log line in words in a language, in the wording of the tournament's
// format (a game or a round): the message of its kind with its arguments, what else it did, then each change "what before → after". Lines from
// before the log was structured keep their English text.
func EventText(lang Lang, format string, e *tournament.Event) string {
	if len(e.Args) == 0 && len(e.Also) == 0 && len(e.Changes) == 0 && e.Detail != "" {
		return e.Detail
	}
	args := anys(e.Args)
	if e.Kind == "stage" && len(args) > 1 {
		args[1] = formatName(lang, e.Args[1])
	}
	parts := []string{page.TranslateFor(lang, format, "event."+e.Kind, args...)}
	for _, l := range e.Also {
		parts = append(parts, page.TranslateFor(lang, format, l.Key, anys(l.Args)...))
	}
	text := strings.Join(parts, "; ")
	if len(e.Changes) > 0 {
		cs := make([]string, len(e.Changes))
		for i, c := range e.Changes {
			cs[i] = ChangeText(lang, format, c)
		}
		text += ": " + strings.Join(cs, ", ")
	}
	return text
}

// ChangeText puts one change in words, in the wording of the tournament's format:
// "hand 3 Rossi Mario 100 → 390", "hand 1 Rossi Mario 600 (base 400, cards 200) → 600
// (base 300, cards 300)", "game total Rossi Mario – → 1300", "Rossi Mario: hand 1 600 →
// game total 1300".
func ChangeText(lang Lang, format string, c tournament.Change) string {
	if c.BeforeHand != nil || c.AfterHand != nil {
		return handChangeText(lang, format, c)
	}
	val := func(v string) string {
		switch {
		case v == "":
			return "–"
		case c.Words:
			return Translate(lang, v)
		}
		return v
	}
	return page.TranslateFor(lang, format, c.What, anys(c.Of)...) + " " + val(c.Before) + " → " + val(c.After)
}

// handChangeText puts a change of one side's hand score in words: its total, with the
// figures when the sheet gave more than a total, and where it stands (a hand or the game
// total) when a hand's total was replaced by a game total or back.
func handChangeText(lang Lang, format string, c tournament.Change) string {
	tr := func(key string, args ...any) string { return page.TranslateFor(lang, format, key, args...) }
	game := func(h *scoring.Hand) bool { return h != nil && h.Form == scoring.GameTotal }
	hand, name := "", ""
	if len(c.Of) == 2 {
		hand, name = c.Of[0], c.Of[1]
	}
	val := func(score string, h *scoring.Hand, at bool) string {
		if h == nil {
			return "–"
		}
		text := score + figuresText(lang, h)
		if at && game(h) {
			return tr("change.at_game_total") + " " + text
		} else if at {
			return tr("change.at_hand", hand) + " " + text
		}
		return text
	}
	bg, ag := game(c.BeforeHand), game(c.AfterHand)
	switch {
	case (bg || c.BeforeHand == nil) && (ag || c.AfterHand == nil):
		return tr("change.game_total", name) + " " + val(c.Before, c.BeforeHand, false) + " → " + val(c.After, c.AfterHand, false)
	case bg || ag:
		return name + ": " + val(c.Before, c.BeforeHand, true) + " → " + val(c.After, c.AfterHand, true)
	}
	return tr("change.hand", hand, name) + " " + val(c.Before, c.BeforeHand, false) + " → " + val(c.After, c.AfterHand, false)
}

// figuresText is what a hand's figures say beyond its total, " (base 300, cards 200)",
// "" for a total alone.
func figuresText(lang Lang, h *scoring.Hand) string {
	var parts []string
	num := func(key string, v int) {
		if v != 0 {
			parts = append(parts, Translate(lang, key)+" "+page.Itoa(v))
		}
	}
	flag := func(key string, v bool) {
		if v {
			parts = append(parts, Translate(lang, key))
		}
	}
	switch h.Form {
	case scoring.BaseCards:
		parts = append(parts, Translate(lang, "hand.field.base")+" "+page.Itoa(h.Base), Translate(lang, "hand.field.cards")+" "+page.Itoa(h.Cards))
	case scoring.Components:
		flag("hand.field.closed", h.Closed)
		flag("hand.field.kitty_taken", h.KittyTaken)
		num("hand.field.clean", h.Clean)
		num("hand.field.dirty", h.Dirty)
		num("hand.field.semi_clean", h.SemiClean)
		num("hand.field.table", h.Table)
		num("hand.field.in_hand", h.InHand)
		num("hand.field.kitty_left", h.KittyLeft)
	default:
		return ""
	}
	return " (" + strings.ToLower(strings.Join(parts, ", ")) + ")"
}

// formatName is a format's name as it reads inside a sentence: "Knockout" in English,
// "eliminazione diretta" in Italian (whose names are capitalised as titles).
func formatName(lang Lang, code string) string {
	name := Translate(lang, "tournament.format_name."+code)
	if lang == IT {
		if r, size := utf8.DecodeRuneInString(name); size > 0 {
			name = string(unicode.ToLower(r)) + name[size:]
		}
	}
	return name
}

func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// eventText is EventText in the language of the page.
func eventText(ctx context.Context, e tournament.Event) string {
	p := page.Of(ctx)
	return EventText(p.Lang, p.Format, &e)
}

// historyView is what the history page shows: the whole log, or a round's or a table's.
type historyView struct {
	Ev           *tournament.State
	Round, Table int
	Events       []tournament.Event
}

// history shows a tournament's log (?round=n&table=t narrow it), with undo buttons.
func (s *Server) history(c echo.Context) error {
	ev, err := s.Evening(c)
	if err != nil {
		return err
	}
	round, _ := strconv.Atoi(c.QueryParam("round"))
	table, _ := strconv.Atoi(c.QueryParam("table"))
	if c.Param("n") != "" {
		round, _ = strconv.Atoi(c.Param("n"))
		table, _ = strconv.Atoi(c.Param("t"))
	}
	evs, err := s.Tournaments.History(c.Request().Context(), ev.Tournament.ID, round, table)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, historyPage(historyView{Ev: ev, Round: round, Table: table, Events: evs}))
}

// undo takes back one line of the log; a refusal comes back as a message with its reason.
func (s *Server) undo(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	seq, err := strconv.ParseInt(c.Param("seq"), 10, 64)
	if err != nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	back := c.FormValue("back")
	if !strings.HasPrefix(back, "/tournaments/") || strings.HasPrefix(back, "//") {
		back = page.IDPath("/tournaments/", id, "/history")
	}
	if _, err := s.Tournaments.Undo(c.Request().Context(), id, seq, page.DirectorOf(c).Username); err != nil {
		if d, ok := tournament.AsError(err); ok && d.Code != tournament.EINTERNAL && d.Code != tournament.ENOTFOUND {
			page.SetFlash(c, d.Key, flashArgs(d.Args)...)
			return page.Redirect(c, back)
		}
		return err
	}
	page.SetFlash(c, "undo.done", strconv.FormatInt(seq, 10))
	return page.Redirect(c, back)
}

// lockRound locks round :n as final, or unlocks it.
func (s *Server) lockRound(locked bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := page.IDParam(c)
		if err != nil {
			return err
		}
		n, _ := strconv.Atoi(c.Param("n"))
		if err := s.Tournaments.Lock(c.Request().Context(), id, n, locked, page.DirectorOf(c).Username); err != nil {
			return err
		}
		page.SetFlash(c, map[bool]string{true: "round.lock_done", false: "round.unlock_done"}[locked], page.Itoa(n))
		return page.Redirect(c, page.RoundPath(id, n, ""))
	}
}

func flashArgs(args []any) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = toString(a)
	}
	return out
}

func toString(a any) string {
	switch v := a.(type) {
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	}
	return ""
}

// apiEvent is a log line with its text in the language asked for.
func apiEvent(lang Lang, format string, e tournament.Event) map[string]any {
	return map[string]any{"id": e.ID, "at": e.At, "director": e.Director, "kind": e.Kind, "args": e.Args, "also": e.Also,
		"changes": e.Changes, "stage_id": e.StageID, "round": e.Round, "table": e.Table, "entry_id": e.EntryID,
		"undoes": e.Undoes, "undone_by": e.UndoneBy, "undoable": e.Undoable(), "text": EventText(lang, format, &e)}
}

func (s *Server) apiHistory(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	round, _ := strconv.Atoi(c.QueryParam("round"))
	table, _ := strconv.Atoi(c.QueryParam("table"))
	evs, err := s.Tournaments.History(c.Request().Context(), id, round, table)
	if err != nil {
		return err
	}
	format, err := s.formatOf(c, id)
	if err != nil {
		return err
	}
	out := make([]map[string]any, len(evs))
	for i, e := range evs {
		out[i] = apiEvent(page.LangOf(c), format, e)
	}
	return c.JSON(http.StatusOK, map[string]any{"events": out})
}

func (s *Server) apiUndo(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	seq, err := strconv.ParseInt(c.Param("seq"), 10, 64)
	if err != nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	e, err := s.Tournaments.Undo(c.Request().Context(), id, seq, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	format, err := s.formatOf(c, id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"event": apiEvent(page.LangOf(c), format, *e)})
}

func (s *Server) apiLock(locked bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := page.IDParam(c)
		if err != nil {
			return err
		}
		n, _ := strconv.Atoi(c.Param("n"))
		if err := s.Tournaments.Lock(c.Request().Context(), id, n, locked, page.DirectorOf(c).Username); err != nil {
			return err
		}
		return c.JSON(http.StatusOK, map[string]any{"round": n, "locked": locked})
	}
}

func i64toa(n int64) string { return strconv.FormatInt(n, 10) }

// historyBack is where an undo from the history page comes back to.
func historyBack(h historyView) string {
	if h.Table > 0 {
		return page.RoundPath(h.Ev.Tournament.ID, h.Round, "/tables/"+page.Itoa(h.Table)+"/history")
	}
	if h.Round > 0 {
		return page.IDPath("/tournaments/", h.Ev.Tournament.ID, "/history?round="+page.Itoa(h.Round))
	}
	return page.IDPath("/tournaments/", h.Ev.Tournament.ID, "/history")
}

// formatOf returns the format of a tournament's current stage, for its wording.
func (s *Server) formatOf(c echo.Context, id int64) (string, error) {
	st, err := s.Tournaments.Load(c.Request().Context(), id)
	if err != nil {
		return "", err
	}
	return st.Stage.Format, nil
}
