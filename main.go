// Command burraco runs the Burraco tournament director's web application.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"burraco/db"
	"burraco/tournament"
	"burraco/tournament/clubs"
	"burraco/tournament/formats"
	"burraco/tournament/national"
	"burraco/tournament/rankings"
	"burraco/tournament/relay"
	tsync "burraco/tournament/sync"
	"burraco/views"
	"burraco/views/api"
	"burraco/views/page"
	"burraco/views/site"
)

// The formats a tournament's stages can be played in: the one list, tournament/formats.
func init() { formats.Register() }

// config is the app's configuration: flags, with environment variables as defaults.
type config struct {
	Addr           string
	DB             string
	TrustedProxies []*net.IPNet
	// PublicTTL is how long the public pages trust a tournament's revision they read.
	PublicTTL time.Duration
	// PublicURL is the address phones are given (QR codes, table tents), when fixed.
	PublicURL string
	// CommandTimeout bounds how late after its start a change is still saved.
	CommandTimeout time.Duration
	// Replica is a streaming replica of the PostgreSQL database DB, for the reads that
	// may lag (the public pages, their JSON twins, the phones' polls); empty for none.
	Replica string
	// ReplicaMaxLag is how far behind the primary the replica may be and still be read.
	ReplicaMaxLag time.Duration
	// SyncTick is how often the laptop's outbox worker looks for tournaments made final
	// and revisions due to send; SyncBackoff the first wait after a try without an answer
	// (each further one doubles, with jitter, up to 5 minutes).
	SyncTick, SyncBackoff time.Duration
	// Version: print the release and exit.
	Version bool
	// RankingInterval is how often the ranking's worker looks for evenings to rank.
	RankingInterval time.Duration
}

