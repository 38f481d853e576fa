// Package rankings is the national ranking's service (issue 38): the federation's
// settings, edited with a version; the background worker that ranks every evening that
// became final or was corrected (only the players it touches are summed again) and
// recomputes everything when the settings or the day change; and the ranking as the
// pages read it, kept per ranking revision. The rules are tournament/ranking's.
package rankings

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/tournament/ranking"
	"burraco/tournament/readshare"
)

// State is the ranking's row: its settings and their version, the revision of the
// ranking (moved by every change of a result, a total or the registry's names), the date
// the totals were summed on and the settings version they were priced with.
type State struct {
	Settings ranking.Settings `json:"settings"`
	Version  int              `json:"version"`
	Revision int64            `json:"revision"`
	// AsOf is the date (YYYY-MM-DD) the totals' window ends on; Priced the settings
	// version the results were priced with ("" and 0 before the first ranking).
	AsOf      string    `json:"as_of"`
	Priced    int       `json:"priced"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Change is a tournament whose stamp moved since it was last ranked (or never ranked),
// or that was ranked and is gone (Gone).
type Change struct {
	TournamentID int64
	Stamp        tournament.Stamp
	Gone         bool
	ClubID       int64
	Tier         ranking.Tier
}

// Club is a club as the ranking's filter names it.
type Club struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// LineFunc sums one national player's results into their line (sets each result's
// Counted); ok is false when none is in the window.
type LineFunc func(player int64, rs []ranking.Result) (l ranking.Line, ok bool)

// Player is a national player as the ranking's pages name them.
type Player struct {
	ID        int64
	FirstName string
	LastName  string
	Region    string
	Category  string
	// Visibility, BirthDate and Erased decide how a public page names them.
	Visibility string
	BirthDate  *time.Time
	Erased     bool
	// Clubs are the clubs whose registry links a player to them.
	Clubs []int64
}

// Store is where the ranking lives. Every method is one transaction. Its methods reach
// every club's tournaments: the ranking is the federation's, run by the worker.
type Store interface {
	// RankingState reads the ranking's row (the defaults, version 0, before any save).
	RankingState(ctx context.Context) (State, error)
	// SaveRankingSettings writes the settings at the version given (ECONFLICT
	// "ranking.stale" otherwise); the version goes up.
	SaveRankingSettings(ctx context.Context, s ranking.Settings, version int) (State, error)
	// RankingLock takes the ranking's worker lock if no one holds it (on PostgreSQL an
	// advisory lock held until release; SQLite has one process): ok false when another
	// instance holds it.
	RankingLock(ctx context.Context) (release func(), ok bool, err error)
	// RankingChanges lists up to limit tournaments whose stamp is not the one they were
	// last ranked at, and the ranked tournaments that are gone.
	RankingChanges(ctx context.Context, limit int) ([]Change, error)
	// NationalIDs maps club players to their national players (those without one left out).
	NationalIDs(ctx context.Context, playerIDs []int64) (map[int64]int64, error)
	// RankTournament replaces a tournament's results (none: it no longer counts) and
	// records the stamp it was ranked at; then sums again, with line, the lines of the
	// players whose results changed (its old and new players) and writes their totals
	// and their results' Counted; the revision goes up. One transaction.
	RankTournament(ctx context.Context, tid int64, stamp tournament.Stamp, rs []ranking.Result, line LineFunc) error
	// RecomputeRanking prices every stored result again (price), sums every player's
	// line (line) and writes every total, recording asOf and the settings version
	// priced; the revision goes up. One transaction.
	RecomputeRanking(ctx context.Context, price func(*ranking.Result), line LineFunc, asOf string, priced int) error
	// RankingNational moves the revision when a national player's record changed since
	// the last call (their names on the pages); it reports whether it did.
	RankingNational(ctx context.Context) (bool, error)
	// RankingLines reads every total (unranked: no places) with its player.
	RankingLines(ctx context.Context) ([]ranking.Line, map[int64]Player, error)
	// RankingResults reads a national player's results, by date.
	RankingResults(ctx context.Context, nationalID int64) ([]ranking.Result, error)
	// RankingClubs lists the clubs (ID and name), by name, for the ranking's filter.
	RankingClubs(ctx context.Context) ([]Club, error)
	// DirectorRole reads a director's role (clubs.RoleDirector or clubs.RoleOfficer).
	DirectorRole(ctx context.Context, directorID int64) (string, error)
	// ForgetRanking deletes every result and total and every tournament's ranked stamp,
	// so that the worker ranks every evening again (a full rebuild).
	ForgetRanking(ctx context.Context) error
}

// Evenings reads a tournament's final ranking (tournament.Seasons.Evening).
type Evenings interface {
	Evening(ctx context.Context, tid int64) (*EveningIn, error)
}

// EveningIn is what the worker needs of an evening: its date, whether it is final, its
// field and its placings by club player.
type EveningIn struct {
	Date     string
	Final    bool
	Field    int
	Placings []PlacingIn
}

// PlacingIn is one ranked entry by place and club players.
type PlacingIn struct {
	Place   int
	Players []int64
}

// Service is the ranking's use cases.
type Service struct {
	Store    Store
	Evenings Evenings
	// Now is the clock (time.Now when nil); the ranking's date is its UTC day.
	Now func() time.Time
	Log *slog.Logger

	mu   sync.Mutex
	kept *View
	// builds shares a revision's build of the view among the readers asking for it.
	builds readshare.Group[int64, *View]
	// work serialises the worker's passes in this process.
	work sync.Mutex
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// Settings reads the ranking's settings and state.
func (s *Service) Settings(ctx context.Context) (State, error) { return s.Store.RankingState(ctx) }

// SaveSettings validates and writes the federation's settings at the version given
// (ECONFLICT "ranking.stale" otherwise); the worker prices every result again with them.
func (s *Service) SaveSettings(ctx context.Context, in ranking.Settings, version int) (State, error) {
	fe := tournament.FieldErrors{}
	for f, k := range in.Validate() {
		fe.Add(f, k)
	}
	if err := fe.Err(); err != nil {
		return State{}, err
	}
	st, err := s.Store.SaveRankingSettings(ctx, in, version)
	if err != nil {
		return State{}, fmt.Errorf("save ranking settings: %w", err)
	}
	return st, nil
}

// CheckOfficer is nil for a federation officer, who edits the ranking's settings; any
// other director gets EFORBIDDEN.
func (s *Service) CheckOfficer(ctx context.Context, directorID int64) error {
	role, err := s.Store.DirectorRole(ctx, directorID)
	if err != nil {
		return fmt.Errorf("ranking officer: %w", err)
	}
	if role != clubs.RoleOfficer {
		return tournament.Errorf(tournament.EFORBIDDEN, "error.forbidden")
	}
	return nil
}

// Rebuild forgets every result so that the worker ranks every evening again.
func (s *Service) Rebuild(ctx context.Context) error { return s.Store.ForgetRanking(ctx) }

// lineFunc sums lines under the settings and the window ending on asOf.
func lineFunc(set ranking.Settings, asOf time.Time) LineFunc {
	from, to := set.Span(asOf)
	return func(id int64, rs []ranking.Result) (ranking.Line, bool) { return set.Line(id, rs, from, to) }
}

// batch is how many changed tournaments one pass takes.
const batch = 200

// Pass is one pass of the worker: under the ranking's lock, a full recompute if the
// settings or the day changed, then every changed tournament ranked (a few hundred at a
// time: it goes on until none is left). It returns how many tournaments it ranked; ok is
// false when another instance holds the lock.
func (s *Service) Pass(ctx context.Context) (n int, ok bool, err error) {
	s.work.Lock()
	defer s.work.Unlock()
	// The ranking is the federation's: the worker reads every club's tournaments.
	ctx = clubs.WithScope(ctx, clubs.Scope{System: true, ReadAll: true})
	release, ok, err := s.Store.RankingLock(ctx)
	if err != nil || !ok {
		return 0, ok, err
	}
	defer release()
	st, err := s.Store.RankingState(ctx)
	if err != nil {
		return 0, true, err
	}
	asOf := s.now()
	day := asOf.Format(time.DateOnly)
	set := st.Settings
	line := lineFunc(set, asOf)
	if st.AsOf != day || st.Priced != st.Version {
		if err := s.Store.RecomputeRanking(ctx, set.Reprice, line, day, st.Version); err != nil {
			return 0, true, fmt.Errorf("ranking recompute: %w", err)
		}
	}
	for {
		changes, err := s.Store.RankingChanges(ctx, batch)
		if err != nil {
			return n, true, fmt.Errorf("ranking changes: %w", err)
		}
		for _, c := range changes {
			rs, err := s.results(ctx, &set, c)
			if err != nil {
				return n, true, err
			}
			if err := s.Store.RankTournament(ctx, c.TournamentID, c.Stamp, rs, line); err != nil {
				return n, true, fmt.Errorf("rank tournament %d: %w", c.TournamentID, err)
			}
			n++
		}
		if len(changes) < batch {
			break
		}
	}
	if _, err := s.Store.RankingNational(ctx); err != nil {
		return n, true, fmt.Errorf("ranking national: %w", err)
	}
	return n, true, nil
}

// results are a changed tournament's results now: none when it is gone or not final.
func (s *Service) results(ctx context.Context, set *ranking.Settings, c Change) ([]ranking.Result, error) {
	if c.Gone {
		return nil, nil
	}
	in, err := s.Evenings.Evening(ctx, c.TournamentID)
	if e, ok := tournament.AsError(err); ok && e.Code == tournament.ENOTFOUND {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("ranking evening %d: %w", c.TournamentID, err)
	}
	if !in.Final {
		return nil, nil
	}
	var ids []int64
	for _, p := range in.Placings {
		ids = append(ids, p.Players...)
	}
	nat, err := s.Store.NationalIDs(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("ranking evening %d: %w", c.TournamentID, err)
	}
	ev := ranking.Evening{TournamentID: c.TournamentID, ClubID: c.ClubID, Date: in.Date, Tier: c.Tier, Field: in.Field}
	for _, p := range in.Placings {
		q := ranking.Placing{Place: p.Place}
		for _, id := range p.Players {
			q.Players = append(q.Players, nat[id]) // 0: no national id, not ranked
		}
		ev.Placings = append(ev.Placings, q)
	}
	return set.Results(ev), nil
}

// DefaultInterval is how often the worker passes when no interval is given.
const DefaultInterval = 5 * time.Second

// Run runs the worker every interval (DefaultInterval when not positive) until ctx ends
// (main starts it and cancels ctx on shutdown), so that an evening final is in the
// ranking within an interval and a pass.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	if interval <= 0 {
		interval = DefaultInterval
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if _, _, err := s.Pass(ctx); err != nil && ctx.Err() == nil && s.Log != nil {
			s.Log.Error("ranking worker", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// SeasonEvenings reads evenings as a season does (tournament.Seasons.Evening: the last
// stage's places, then those who left earlier; final once State.Final).
type SeasonEvenings struct{ Seasons *tournament.Seasons }

// Evening implements Evenings.
func (e SeasonEvenings) Evening(ctx context.Context, tid int64) (*EveningIn, error) {
	ev, err := e.Seasons.Evening(ctx, tid)
	if err != nil {
		return nil, err
	}
	out := &EveningIn{Date: ev.Date, Final: !ev.InProgress, Field: ev.Field}
	for _, p := range ev.Placings {
		q := PlacingIn{Place: p.Place}
		for _, pl := range p.Players {
			q.Players = append(q.Players, pl.ID)
		}
		out.Placings = append(out.Placings, q)
	}
	return out, nil
}
