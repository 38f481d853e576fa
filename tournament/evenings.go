package tournament

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"time"

	"burraco/scoring"
)

// Event is a line of a tournament's log: draws, overrides, corrections.
type Event struct {
	ID           int64     `json:"id"`
	TournamentID int64     `json:"tournament_id"`
	At           time.Time `json:"at"`
	Director     string    `json:"director"`
	Kind         string    `json:"kind"`
	Detail       string    `json:"detail"`
}

// TournamentStore persists tournaments, entries, games and hands. Each method is one
// transaction.
type TournamentStore interface {
	CreateTournament(ctx context.Context, t *Tournament) error
	// UpdateTournament saves t while it has no game (ECONFLICT "tournament.locked" after).
	UpdateTournament(ctx context.Context, t *Tournament) error
	ListTournaments(ctx context.Context) ([]Tournament, error)
	// LoadEvening reads a tournament with its entries, games, seats and hands.
	LoadEvening(ctx context.Context, id int64) (*Evening, error)
	// AddEntry enters a registered player (ECONFLICT if already entered).
	AddEntry(ctx context.Context, e *Entry) error
	// AddNewPlayer creates a player in the registry and enters them, together.
	AddNewPlayer(ctx context.Context, p *Player, e *Entry) error
	// SetEntry saves an entry's check-in and withdrawal.
	SetEntry(ctx context.Context, e *Entry, ev Event) error
	// AddGame stores a newly drawn game; seats with negative IDs are new substitutes
	// (subs[-id-1]), created with it. The number must be the next one.
	AddGame(ctx context.Context, tournamentID int64, g *Game, subs []Entry, ev Event) error
	// ReplaceSeating changes the seats of a game no hand has been entered for.
	ReplaceSeating(ctx context.Context, gameID int64, s Seating, ev Event) error
	// SaveTable replaces the hands of one table of a game; with a next game, it also
	// re-seats it (which must not have started).
	SaveTable(ctx context.Context, gameID int64, table int, hands []HandScore, next *Game, ev Event) error
	Events(ctx context.Context, tournamentID int64) ([]Event, error)
}

// Evenings is the use-case service of the 3-player format.
type Evenings struct {
	Store   TournamentStore
	Players PlayerStore
	Now     func() time.Time
}

func (s *Evenings) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Evenings) event(tid int64, director, kind, detail string, args ...any) Event {
	if len(args) > 0 {
		detail = fmt.Sprintf(detail, args...)
	}
	return Event{TournamentID: tid, At: s.now().UTC(), Director: director, Kind: kind, Detail: detail}
}

// NewTournament returns a tournament with the format's defaults, to fill in.
func NewTournament(now time.Time) Tournament {
	return Tournament{Date: now.Format("2006-01-02"), Format: FormatThreePlayer, Games: DefaultGames,
		HandsPerGame: DefaultHandsPerGame, Rules: scoring.ThreePlayer, SitOut: SitOutRotate, ByePoints: DefaultByePoints}
}

// Create validates and stores a tournament.
func (s *Evenings) Create(ctx context.Context, t *Tournament) error {
	t.Normalize()
	if err := t.Validate(); err != nil {
		return err
	}
	return s.Store.CreateTournament(ctx, t)
}

// Update changes a tournament's settings while no game has been drawn.
func (s *Evenings) Update(ctx context.Context, id int64, in Tournament) (*Tournament, error) {
	ev, err := s.Store.LoadEvening(ctx, id)
	if err != nil {
		return nil, err
	}
	if len(ev.Games) > 0 {
		return nil, Errorf(ECONFLICT, "tournament.locked")
	}
	in.ID, in.CreatedAt = id, ev.Tournament.CreatedAt
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if err := s.Store.UpdateTournament(ctx, &in); err != nil {
		return nil, err
	}
	return &in, nil
}

// List returns every tournament, newest first.
func (s *Evenings) List(ctx context.Context) ([]Tournament, error) {
	return s.Store.ListTournaments(ctx)
}

// Evening returns a tournament with everything entered so far.
func (s *Evenings) Evening(ctx context.Context, id int64) (*Evening, error) {
	return s.Store.LoadEvening(ctx, id)
}

