package db

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"gorm.io/gorm"
)

// migrate4 moves the 3-player model (a tournament holding its format's columns, games,
// seats with table 0 for sit-outs, hands per entry) onto the model of every format:
// tournament → stage → round → table → side, with byes, entries made of members, hands
// keyed by (table, hand, side), and versions. Every row is kept, with its ID. The old
// tables are renamed, copied from, and dropped children first, so foreign keys hold
// throughout on SQLite and PostgreSQL alike.
func migrate4(tx *gorm.DB) error {
	type scale struct{ ID int64 }
	type player struct{ ID int64 }
	type tournament struct {
		ID        int64  `gorm:"primaryKey"`
		Name      string `gorm:"size:100;not null"`
		Date      string `gorm:"size:10;not null;index:idx_tournaments_v4_date"`
		Venue     string `gorm:"size:100;not null;default:''"`
		Notes     string `gorm:"size:2000;not null;default:''"`
		Version   int    `gorm:"not null;default:1"`
		CreatedAt time.Time
		UpdatedAt time.Time
	}
	type stage struct {
		ID           int64 `gorm:"primaryKey"`
		TournamentID int64 `gorm:"not null;uniqueIndex:idx_stages_seq"`
		Tournament   tournament
		Seq          int     `gorm:"not null;uniqueIndex:idx_stages_seq"`
		Format       string  `gorm:"size:30;not null"`
		Settings     string  `gorm:"type:text;not null"`
		Rules        string  `gorm:"type:text;not null"`
		ScaleID      *int64  `gorm:"index:idx_stages_scale"`
		Scale        *scale  `gorm:"constraint:OnDelete:RESTRICT"`
		ScaleCopy    *string `gorm:"type:text"`
		Qualifiers   int     `gorm:"not null;default:0"`
		FromStageID  *int64
		FromStage    *stage `gorm:"foreignKey:FromStageID;constraint:OnDelete:RESTRICT"`
		Version      int    `gorm:"not null;default:1"`
		CreatedAt    time.Time
		UpdatedAt    time.Time
	}
	type entry struct {
		ID           int64 `gorm:"primaryKey"`
		TournamentID int64 `gorm:"not null;index:idx_entries_v4_tournament"`
		Tournament   tournament
		Kind         string `gorm:"size:20;not null"`
		Name         string `gorm:"size:410;not null"`
		Club         string `gorm:"size:100;not null;default:''"`
		CheckedIn    bool   `gorm:"not null;default:false"`
		Withdrawn    bool   `gorm:"not null;default:false"`
		CreatedAt    time.Time
	}
	type entryMember struct {
		ID           int64 `gorm:"primaryKey"`
		EntryID      int64 `gorm:"not null;index:idx_entry_members_entry"`
		Entry        entry
		TournamentID int64 `gorm:"not null;uniqueIndex:idx_entry_members_player"`
		Tournament   tournament
		PlayerID     int64  `gorm:"not null;uniqueIndex:idx_entry_members_player"`
		Player       player `gorm:"constraint:OnDelete:RESTRICT"`
		Position     int    `gorm:"not null"`
	}
	type round struct {
		ID       int64 `gorm:"primaryKey"`
		StageID  int64 `gorm:"not null;uniqueIndex:idx_rounds_number"`
		Stage    stage
		Number   int    `gorm:"not null;uniqueIndex:idx_rounds_number"`
		Seed     int64  `gorm:"not null"`
		Override string `gorm:"size:500;not null;default:''"`
		DrawnAt  time.Time
	}
	type roundTable struct {
		ID          int64 `gorm:"primaryKey"`
		RoundID     int64 `gorm:"not null;uniqueIndex:idx_round_tables_number"`
		Round       round
		Number      int    `gorm:"not null;uniqueIndex:idx_round_tables_number"`
		OutcomeKind string `gorm:"size:20;not null;default:''"`
		OutcomeSide int    `gorm:"not null;default:0"`
		Version     int    `gorm:"not null;default:1"`
	}
	type side struct {
		ID       int64 `gorm:"primaryKey"`
		TableID  int64 `gorm:"not null;uniqueIndex:idx_sides_position"`
		Table    roundTable
		Position int   `gorm:"not null;uniqueIndex:idx_sides_position"`
		RoundID  int64 `gorm:"not null;uniqueIndex:idx_sides_entry"` // an entry sits once in a round
		Round    round
		EntryID  int64 `gorm:"not null;uniqueIndex:idx_sides_entry"`
		Entry    entry
	}
	type bye struct {
		ID      int64 `gorm:"primaryKey"`
		RoundID int64 `gorm:"not null;uniqueIndex:idx_byes_entry"`
		Round   round
		EntryID int64 `gorm:"not null;uniqueIndex:idx_byes_entry"`
		Entry   entry
		Points  int `gorm:"not null;default:0"`
	}
	type hand struct {
		TableID    int64 `gorm:"primaryKey;autoIncrement:false"`
		Table      roundTable
		HandNo     int  `gorm:"primaryKey;autoIncrement:false"`
		Side       int  `gorm:"primaryKey;autoIncrement:false"`
		Form       int  `gorm:"not null"`
		Clean      int  `gorm:"not null"`
		Dirty      int  `gorm:"not null"`
		SemiClean  int  `gorm:"not null"`
		Closed     bool `gorm:"not null"`
		KittyTaken bool `gorm:"not null"`
		Opened     bool `gorm:"not null"`
		TablePts   int  `gorm:"not null"`
		InHand     int  `gorm:"not null"`
		KittyLeft  int  `gorm:"not null"`
		Base       int  `gorm:"not null"`
		Cards      int  `gorm:"not null"`
		Total      int  `gorm:"not null"`
		Score      int  `gorm:"not null"`
		UpdatedAt  time.Time
	}
	// A log line is keyed by its tournament and its number in that tournament's log:
	// the log is read a tournament at a time, and written a line per command.
	type event struct {
		TournamentID int64 `gorm:"primaryKey;autoIncrement:false"`
		Tournament   tournament
		Seq          int64     `gorm:"primaryKey;autoIncrement:false"`
		At           time.Time `gorm:"not null"`
		Director     string    `gorm:"size:40;not null"`
		Kind         string    `gorm:"size:30;not null"`
		Detail       string    `gorm:"size:1000;not null"`
	}

	// Players carry a version from now on.
	if err := tx.Exec("ALTER TABLE players ADD COLUMN version INTEGER NOT NULL DEFAULT 1").Error; err != nil {
		return err
	}
	// Move the old tables aside (foreign keys follow a renamed table) and free their
	// index names.
	for _, t := range []string{"tournaments", "entries", "games", "seats", "hands", "events"} {
		if err := tx.Exec(fmt.Sprintf("ALTER TABLE %s RENAME TO v3_%s", t, t)).Error; err != nil {
			return err
		}
	}
	if err := tx.Migrator().CreateTable(&tournament{}, &stage{}, &entry{}, &entryMember{}, &round{}, &roundTable{},
		&side{}, &bye{}); err != nil {
		return err
	}
	// Tables keyed by a composite key: on SQLite the key is the table itself (WITHOUT
	// ROWID), one B-tree to write instead of a table and an index.
	keyed := tx
	if tx.Dialector.Name() == "sqlite" {
		keyed = tx.Set("gorm:table_options", "WITHOUT ROWID")
	}
	if err := keyed.Migrator().CreateTable(&hand{}, &event{}); err != nil {
		return err
	}
	if err := copyV3(tx); err != nil {
		return err
	}
	for _, t := range []string{"hands", "seats", "games", "events", "entries", "tournaments"} {
		if err := tx.Exec("DROP TABLE v3_" + t).Error; err != nil {
			return err
		}
	}
	return nil
}

