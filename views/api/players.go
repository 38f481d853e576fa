package api

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// player is the player the input describes.
func player(in dto.PlayerInput) tournament.Player {
	return tournament.Player{FirstName: in.FirstName, LastName: in.LastName, Club: in.Club,
		CardNumber: in.CardNumber, Email: in.Email, Phone: in.Phone, Notes: in.Notes}
}

// ListPlayers answers a page of the registry (?q=, ?inactive=true, ?page=, ?per_page=).
func (h *Handlers) ListPlayers(c echo.Context) error {
	n, limit, err := page.APIListParams(c, 50)
	if err != nil {
		return err
	}
	f := tournament.PlayerFilter{Query: c.QueryParam("q"), IncludeInactive: c.QueryParam("inactive") == "true",
		Offset: (n - 1) * limit, Limit: limit}
	ps, total, err := h.Players.List(c.Request().Context(), f)
	if err != nil {
		return err
	}
	if ps == nil {
		ps = []tournament.Player{}
	}
	return c.JSON(http.StatusOK, dto.PlayerList{Players: ps, Total: total, Page: n, PerPage: limit})
}

// GetPlayer answers a player, with its version as ETag.
func (h *Handlers) GetPlayer(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	p, err := h.Players.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(p.Version))
	return c.JSON(http.StatusOK, p)
}

// CreatePlayer registers a player.
func (h *Handlers) CreatePlayer(c echo.Context) error {
	var in dto.PlayerCreate
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	p := player(in.PlayerInput)
	create := h.Players.Create
	if in.NewPerson {
		create = h.Players.CreatePerson
	}
	if err := create(c.Request().Context(), &p); err != nil {
		var dup *tournament.DuplicateError
		if errors.As(err, &dup) {
			return duplicate(c, dup)
		}
		return err
	}
	return c.JSON(http.StatusCreated, p)
}

// UpdatePlayer changes a player (If-Match: the version changed).
func (h *Handlers) UpdatePlayer(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	version, err := ifMatch(c)
	if err != nil {
		return err
	}
	var in dto.PlayerInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	p := player(in)
	p.Version = version
	up, err := h.Players.Update(c.Request().Context(), id, p)
	if isStale(err) {
		now, gerr := h.Players.Get(c.Request().Context(), id)
		if gerr != nil {
			return gerr
		}
		return conflict(c, now.Version, dto.PlayerConflict{Error: errorBody(c, page.FormatUsed(c), err), Current: *now})
	} else if err != nil {
		return err
	}
	c.Response().Header().Set("ETag", etag(up.Version))
	return c.JSON(http.StatusOK, up)
}

// DeactivatePlayer hides a player from the registry's lists.
func (h *Handlers) DeactivatePlayer(c echo.Context) error { return h.setActive(c, false) }

// ActivatePlayer lists a deactivated player again.
func (h *Handlers) ActivatePlayer(c echo.Context) error { return h.setActive(c, true) }

func (h *Handlers) setActive(c echo.Context, active bool) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	p, err := h.Players.SetActive(c.Request().Context(), id, active)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