// AddPlayer enters a registered, active player.
func (s *Evenings) AddPlayer(ctx context.Context, tid, playerID int64) (*Entry, error) {
	p, err := s.Players.FindPlayer(ctx, playerID)
	if err != nil {
		return nil, err
	}
	if !p.Active {
		return nil, Errorf(ECONFLICT, "entry.inactive")
	}
	e := &Entry{TournamentID: tid, PlayerID: p.ID, Name: p.FullName(), Club: p.Club, CheckedIn: true}
	if err := s.Store.AddEntry(ctx, e); err != nil {
		return nil, err
	}
	return e, nil
}

// AddNewPlayer registers a player on the spot and enters them, in one go.
func (s *Evenings) AddNewPlayer(ctx context.Context, tid int64, p *Player) (*Entry, error) {
	p.Normalize()
	p.Active = true
	if err := (&Players{Store: s.Players}).validate(ctx, p, 0); err != nil {
		return nil, err
	}
	e := &Entry{TournamentID: tid, Name: p.FullName(), Club: p.Club, CheckedIn: true}
	if err := s.Store.AddNewPlayer(ctx, p, e); err != nil {
		return nil, err
	}
	return e, nil
}

// SetEntry checks an entry in or out, or withdraws it (a withdrawn player keeps what
// they played and is no longer drawn).
func (s *Evenings) SetEntry(ctx context.Context, tid, entryID int64, checkedIn, withdrawn bool, director string) (*Entry, error) {
	ev, err := s.Store.LoadEvening(ctx, tid)
	if err != nil {
		return nil, err
	}
	e := ev.Entry(entryID)
	if e == nil {
		return nil, Errorf(ENOTFOUND, "error.not_found")
	}
	kind := "entry"
	if withdrawn != e.Withdrawn {
		kind = map[bool]string{true: "withdraw", false: "reinstate"}[withdrawn]
	}
	e.CheckedIn, e.Withdrawn = checkedIn, withdrawn
	if err := s.Store.SetEntry(ctx, e, s.event(tid, director, kind, "%s: checked in %t, withdrawn %t", e.Name, checkedIn, withdrawn)); err != nil {
		return nil, err
	}
	return e, nil
}

// Drawable returns the entries the next draw seats: checked in, not withdrawn.
func (ev *Evening) Drawable() []Entry {
	var out []Entry
	for _, e := range ev.Entries {
		if e.CheckedIn && !e.Withdrawn {
			out = append(out, e)
		}
	}
	return out
}

// NewSeed returns a random six-digit draw seed, short enough to read out and type.
func NewSeed() int64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return 100000 + int64(binary.BigEndian.Uint64(b[:])%900000)
}

// DrawOptions are the choices of a draw.
type DrawOptions struct {
	Seed     int64  // 0: a new random seed
	Override string // why the next game is drawn before the current one is complete
}

// Draw draws the next game: the first at random, later ones by rotation. The current
// game must be complete, unless an override reason is given (it is logged).
func (s *Evenings) Draw(ctx context.Context, tid int64, opt DrawOptions, director string) (*Game, error) {
	ev, err := s.Store.LoadEvening(ctx, tid)
	if err != nil {
		return nil, err
	}
	t := ev.Tournament
	if len(ev.Games) >= t.Games {
		return nil, Errorf(ECONFLICT, "draw.all_drawn", t.Games)
	}
	opt.Override = strings.TrimSpace(opt.Override)
	cur := ev.Current()
	if cur != nil && !cur.Complete(t.HandsPerGame) && opt.Override == "" {
		return nil, Errorf(ECONFLICT, "draw.incomplete", cur.Number)
	}
	if opt.Seed == 0 {
		opt.Seed = NewSeed()
	}
	g, subs, err := seatGame(ev, len(ev.Games)+1, opt.Seed)
	if err != nil {
		return nil, err
	}
	kind, detail := "draw", fmt.Sprintf("game %d drawn, seed %d", g.Number, g.Seed)
	if cur != nil && !cur.Complete(t.HandsPerGame) {
		g.Override = opt.Override
		kind, detail = "draw_override", detail+fmt.Sprintf(", game %d incomplete: %s", cur.Number, opt.Override)
	}
	g.DrawnAt = s.now().UTC()
	if err := s.Store.AddGame(ctx, tid, g, subs, s.event(tid, director, kind, "%s", detail)); err != nil {
		return nil, err
	}
	return g, nil
}

