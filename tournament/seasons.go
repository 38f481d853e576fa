package tournament

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"burraco/tournament/season"
)

// SeasonStore persists seasons and the tournaments that count in them. Each method is
// one transaction.
type SeasonStore interface {
	// CreateSeason inserts a season (its Tournaments too) and sets its ID, version 1.
	CreateSeason(ctx context.Context, s *season.Season) error
	// Season reads a season with its tournaments' IDs (ENOTFOUND).
	Season(ctx context.Context, id int64) (*season.Season, error)
	// Seasons lists the seasons, the newest first.
	Seasons(ctx context.Context) ([]season.Season, error)
	// SaveSeason writes a season's name, dates, settings and publication; it must still
	// be at the version it carries (ECONFLICT "season.stale" otherwise); the version and
	// the revision go up.
	SaveSeason(ctx context.Context, s *season.Season) error
	// DeleteSeason removes a season at the version given (ECONFLICT "season.stale").
	DeleteSeason(ctx context.Context, id int64, version int) error
	// SetSeasonTournament adds (in) or removes a tournament of a season (ENOTFOUND
	// without either; ECONFLICT "season.err.already_in" adding one of the name and date
	// of one the season holds); the season's revision goes up.
	SetSeasonTournament(ctx context.Context, sid, tid int64, in bool) error
	// SeasonsOf lists the seasons a tournament counts in.
	SeasonsOf(ctx context.Context, tid int64) ([]season.Season, error)
	// PlayerTournaments lists the tournaments a player has an entry in.
	PlayerTournaments(ctx context.Context, playerID int64) ([]int64, error)
	// ImportCopy writes a tournament document as a new tournament with new numbers for
	// everything in it (tournament, stages, rounds, tables, entries), in one write
	// transaction. Players with a negative ID are registered (-1, -2… as the members
	// reference them), the others are already here. It returns the new tournament's ID
	// and the registered players' IDs in the order of doc.Players. With seasonID not 0
	// the tournament is added to that season in the same transaction.
	ImportCopy(ctx context.Context, doc *Document, seasonID int64) (int64, []int64, error)
}

// Seasons is the use-case service of seasons: a club championship across evenings, its
// standings, each player's history and the federation's files.
type Seasons struct {
	Store       SeasonStore
	Tournaments *Tournaments

	mu    sync.Mutex
	cache map[int64]cachedStandings // by season: standings derived at a revision key
}

type cachedStandings struct {
	key string
	st  *SeasonStandings
}

// SeasonStandings is a season with its evenings and its standings.
type SeasonStandings struct {
	Season   season.Season     `json:"season"`
	Evenings []season.Evening  `json:"evenings"`
	Lines    []season.Standing `json:"lines"`
	// Key is the revision the standings were derived at: the season's revision and each
	// evening's stamp ("3-12.5.40-17.9.51"); it changes when anything they depend on changes.
	Key string `json:"key"`
}

// PlayerHistory is every tournament a player has played, with their season places.
type PlayerHistory struct {
	Player  Player          `json:"player"`
	Played  []season.Result `json:"played"` // newest first; Points is the evening's own value
	Seasons []SeasonPlace   `json:"seasons"`
}

// SeasonPlace is a player's line in one season.
type SeasonPlace struct {
	SeasonID  int64           `json:"season_id"`
	Name      string          `json:"name"`
	Published bool            `json:"published"`
	Line      season.Standing `json:"line"`
}

// Create stores a new season (its settings validated, its tournaments checked in its
// date range).
func (s *Seasons) Create(ctx context.Context, in season.Season) (*season.Season, error) {
	in.Normalize()
	in.ID, in.Version, in.Published = 0, 0, false
	if fe := seasonErrors(&in); len(fe) > 0 {
		return nil, fe.Err()
	}
	for _, tid := range in.Tournaments {
		if err := s.checkEvening(ctx, &in, tid); err != nil {
			return nil, err
		}
	}
	in.Tournaments = dedupe(in.Tournaments)
	if err := s.Store.CreateSeason(ctx, &in); err != nil {
		return nil, fmt.Errorf("create season: %w", err)
	}
	return &in, nil
}

// seasonErrors validates a normalized season, its name checked as every text is
// (CheckText: control, bidirectional and invisible characters).
func seasonErrors(in *season.Season) FieldErrors {
	fe := FieldErrors{}
	CheckName(fe, "name", in.Name, maxNameLen) // first: its message is the one shown
	for f, k := range in.Validate() {
		fe.Add(f, k)
	}
	return fe
}

// Get reads a season (ENOTFOUND).
func (s *Seasons) Get(ctx context.Context, id int64) (*season.Season, error) {
	return s.Store.Season(ctx, id)
}

// List returns every season, the newest first.
func (s *Seasons) List(ctx context.Context) ([]season.Season, error) { return s.Store.Seasons(ctx) }

