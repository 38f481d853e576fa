package api

import (
	"cmp"
	"errors"
	"io"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/relay"
	tsync "burraco/tournament/sync"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// The results' way to the hub (issue 39): the hub's intake and linking, the laptop's
// link and its outbox's states. Every handler answers 404 when its side is not served.

// relayOf is the app's relay, or ENOTFOUND when the part asked for is not served.
func (h *Handlers) relayOf(need func(*page.Relay) bool) (*page.Relay, error) {
	if h.Relay == nil || !need(h.Relay) {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return h.Relay, nil
}

// statusOfReason is the HTTP status of a refusal's code.
func statusOfReason(code string) int {
	switch code {
	case tournament.EUNAUTHORIZED:
		return http.StatusUnauthorized
	case tournament.ENOTFOUND:
		return http.StatusNotFound
	case tournament.ECONFLICT:
		return http.StatusConflict
	}
	return http.StatusUnprocessableEntity
}

// SyncResults is the hub's intake: a results document, its detached signature in the
// Burraco-Signature header, no session (the signature is the authentication; the intake
// works for the club the key proves). The exact bytes read (at most tsync.MaxBody) go to
// Hub.Receive; accepted answers 200, a refusal its code's status with the answer inside;
// the hub's own failure is a 5xx, which the laptop tries again.
func (h *Handlers) SyncResults(c echo.Context) error {
	r, err := h.relayOf(func(r *page.Relay) bool { return r.Hub != nil })
	if err != nil {
		return err
	}
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, tsync.MaxBody+1))
	if errors.Is(err, echo.ErrStatusRequestEntityTooLarge) {
		return err
	} else if err != nil {
		page.RefuseBody(c)
		return badJSON(err.Error())
	}
	rec, err := r.Hub.Receive(c.Request().Context(), body, c.Request().Header.Get(relay.SignatureHeader))
	a, ok := tsync.AnswerOf(rec, err)
	if !ok {
		return err
	}
	out := dto.SyncAnswer(*a)
	if a.Outcome == tsync.Accepted {
		return c.JSON(http.StatusOK, out)
	}
	e, _ := tournament.AsError(err)
	status := statusOfReason(e.Code)
	lang, format := page.LangOf(c), page.FormatUsed(c)
	eb := dto.ErrorBody{Code: e.Code, Message: page.TranslateFor(lang, format, e.Key, e.Args...), RequestID: page.RequestID(c.Request().Context())}
	if len(e.Fields) > 0 {
		eb.Fields = map[string]string{}
		for f, k := range e.Fields {
			eb.Fields[f] = page.TranslateFor(lang, format, k)
		}
	}
	return c.JSON(status, dto.SyncRefusal{Error: eb, Answer: out})
}

// SyncLink is the hub's side of linking a laptop: a link code made by a director of a
// club, used once, links the laptop's public key to that club. No session: the code is
// the authentication.
func (h *Handlers) SyncLink(c echo.Context) error {
	r, err := h.relayOf(func(r *page.Relay) bool { return r.Linking != nil })
	if err != nil {
		return err
	}
	var in dto.LinkInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	a, err := r.Linking.Redeem(c.Request().Context(), relay.LinkRequest(in))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.LinkAnswer(*a))
}

// CreateLinkCode makes a one-time link code for the director's club (shown once).
func (h *Handlers) CreateLinkCode(c echo.Context) error {
	r, err := h.relayOf(func(r *page.Relay) bool { return r.Linking != nil })
	if err != nil {
		return err
	}
	code, expires, err := r.Linking.MakeCode(c.Request().Context(), page.CurrentClubID(c.Request().Context()))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, dto.LinkCode{Code: code, ExpiresAt: expires})
}

// ListClubKeys lists the laptops linked to the director's club.
func (h *Handlers) ListClubKeys(c echo.Context) error {
	r, err := h.relayOf(func(r *page.Relay) bool { return r.Store != nil })
	if err != nil {
		return err
	}
	keys, err := r.Store.ListClubKeys(c.Request().Context(), page.CurrentClubID(c.Request().Context()))
	if err != nil {
		return err
	}
	out := dto.ClubKeyList{Keys: []dto.ClubKey{}}
	for _, k := range keys {
		out.Keys = append(out.Keys, ClubKeyOf(k))
	}
	return c.JSON(http.StatusOK, out)
}

