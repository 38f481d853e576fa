package db

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"gorm.io/gorm"

	"burraco/scoring"
	"burraco/tournament"
)

type tournamentRow struct {
	ID           int64
	Name         string
	Date         string
	Venue        string
	Format       string
	Games        int
	HandsPerGame int
	Rules        string
	Qualifiers   int
	Notes        string
	SitOut       string
	ByePoints    int
	ScaleID      *int64
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

func (tournamentRow) TableName() string { return "tournaments" }

func toTournamentRow(t *tournament.Tournament) tournamentRow {
	rules, _ := json.Marshal(t.Rules) // plain struct: always marshals
	return tournamentRow{ID: t.ID, Name: t.Name, Date: t.Date, Venue: t.Venue, Format: t.Format, Games: t.Games,
		HandsPerGame: t.HandsPerGame, Rules: string(rules), Qualifiers: t.Qualifiers, Notes: t.Notes,
		SitOut: string(t.SitOut), ByePoints: int(t.ByePoints), ScaleID: t.ScaleID, CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt}
}

func (r tournamentRow) tournament() (tournament.Tournament, error) {
	t := tournament.Tournament{ID: r.ID, Name: r.Name, Date: r.Date, Venue: r.Venue, Format: r.Format, Games: r.Games,
		HandsPerGame: r.HandsPerGame, Qualifiers: r.Qualifiers, Notes: r.Notes, SitOut: tournament.SitOutPolicy(r.SitOut),
		ByePoints: tournament.Points(r.ByePoints), ScaleID: r.ScaleID, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	if err := json.Unmarshal([]byte(r.Rules), &t.Rules); err != nil {
		return t, fmt.Errorf("tournament %d rules: %w", r.ID, err)
	}
	return t, nil
}

type entryRow struct {
	ID           int64
	TournamentID int64
	PlayerID     *int64
	Substitute   bool
	Name         string
	Club         string
	CheckedIn    bool
	Withdrawn    bool
	CreatedAt    time.Time
}

func (entryRow) TableName() string { return "entries" }

func toEntryRow(e *tournament.Entry) entryRow {
	r := entryRow{ID: e.ID, TournamentID: e.TournamentID, Substitute: e.Substitute, Name: e.Name, Club: e.Club,
		CheckedIn: e.CheckedIn, Withdrawn: e.Withdrawn, CreatedAt: time.Now().UTC()}
	if e.PlayerID != 0 {
		id := e.PlayerID
		r.PlayerID = &id
	}
	return r
}

type gameRow struct {
	ID           int64
	TournamentID int64
	Number       int
	Seed         int64
	Override     string
	DrawnAt      time.Time
}

func (gameRow) TableName() string { return "games" }

type seatRow struct {
	ID      int64
	GameID  int64
	EntryID int64
	TableNo int
	SeatNo  int
}

func (seatRow) TableName() string { return "seats" }

type handRow struct {
	ID         int64
	GameID     int64
	TableNo    int
	HandNo     int
	EntryID    int64
	Form       int
	Clean      int
	Dirty      int
	SemiClean  int
	Closed     bool
	KittyTaken bool
	Opened     bool
	TablePts   int
	InHand     int
	KittyLeft  int
	Base       int
	Cards      int
	Total      int
	Score      int
	UpdatedAt  time.Time
}

func (handRow) TableName() string { return "hands" }

type eventRow struct {
	ID           int64
	TournamentID int64
	At           time.Time
	Director     string
	Kind         string
	Detail       string
}

func (eventRow) TableName() string { return "events" }

func toEventRow(e tournament.Event) eventRow {
	return eventRow{TournamentID: e.TournamentID, At: e.At, Director: e.Director, Kind: e.Kind, Detail: e.Detail}
}

// CreateTournament inserts a tournament.
func (d *DB) CreateTournament(ctx context.Context, t *tournament.Tournament) error {
	now := time.Now().UTC()
	t.CreatedAt, t.UpdatedAt = now, now
	r := toTournamentRow(t)
	if err := d.gorm.WithContext(ctx).Create(&r).Error; err != nil {
		return wrap(err, "create tournament")
	}
	t.ID = r.ID
	return nil
}

// UpdateTournament saves a tournament's settings while it has no game.
func (d *DB) UpdateTournament(ctx context.Context, t *tournament.Tournament) error {
	t.UpdatedAt = time.Now().UTC()
	r := toTournamentRow(t)
	err := d.tx(ctx, func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&gameRow{}).Where("tournament_id = ?", t.ID).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return tournament.Errorf(tournament.ECONFLICT, "tournament.locked")
		}
		res := tx.Model(&tournamentRow{ID: t.ID}).Select("*").Omit("id", "created_at").Updates(&r)
		if res.Error == nil && res.RowsAffected == 0 {
			return gorm.ErrRecordNotFound
		}
		return res.Error
	})
	return wrap(err, "update tournament")
}