// Update saves a season's name, dates and settings; in.Version must be the stored
// version (ECONFLICT "season.stale" otherwise). Its tournaments and publication are
// kept: they change with AddTournament, RemoveTournament and Publish.
func (s *Seasons) Update(ctx context.Context, id int64, in season.Season) (*season.Season, error) {
	in.Normalize()
	if fe := seasonErrors(&in); len(fe) > 0 {
		return nil, fe.Err()
	}
	cur, err := s.Store.Season(ctx, id)
	if err != nil {
		return nil, err
	}
	if cur.Version != in.Version {
		return nil, Errorf(ECONFLICT, "season.stale")
	}
	// Its evenings stay dated inside its range (RULES.md 8): a range moved away from one
	// is refused, the evening named next to the date.
	for _, tid := range cur.Tournaments {
		if err := s.checkEvening(ctx, &in, tid); err != nil {
			e, _ := AsError(err)
			if e == nil || e.Key != "season.err.out_of_range" {
				return nil, err
			}
			field := "from"
			if len(e.Args) > 1 && in.To < fmt.Sprint(e.Args[1]) {
				field = "to"
			}
			e.Fields = map[string]string{field: "season.err.out_of_range"}
			return nil, e
		}
	}
	cur.Name, cur.From, cur.To, cur.Settings = in.Name, in.From, in.To, in.Settings
	if err := s.Store.SaveSeason(ctx, cur); err != nil {
		return nil, err
	}
	return cur, nil
}

// Delete removes a season at the version given (its tournaments stay).
func (s *Seasons) Delete(ctx context.Context, id int64, version int) error {
	return s.Store.DeleteSeason(ctx, id, version)
}

// AddTournament makes a tournament count in a season: it must exist and be dated in the
// season's range (EINVALID "season.err.out_of_range"). Adding it again is no change.
func (s *Seasons) AddTournament(ctx context.Context, sid, tid int64) (*season.Season, error) {
	cur, err := s.Store.Season(ctx, sid)
	if err != nil {
		return nil, err
	}
	if slices.Contains(cur.Tournaments, tid) {
		return cur, nil
	}
	if err := s.checkEvening(ctx, cur, tid); err != nil {
		return nil, err
	}
	if err := s.Store.SetSeasonTournament(ctx, sid, tid, true); err != nil {
		return nil, err
	}
	return s.Store.Season(ctx, sid)
}

// RemoveTournament takes a tournament out of a season (ENOTFOUND when it is not in).
func (s *Seasons) RemoveTournament(ctx context.Context, sid, tid int64) (*season.Season, error) {
	cur, err := s.Store.Season(ctx, sid)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(cur.Tournaments, tid) {
		return nil, Errorf(ENOTFOUND, "error.not_found")
	}
	if err := s.Store.SetSeasonTournament(ctx, sid, tid, false); err != nil {
		return nil, err
	}
	return s.Store.Season(ctx, sid)
}

// Publish opens or closes a season's public page; version must be the stored one.
func (s *Seasons) Publish(ctx context.Context, id int64, published bool, version int) (*season.Season, error) {
	cur, err := s.Store.Season(ctx, id)
	if err != nil {
		return nil, err
	}
	if cur.Version != version {
		return nil, Errorf(ECONFLICT, "season.stale")
	}
	cur.Published = published
	if err := s.Store.SaveSeason(ctx, cur); err != nil {
		return nil, err
	}
	return cur, nil
}

// checkEvening checks that a tournament exists and falls in the season's range.
func (s *Seasons) checkEvening(ctx context.Context, se *season.Season, tid int64) error {
	st, err := s.Tournaments.Store.Load(ctx, tid)
	if err != nil {
		return err
	}
	if !se.Covers(st.Tournament.Date) {
		return &Error{Code: EINVALID, Key: "season.err.out_of_range", Args: []any{st.Tournament.Name, st.Tournament.Date},
			Fields: map[string]string{"tournament_id": "season.err.out_of_range"}}
	}
	return nil
}