// MergePlayers merges the player drop_id into this one ({"drop_id": 12}, with
// "drop_version" and If-Match for the versions seen): entries and history move, the
// other record goes. It answers the kept player and the tournaments whose entries moved.
func (h *Handlers) MergePlayers(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in dto.MergeInput
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
	p, tids, err := h.Players.Merge(c.Request().Context(), id, in.DropID, keepV, in.DropVersion, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	if tids == nil {
		tids = []int64{}
	}
	c.Response().Header().Set("ETag", etag(p.Version))
	return c.JSON(http.StatusOK, dto.Merged{Player: p, Tournaments: tids})
}

// ImportPlayers takes a CSV body; with ?confirm=true it imports, otherwise it
// only previews.
func (h *Handlers) ImportPlayers(c echo.Context) error {
	ctx, body := c.Request().Context(), c.Request().Body
	var (
		pv  *tournament.ImportPreview
		err error
	)
	if c.QueryParam("confirm") == "true" {
		pv, err = h.Players.Import(ctx, body, nil)
	} else {
		pv, err = h.Players.PreviewImport(ctx, body, nil)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, playerImport(pv, page.LangOf(c)))
}

// playerImport is an import preview (or result) spelled out in lang.
func playerImport(pv *tournament.ImportPreview, lang page.Lang) dto.PlayerImport {
	rows := make([]dto.ImportRow, len(pv.Rows))
	for i, r := range pv.Rows {
		rows[i] = dto.ImportRow{ImportRow: r, Messages: messages(r.Fields, lang), WarningMessages: messages(r.Warnings, lang)}
		if r.Reason != "" {
			if rows[i].Messages == nil {
				rows[i].Messages = map[string]string{}
			}
			rows[i].Messages["duplicate"] = page.Translate(lang, r.Reason, r.DuplicateOf)
		}
	}
	out := dto.PlayerImport{Rows: rows, New: pv.New, Duplicates: pv.Duplicates, Invalid: pv.Invalid, Created: pv.Created,
		Ignored: pv.Ignored}
	if len(pv.Ignored) > 0 {
		out.IgnoredMessage = page.Translate(lang, "import.ignored_columns", page.QuotedList(pv.Ignored))
	}
	return out
}

// ExportPlayers downloads the registry as CSV.
func (h *Handlers) ExportPlayers(c echo.Context) error {
	return h.WritePlayersCSV(c)
}

// Setup creates the first director and a token for it.
func (h *Handlers) Setup(c echo.Context) error {
	var in dto.DirectorInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	d, err := h.Auth.Setup(c.Request().Context(), in)
	if err != nil {
		return err
	}
	t, secret, err := h.Auth.CreateToken(c.Request().Context(), d.ID, "setup")
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, dto.Setup{Director: d, Token: t, Secret: secret})
}

// Login checks a director's password and answers a new token.
func (h *Handlers) Login(c echo.Context) error {
	var in dto.LoginInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, secret, err := h.Auth.LoginToken(c.Request().Context(), in.Username, in.Password, c.RealIP(), loginTokenName(in.TokenName))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, dto.NewToken{Token: t, Secret: secret})
}

// ListDirectors lists the directors.
func (h *Handlers) ListDirectors(c echo.Context) error {
	ds, err := h.App.Directors(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.DirectorList{Directors: ds})
}

// CreateDirector adds a director.
func (h *Handlers) CreateDirector(c echo.Context) error {
	var in dto.DirectorInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	d, err := h.Auth.AddDirector(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, d)
}

// Me answers the director the token belongs to.
func (h *Handlers) Me(c echo.Context) error {
	return c.JSON(http.StatusOK, page.DirectorOf(c))
}

// ChangePassword changes the token director's password.
func (h *Handlers) ChangePassword(c echo.Context) error {
	var in dto.PasswordInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := h.Auth.ChangePassword(c.Request().Context(), page.DirectorOf(c).ID, in.Current, in.Password, in.Confirm, ""); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// ListTokens lists the director's tokens.
func (h *Handlers) ListTokens(c echo.Context) error {
	ts, err := h.Auth.Tokens(c.Request().Context(), page.DirectorOf(c).ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.TokenList{Tokens: ts})
}

// CreateToken makes a token; its secret is answered once.
func (h *Handlers) CreateToken(c echo.Context) error {
	var in dto.TokenInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	t, secret, err := h.Auth.CreateToken(c.Request().Context(), page.DirectorOf(c).ID, in.Name)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, dto.NewToken{Token: t, Secret: secret})
}

// RevokeToken revokes one of the director's tokens.
func (h *Handlers) RevokeToken(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if err := h.Auth.RevokeToken(c.Request().Context(), page.DirectorOf(c).ID, id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// loginTokenName is the name of the token a login makes: the one given, or "api login".
func loginTokenName(name string) string {
	if name == "" {
		return "api login"
	}
	return name
}