func loadConfig(args []string, getenv func(string) string) (config, error) {
	def := func(env, fallback string) string {
		if v := getenv(env); v != "" {
			return v
		}
		return fallback
	}
	fs := flag.NewFlagSet("burraco", flag.ContinueOnError)
	var c config
	fs.StringVar(&c.Addr, "addr", def("BURRACO_ADDR", "localhost:8080"), "address to listen on (env BURRACO_ADDR)")
	fs.StringVar(&c.DB, "db", def("BURRACO_DB", "burraco.db"), "SQLite database file, or a postgres:// URL (env BURRACO_DB)")
	proxies := fs.String("trusted-proxies", def("BURRACO_TRUSTED_PROXIES", ""),
		"comma-separated IPs/CIDR ranges of reverse proxies whose X-Forwarded-For is believed (env BURRACO_TRUSTED_PROXIES)")
	ttl := fs.String("public-ttl", def("BURRACO_PUBLIC_TTL", "1s"),
		"how long the public pages trust a tournament's revision before asking the database again, e.g. 1s; 0 asks every time (env BURRACO_PUBLIC_TTL)")
	fs.StringVar(&c.PublicURL, "public-url", def("BURRACO_PUBLIC_URL", ""),
		"the address phones reach the app at, for QR codes and table tents, e.g. https://torneo.example.org behind a proxy (env BURRACO_PUBLIC_URL)")
	cmdTimeout := fs.String("command-timeout", def("BURRACO_COMMAND_TIMEOUT", "20s"),
		"a change not saved within this time of its request's start (the trusted proxy's X-Request-Start) is refused, never saved late; keep it below the proxy's timeout; 0 for none (env BURRACO_COMMAND_TIMEOUT)")
	fs.StringVar(&c.Replica, "replica-db", def("BURRACO_REPLICA_DB", ""),
		"a streaming replica of the PostgreSQL database (a postgres:// URL, same database and search_path) for the reads that may lag: public pages, their JSON twins, phones' polls; a director's reads and every write stay on -db (env BURRACO_REPLICA_DB)")
	maxLag := fs.String("replica-max-lag", def("BURRACO_REPLICA_MAX_LAG", db.DefaultReplicaMaxLag.String()),
		"how far behind the primary the replica may be and still be read, e.g. 10s; past it the primary answers until it catches up (env BURRACO_REPLICA_MAX_LAG)")
	syncTick := fs.String("sync-tick", def("BURRACO_SYNC_TICK", "5s"),
		"how often the laptop looks for tournaments made final and sends its outbox to the hub (env BURRACO_SYNC_TICK)")
	syncBackoff := fs.String("sync-backoff", def("BURRACO_SYNC_BACKOFF", "2s"),
		"the first wait before sending again when the hub did not answer; each further one doubles, with jitter, up to 5m (env BURRACO_SYNC_BACKOFF)")
	rankEvery := fs.String("ranking-interval", def("BURRACO_RANKING_INTERVAL", "5s"),
		"how often the national ranking's worker looks for evenings become final or corrected, from 1s to 1m (env BURRACO_RANKING_INTERVAL)")
	fs.BoolVar(&c.Version, "version", false, "print the release and exit")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	var err error
	if err = db.CheckDSN(c.DB); err != nil {
		err = fmt.Errorf("-db (or BURRACO_DB): %w", err)
		fmt.Fprintln(fs.Output(), err)
		return c, err
	}
	if c.Replica != "" {
		if !db.IsPostgres(c.DB) || !db.IsPostgres(c.Replica) {
			err = errors.New("-replica-db (or BURRACO_REPLICA_DB): a replica is a postgres:// URL, for a -db on PostgreSQL")
		} else if err = db.CheckDSN(c.Replica); err != nil {
			err = fmt.Errorf("-replica-db (or BURRACO_REPLICA_DB): %w", err)
		}
		if err != nil {
			fmt.Fprintln(fs.Output(), err)
			return c, err
		}
	}
	if c.ReplicaMaxLag, err = time.ParseDuration(*maxLag); err != nil || c.ReplicaMaxLag < time.Second || c.ReplicaMaxLag > time.Hour {
		err = fmt.Errorf("-replica-max-lag: %q is not a duration from 1s to 1h", *maxLag)
		fmt.Fprintln(fs.Output(), err)
		return c, err
	}
	if c.CommandTimeout, err = time.ParseDuration(*cmdTimeout); err != nil || c.CommandTimeout < 0 {
		err = fmt.Errorf("-command-timeout: %q is not a duration, e.g. 8s", *cmdTimeout)
		fmt.Fprintln(fs.Output(), err)
		return c, err
	}
	if c.PublicURL != "" {
		if u, perr := url.Parse(c.PublicURL); perr != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			err = fmt.Errorf("-public-url: %q is not an http:// or https:// address", c.PublicURL)
			fmt.Fprintln(fs.Output(), err)
			return c, err
		}
	}
	if c.PublicTTL, err = time.ParseDuration(*ttl); err != nil || c.PublicTTL < 0 || c.PublicTTL > time.Minute {
		err = fmt.Errorf("-public-ttl: %q is not a duration from 0 to 1m", *ttl)
		fmt.Fprintln(fs.Output(), err)
		return c, err
	}
	if c.SyncTick, err = time.ParseDuration(*syncTick); err != nil || c.SyncTick < 10*time.Millisecond || c.SyncTick > time.Hour {
		err = fmt.Errorf("-sync-tick: %q is not a duration from 10ms to 1h", *syncTick)
		fmt.Fprintln(fs.Output(), err)
		return c, err
	}
	if c.SyncBackoff, err = time.ParseDuration(*syncBackoff); err != nil || c.SyncBackoff < 10*time.Millisecond || c.SyncBackoff > 5*time.Minute {
		err = fmt.Errorf("-sync-backoff: %q is not a duration from 10ms to 5m", *syncBackoff)
		fmt.Fprintln(fs.Output(), err)
		return c, err
	}
	if c.RankingInterval, err = time.ParseDuration(*rankEvery); err != nil || c.RankingInterval < time.Second || c.RankingInterval > time.Minute {
		err = fmt.Errorf("-ranking-interval: %q is not a duration from 1s to 1m", *rankEvery)
		fmt.Fprintln(fs.Output(), err)
		return c, err
	}
	if c.TrustedProxies, err = site.ParseTrustedProxies(*proxies); err != nil {
		fmt.Fprintln(fs.Output(), err)
		return c, err
	}
	return c, nil
}

