package national

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"burraco/tournament"
	"burraco/tournament/season"
)

// RoleOfficer is the directors.role of a federation officer (clubs.RoleOfficer's value),
// who alone administers the national registry.
const RoleOfficer = "officer"

// ClubPlayer is a club's player as the national registry sees it.
type ClubPlayer struct {
	ID         int64  `json:"id"`
	ClubID     int64  `json:"club_id"`
	Club       string `json:"club"` // the club's name
	FirstName  string `json:"first_name"`
	LastName   string `json:"last_name"`
	CardNumber string `json:"card_number"`
	NationalID int64  `json:"national_id"` // 0: not linked
}

// FullName returns "Last First".
func (p *ClubPlayer) FullName() string { return strings.TrimSpace(p.LastName + " " + p.FirstName) }

// Filter selects national records for a list.
type Filter struct {
	Query         string // words matched against names and card number
	Offset, Limit int
}

// Played is one tournament a national record's club player was entered in.
type Played struct {
	TournamentID int64  `json:"tournament_id"`
	PlayerID     int64  `json:"player_id"` // the club's player
	Club         string `json:"club"`
	Published    bool   `json:"published"`
}

// LogLine is one line of the national registry's log: what an officer did, never whose
// personal data it was (an erasure's line names the record's number only).
type LogLine struct {
	ID         int64     `json:"id"`
	At         time.Time `json:"at"`
	By         string    `json:"by"` // the officer's username
	Kind       string    `json:"kind"`
	NationalID int64     `json:"national_id"`
	OtherID    int64     `json:"other_id,omitempty"` // the merged record, the linked club player
	Count      int       `json:"count"`              // club players moved, linked or erased
}

// The kinds of log lines.
const (
	LogEdit  = "edit"
	LogLink  = "link"
	LogMerge = "merge"
	LogErase = "erase"
)

// Store persists the national registry. Each method is one transaction. Every club
// player's write in the store (a form, the API, a CSV or document import, a season's
// import) links a player holding a card number to the national record of that card,
// made if missing, in its own transaction: that is the store's part, not this one's.
type Store interface {
	// FindNational returns one record (ENOTFOUND if none).
	FindNational(ctx context.Context, id int64) (*Player, error)
	// FindNationals returns a page of records by name, and how many match in all.
	FindNationals(ctx context.Context, f Filter) ([]Player, int, error)
	// UpdateNational saves a record's names, region, birth date and visibility at its
	// version (ECONFLICT "national.stale" otherwise), sets the new version, moves the
	// revision of every tournament its club players were entered in (so every public
	// page of them is rendered again) and logs line.
	UpdateNational(ctx context.Context, p *Player, line LogLine) error
	// ClubPlayersOf lists the club players linked to a record.
	ClubPlayersOf(ctx context.Context, id int64) ([]ClubPlayer, error)
	// Unlinked lists the club players linked to no record (those without a card).
	Unlinked(ctx context.Context) ([]ClubPlayer, error)
	// Link links a club player to a record by hand, moves their tournaments' revisions
	// and logs line (ECONFLICT "national.card_differs" if the player holds another card).
	Link(ctx context.Context, playerID, id int64, line LogLine) error
	// MergeNationals links every club player of drop to keep, removes drop, saves keep,
	// both at their versions, and logs line with the number of club players moved.
	MergeNationals(ctx context.Context, keep, drop *Player, line LogLine) error
	// EraseNational removes the personal data of a record at its version and of every
	// club player linked to it (names become Label(id), card, e-mail, phone, notes and
	// birth date cleared; the entries they played stay), moves the revision of every
	// tournament they were entered in, and logs line with the number of club players.
	EraseNational(ctx context.Context, p *Player, line LogLine) error
	// NationalPlayed lists the tournaments a record's club players were entered in.
	NationalPlayed(ctx context.Context, id int64) ([]Played, error)
	// Visibilities returns, by club player, the national record it is linked to (club
	// players linked to none are absent).
	Visibilities(ctx context.Context, playerIDs []int64) (map[int64]Player, error)
	// NationalLog returns the latest lines of the log, newest first.
	NationalLog(ctx context.Context, limit int) ([]LogLine, error)
	// DirectorRole returns a director's role ('director' or 'officer').
	DirectorRole(ctx context.Context, directorID int64) (string, error)
}

// Evenings reads a tournament's final ranking as a season counts it
// (tournament.Seasons.Evening).
type Evenings interface {
	Evening(ctx context.Context, tid int64) (*season.Evening, error)
}

