package api

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/tournament/season"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// The seasons' operations (issue 22): a club championship across evenings, its
// standings, each player's history and the federation's files.
func init() {
	operations = append(operations,
		op{method: "GET", path: "/seasons", id: "listSeasons", summary: "List the seasons", tag: "seasons",
			answers: []answerSpec{ok[dto.SeasonList](200)}},
		op{method: "POST", path: "/seasons", id: "createSeason", summary: "Create a season", tag: "seasons",
			body: body[dto.SeasonInput](), answers: []answerSpec{tagged[dto.Season](201)}},
		op{method: "GET", path: "/seasons/:id", id: "getSeason", summary: "A season", tag: "seasons",
			answers: []answerSpec{tagged[dto.Season](200)}},
		op{method: "PUT", path: "/seasons/:id", id: "updateSeason", summary: "Change a season's name, dates and counting", tag: "seasons", ifMatch: true,
			body: body[dto.SeasonInput](), answers: []answerSpec{tagged[dto.Season](200)}, conflict: []reflect.Type{body[dto.SeasonConflict]()}},
		op{method: "DELETE", path: "/seasons/:id", id: "deleteSeason", summary: "Delete a season (its tournaments stay)", tag: "seasons", ifMatch: true,
			answers: []answerSpec{none()}, conflict: []reflect.Type{body[dto.SeasonConflict]()}},
		op{method: "PUT", path: "/seasons/:id/published", id: "publishSeason", summary: "Open or close a season's public page", tag: "seasons", ifMatch: true,
			body: body[dto.PublishInput](), answers: []answerSpec{tagged[dto.Season](200)}, conflict: []reflect.Type{body[dto.SeasonConflict]()}},
		op{method: "POST", path: "/seasons/:id/tournaments", id: "addSeasonTournament", summary: "Make a tournament count in a season", tag: "seasons",
			body: body[dto.SeasonTournamentInput](), answers: []answerSpec{tagged[dto.Season](200)}},
		op{method: "DELETE", path: "/seasons/:id/tournaments/:tid", id: "removeSeasonTournament", summary: "Take a tournament out of a season", tag: "seasons",
			answers: []answerSpec{tagged[dto.Season](200)}},
		op{method: "GET", path: "/seasons/:id/standings", id: "seasonStandings", summary: "A season's standings", tag: "seasons",
			answers: []answerSpec{ok[dto.SeasonStandings](200)}},
		op{method: "GET", path: "/seasons/:id/federation.csv", id: "seasonFederationCSV", summary: "A season's results for the federation (CSV)", tag: "seasons",
			query:   []Parameter{q("lang", "string", "the reader's language (it: ';' and decimal comma; en: ',' and decimal point)")},
			answers: []answerSpec{files(mimeCSV)}},
		op{method: "POST", path: "/seasons/:id/import", id: "importIntoSeason", idempotent: true, summary: "Import a tournament document from another copy into a season (409 when the season already has a tournament of its name and date: an evening counts once)", tag: "seasons",
			body: body[dto.TournamentDocument](), bodyMedia: []string{mimeForm}, answers: []answerSpec{ok[dto.SeasonImported](201)}},
		op{method: "GET", path: "/tournaments/:id/federation.csv", id: "tournamentFederationCSV", summary: "A tournament's results for the federation (CSV)", tag: "seasons",
			query:   []Parameter{q("lang", "string", "the reader's language (it: ';' and decimal comma; en: ',' and decimal point)")},
			answers: []answerSpec{files(mimeCSV)}},
		op{method: "GET", path: "/players/:id/history", id: "playerHistory", summary: "Every tournament a player played, and their seasons", tag: "seasons",
			answers: []answerSpec{ok[dto.PlayerHistory](200)}},
		op{method: "GET", path: "/public/seasons/:id", id: "publicSeason", summary: "A published season's standings", tag: "public", public: true,
			answers: []answerSpec{ok[dto.SeasonStandings](200)}},
	)
}

// seasonIn is a season as a body gives it, over the stored settings (or the defaults).
func seasonIn(in dto.SeasonInput, base season.Settings) season.Season {
	s := season.Season{Name: in.Name, From: in.From, To: in.To, Settings: base, Tournaments: in.Tournaments}
	if in.Settings != nil {
		s.Settings = in.Settings.Settings()
	}
	return s
}

func seasonAnswer(c echo.Context, status int, s *season.Season) error {
	c.Response().Header().Set("ETag", etag(s.Version))
	return c.JSON(status, dto.SeasonOf(s))
}

// seasonConflict answers a stale write with the season as stored now.
func (h *Handlers) seasonConflict(c echo.Context, id int64, err error) error {
	now, lerr := h.Seasons.Get(c.Request().Context(), id)
	if lerr != nil {
		return lerr
	}
	return conflict(c, now.Version, dto.SeasonConflict{Error: errorBody(c, "", err), Current: dto.SeasonOf(now)})
}

// ListSeasons answers every season, the newest first.
func (h *Handlers) ListSeasons(c echo.Context) error {
	ss, err := h.Seasons.List(c.Request().Context())
	if err != nil {
		return err
	}
	out := dto.SeasonList{Seasons: make([]dto.Season, len(ss))}
	for i := range ss {
		out.Seasons[i] = dto.SeasonOf(&ss[i])
	}
	return c.JSON(http.StatusOK, out)
}

// CreateSeason creates a season.
func (h *Handlers) CreateSeason(c echo.Context) error {
	var in dto.SeasonInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	s, err := h.Seasons.Create(c.Request().Context(), seasonIn(in, season.Defaults()))
	if err != nil {
		return err
	}
	return seasonAnswer(c, http.StatusCreated, s)
}