// ListTournaments returns every tournament, the latest date first.
func (d *DB) ListTournaments(ctx context.Context) ([]tournament.Tournament, error) {
	var rows []tournamentRow
	if err := d.gorm.WithContext(ctx).Order("date DESC, id DESC").Find(&rows).Error; err != nil {
		return nil, wrap(err, "list tournaments")
	}
	out := make([]tournament.Tournament, len(rows))
	for i, r := range rows {
		t, err := r.tournament()
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	return out, nil
}

// LoadEvening reads a tournament and everything in it with five queries, whatever its
// size.
func (d *DB) LoadEvening(ctx context.Context, id int64) (*tournament.Evening, error) {
	g := d.gorm.WithContext(ctx)
	var tr tournamentRow
	if err := g.First(&tr, id).Error; err != nil {
		return nil, wrap(err, "load tournament")
	}
	t, err := tr.tournament()
	if err != nil {
		return nil, err
	}
	ev := &tournament.Evening{Tournament: t}
	var entries []entryRow
	if err := g.Where("tournament_id = ?", id).Order("id").Find(&entries).Error; err != nil {
		return nil, wrap(err, "load entries")
	}
	for _, r := range entries {
		e := tournament.Entry{ID: r.ID, TournamentID: r.TournamentID, Substitute: r.Substitute, Name: r.Name,
			Club: r.Club, CheckedIn: r.CheckedIn, Withdrawn: r.Withdrawn}
		if r.PlayerID != nil {
			e.PlayerID = *r.PlayerID
		}
		ev.Entries = append(ev.Entries, e)
	}
	var games []gameRow
	if err := g.Where("tournament_id = ?", id).Order("number").Find(&games).Error; err != nil {
		return nil, wrap(err, "load games")
	}
	if len(games) == 0 {
		return ev, nil
	}
	byGame := map[int64]*tournament.Game{}
	ev.Games = make([]tournament.Game, len(games))
	for i, r := range games {
		ev.Games[i] = tournament.Game{ID: r.ID, Number: r.Number, Seed: r.Seed, Override: r.Override, DrawnAt: r.DrawnAt}
		byGame[r.ID] = &ev.Games[i]
	}
	sub := g.Model(&gameRow{}).Select("id").Where("tournament_id = ?", id)
	// Seats and hands can be tens of thousands of rows: they are scanned by hand, which
	// is several times faster than gorm's reflection.
	rows, err := g.Model(&seatRow{}).Select("game_id, table_no, entry_id").Where("game_id IN (?)", sub).
		Order("game_id, table_no, seat_no").Rows()
	if err != nil {
		return nil, wrap(err, "load seats")
	}
	defer rows.Close()
	for rows.Next() {
		var gameID, entryID int64
		var table int
		if err := rows.Scan(&gameID, &table, &entryID); err != nil {
			return nil, wrap(err, "scan seat")
		}
		gm := byGame[gameID]
		if table == 0 {
			gm.Seating.SitOuts = append(gm.Seating.SitOuts, entryID)
			continue
		}
		for len(gm.Seating.Tables) < table {
			gm.Seating.Tables = append(gm.Seating.Tables, make([]int64, 0, 3))
		}
		gm.Seating.Tables[table-1] = append(gm.Seating.Tables[table-1], entryID)
	}
	if err := rows.Err(); err != nil {
		return nil, wrap(err, "load seats")
	}
	rows, err = g.Model(&handRow{}).Select("game_id, table_no, hand_no, entry_id, form, clean, dirty, semi_clean, closed, "+
		"kitty_taken, opened, table_pts, in_hand, kitty_left, base, cards, total, score").Where("game_id IN (?)", sub).
		Order("game_id, table_no, hand_no, entry_id").Rows()
	if err != nil {
		return nil, wrap(err, "load hands")
	}
	defer rows.Close()
	for rows.Next() {
		var gameID int64
		var h tournament.HandScore
		f := &h.Figures
		var form int
		if err := rows.Scan(&gameID, &h.Table, &h.Hand, &h.EntryID, &form, &f.Clean, &f.Dirty, &f.SemiClean, &f.Closed,
			&f.KittyTaken, &f.Opened, &f.Table, &f.InHand, &f.KittyLeft, &f.Base, &f.Cards, &f.Total, &h.Score); err != nil {
			return nil, wrap(err, "scan hand")
		}
		f.Form = scoring.Form(form)
		gm := byGame[gameID]
		gm.Hands = append(gm.Hands, h)
	}
	return ev, wrap(rows.Err(), "load hands")
}

var errAlreadyEntered = tournament.Errorf(tournament.ECONFLICT, "entry.already")

// AddEntry enters a registered player.
func (d *DB) AddEntry(ctx context.Context, e *tournament.Entry) error {
	r := toEntryRow(e)
	err := d.tx(ctx, func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&entryRow{}).Where("tournament_id = ? AND player_id = ?", e.TournamentID, e.PlayerID).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return errAlreadyEntered
		}
		return tx.Create(&r).Error
	})
	if isUniqueViolation(err) {
		return errAlreadyEntered
	} else if err != nil {
		return wrap(err, "add entry")
	}
	e.ID = r.ID
	return nil
}