// copyV3 copies the rows of the release-3 tables into the new ones.
func copyV3(tx *gorm.DB) error {
	type v3Tournament struct {
		ID                                   int64
		Name, Date, Venue, Notes, Rules      string
		Format, SitOut                       string
		Games, HandsPerGame, Qualifiers, Bye int
		ScaleID                              *int64
		CreatedAt, UpdatedAt                 time.Time
	}
	var ts []v3Tournament
	if err := tx.Raw("SELECT id, name, date, venue, notes, rules, format, sit_out, games, hands_per_game, qualifiers, " +
		"bye_points AS bye, scale_id, created_at, updated_at FROM v3_tournaments ORDER BY id").Scan(&ts).Error; err != nil {
		return err
	}
	stageOf := map[int64]int64{} // tournament → its stage
	byeOf := map[int64]int{}     // tournament → what a sit-out scored
	for _, t := range ts {
		if err := tx.Exec("INSERT INTO tournaments (id, name, date, venue, notes, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)",
			t.ID, t.Name, t.Date, t.Venue, t.Notes, t.CreatedAt, t.UpdatedAt).Error; err != nil {
			return err
		}
		// A sit-out counted 0 game points in this release: kept, so that standings do not
		// change under a tournament already played (new ones count the second places).
		settings, err := json.Marshal(map[string]any{"games": t.Games, "hands_per_game": t.HandsPerGame,
			"sit_out": t.SitOut, "bye_points": sixthsText(t.Bye), "sit_out_score": "zero"})
		if err != nil {
			return err
		}
		if err := tx.Exec("INSERT INTO stages (tournament_id, seq, format, settings, rules, scale_id, qualifiers, version, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?, ?, 1, ?, ?)",
			t.ID, t.Format, string(settings), t.Rules, t.ScaleID, t.Qualifiers, t.CreatedAt, t.UpdatedAt).Error; err != nil {
			return err
		}
		var sid int64
		if err := tx.Raw("SELECT id FROM stages WHERE tournament_id = ? AND seq = 1", t.ID).Scan(&sid).Error; err != nil {
			return err
		}
		stageOf[t.ID] = sid
		if t.SitOut == "rotate" {
			byeOf[t.ID] = t.Bye
		}
	}
	if err := tx.Exec("INSERT INTO entries (id, tournament_id, kind, name, club, checked_in, withdrawn, created_at) " +
		"SELECT id, tournament_id, CASE WHEN substitute THEN 'substitute' ELSE 'player' END, name, club, checked_in, withdrawn, created_at FROM v3_entries").Error; err != nil {
		return err
	}
	if err := tx.Exec("INSERT INTO entry_members (entry_id, tournament_id, player_id, position) " +
		"SELECT id, tournament_id, player_id, 1 FROM v3_entries WHERE player_id IS NOT NULL").Error; err != nil {
		return err
	}
	type v3Game struct {
		ID, TournamentID, Seed int64
		Number                 int
		Override               string
		DrawnAt                time.Time
	}
	var games []v3Game
	if err := tx.Raw("SELECT id, tournament_id, seed, number, override, drawn_at FROM v3_games ORDER BY id").Scan(&games).Error; err != nil {
		return err
	}
	tournamentOf := map[int64]int64{}
	for _, g := range games {
		tournamentOf[g.ID] = g.TournamentID
		if err := tx.Exec("INSERT INTO rounds (id, stage_id, number, seed, override, drawn_at) VALUES (?, ?, ?, ?, ?, ?)",
			g.ID, stageOf[g.TournamentID], g.Number, g.Seed, g.Override, g.DrawnAt).Error; err != nil {
			return err
		}
	}
	type v3Seat struct {
		GameID, EntryID int64
		TableNo, SeatNo int
	}
	var seats []v3Seat
	if err := tx.Raw("SELECT game_id, entry_id, table_no, seat_no FROM v3_seats ORDER BY game_id, table_no, seat_no").Scan(&seats).Error; err != nil {
		return err
	}
	type key struct {
		game  int64
		table int
	}
	tableID := map[key]int64{}
	position := map[key]map[int64]int{} // (game, table) → entry → position
	for _, s := range seats {
		if s.TableNo == 0 {
			if err := tx.Exec("INSERT INTO byes (round_id, entry_id, points) VALUES (?, ?, ?)", s.GameID, s.EntryID, byeOf[tournamentOf[s.GameID]]).Error; err != nil {
				return err
			}
			continue
		}
		k := key{s.GameID, s.TableNo}
		if _, ok := tableID[k]; !ok {
			if err := tx.Exec("INSERT INTO round_tables (round_id, number, outcome_kind, outcome_side, version) VALUES (?, ?, '', 0, 1)", s.GameID, s.TableNo).Error; err != nil {
				return err
			}
			var id int64
			if err := tx.Raw("SELECT id FROM round_tables WHERE round_id = ? AND number = ?", s.GameID, s.TableNo).Scan(&id).Error; err != nil {
				return err
			}
			tableID[k], position[k] = id, map[int64]int{}
		}
		position[k][s.EntryID] = s.SeatNo
		if err := tx.Exec("INSERT INTO sides (table_id, position, round_id, entry_id) VALUES (?, ?, ?, ?)", tableID[k], s.SeatNo, s.GameID, s.EntryID).Error; err != nil {
			return err
		}
	}
	type v3Hand struct {
		GameID, EntryID                                        int64
		TableNo, HandNo, Form, Clean, Dirty, SemiClean         int
		Closed, KittyTaken, Opened                             bool
		TablePts, InHand, KittyLeft, Base, Cards, Total, Score int
		UpdatedAt                                              time.Time
	}
	var hands []v3Hand
	if err := tx.Raw("SELECT game_id, entry_id, table_no, hand_no, form, clean, dirty, semi_clean, closed, kitty_taken, opened, " +
		"table_pts, in_hand, kitty_left, base, cards, total, score, updated_at FROM v3_hands ORDER BY id").Scan(&hands).Error; err != nil {
		return err
	}
	for _, h := range hands {
		k := key{h.GameID, h.TableNo}
		pos, ok := position[k][h.EntryID]
		if !ok {
			return fmt.Errorf("hand of entry %d at game %d table %d: the entry is not seated there", h.EntryID, h.GameID, h.TableNo)
		}
		if err := tx.Exec("INSERT INTO hands (table_id, hand_no, side, form, clean, dirty, semi_clean, closed, kitty_taken, opened, "+
			"table_pts, in_hand, kitty_left, base, cards, total, score, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
			tableID[k], h.HandNo, pos, h.Form, h.Clean, h.Dirty, h.SemiClean, h.Closed, h.KittyTaken, h.Opened,
			h.TablePts, h.InHand, h.KittyLeft, h.Base, h.Cards, h.Total, h.Score, h.UpdatedAt).Error; err != nil {
			return err
		}
	}
	// Tables that already hold hands count as saved once.
	if err := tx.Exec("UPDATE round_tables SET version = 2 WHERE id IN (SELECT DISTINCT table_id FROM hands)").Error; err != nil {
		return err
	}
	type v3Event struct {
		TournamentID           int64
		At                     time.Time
		Director, Kind, Detail string
	}
	var events []v3Event
	if err := tx.Raw("SELECT tournament_id, at, director, kind, detail FROM v3_events ORDER BY id").Scan(&events).Error; err != nil {
		return err
	}
	seq := map[int64]int64{}
	for _, e := range events {
		seq[e.TournamentID]++
		if err := tx.Exec("INSERT INTO events (tournament_id, seq, at, director, kind, detail) VALUES (?, ?, ?, ?, ?, ?)",
			e.TournamentID, seq[e.TournamentID], e.At, e.Director, e.Kind, e.Detail).Error; err != nil {
			return err
		}
	}
	// Rows copied with their IDs leave PostgreSQL's sequences behind: move them on.
	if tx.Dialector.Name() == "postgres" {
		for _, t := range []string{"tournaments", "entries", "rounds"} {
			if err := tx.Exec(fmt.Sprintf("SELECT setval(pg_get_serial_sequence('%s', 'id'), COALESCE((SELECT MAX(id) FROM %s), 0) + 1, false)", t, t)).Error; err != nil {
				return err
			}
		}
	}
	return nil
}

// sixthsText writes points kept in sixths as a sheet shows them ("3", "4.5", "3.33").
func sixthsText(p int) string {
	s := strconv.Itoa(p / 6)
	if r := p % 6; r != 0 {
		s += map[int]string{1: ".17", 2: ".33", 3: ".5", 4: ".67", 5: ".83"}[r]
	}
	return s
}
