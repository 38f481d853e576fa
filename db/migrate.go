package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// migration is one versioned schema change. Each one declares the tables it creates
// with structs of its own, so that later changes to the models never alter history.
type migration struct {
	Version int
	Name    string
	Up      func(tx *gorm.DB) error
}

// schemaMigration records an applied migration.
type schemaMigration struct {
	Version   int `gorm:"primaryKey;autoIncrement:false"`
	Name      string
	AppliedAt time.Time
}

func (schemaMigration) TableName() string { return "schema_migrations" }

// Migrate applies, in order and each in its own transaction, the migrations not yet
// recorded. Running it again is a no-op. On PostgreSQL it holds an advisory lock (one per
// schema) while it runs, so that instances starting together migrate once: the others
// wait, then find every migration recorded.
func (d *DB) Migrate(ctx context.Context) error {
	if !d.postgres {
		return migrate(d.gorm.WithContext(ctx), &d.migrated)
	}
	var schema sql.NullString
	if err := d.sql.QueryRowContext(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		return fmt.Errorf("read the current schema: %w", err)
	} else if !schema.Valid {
		return fmt.Errorf("no schema to migrate: the URL's search_path names none that exists (create it first)")
	}
	return d.gorm.WithContext(ctx).Connection(func(c *gorm.DB) error {
		if err := c.Exec("SELECT pg_advisory_lock(?, hashtext(current_schema()))", migrationLock).Error; err != nil {
			return fmt.Errorf("take the migration lock: %w", err)
		}
		defer c.Exec("SELECT pg_advisory_unlock(?, hashtext(current_schema()))", migrationLock)
		return migrate(c, &d.migrated)
	})
}

// migrationLock is the first key of the advisory lock Migrate holds on PostgreSQL.
const migrationLock = 0x6275 // "bu"

// migrateCap, when not 0, is the newest migration Migrate applies: tests open a
// database at an earlier schema with it (OpenAt), to upgrade it after.
var migrateCap int

// MigrationRun is a migration this process applied, and how long it took.
type MigrationRun struct {
	Version int
	Name    string
	Took    time.Duration
}

// Migrated lists the migrations this process applied (opening the database migrates
// it), for the log: none when another instance or an earlier start had applied them.
func (d *DB) Migrated() []MigrationRun { return d.migrated }

// migrate applies the missing migrations, adding each one it applied to ran.
func migrate(g *gorm.DB, ran *[]MigrationRun) error {
	if err := g.Migrator().AutoMigrate(&schemaMigration{}); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	var newest int
	if err := g.Session(&gorm.Session{NewDB: true}).Raw("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&newest).Error; err != nil {
		return fmt.Errorf("read schema_migrations: %w", err)
	}
	if known := LatestMigration(); newest > known {
		return fmt.Errorf("the database is at schema version %d, newer than this release knows (%d): "+
			"it was upgraded by a newer release; run that release (or restore the backup taken before the upgrade)", newest, known)
	}
	for _, m := range migrations {
		if migrateCap > 0 && m.Version > migrateCap {
			break
		}
		start, applied := time.Now(), false
		err := g.Transaction(func(tx *gorm.DB) error {
			var n int64
			if err := tx.Model(&schemaMigration{}).Where("version = ?", m.Version).Count(&n).Error; err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			if err := m.Up(tx); err != nil {
				return err
			}
			applied = true
			return tx.Create(&schemaMigration{Version: m.Version, Name: m.Name, AppliedAt: storedNow()}).Error
		})
		if err != nil {
			return fmt.Errorf("migration %d %s: %w", m.Version, m.Name, err)
		}
		if applied {
			*ran = append(*ran, MigrationRun{m.Version, m.Name, time.Since(start)})
		}
	}
	return nil
}

// LatestMigration is the schema version this release brings a database to.
func LatestMigration() int { return migrations[len(migrations)-1].Version }

// SchemaVersion is the newest migration the database records, read with ctx (a cheap
// query: /healthz asks it to see that the database answers).
func (d *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	if err := d.reader.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&v); err != nil {
		return 0, fmt.Errorf("read the schema version: %w", err)
	}
	return v, nil
}

// AppliedMigrations lists the versions recorded as applied, in order.
func (d *DB) AppliedMigrations(ctx context.Context) ([]int, error) {
	var vs []int
	err := d.gorm.WithContext(ctx).Model(&schemaMigration{}).Order("version").Pluck("version", &vs).Error
	return vs, err
}