// GetSeason answers a season.
func (h *Handlers) GetSeason(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	s, err := h.Seasons.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return seasonAnswer(c, http.StatusOK, s)
}

// UpdateSeason changes a season's name, dates and settings, with If-Match its version.
func (h *Handlers) UpdateSeason(c echo.Context) error {
	id, version, err := h.seasonVersion(c)
	if err != nil {
		return err
	}
	var in dto.SeasonInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	cur, err := h.Seasons.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	s := seasonIn(in, cur.Settings)
	s.Version = version
	got, err := h.Seasons.Update(c.Request().Context(), id, s)
	if isStale(err) {
		return h.seasonConflict(c, id, err)
	} else if err != nil {
		return err
	}
	return seasonAnswer(c, http.StatusOK, got)
}

// seasonVersion reads :id and the version If-Match gives (the stored one without it).
func (h *Handlers) seasonVersion(c echo.Context) (int64, int, error) {
	id, err := page.IDParam(c)
	if err != nil {
		return 0, 0, err
	}
	version, err := ifMatch(c)
	if err != nil {
		return 0, 0, err
	}
	if version == 0 {
		cur, err := h.Seasons.Get(c.Request().Context(), id)
		if err != nil {
			return 0, 0, err
		}
		version = cur.Version
	}
	return id, version, nil
}

// DeleteSeason deletes a season, with If-Match its version.
func (h *Handlers) DeleteSeason(c echo.Context) error {
	id, version, err := h.seasonVersion(c)
	if err != nil {
		return err
	}
	err = h.Seasons.Delete(c.Request().Context(), id, version)
	if isStale(err) {
		return h.seasonConflict(c, id, err)
	} else if err != nil {
		return err
	}
	h.SeasonChanged(c.Request().Context(), id, false)
	return c.NoContent(http.StatusNoContent)
}

// PublishSeason opens or closes a season's public page: {"published": true}.
func (h *Handlers) PublishSeason(c echo.Context) error {
	id, version, err := h.seasonVersion(c)
	if err != nil {
		return err
	}
	var in dto.PublishInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Published == nil {
		return &tournament.Error{Code: tournament.EINVALID, Key: "error.invalid", Fields: map[string]string{"published": "error.required"}}
	}
	s, err := h.Seasons.Publish(c.Request().Context(), id, *in.Published, version)
	if isStale(err) {
		return h.seasonConflict(c, id, err)
	} else if err != nil {
		return err
	}
	h.SeasonChanged(c.Request().Context(), id, s.Published)
	return seasonAnswer(c, http.StatusOK, s)
}

// AddSeasonTournament makes a tournament count in a season: {"tournament_id": 3}.
func (h *Handlers) AddSeasonTournament(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in dto.SeasonTournamentInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	s, err := h.Seasons.AddTournament(c.Request().Context(), id, in.TournamentID)
	if err != nil {
		return err
	}
	return seasonAnswer(c, http.StatusOK, s)
}

// RemoveSeasonTournament takes tournament :tid out of a season.
func (h *Handlers) RemoveSeasonTournament(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	tid, err := strconv.ParseInt(c.Param("tid"), 10, 64)
	if err != nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	s, err := h.Seasons.RemoveTournament(c.Request().Context(), id, tid)
	if err != nil {
		return err
	}
	return seasonAnswer(c, http.StatusOK, s)
}

// SeasonStandings answers a season's standings.
func (h *Handlers) SeasonStandings(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	st, err := h.Seasons.Standings(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.SeasonStandingsOf(st))
}

// PublicSeason answers a published season's standings (404 otherwise).
func (h *Handlers) PublicSeason(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	st, err := h.Seasons.PublicStandings(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if st, err = h.PublicSeasonNames(c.Request().Context(), st); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.SeasonStandingsOf(st))
}

// PlayerHistory answers every tournament a player played and their seasons.
func (h *Handlers) PlayerHistory(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	ph, err := h.Seasons.PlayerHistory(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.PlayerHistoryOf(ph))
}

// csvFile writes a CSV download built in memory (an error answers as JSON, not half a
// file).
func csvFile(c echo.Context, name string, write func(w io.Writer) error) error {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=%q", name))
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}

// SeasonFederationCSV downloads a season's results for the federation.
func (h *Handlers) SeasonFederationCSV(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	return csvFile(c, fmt.Sprintf("season-%d-federation.csv", id), func(w io.Writer) error {
		return h.Seasons.WriteSeasonCSV(c.Request().Context(), w, id, page.CSVStyleOf(c))
	})
}

// TournamentFederationCSV downloads a tournament's results for the federation.
func (h *Handlers) TournamentFederationCSV(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	return csvFile(c, fmt.Sprintf("tournament-%d-federation.csv", id), func(w io.Writer) error {
		return h.Seasons.WriteTournamentCSV(c.Request().Context(), w, id, page.CSVStyleOf(c))
	})
}

// ImportIntoSeason imports a tournament document (JSON, or a multipart "file") from
// another copy of the app into a season.
func (h *Handlers) ImportIntoSeason(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	raw, err := io.ReadAll(c.Request().Body) // at most the route's body limit (site.ImportBody)
	if err != nil {
		return err
	}
	if ct := c.Request().Header.Get(echo.HeaderContentType); strings.HasPrefix(ct, echo.MIMEMultipartForm) {
		if raw, err = page.Uploaded(c, "file"); err != nil {
			return tournament.Errorf(tournament.EINVALID, "import.no_file")
		}
	}
	out, err := h.Seasons.ImportInto(c.Request().Context(), id, raw, page.DirectorOf(c).Username)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, dto.SeasonImported{Tournament: &out.Tournament, Matched: out.Matched, Registered: out.Registered})
}
