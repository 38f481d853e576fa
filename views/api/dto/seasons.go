package dto

import (
	"time"

	"burraco/tournament"
	"burraco/tournament/season"
)

// SeasonSettings is how a season counts its evenings (RULES.md, "Seasons"): method
// "place" (points by place from table, scaled by the field when scale_by_field:
// points × entries ÷ reference_field, 0 meaning the table's length), "value" (the
// evening's own first ranking value) or "percent" (100 × value ÷ the evening's best);
// best evenings counted (0: all), min_evenings to be ranked, bonus per evening played.
type SeasonSettings struct {
	Method         string `json:"method"`
	Table          []int  `json:"table"`
	ScaleByField   bool   `json:"scale_by_field"`
	ReferenceField int    `json:"reference_field"`
	Best           int    `json:"best"`
	MinEvenings    int    `json:"min_evenings"`
	Bonus          int    `json:"bonus"`
}

// SeasonSettingsOf is a season's settings as the API shows them.
func SeasonSettingsOf(s season.Settings) SeasonSettings {
	t := s.Table
	if t == nil {
		t = []int{}
	}
	return SeasonSettings{Method: string(s.Method), Table: t, ScaleByField: s.ScaleByField, ReferenceField: s.ReferenceField,
		Best: s.Best, MinEvenings: s.MinEvenings, Bonus: s.Bonus}
}

// Settings is the season's settings the body gives.
func (s SeasonSettings) Settings() season.Settings {
	return season.Settings{Method: season.Method(s.Method), Table: s.Table, ScaleByField: s.ScaleByField,
		ReferenceField: s.ReferenceField, Best: s.Best, MinEvenings: s.MinEvenings, Bonus: s.Bonus}
}

// SeasonInput is the body of POST /seasons and PUT /seasons/{id}; settings left out
// are the defaults (a create) or the stored ones (an update); tournaments are read on a
// create only.
type SeasonInput struct {
	Name        string          `json:"name" api:"required" minLength:"1"`
	From        string          `json:"from" api:"required" pattern:"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"`
	To          string          `json:"to" api:"required" pattern:"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"`
	Settings    *SeasonSettings `json:"settings"`
	Tournaments []int64         `json:"tournaments"`
}

// Season is a season as the API shows it.
type Season struct {
	ID          int64          `json:"id"`
	Name        string         `json:"name"`
	From        string         `json:"from"`
	To          string         `json:"to"`
	Settings    SeasonSettings `json:"settings"`
	Published   bool           `json:"published"`
	Version     int            `json:"version"`
	Revision    int64          `json:"revision"`
	Tournaments []int64        `json:"tournaments"`
	CreatedAt   time.Time      `json:"created_at"`
	UpdatedAt   time.Time      `json:"updated_at"`
}

// SeasonOf is a season as the API shows it.
func SeasonOf(s *season.Season) Season {
	ts := s.Tournaments
	if ts == nil {
		ts = []int64{}
	}
	return Season{ID: s.ID, Name: s.Name, From: s.From, To: s.To, Settings: SeasonSettingsOf(s.Settings), Published: s.Published,
		Version: s.Version, Revision: s.Revision, Tournaments: ts, CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt}
}

// SeasonList is the answer of GET /seasons.
type SeasonList struct {
	Seasons []Season `json:"seasons"`
}

// SeasonConflict is a stale season write's 409, with the season as stored now.
type SeasonConflict struct {
	Error   ErrorBody `json:"error"`
	Current Season    `json:"current"`
}

// SeasonTournamentInput is the body of POST /seasons/{id}/tournaments.
type SeasonTournamentInput struct {
	TournamentID int64 `json:"tournament_id" api:"required"`
}

// SeasonPlayer names a player in a season.
type SeasonPlayer struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// SeasonEvening is one evening of a season.
type SeasonEvening struct {
	TournamentID int64  `json:"tournament_id"`
	Name         string `json:"name"`
	Date         string `json:"date"`
	Format       string `json:"format"`
	Entries      int    `json:"entries"`
}

// SeasonResult is one evening of a player: place, the evening's own value, what it is
// worth in the season (points, rounded to 2 decimals, and points_exact, a fraction),
// whether it counted or was dropped. mp and vp are there when the format has them.
type SeasonResult struct {
	TournamentID int64         `json:"tournament_id"`
	Name         string        `json:"name"`
	Date         string        `json:"date"`
	Format       string        `json:"format"`
	Entries      int           `json:"entries"`
	Place        int           `json:"place"`
	Tied         bool          `json:"tied"`
	Partner      *SeasonPlayer `json:"partner,omitempty"`
	Value        string        `json:"value"`
	MP           *string       `json:"mp,omitempty"`
	VP           *string       `json:"vp,omitempty"`
	Points       string        `json:"points"`
	PointsExact  string        `json:"points_exact"`
	Counted      bool          `json:"counted"`
}