// AddNewPlayer creates a player and enters them in one transaction.
func (d *DB) AddNewPlayer(ctx context.Context, p *tournament.Player, e *tournament.Entry) error {
	pr := toPlayerRow(p)
	var er entryRow
	err := d.tx(ctx, func(tx *gorm.DB) error {
		if taken, err := cardTaken(tx, pr.CardNumber, 0); err != nil {
			return err
		} else if taken {
			return errCardTaken
		}
		if err := tx.Create(&pr).Error; err != nil {
			return err
		}
		e.PlayerID = pr.ID
		er = toEntryRow(e)
		return tx.Create(&er).Error
	})
	if isUniqueViolation(err) {
		return errCardTaken
	} else if err != nil {
		return wrap(err, "add new player")
	}
	*p = pr.player()
	e.ID = er.ID
	return nil
}

// SetEntry saves an entry's flags and logs it.
func (d *DB) SetEntry(ctx context.Context, e *tournament.Entry, ev tournament.Event) error {
	err := d.tx(ctx, func(tx *gorm.DB) error {
		res := tx.Model(&entryRow{}).Where("id = ? AND tournament_id = ?", e.ID, e.TournamentID).
			Updates(map[string]any{"checked_in": e.CheckedIn, "withdrawn": e.Withdrawn})
		if res.Error != nil {
			return res.Error
		} else if res.RowsAffected == 0 {
			return gorm.ErrRecordNotFound
		}
		r := toEventRow(ev)
		return tx.Create(&r).Error
	})
	return wrap(err, "set entry")
}

func seatRows(gameID int64, s tournament.Seating, ids func(int64) int64) []seatRow {
	var rows []seatRow
	for t, tb := range s.Tables {
		for i, id := range tb {
			rows = append(rows, seatRow{GameID: gameID, EntryID: ids(id), TableNo: t + 1, SeatNo: i + 1})
		}
	}
	for i, id := range s.SitOuts {
		rows = append(rows, seatRow{GameID: gameID, EntryID: ids(id), TableNo: 0, SeatNo: i + 1})
	}
	return rows
}

// AddGame stores a new game with its seats (and new substitutes) and logs the draw.
func (d *DB) AddGame(ctx context.Context, tid int64, g *tournament.Game, subs []tournament.Entry, ev tournament.Event) error {
	err := d.tx(ctx, func(tx *gorm.DB) error {
		var last int
		if err := tx.Model(&gameRow{}).Where("tournament_id = ?", tid).Select("COALESCE(MAX(number), 0)").Scan(&last).Error; err != nil {
			return err
		}
		if g.Number != last+1 {
			return tournament.Errorf(tournament.ECONFLICT, "draw.conflict")
		}
		subIDs := make([]int64, len(subs))
		for i := range subs {
			r := toEntryRow(&subs[i])
			if err := tx.Create(&r).Error; err != nil {
				return err
			}
			subs[i].ID, subIDs[i] = r.ID, r.ID
		}
		gr := gameRow{TournamentID: tid, Number: g.Number, Seed: g.Seed, Override: g.Override, DrawnAt: g.DrawnAt}
		if err := tx.Create(&gr).Error; err != nil {
			return err
		}
		g.ID = gr.ID
		resolve := func(id int64) int64 {
			if id < 0 {
				return subIDs[-id-1]
			}
			return id
		}
		g.Seating = remap(g.Seating, resolve)
		if rows := seatRows(g.ID, g.Seating, func(id int64) int64 { return id }); len(rows) > 0 {
			if err := tx.CreateInBatches(&rows, 500).Error; err != nil {
				return err
			}
		}
		r := toEventRow(ev)
		return tx.Create(&r).Error
	})
	if isUniqueViolation(err) {
		return tournament.Errorf(tournament.ECONFLICT, "draw.conflict")
	}
	return wrap(err, "add game")
}