func main() {
	log := newLogger(os.Stderr)
	if len(os.Args) > 1 && os.Args[1] == "copy" {
		if err := copyCommand(context.Background(), os.Args[2:], os.Stdout); err != nil {
			if !errors.Is(err, flag.ErrHelp) {
				fmt.Fprintln(os.Stderr, "burraco", maskSecrets(err.Error())) // no password, whatever the driver said
			}
			os.Exit(1)
		}
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "openapi" {
		if err := openapiCommand(os.Args[2:], os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "burraco", err)
			os.Exit(1)
		}
		return
	}
	cfg, err := loadConfig(os.Args[1:], os.Getenv)
	if errors.Is(err, flag.ErrHelp) {
		return
	} else if err != nil {
		os.Exit(2)
	}
	if cfg.Version {
		fmt.Println("burraco", version())
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, cfg, log); err != nil {
		log.Error("fatal", "err", err)
		os.Exit(1)
	}
}

// openapiCommand is "burraco openapi [file]": it writes the OpenAPI document the app
// serves at /api/v1/openapi.json (the same bytes) to the file, or to out without one.
func openapiCommand(args []string, out io.Writer) error {
	switch len(args) {
	case 0:
		_, err := out.Write(api.Document())
		return err
	case 1:
		if err := os.WriteFile(args[0], api.Document(), 0o644); err != nil {
			return fmt.Errorf("openapi: %w", err)
		}
		return nil
	}
	return errors.New("openapi: usage: burraco openapi [file]")
}

// copyCommand is "burraco copy -from club.db -to postgres://…": it copies every table of
// a club's SQLite file into an empty PostgreSQL database, and says what it copied.
func copyCommand(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("burraco copy", flag.ContinueOnError)
	from := fs.String("from", "", "the SQLite file to copy (it is migrated first, as the app would)")
	to := fs.String("to", "", "the empty PostgreSQL database: postgres://user@host:5432/name (search_path=… for a schema)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *from == "" || *to == "" || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("copy: -from and -to are required")
	}
	tables, err := db.CopyFile(ctx, *from, *to)
	if err != nil {
		return err
	}
	total := 0
	for _, t := range tables {
		fmt.Fprintf(out, "%-20s %8d rows\n", t.Name, t.Rows)
		total += t.Rows
	}
	fmt.Fprintf(out, "copied %d rows in %d tables\n", total, len(tables))
	return nil
}

// logMigrations says which migrations opening the database applied, and how long they
// took (took: opening the database, waiting for another instance's migrations included).
func logMigrations(log *slog.Logger, store *db.DB, took time.Duration) {
	ran := store.Migrated()
	for _, m := range ran {
		log.Info("migration applied", "version", m.Version, "name", m.Name, "took", m.Took.Round(time.Millisecond))
	}
	v, err := store.SchemaVersion(context.Background())
	if err != nil {
		log.Warn("read the schema version", "err", err)
	}
	log.Info("database ready", "schema", v, "migrations_applied", len(ran), "took", took.Round(time.Millisecond))
}

// drainTime bounds how long a stopping instance goes on answering on the connections a
// proxy holds open (each answer closing its connection) before it closes the idle ones.
const drainTime = time.Second

// drain waits until no connection is left open, or for at most d. A proxy (nginx with
// keepalive) may send a request on an idle connection at the very moment the server
// closes it: the request is lost, and a POST is not retried. While draining, the
// connections the proxy uses are closed after an answer instead, and its first new
// connection, refused, has it leave this instance out; what stays idle is closed after.
func drain(conns *atomic.Int64, d time.Duration) {
	for end := time.Now().Add(d); conns.Load() > 0 && time.Now().Before(end); {
		time.Sleep(20 * time.Millisecond)
	}
}