// ClubKeyOf is a linked laptop's key as the API writes it.
func ClubKeyOf(k tsync.Key) dto.ClubKey {
	return dto.ClubKey{ID: k.ID, KeyID: tsync.KeyID(k.Public), Label: k.Label, CreatedAt: k.CreatedAt.UTC(),
		RevokedAt: k.RevokedAt, LastContact: k.LastContact}
}

// RevokeClubKey revokes a laptop's key of the director's club at once.
func (h *Handlers) RevokeClubKey(c echo.Context) error {
	r, err := h.relayOf(func(r *page.Relay) bool { return r.Store != nil })
	if err != nil {
		return err
	}
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if err := r.Store.RevokeClubKey(c.Request().Context(), page.CurrentClubID(c.Request().Context()), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// GetHubLink is this laptop's link to its hub, if any, and its key id.
func (h *Handlers) GetHubLink(c echo.Context) error {
	r, err := h.relayOf(func(r *page.Relay) bool { return r.Store != nil && r.Laptop != nil })
	if err != nil {
		return err
	}
	out, err := HubLinkOf(c, r)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// HubLinkOf is the laptop's link as the API writes it.
func HubLinkOf(c echo.Context, r *page.Relay) (dto.HubLink, error) {
	ctx := c.Request().Context()
	key, err := r.Store.LaptopKey(ctx)
	if err != nil {
		return dto.HubLink{}, err
	}
	out := dto.HubLink{KeyID: tsync.KeyID(key.Public)}
	l, err := r.Store.HubLink(ctx)
	if err != nil || l == nil {
		return out, err
	}
	at := l.LinkedAt
	out.Linked, out.Address, out.Club, out.Label, out.LinkedAt, out.LastContact = true, l.Address, l.Club, l.Label, &at, l.LastContact
	return out, nil
}

// SetHubLink links this laptop to a hub with a code made there.
func (h *Handlers) SetHubLink(c echo.Context) error {
	r, err := h.relayOf(func(r *page.Relay) bool { return r.Store != nil && r.Laptop != nil })
	if err != nil {
		return err
	}
	var in dto.HubLinkInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if _, err := r.Laptop.LinkTo(c.Request().Context(), in.Address, in.Code, in.Label); err != nil {
		return err
	}
	out, err := HubLinkOf(c, r)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// SyncStatesOf is every queued tournament's state, its refusal in the request's words.
func SyncStatesOf(c echo.Context, r *page.Relay) (map[int64]dto.SyncState, error) {
	m, err := r.Store.Outbox(c.Request().Context())
	if err != nil {
		return nil, err
	}
	lang := page.LangOf(c)
	out := map[int64]dto.SyncState{}
	for tid, e := range m {
		s := dto.SyncState{TournamentID: tid, Revision: e.Revision, State: e.State, Reason: e.Reason,
			Attempts: e.Attempts, QueuedAt: e.QueuedAt, AnsweredAt: e.AnsweredAt}
		if e.Reason != "" {
			s.Message = page.ReasonWords(lang, e.Reason, e.Args)
		}
		out[tid] = s
	}
	return out, nil
}

// SyncStates lists the tournaments queued for the hub with their states.
func (h *Handlers) SyncStates(c echo.Context) error {
	r, err := h.relayOf(func(r *page.Relay) bool { return r.Store != nil })
	if err != nil {
		return err
	}
	m, err := SyncStatesOf(c, r)
	if err != nil {
		return err
	}
	out := dto.SyncStates{States: []dto.SyncState{}}
	for _, s := range m {
		out.States = append(out.States, s)
	}
	slices.SortFunc(out.States, func(a, b dto.SyncState) int { return cmp.Compare(a.TournamentID, b.TournamentID) })
	return c.JSON(http.StatusOK, out)
}