// seatGame seats game n of the evening with a seed, from the results of game n-1. With
// substitutes, it returns the substitutes to add (negative IDs in the seating).
func seatGame(ev *Evening, n int, seed int64) (*Game, []Entry, error) {
	t := ev.Tournament
	var players []int64
	var activeSubs []int64
	for _, e := range ev.Drawable() {
		if e.Substitute {
			activeSubs = append(activeSubs, e.ID)
		} else {
			players = append(players, e.ID)
		}
	}
	if len(players) < 3 {
		return nil, nil, Errorf(ECONFLICT, "draw.too_few")
	}
	var subs []Entry
	if t.SitOut == SitOutSubstitutes {
		need := (3 - len(players)%3) % 3
		known := 0
		for _, e := range ev.Entries {
			if e.Substitute {
				known++
			}
		}
		for i := 0; i < need; i++ {
			if i < len(activeSubs) {
				players = append(players, activeSubs[i])
				continue
			}
			known++
			subs = append(subs, Entry{TournamentID: t.ID, Substitute: true, CheckedIn: true, Name: fmt.Sprintf("Sostituto %d", known)})
			players = append(players, -int64(len(subs)))
		}
	}
	var order [][]int64
	if n > 1 {
		prev := &ev.Games[n-2]
		order = prev.Order(t.HandsPerGame)
	}
	g := &Game{Number: n, Seed: seed}
	g.Seating = NextSeating(players, order, ev.SitOutCounts(), seed, t.SitOut == SitOutRotate)
	return g, subs, nil
}

// OverrideSeats replaces a game's seats before its first hand is entered. The new
// seating must hold exactly the same people, at tables of three.
func (s *Evenings) OverrideSeats(ctx context.Context, tid int64, number int, seating Seating, director string) error {
	ev, err := s.Store.LoadEvening(ctx, tid)
	if err != nil {
		return err
	}
	if number < 1 || number > len(ev.Games) {
		return Errorf(ENOTFOUND, "error.not_found")
	}
	g := &ev.Games[number-1]
	if g.Started() {
		return Errorf(ECONFLICT, "seats.started")
	}
	fe := FieldErrors{}
	seen := map[int64]bool{}
	var got, want []int64
	for ti, tb := range seating.Tables {
		if len(tb) != 3 {
			fe.Add(fmt.Sprintf("table.%d", ti+1), "seats.table_of_three")
		}
		for si, id := range tb {
			if seen[id] {
				fe.Add(fmt.Sprintf("seat.%d.%d", ti+1, si+1), "seats.twice")
			}
			seen[id] = true
			got = append(got, id)
		}
	}
	for i, id := range seating.SitOuts {
		if seen[id] {
			fe.Add(fmt.Sprintf("sitout.%d", i+1), "seats.twice")
		}
		seen[id] = true
		got = append(got, id)
	}
	for _, tb := range g.Seating.Tables {
		want = append(want, tb...)
	}
	want = append(want, g.Seating.SitOuts...)
	slices.Sort(got)
	slices.Sort(want)
	if len(fe) == 0 && !slices.Equal(got, want) {
		fe.Add("seats", "seats.same_people")
	}
	if err := fe.Err(); err != nil {
		return err
	}
	return s.Store.ReplaceSeating(ctx, g.ID, seating, s.event(tid, director, "seats_override", "game %d seats changed by hand", number))
}

// Sheet is one table's score sheet as entered: Hands[h][seat] is the hand h+1 of the
// player in that seat, nil where nothing was entered.
type Sheet struct {
	Hands [][]*scoring.Hand
}

