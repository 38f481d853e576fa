package views

import (
	"io"
	"net/http"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"burraco/scoring/strictjson"
	"burraco/tournament"
	"burraco/views/page"
)

// apiError is the one shape of every API error:
//
//	{"error": {"code": "invalid", "message": "...", "fields": {"last_name": "..."}}}
type apiError struct {
	Error apiErrorBody `json:"error"`
}

type apiErrorBody struct {
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
}

// httpCodes names the HTTP errors echo raises in the API's error shape.
var httpCodes = map[int]string{
	http.StatusNotFound:              tournament.ENOTFOUND,
	http.StatusMethodNotAllowed:      tournament.ENOTFOUND,
	http.StatusUnauthorized:          tournament.EUNAUTHORIZED,
	http.StatusUnprocessableEntity:   tournament.EINVALID,
	http.StatusBadRequest:            tournament.EINVALID,
	http.StatusRequestEntityTooLarge: tournament.EINVALID,
	http.StatusTooManyRequests:       tournament.ETHROTTLED,
	http.StatusConflict:              tournament.ECONFLICT,
	http.StatusServiceUnavailable:    "unavailable", // a change refused past its deadline (site.Config.CommandDeadline)
}

// writeAPIError answers an error in the API's shape, in the words of the tournament's
// format where the request has one (useFormat).
func writeAPIError(c echo.Context, status int, key string, e *tournament.Error) error {
	lang, format := page.LangOf(c), page.FormatUsed(c)
	body := apiErrorBody{Code: httpCodes[status], Message: page.Translate(lang, key)}
	if body.Code == "" {
		body.Code = tournament.EINTERNAL
	}
	if e != nil {
		body.Code = e.Code
		body.Message = page.TranslateFor(lang, format, e.Key, e.Args...)
		if len(e.Fields) > 0 {
			body.Fields = map[string]string{}
			for f, k := range e.Fields {
				body.Fields[f] = page.TranslateFor(lang, format, k)
			}
		}
	}
	return c.JSON(status, apiError{body})
}

// decodeJSON reads a JSON body strictly: unknown fields are refused, so a typo is
// not silently ignored, and so are a key given twice in an object (which would
// otherwise be read as its last value) and anything but white space after the value (a
// second value, or garbage), which would otherwise be dropped unread.
func decodeJSON(c echo.Context, v any) error {
	// encoding/json would quietly turn bytes that are not UTF-8 into U+FFFD: refuse them
	// as the forms do, before decoding (the body is already size-limited).
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return badJSON(err.Error())
	}
	if !utf8.Valid(body) {
		return badJSON("the body is not valid UTF-8")
	}
	if err := strictjson.Decode(body, v); err != nil {
		return badJSON(err.Error())
	}
	return nil
}

// badJSON is the error of a body that cannot be read; detail is left in English.
func badJSON(detail string) error {
	return &tournament.Error{Code: tournament.EINVALID, Key: "api.bad_json", Args: []any{detail}}
}

// playerInput is the JSON body of a player create or update.
type playerInput struct {
	FirstName  string `json:"first_name"`
	LastName   string `json:"last_name"`
	Club       string `json:"club"`
	CardNumber string `json:"card_number"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	Notes      string `json:"notes"`
}

func (in playerInput) player() tournament.Player {
	return tournament.Player{FirstName: in.FirstName, LastName: in.LastName, Club: in.Club,
		CardNumber: in.CardNumber, Email: in.Email, Phone: in.Phone, Notes: in.Notes}
}

func (s *Server) apiListPlayers(c echo.Context) error {
	page, limit, err := page.APIListParams(c, 50)
	if err != nil {
		return err
	}
	f := tournament.PlayerFilter{Query: c.QueryParam("q"), IncludeInactive: c.QueryParam("inactive") == "true",
		Offset: (page - 1) * limit, Limit: limit}
	ps, total, err := s.Players.List(c.Request().Context(), f)
	if err != nil {
		return err
	}
	if ps == nil {
		ps = []tournament.Player{}
	}
	return c.JSON(http.StatusOK, map[string]any{"players": ps, "total": total, "page": page, "per_page": limit})
}

func (s *Server) apiGetPlayer(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	p, err := s.Players.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(p.Version))
	return c.JSON(http.StatusOK, p)
}

func (s *Server) apiCreatePlayer(c echo.Context) error {
	var in playerInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	p := in.player()
	if err := s.Players.Create(c.Request().Context(), &p); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, p)
}

func (s *Server) apiUpdatePlayer(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	version, err := ifMatch(c)
	if err != nil {
		return err
	}
	var in playerInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	p := in.player()
	p.Version = version
	up, err := s.Players.Update(c.Request().Context(), id, p)
	if isStale(err) {
		now, gerr := s.Players.Get(c.Request().Context(), id)
		if gerr != nil {
			return gerr
		}
		return apiConflict(c, err, now, now.Version)
	} else if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(up.Version))
	return c.JSON(http.StatusOK, up)
}

func (s *Server) apiDeactivatePlayer(c echo.Context) error { return s.apiSetActive(c, false) }
func (s *Server) apiActivatePlayer(c echo.Context) error   { return s.apiSetActive(c, true) }

func (s *Server) apiSetActive(c echo.Context, active bool) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	p, err := s.Players.SetActive(c.Request().Context(), id, active)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

// apiMergePlayers merges the player drop_id into this one ({"drop_id": 12}, with
// "drop_version" and If-Match for the versions seen): entries and history move, the
// other record goes. It answers the kept player and the tournaments whose entries moved.
func (s *Server) apiMergePlayers(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in struct {
		DropID      int64 `json:"drop_id"`
		DropVersion int   `json:"drop_version"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.DropID == 0 {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"drop_id": "error.required"}}
	}
	keepV, err := ifMatch(c)
	if err != nil {
		return err
	}
	p, tids, err := s.Players.Merge(c.Request().Context(), id, in.DropID, keepV, in.DropVersion, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	if tids == nil {
		tids = []int64{}
	}
	c.Response().Header().Set("ETag", etag(p.Version))
	return c.JSON(http.StatusOK, map[string]any{"player": p, "tournaments": tids})
}