func remap(s tournament.Seating, f func(int64) int64) tournament.Seating {
	out := tournament.Seating{Tables: make([][]int64, len(s.Tables))}
	for i, tb := range s.Tables {
		for _, id := range tb {
			out.Tables[i] = append(out.Tables[i], f(id))
		}
	}
	for _, id := range s.SitOuts {
		out.SitOuts = append(out.SitOuts, f(id))
	}
	return out
}

func replaceSeats(tx *gorm.DB, gameID int64, s tournament.Seating) error {
	var n int64
	if err := tx.Model(&handRow{}).Where("game_id = ?", gameID).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return tournament.Errorf(tournament.ECONFLICT, "seats.started")
	}
	if err := tx.Where("game_id = ?", gameID).Delete(&seatRow{}).Error; err != nil {
		return err
	}
	rows := seatRows(gameID, s, func(id int64) int64 { return id })
	return tx.CreateInBatches(&rows, 500).Error
}

// ReplaceSeating changes the seats of a game that has not started, and logs it.
func (d *DB) ReplaceSeating(ctx context.Context, gameID int64, s tournament.Seating, ev tournament.Event) error {
	err := d.tx(ctx, func(tx *gorm.DB) error {
		if err := replaceSeats(tx, gameID, s); err != nil {
			return err
		}
		r := toEventRow(ev)
		return tx.Create(&r).Error
	})
	return wrap(err, "replace seating")
}

// SaveTable replaces one table's hands (and re-seats the next game) and logs it.
func (d *DB) SaveTable(ctx context.Context, gameID int64, table int, hands []tournament.HandScore, next *tournament.Game, ev tournament.Event) error {
	now := time.Now().UTC()
	rows := make([]handRow, len(hands))
	for i, h := range hands {
		f := h.Figures
		rows[i] = handRow{GameID: gameID, TableNo: h.Table, HandNo: h.Hand, EntryID: h.EntryID, Form: int(f.Form),
			Clean: f.Clean, Dirty: f.Dirty, SemiClean: f.SemiClean, Closed: f.Closed, KittyTaken: f.KittyTaken,
			Opened: f.Opened, TablePts: f.Table, InHand: f.InHand, KittyLeft: f.KittyLeft, Base: f.Base,
			Cards: f.Cards, Total: f.Total, Score: h.Score, UpdatedAt: now}
	}
	err := d.tx(ctx, func(tx *gorm.DB) error {
		if err := tx.Where("game_id = ? AND table_no = ?", gameID, table).Delete(&handRow{}).Error; err != nil {
			return err
		}
		if len(rows) > 0 {
			if err := tx.Create(&rows).Error; err != nil {
				return err
			}
		}
		if next != nil {
			if err := replaceSeats(tx, next.ID, next.Seating); err != nil {
				return err
			}
		}
		r := toEventRow(ev)
		return tx.Create(&r).Error
	})
	return wrap(err, "save table")
}

// Events returns a tournament's log, newest first.
func (d *DB) Events(ctx context.Context, tid int64) ([]tournament.Event, error) {
	var rows []eventRow
	if err := d.gorm.WithContext(ctx).Where("tournament_id = ?", tid).Order("id DESC").Find(&rows).Error; err != nil {
		return nil, wrap(err, "events")
	}
	out := make([]tournament.Event, len(rows))
	for i, r := range rows {
		out[i] = tournament.Event{ID: r.ID, TournamentID: r.TournamentID, At: r.At, Director: r.Director, Kind: r.Kind, Detail: r.Detail}
	}
	return out, nil
}