// SheetOutcome says what saving a sheet did beyond the table itself.
type SheetOutcome struct {
	Reseated     bool `json:"reseated"`      // the next game, not started, was re-seated
	LaterStarted bool `json:"later_started"` // the next game had started: its seats were kept
}

// SaveSheet validates and stores one table's hands, replacing what was there: every
// problem comes back keyed "h<hand>.s<seat>.<field>". If the game is the one before a
// drawn game that has not started, that game is re-seated from the corrected results.
func (s *Evenings) SaveSheet(ctx context.Context, tid int64, number, table int, sh Sheet, director string) (*SheetOutcome, error) {
	ev, err := s.Store.LoadEvening(ctx, tid)
	if err != nil {
		return nil, err
	}
	t := ev.Tournament
	if number < 1 || number > len(ev.Games) {
		return nil, Errorf(ENOTFOUND, "error.not_found")
	}
	g := &ev.Games[number-1]
	if table < 1 || table > len(g.Seating.Tables) {
		return nil, Errorf(ENOTFOUND, "error.not_found")
	}
	seats := g.Seating.Tables[table-1]
	if len(sh.Hands) > t.HandsPerGame {
		return nil, Errorf(EINVALID, "sheet.too_many_hands", t.HandsPerGame)
	}
	fe := FieldErrors{}
	var hands []HandScore
	for hi, row := range sh.Hands {
		if len(row) != len(seats) {
			return nil, Errorf(EINVALID, "sheet.seats", len(seats))
		}
		deal := make([]scoring.Hand, len(row)) // a blank seat is a zero hand, which never closes
		for si, h := range row {
			if h == nil {
				continue
			}
			for f, k := range h.Validate(&t.Rules) {
				fe.Add(fmt.Sprintf("h%d.s%d.%s", hi+1, si+1, f), k)
			}
			deal[si] = *h
			hands = append(hands, HandScore{Table: table, Hand: hi + 1, EntryID: seats[si], Figures: *h, Score: h.Score(&t.Rules)})
		}
		for si, p := range scoring.ValidateDeal(deal) {
			for f, k := range p {
				fe.Add(fmt.Sprintf("h%d.s%d.%s", hi+1, si+1, f), k)
			}
		}
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	out := &SheetOutcome{}
	var next *Game
	if number < len(ev.Games) {
		later := &ev.Games[number]
		if later.Started() {
			out.LaterStarted = true
		} else {
			// Re-seat the next game from the corrected results, with its own seed.
			keep := g.Hands[:0:0]
			for _, h := range g.Hands {
				if h.Table != table {
					keep = append(keep, h)
				}
			}
			g.Hands = append(keep, hands...)
			ng, subs, err := seatGame(ev, later.Number, later.Seed)
			if err != nil {
				return nil, err
			}
			if len(subs) == 0 && !seatingEqual(ng.Seating, later.Seating) {
				ng.ID = later.ID
				next, out.Reseated = ng, true
			}
		}
	}
	detail := fmt.Sprintf("game %d table %d: %d hand scores", number, table, len(hands))
	if out.Reseated {
		detail += fmt.Sprintf("; game %d re-seated", number+1)
	}
	if err := s.Store.SaveTable(ctx, g.ID, table, hands, next, s.event(tid, director, "scores", "%s", detail)); err != nil {
		return nil, err
	}
	return out, nil
}

func seatingEqual(a, b Seating) bool {
	if len(a.Tables) != len(b.Tables) || !slices.Equal(a.SitOuts, b.SitOuts) {
		return false
	}
	for i := range a.Tables {
		if !slices.Equal(a.Tables[i], b.Tables[i]) {
			return false
		}
	}
	return true
}

// Standings ranks a tournament.
func (s *Evenings) Standings(ctx context.Context, tid int64) (*Evening, []Standing, error) {
	ev, err := s.Store.LoadEvening(ctx, tid)
	if err != nil {
		return nil, nil, err
	}
	return ev, Standings(ev), nil
}

// Events returns a tournament's log, newest first.
func (s *Evenings) Events(ctx context.Context, tid int64) ([]Event, error) {
	return s.Store.Events(ctx, tid)
}