// Service is the national registry's use cases.
type Service struct {
	Store    Store
	Evenings Evenings
	// Now is the clock (time.Now when nil): a minor comes of age by it.
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Officer refuses a director who is not a federation officer: ENOTFOUND, as a page that
// does not exist (an officer's page is never revealed to others).
func (s *Service) Officer(ctx context.Context, directorID int64) error {
	role, err := s.Store.DirectorRole(ctx, directorID)
	if err != nil {
		return err
	}
	if role != RoleOfficer {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	return nil
}

// Get returns one record.
func (s *Service) Get(ctx context.Context, id int64) (*Player, error) {
	return s.Store.FindNational(ctx, id)
}

// Search returns a page of records (Limit at most 200, 50 when 0).
func (s *Service) Search(ctx context.Context, f Filter) ([]Player, int, error) {
	if f.Limit <= 0 || f.Limit > 200 {
		f.Limit = 50
	}
	f.Offset = max(f.Offset, 0)
	return s.Store.FindNationals(ctx, f)
}

// Edit is what an officer may change in a record.
type Edit struct {
	FirstName  string     `json:"first_name"`
	LastName   string     `json:"last_name"`
	Region     string     `json:"region"`
	Category   string     `json:"category"`
	BirthDate  string     `json:"birth_date"`
	Visibility Visibility `json:"visibility"`
	Version    int        `json:"version"`
}

// Update saves an officer's edit of a record (its card number stays: it is the key).
func (s *Service) Update(ctx context.Context, id int64, in Edit, by string) (*Player, error) {
	p, err := s.Store.FindNational(ctx, id)
	if err != nil {
		return nil, err
	}
	if p.Erased() {
		return nil, tournament.Errorf(tournament.ECONFLICT, "national.erased")
	}
	p.FirstName, p.LastName, p.Region, p.BirthDate, p.Visibility, p.Version = in.FirstName, in.LastName, in.Region, in.BirthDate, in.Visibility, in.Version
	p.Category = in.Category
	p.Normalize()
	if err := p.Validate(s.now()); err != nil {
		return nil, err
	}
	if err := s.Store.UpdateNational(ctx, p, LogLine{By: by, Kind: LogEdit, NationalID: id}); err != nil {
		return nil, err
	}
	return p, nil
}

// Unlinked lists the club players without a national record, for an officer to link.
func (s *Service) Unlinked(ctx context.Context) ([]ClubPlayer, error) { return s.Store.Unlinked(ctx) }

// Link links a club player without a card to a national record: a person matched by an
// officer, never by a guess.
func (s *Service) Link(ctx context.Context, playerID, id int64, by string) error {
	p, err := s.Store.FindNational(ctx, id)
	if err != nil {
		return err
	}
	if p.Erased() {
		return tournament.Errorf(tournament.ECONFLICT, "national.erased")
	}
	return s.Store.Link(ctx, playerID, id, LogLine{By: by, Kind: LogLink, NationalID: id, OtherID: playerID, Count: 1})
}

// Merge makes two records of one person one: drop's club players (and so their
// results) move to keep, drop is removed. Both must be at the versions given.
func (s *Service) Merge(ctx context.Context, keep, drop int64, keepVersion, dropVersion int, by string) (*Player, error) {
	if keep == drop {
		return nil, tournament.Errorf(tournament.EINVALID, "national.merge_same")
	}
	k, err := s.Store.FindNational(ctx, keep)
	if err != nil {
		return nil, err
	}
	d, err := s.Store.FindNational(ctx, drop)
	if err != nil {
		return nil, err
	}
	if k.Erased() || d.Erased() {
		return nil, tournament.Errorf(tournament.ECONFLICT, "national.erased")
	}
	if keepVersion != 0 {
		k.Version = keepVersion
	}
	if dropVersion != 0 {
		d.Version = dropVersion
	}
	// What the kept record lacks, the other may know.
	if k.BirthDate == "" {
		k.BirthDate = d.BirthDate
	}
	if k.Region == "" {
		k.Region = d.Region
	}
	if err := s.Store.MergeNationals(ctx, k, d, LogLine{By: by, Kind: LogMerge, NationalID: keep, OtherID: drop}); err != nil {
		return nil, err
	}
	return k, nil
}

// Erase removes a person's identity on their request: confirm must repeat the record's
// card number (an erasure cannot be undone). Their results stay, under a neutral label.
func (s *Service) Erase(ctx context.Context, id int64, version int, confirm, by string) (*Player, error) {
	p, err := s.Store.FindNational(ctx, id)
	if err != nil {
		return nil, err
	}
	if p.Erased() {
		return nil, tournament.Errorf(tournament.ECONFLICT, "national.erased")
	}
	if !strings.EqualFold(strings.TrimSpace(confirm), p.CardNumber) {
		fe := tournament.FieldErrors{}
		fe.Add("confirm", "national.erase.confirm")
		return nil, fe.Err()
	}
	if version != 0 {
		p.Version = version
	}
	if err := s.Store.EraseNational(ctx, p, LogLine{By: by, Kind: LogErase, NationalID: id}); err != nil {
		return nil, err
	}
	return s.Store.FindNational(ctx, id)
}

// ClubPlayers lists the club players linked to a record.
func (s *Service) ClubPlayers(ctx context.Context, id int64) ([]ClubPlayer, error) {
	return s.Store.ClubPlayersOf(ctx, id)
}

// Log returns the latest lines of the registry's log.
func (s *Service) Log(ctx context.Context, limit int) ([]LogLine, error) {
	if limit <= 0 || limit > 500 {
		limit = 100
	}
	return s.Store.NationalLog(ctx, limit)
}

// Evening is one evening of a player's profile.
type Evening struct {
	TournamentID int64  `json:"tournament_id"`
	Name         string `json:"name"`
	Date         string `json:"date"`
	Club         string `json:"club"`
	Format       string `json:"format"`
	Field        int    `json:"field"`
	Place        int    `json:"place"` // 0: not ranked (yet)
	Tied         bool   `json:"tied"`
	Points       string `json:"points"` // the evening's own value (ranking points, VP…), exact
	InProgress   bool   `json:"in_progress"`
}

// Profile is a person's evenings across every club, newest first.
type Profile struct {
	Player   Player    `json:"player"`
	Shown    string    `json:"shown"` // the name a public page shows
	Evenings []Evening `json:"evenings"`
}

// Profile returns a record's evenings in every club, newest first, with place and
// points. Public: only published tournaments, and a player whose name is hidden has no
// public profile (ENOTFOUND, as a missing one).
func (s *Service) Profile(ctx context.Context, id int64, public bool) (*Profile, error) {
	p, err := s.Store.FindNational(ctx, id)
	if err != nil {
		return nil, err
	}
	now := s.now()
	if public && Effective(p, now) == Hidden {
		return nil, tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	played, err := s.Store.NationalPlayed(ctx, id)
	if err != nil {
		return nil, err
	}
	out := &Profile{Player: *p, Shown: Shown(p, now), Evenings: []Evening{}}
	if public {
		out.Player = Player{ID: p.ID, Region: p.Region, Visibility: Effective(p, now)}
	}
	for _, pl := range played {
		if public && !pl.Published {
			continue
		}
		ev, err := s.Evenings.Evening(ctx, pl.TournamentID)
		if err != nil {
			return nil, fmt.Errorf("profile %d: %w", id, err)
		}
		e := Evening{TournamentID: ev.TournamentID, Name: ev.Name, Date: ev.Date, Club: pl.Club, Format: ev.Format,
			Field: ev.Field, InProgress: ev.InProgress}
		shared := map[int]int{}
		for _, pc := range ev.Placings {
			shared[pc.Place]++
		}
		for _, pc := range ev.Placings {
			if slices.ContainsFunc(pc.Players, func(m season.Player) bool { return m.ID == pl.PlayerID }) {
				e.Place, e.Tied, e.Points = pc.Place, shared[pc.Place] > 1, pc.Value.String()
			}
		}
		out.Evenings = append(out.Evenings, e)
	}
	slices.SortStableFunc(out.Evenings, func(a, b Evening) int {
		return cmp.Or(cmp.Compare(b.Date, a.Date), cmp.Compare(b.TournamentID, a.TournamentID))
	})
	return out, nil
}

// PublicNames returns, by club player, the name public pages show in place of theirs:
// only for those whose effective visibility is not the full name (initials, hidden) or
// whose record was erased. A club player linked to no record shows as stored.
func (s *Service) PublicNames(ctx context.Context, playerIDs []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(playerIDs) == 0 {
		return out, nil
	}
	recs, err := s.Store.Visibilities(ctx, playerIDs)
	if err != nil {
		return nil, err
	}
	now := s.now()
	for id, p := range recs {
		if p.Erased() || Effective(&p, now) != Full {
			out[id] = Shown(&p, now)
		}
	}
	return out, nil
}