func dedupe(ids []int64) []int64 {
	out := []int64{}
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// Standings computes a season's standings from its evenings' final rankings; derived
// state, cached per revision key (the season's and every evening's revision). The
// answer shares its evenings and lines with the cache: read them, do not change them.
func (s *Seasons) Standings(ctx context.Context, id int64) (*SeasonStandings, error) {
	se, err := s.Store.Season(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.standingsOf(ctx, se)
}

// PublicStandings is Standings of a published season (ENOTFOUND otherwise).
func (s *Seasons) PublicStandings(ctx context.Context, id int64) (*SeasonStandings, error) {
	se, err := s.Store.Season(ctx, id)
	if err != nil {
		return nil, err
	}
	if !se.Published {
		return nil, Errorf(ENOTFOUND, "error.not_found")
	}
	return s.standingsOf(ctx, se)
}

// RevisionKey is what a season's standings depend on: the season's revision and each
// of its evenings' stamps (revision and registry); a page rendered at one key is still true while it holds.
func (s *Seasons) RevisionKey(ctx context.Context, id int64) (string, error) {
	se, err := s.Store.Season(ctx, id)
	if err != nil {
		return "", err
	}
	return s.keyOf(ctx, se)
}

func (s *Seasons) keyOf(ctx context.Context, se *season.Season) (string, error) {
	var b strings.Builder
	b.WriteString(strconv.FormatInt(se.Revision, 10))
	for _, tid := range se.Tournaments {
		// The stamp, not the revision alone: a player renamed in the registry is renamed
		// in the evening without a line in its log.
		st, err := s.Tournaments.Store.Stamp(ctx, tid)
		if err != nil {
			return "", fmt.Errorf("season %d: evening %d: %w", se.ID, tid, err)
		}
		fmt.Fprintf(&b, "-%d.%d.%d", tid, st.Revision, st.Registry)
	}
	return b.String(), nil
}

func (s *Seasons) standingsOf(ctx context.Context, se *season.Season) (*SeasonStandings, error) {
	key, err := s.keyOf(ctx, se)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	c, ok := s.cache[se.ID]
	s.mu.Unlock()
	if ok && c.key == key {
		out := *c.st
		out.Season = *se
		return &out, nil
	}
	out := &SeasonStandings{Season: *se, Key: key}
	for _, tid := range se.Tournaments {
		ev, err := s.Evening(ctx, tid)
		if err != nil {
			return nil, err
		}
		out.Evenings = append(out.Evenings, *ev)
	}
	slices.SortStableFunc(out.Evenings, func(a, b season.Evening) int { return strings.Compare(a.Date, b.Date) })
	out.Lines = se.Settings.Compute(out.Evenings)
	s.mu.Lock()
	if s.cache == nil {
		s.cache = map[int64]cachedStandings{}
	}
	s.cache[se.ID] = cachedStandings{key: key, st: out}
	s.mu.Unlock()
	return out, nil
}

// Evening reads a tournament's final ranking as a season counts it (implemented in
// evening.go).
func (s *Seasons) Evening(ctx context.Context, tid int64) (*season.Evening, error) {
	return eveningOf(ctx, s.Tournaments.Store, tid)
}

// PlayerHistory lists every tournament a player has played (date, format, place, the
// evening's own value as Points, partner for pairs), newest first, and their line in
// every season they played in (published or not: the caller chooses what to show).
func (s *Seasons) PlayerHistory(ctx context.Context, playerID int64) (*PlayerHistory, error) {
	p, err := s.Tournaments.Players.FindPlayer(ctx, playerID)
	if err != nil {
		return nil, err
	}
	tids, err := s.Store.PlayerTournaments(ctx, playerID)
	if err != nil {
		return nil, err
	}
	out := &PlayerHistory{Player: *p, Played: []season.Result{}, Seasons: []SeasonPlace{}}
	seen := map[int64]bool{}
	for _, tid := range tids {
		ev, err := s.Evening(ctx, tid)
		if err != nil {
			return nil, err
		}
		if r, ok := resultOf(ev, playerID); ok {
			out.Played = append(out.Played, r)
		}
		ses, err := s.Store.SeasonsOf(ctx, tid)
		if err != nil {
			return nil, err
		}
		for i := range ses {
			if seen[ses[i].ID] {
				continue
			}
			seen[ses[i].ID] = true
			st, err := s.standingsOf(ctx, &ses[i])
			if err != nil {
				return nil, err
			}
			for _, l := range st.Lines {
				if l.Player.ID == playerID {
					out.Seasons = append(out.Seasons, SeasonPlace{SeasonID: ses[i].ID, Name: ses[i].Name, Published: ses[i].Published, Line: l})
				}
			}
		}
	}
	slices.SortStableFunc(out.Seasons, func(a, b SeasonPlace) int { return cmp.Compare(b.SeasonID, a.SeasonID) })
	return out, nil
}

// resultOf is a player's result in an evening (its own value as Points), if ranked.
func resultOf(ev *season.Evening, playerID int64) (season.Result, bool) {
	shared := map[int]int{}
	for _, p := range ev.Placings {
		shared[p.Place]++
	}
	for _, p := range ev.Placings {
		for _, pl := range p.Players {
			if pl.ID != playerID {
				continue
			}
			r := season.Result{TournamentID: ev.TournamentID, Name: ev.Name, Date: ev.Date, Format: ev.Format, Field: ev.Field,
				Place: p.Place, Tied: shared[p.Place] > 1, Value: p.Value, MP: p.MP, VP: p.VP, Points: p.Value, Counted: true}
			for _, o := range p.Players {
				if o.ID != playerID {
					r.Partner = &o
				}
			}
			return r, true
		}
	}
	return season.Result{}, false
}