// apiImportPlayers takes a CSV body; with ?confirm=true it imports, otherwise it
// only previews.
func (s *Server) apiImportPlayers(c echo.Context) error {
	ctx, body := c.Request().Context(), c.Request().Body
	var (
		pv  *tournament.ImportPreview
		err error
	)
	if c.QueryParam("confirm") == "true" {
		pv, err = s.Players.Import(ctx, body, nil)
	} else {
		pv, err = s.Players.PreviewImport(ctx, body, nil)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, localizePreview(pv, page.LangOf(c)))
}

// apiImportRow is an import row with its problems spelled out in the user's language.
type apiImportRow struct {
	tournament.ImportRow
	Messages map[string]string `json:"messages,omitempty"`
	// WarningMessages spells out the row's Warnings (cells that may still be imported).
	WarningMessages map[string]string `json:"warning_messages,omitempty"`
}

func localizePreview(pv *tournament.ImportPreview, lang page.Lang) map[string]any {
	rows := make([]apiImportRow, len(pv.Rows))
	for i, r := range pv.Rows {
		rows[i] = apiImportRow{ImportRow: r}
		if len(r.Fields) > 0 || r.Reason != "" {
			rows[i].Messages = map[string]string{}
		}
		for f, k := range r.Fields {
			rows[i].Messages[f] = page.Translate(lang, k)
		}
		if r.Reason != "" {
			rows[i].Messages["duplicate"] = page.Translate(lang, r.Reason, r.DuplicateOf)
		}
		for f, k := range r.Warnings {
			if rows[i].WarningMessages == nil {
				rows[i].WarningMessages = map[string]string{}
			}
			rows[i].WarningMessages[f] = page.Translate(lang, k)
		}
	}
	out := map[string]any{"rows": rows, "new": pv.New, "duplicates": pv.Duplicates, "invalid": pv.Invalid, "created": pv.Created,
		"ignored_columns": pv.Ignored}
	if len(pv.Ignored) > 0 {
		out["ignored_message"] = page.Translate(lang, "import.ignored_columns", page.QuotedList(pv.Ignored))
	}
	return out
}

func (s *Server) apiExportPlayers(c echo.Context) error {
	return s.WritePlayersCSV(c)
}

func (s *Server) apiSetup(c echo.Context) error {
	var in tournament.DirectorInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	d, err := s.Auth.Setup(c.Request().Context(), in)
	if err != nil {
		return err
	}
	t, secret, err := s.Auth.CreateToken(c.Request().Context(), d.ID, "setup")
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"director": d, "token": t, "secret": secret})
}

// loginInput is the JSON body of the API's login.
type loginInput struct {
	Username  string `json:"username"`
	Password  string `json:"password"`
	TokenName string `json:"token_name"`
}

func (s *Server) apiLogin(c echo.Context) error {
	var in loginInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.TokenName == "" {
		in.TokenName = "api login"
	}
	t, secret, err := s.Auth.LoginToken(c.Request().Context(), in.Username, in.Password, c.RealIP(), in.TokenName)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"token": t, "secret": secret})
}

func (s *Server) apiListDirectors(c echo.Context) error {
	ds, err := s.Auth.Directors(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"directors": ds})
}

func (s *Server) apiCreateDirector(c echo.Context) error {
	var in tournament.DirectorInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	d, err := s.Auth.AddDirector(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, d)
}

func (s *Server) apiMe(c echo.Context) error {
	return c.JSON(http.StatusOK, page.DirectorOf(c))
}

// passwordInput is the JSON body of a password change.
type passwordInput struct {
	Current  string `json:"current"`
	Password string `json:"password"`
	Confirm  string `json:"confirm"`
}

func (s *Server) apiChangePassword(c echo.Context) error {
	var in passwordInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := s.Auth.ChangePassword(c.Request().Context(), page.DirectorOf(c).ID, in.Current, in.Password, in.Confirm, ""); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Server) apiListTokens(c echo.Context) error {
	ts, err := s.Auth.Tokens(c.Request().Context(), page.DirectorOf(c).ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"tokens": ts})
}

func (s *Server) apiCreateToken(c echo.Context) error {
	var in struct {
		Name string `json:"name"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, secret, err := s.Auth.CreateToken(c.Request().Context(), page.DirectorOf(c).ID, in.Name)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"token": t, "secret": secret})
}

func (s *Server) apiRevokeToken(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if err := s.Auth.RevokeToken(c.Request().Context(), page.DirectorOf(c).ID, id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