var migrations = []migration{
	{1, "directors, sessions, tokens, players", migrate1},
	{2, "VP scales with the FIBUR 3- and 4-hand scales", migrate2},
	{3, "tournaments, entries, games, seats, hands, events", migrate3},
	{4, "one model for every format: stages, rounds, tables, sides, byes; versions", migrate4},
	{5, "players.search: names folded for accent- and apostrophe-insensitive search", migrate5},
	{7, "tournaments.published; rounds' clock", migrate7},
	{8, "structured audit log with undo; rounds locked as final", migrate8},
	{10, "byes.awarded: a late arrival's bye told from the draw's", migrate10},
	{11, "idempotency_keys: a create or an import sent again with its key happens once", migrate11},
	{12, "table reporting: settings, table codes with seat PINs, reports", migrate12},
	{13, "seasons and season_tournaments: club championships across evenings", migrate13},
	{15, "stages.start_mode: a stage fed from another is seeded or continued", migrate15},
	{16, "sides.seat and sides.pair: a side of several entries; round_tables.match_no", migrate16},
	{17, "lineups: a team's pairs for a round (teams); the default team scales", migrate17},
	{18, "entries.version: a team's edit is versioned", migrate18},
	{19, "tournaments.registry: the registry's part of a tournament's stamp, kept", migrate19},
	{20, "clubs as tenants: clubs, their directors, roles; club_id and tier; the national registry", migrate20},
	{21, "national_log, and every club player with a card linked to its national record", migrate21},
	{22, "the national ranking: settings, results per evening and player, totals, ranked stamps; national_players.category", migrate22},
	{24, "results to the hub: tournaments.uid, laptop_keys, club_keys, received_results", migrate24},
	{25, "laptops linked to the hub: link_codes, hub_links, the laptop's outbox", migrate25},
}

func migrate1(tx *gorm.DB) error {
	type director struct {
		ID           int64  `gorm:"primaryKey"`
		Username     string `gorm:"size:40;not null;uniqueIndex"`
		Name         string `gorm:"size:100;not null"`
		PasswordHash string `gorm:"size:100;not null"`
		CreatedAt    time.Time
	}
	type session struct {
		TokenHash  string `gorm:"primaryKey;size:64"`
		DirectorID int64  `gorm:"not null;index"`
		Director   director
		CreatedAt  time.Time
		ExpiresAt  time.Time `gorm:"not null;index"`
	}
	type apiToken struct {
		ID         int64 `gorm:"primaryKey"`
		DirectorID int64 `gorm:"not null;index"`
		Director   director
		Name       string `gorm:"size:100;not null"`
		Prefix     string `gorm:"size:20;not null"`
		TokenHash  string `gorm:"size:64;not null;uniqueIndex"`
		CreatedAt  time.Time
		RevokedAt  *time.Time
	}
	type loginFailure struct {
		ID  int64     `gorm:"primaryKey"`
		Key string    `gorm:"size:200;not null;index:idx_login_failures_key_at"`
		At  time.Time `gorm:"not null;index:idx_login_failures_key_at"`
	}
	type player struct {
		ID         int64   `gorm:"primaryKey"`
		FirstName  string  `gorm:"size:100;not null"`
		LastName   string  `gorm:"size:100;not null;index"`
		Club       string  `gorm:"size:100;not null;default:''"`
		CardNumber *string `gorm:"size:30;uniqueIndex"`
		Email      string  `gorm:"size:254;not null;default:''"`
		Phone      string  `gorm:"size:30;not null;default:''"`
		Notes      string  `gorm:"size:2000;not null;default:''"`
		Active     bool    `gorm:"not null;default:true"`
		CreatedAt  time.Time
		UpdatedAt  time.Time
	}
	return tx.Migrator().CreateTable(&director{}, &session{}, &apiToken{}, &loginFailure{}, &player{})
}