// run serves until ctx is cancelled, then stops taking connections, drains the open
// ones (drain) and lets in-flight requests finish.
func run(ctx context.Context, cfg config, log *slog.Logger) error {
	start := time.Now()
	store, err := db.Open(cfg.DB)
	if err != nil {
		return err
	}
	defer store.Close()
	logMigrations(log, store, time.Since(start))
	if cfg.Replica != "" {
		if err := store.UseReplica(cfg.Replica, db.ReplicaOptions{MaxLag: cfg.ReplicaMaxLag, Log: log}); err != nil {
			return err
		}
		log.Info("read replica", "replica", cfg.Replica, "max_lag", cfg.ReplicaMaxLag)
	}
	tournaments := &tournament.Tournaments{Store: store, Players: store}
	// The results' way to the hub (issue 39): every instance takes results (a hub's
	// clubs link their laptops) and sends its own once linked to a hub (a laptop).
	laptop := &relay.Laptop{Store: store, Source: store, Log: log, MinBackoff: cfg.SyncBackoff}
	relays := &page.Relay{Hub: &tsync.Hub{Store: store}, Linking: &relay.Linking{Store: store}, Laptop: laptop, Store: store}
	seasons := &tournament.Seasons{Store: store, Tournaments: tournaments}
	ranks := &rankings.Service{Store: store, Evenings: rankings.SeasonEvenings{Seasons: seasons}, Log: log}
	// The ranking's worker: an evening final or corrected is in the ranking within an
	// interval and a pass; it stops with the server.
	workCtx, stopWork := context.WithCancel(ctx)
	worked := make(chan struct{})
	go func() { defer close(worked); ranks.Run(workCtx, cfg.RankingInterval) }()
	defer func() { stopWork(); <-worked }()
	opts := []views.Option{views.WithTrustedProxies(cfg.TrustedProxies),
		views.WithPublicRevisionTTL(cfg.PublicTTL), views.WithVersion(version()),
		views.WithListenAddr(cfg.Addr), views.WithPublicURL(cfg.PublicURL),
		views.WithCommandTimeout(cfg.CommandTimeout)}
	if cfg.Replica != "" {
		opts = append(opts, views.WithReplicaWait(store.WaitReplica))
	}
	srv := &http.Server{
		Addr: cfg.Addr,
		Handler: views.New(views.Services{
			Players:     &tournament.Players{Store: store},
			Auth:        &tournament.Auth{Store: store},
			Scales:      &tournament.Scales{Store: store},
			Tournaments: tournaments,
			Seasons:     seasons,
			National:    &national.Service{Store: store, Evenings: seasons},
			Clubs:       &clubs.Service{Store: store},
			Rankings:    ranks,
			Backup:      store,
			Health:      store,
			Relay:       relays,
		}, log, opts...),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	// Draining: once told to stop, every answer closes its connection, so that a proxy
	// keeping connections open to this instance drops them one by one (see drain).
	var draining atomic.Bool
	app := srv.Handler
	srv.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if draining.Load() {
			w.Header().Set("Connection", "close")
		}
		app.ServeHTTP(w, r)
	})
	var conns atomic.Int64
	srv.ConnState = func(_ net.Conn, s http.ConnState) {
		switch s {
		case http.StateNew:
			conns.Add(1)
		case http.StateHijacked, http.StateClosed:
			conns.Add(-1)
		}
	}
	l, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	// The laptop's outbox worker: stopped with the server; the outbox is in the database,
	// so the next start resumes it.
	syncCtx, stopSync := context.WithCancel(ctx)
	defer stopSync()
	synced := make(chan struct{})
	go func() {
		defer close(synced)
		laptop.Run(syncCtx, cfg.SyncTick)
	}()
	errc := make(chan error, 1)
	go func() {
		log.Info("listening", "url", "http://"+cfg.Addr, "db", cfg.DB, "version", version())
		errc <- srv.Serve(l)
	}()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down: refusing new connections, finishing in-flight requests")
	stopSync()
	<-synced
	draining.Store(true)
	_ = l.Close() // a proxy's new connections are refused: it sends them to another instance
	drain(&conns, drainTime)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}