// SeasonResultOf is a result as the API shows it.
func SeasonResultOf(r season.Result) SeasonResult {
	out := SeasonResult{TournamentID: r.TournamentID, Name: r.Name, Date: r.Date, Format: r.Format, Entries: r.Field,
		Place: r.Place, Tied: r.Tied, Value: r.Value.String(), Points: r.Points.String(), PointsExact: r.Points.Exact(), Counted: r.Counted}
	if r.Partner != nil {
		out.Partner = &SeasonPlayer{ID: r.Partner.ID, Name: r.Partner.Name}
	}
	if r.MP != nil {
		v := r.MP.String()
		out.MP = &v
	}
	if r.VP != nil {
		v := r.VP.String()
		out.VP = &v
	}
	return out
}

// SeasonLine is a player's line of the season standings: place (0 and ranked false
// below the minimum of evenings), evenings played and counted, wins, the best single
// result, the bonus and the total (rounded, and exact as a fraction), every evening.
type SeasonLine struct {
	Player     SeasonPlayer   `json:"player"`
	Place      int            `json:"place"`
	Tied       bool           `json:"tied"`
	Ranked     bool           `json:"ranked"`
	Evenings   int            `json:"evenings"`
	Counted    int            `json:"counted"`
	Wins       int            `json:"wins"`
	Best       string         `json:"best"`
	Bonus      string         `json:"bonus"`
	Total      string         `json:"total"`
	TotalExact string         `json:"total_exact"`
	Results    []SeasonResult `json:"results"`
}

// SeasonLineOf is a standings line as the API shows it.
func SeasonLineOf(l season.Standing) SeasonLine {
	out := SeasonLine{Player: SeasonPlayer{ID: l.Player.ID, Name: l.Player.Name}, Place: l.Place, Tied: l.Tied, Ranked: l.Ranked,
		Evenings: l.Evenings, Counted: l.Counted, Wins: l.Wins, Best: l.Best.String(), Bonus: l.Bonus.String(),
		Total: l.Total.String(), TotalExact: l.Total.Exact(), Results: make([]SeasonResult, len(l.Results))}
	for i, r := range l.Results {
		out.Results[i] = SeasonResultOf(r)
	}
	return out
}

// SeasonStandings is the answer of GET /seasons/{id}/standings (and of the public
// twin): the season, its evenings counted by date, those still in progress (listed, not
// counted: provisional is true while there is one) and its standings; key changes
// whenever the season or one of its evenings does.
type SeasonStandings struct {
	Season      Season          `json:"season"`
	Key         string          `json:"key"`
	Provisional bool            `json:"provisional"`
	Evenings    []SeasonEvening `json:"evenings"`
	InProgress  []SeasonEvening `json:"in_progress"`
	Lines       []SeasonLine    `json:"lines"`
}

// SeasonStandingsOf is a season's standings as the API shows them.
func SeasonStandingsOf(st *tournament.SeasonStandings) SeasonStandings {
	out := SeasonStandings{Season: SeasonOf(&st.Season), Key: st.Key, Evenings: make([]SeasonEvening, len(st.Evenings)),
		Lines: make([]SeasonLine, len(st.Lines)), Provisional: st.Provisional(), InProgress: make([]SeasonEvening, len(st.InProgress))}
	for i, e := range st.Evenings {
		out.Evenings[i] = SeasonEvening{TournamentID: e.TournamentID, Name: e.Name, Date: e.Date, Format: e.Format, Entries: e.Field}
	}
	for i, e := range st.InProgress {
		out.InProgress[i] = SeasonEvening{TournamentID: e.TournamentID, Name: e.Name, Date: e.Date, Format: e.Format, Entries: e.Field}
	}
	for i, l := range st.Lines {
		out.Lines[i] = SeasonLineOf(l)
	}
	return out
}

// PlayerSeason is a player's line in one season.
type PlayerSeason struct {
	SeasonID  int64      `json:"season_id"`
	Name      string     `json:"name"`
	Published bool       `json:"published"`
	Line      SeasonLine `json:"line"`
}

// PlayerHistory is the answer of GET /players/{id}/history: every tournament played,
// newest first (points: the evening's own value), and the player's seasons.
type PlayerHistory struct {
	Player  Player         `json:"player"`
	Played  []SeasonResult `json:"played"`
	Seasons []PlayerSeason `json:"seasons"`
}

// PlayerHistoryOf is a player's history as the API shows it.
func PlayerHistoryOf(h *tournament.PlayerHistory) PlayerHistory {
	out := PlayerHistory{Player: h.Player, Played: make([]SeasonResult, len(h.Played)), Seasons: make([]PlayerSeason, len(h.Seasons))}
	for i, r := range h.Played {
		out.Played[i] = SeasonResultOf(r)
	}
	for i, s := range h.Seasons {
		out.Seasons[i] = PlayerSeason{SeasonID: s.SeasonID, Name: s.Name, Published: s.Published, Line: SeasonLineOf(s.Line)}
	}
	return out
}

// SeasonImported is the answer of POST /seasons/{id}/import: the new tournament, the
// players matched by card number and those registered (flagged in their notes).
type SeasonImported struct {
	Tournament *tournament.Tournament `json:"tournament"`
	Matched    []Player               `json:"matched"`
	Registered []Player               `json:"registered"`
}