func migrate2(tx *gorm.DB) error {
	type scale struct {
		ID        int64  `gorm:"primaryKey"`
		Name      string `gorm:"size:100;not null;uniqueIndex"`
		Builtin   bool   `gorm:"not null;default:false"`
		Bands     string `gorm:"type:text;not null"`
		CreatedAt time.Time
		UpdatedAt time.Time
	}
	if err := tx.Migrator().CreateTable(&scale{}); err != nil {
		return err
	}
	now := storedNow()
	// The data as it shipped; the scoring package's FIBUR3 and FIBUR4 must match it.
	return tx.Create([]scale{
		{Name: "FIBUR 3 smazzate (20-0)", Builtin: true, CreatedAt: now, UpdatedAt: now, Bands: `[` +
			`{"from":0,"to":50,"winner":10,"loser":10},{"from":55,"to":150,"winner":11,"loser":9},` +
			`{"from":155,"to":250,"winner":12,"loser":8},{"from":255,"to":350,"winner":13,"loser":7},` +
			`{"from":355,"to":500,"winner":14,"loser":6},{"from":505,"to":650,"winner":15,"loser":5},` +
			`{"from":655,"to":800,"winner":16,"loser":4},{"from":805,"to":1000,"winner":17,"loser":3},` +
			`{"from":1005,"to":1250,"winner":18,"loser":2},{"from":1255,"to":1500,"winner":19,"loser":1},` +
			`{"from":1505,"to":null,"winner":20,"loser":0}]`},
		{Name: "FIBUR 4 smazzate (20-0)", Builtin: true, CreatedAt: now, UpdatedAt: now, Bands: `[` +
			`{"from":0,"to":100,"winner":10,"loser":10},{"from":105,"to":300,"winner":11,"loser":9},` +
			`{"from":305,"to":500,"winner":12,"loser":8},{"from":505,"to":700,"winner":13,"loser":7},` +
			`{"from":705,"to":900,"winner":14,"loser":6},{"from":905,"to":1100,"winner":15,"loser":5},` +
			`{"from":1105,"to":1300,"winner":16,"loser":4},{"from":1305,"to":1500,"winner":17,"loser":3},` +
			`{"from":1505,"to":1700,"winner":18,"loser":2},{"from":1705,"to":2000,"winner":19,"loser":1},` +
			`{"from":2005,"to":null,"winner":20,"loser":0}]`},
	}).Error
}

func migrate3(tx *gorm.DB) error {
	type scale struct{ ID int64 }
	type player struct{ ID int64 }
	type tournament struct {
		ID           int64  `gorm:"primaryKey"`
		Name         string `gorm:"size:100;not null"`
		Date         string `gorm:"size:10;not null;index"`
		Venue        string `gorm:"size:100;not null;default:''"`
		Format       string `gorm:"size:20;not null"`
		Games        int    `gorm:"not null"`
		HandsPerGame int    `gorm:"not null"`
		Rules        string `gorm:"type:text;not null"`
		Qualifiers   int    `gorm:"not null;default:0"`
		Notes        string `gorm:"size:2000;not null;default:''"`
		SitOut       string `gorm:"size:20;not null"`
		ByePoints    int    `gorm:"not null"`
		ScaleID      *int64 `gorm:"index"`
		Scale        *scale `gorm:"constraint:OnDelete:RESTRICT"`
		CreatedAt    time.Time
		UpdatedAt    time.Time
	}
	type entry struct {
		ID           int64 `gorm:"primaryKey"`
		TournamentID int64 `gorm:"not null;uniqueIndex:idx_entries_player"`
		Tournament   tournament
		PlayerID     *int64  `gorm:"uniqueIndex:idx_entries_player"`
		Player       *player `gorm:"constraint:OnDelete:RESTRICT"`
		Substitute   bool    `gorm:"not null;default:false"`
		Name         string  `gorm:"size:201;not null"`
		Club         string  `gorm:"size:100;not null;default:''"`
		CheckedIn    bool    `gorm:"not null;default:false"`
		Withdrawn    bool    `gorm:"not null;default:false"`
		CreatedAt    time.Time
	}
	type game struct {
		ID           int64 `gorm:"primaryKey"`
		TournamentID int64 `gorm:"not null;uniqueIndex:idx_games_number"`
		Tournament   tournament
		Number       int    `gorm:"not null;uniqueIndex:idx_games_number"`
		Seed         int64  `gorm:"not null"`
		Override     string `gorm:"size:500;not null;default:''"`
		DrawnAt      time.Time
	}
	type seat struct {
		ID      int64 `gorm:"primaryKey"`
		GameID  int64 `gorm:"not null;uniqueIndex:idx_seats_entry"`
		Game    game
		EntryID int64 `gorm:"not null;uniqueIndex:idx_seats_entry"`
		Entry   entry
		TableNo int `gorm:"not null"` // 0: sits this game out
		SeatNo  int `gorm:"not null"`
	}
	type hand struct {
		ID         int64 `gorm:"primaryKey"`
		GameID     int64 `gorm:"not null;uniqueIndex:idx_hands_unique"`
		Game       game
		TableNo    int   `gorm:"not null"`
		HandNo     int   `gorm:"not null;uniqueIndex:idx_hands_unique"`
		EntryID    int64 `gorm:"not null;uniqueIndex:idx_hands_unique"`
		Entry      entry
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
	type event struct {
		ID           int64 `gorm:"primaryKey"`
		TournamentID int64 `gorm:"not null;index"`
		Tournament   tournament
		At           time.Time `gorm:"not null"`
		Director     string    `gorm:"size:40;not null"`
		Kind         string    `gorm:"size:30;not null"`
		Detail       string    `gorm:"size:1000;not null"`
	}
	return tx.Migrator().CreateTable(&tournament{}, &entry{}, &game{}, &seat{}, &hand{}, &event{})
}
