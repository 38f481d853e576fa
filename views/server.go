package views

import (
	"io/fs"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/static"
	tsync "burraco/tournament/sync"
	"burraco/views/admin"
	"burraco/views/api"
	"burraco/views/calc"
	"burraco/views/clubs"
	"burraco/views/entries"
	"burraco/views/exports"
	"burraco/views/history"
	"burraco/views/national"
	"burraco/views/page"
	"burraco/views/ranking"
	"burraco/views/registry"
	"burraco/views/rounds"
	"burraco/views/scales"
	"burraco/views/seasons"
	"burraco/views/sheets"
	"burraco/views/site"
	"burraco/views/standings"
	syncpages "burraco/views/sync"
	"burraco/views/teams"
	"burraco/views/tournaments"
)

// routes says which handler serves which path, behind which middleware.
func (s *Server) routes() {
	e := s.echo
	calcs := &calc.Handlers{App: s.App}
	scaleh := &scales.Handlers{App: s.App}
	sub, _ := fs.Sub(static.Files, ".")
	e.StaticFS("/static", sub)
	e.GET("/healthz", s.site.Healthz(s.health, s.Log))
	admins := &admin.Handlers{App: s.App}
	e.POST("/lang", admins.SetLanguage)
	e.GET("/setup", admins.SetupForm)
	e.POST("/setup", admins.Setup)
	e.GET("/login", admins.LoginForm)
	e.POST("/login", admins.Login)
	e.GET("/calc", calcs.Calculator, s.gates.Calc)
	// The public pages and their JSON twins read what may lag behind the latest commit: a
	// streaming replica may answer them (site.MayLag; issue 38; the phones' polls too:
	// table.Handlers.State).
	lags := site.MayLag
	e.GET("/p/:id", s.public.Tables, lags)
	e.GET("/p/:id/standings", s.public.Standings, lags)
	e.GET("/p/:id/players/:eid", s.public.Player, lags)
	e.GET("/p/:id/bracket", s.public.Bracket, lags)
	e.GET("/p/:id/projector/:view", s.public.Projector, lags)
	e.GET("/p/:id/projector/:view/live", s.public.ProjectorLive, lags)
	e.GET("/p/:id/qr.svg", s.public.QR, lags)
	// Seasons' public pages (issue 22): a published season's standings, a player's line,
	// the projector.
	e.GET("/p/seasons/:id", s.public.Season, lags)
	e.GET("/p/seasons/:id/players/:pid", s.public.SeasonPlayer, lags)
	e.GET("/p/seasons/:id/projector", s.public.SeasonProjector, lags)
	e.GET("/p/seasons/:id/projector/live", s.public.SeasonProjectorLive, lags)
	// A player's public profile across clubs (issue 38), by their national record.
	nats := &national.Handlers{App: s.App}
	e.GET("/p/players/:id", nats.Profile, lags)
	// A club's public site (issue 38): its page, the public pages of its tournaments and
	// seasons (one of another club is not found); the /p/ paths above serve every club.
	e.GET("/c/:slug", s.public.ClubHome, s.gates.ClubPage, lags)
	for _, r := range []struct {
		path   string
		h      echo.HandlerFunc
		season bool
	}{
		{"/p/:id", s.public.Tables, false}, {"/p/:id/standings", s.public.Standings, false},
		{"/p/:id/players/:eid", s.public.Player, false}, {"/p/:id/bracket", s.public.Bracket, false},
		{"/p/:id/projector/:view", s.public.Projector, false}, {"/p/:id/projector/:view/live", s.public.ProjectorLive, false},
		{"/p/:id/qr.svg", s.public.QR, false},
		{"/p/seasons/:id", s.public.Season, true}, {"/p/seasons/:id/players/:pid", s.public.SeasonPlayer, true},
		{"/p/seasons/:id/projector", s.public.SeasonProjector, true}, {"/p/seasons/:id/projector/live", s.public.SeasonProjectorLive, true},
	} {
		e.GET("/c/:slug"+r.path, s.public.InClub(r.h, r.season), s.gates.ClubPage, lags)
	}
	// The national ranking (issue 38): public, kept per revision; its CSV.
	ranks := &ranking.Handlers{App: s.App, TTL: s.public.Cache.TTL}
	e.GET("/p/ranking", ranks.Public, lags)
	e.GET("/p/ranking.csv", ranks.CSV, lags)
	// Table reporting (issue 21): a table's page for its players, by its code, no login
	// (CSRF as on every form).
	tables := s.tables
	e.GET("/t", tables.Enter)
	e.GET("/t/:code", tables.Show)
	e.GET("/t/:code/state", tables.State)
	e.POST("/t/:code/preview", tables.Preview)
	e.POST("/t/:code/report", tables.Report)
	e.POST("/t/:code/confirm", tables.Confirm)

	// Director pages carry their middleware route by route: a group with middleware
	// would catch every unknown path too and send it to the login page, not to a 404.
	d := directorRoutes{e, s.gates.Director, s.bodies}
	d.GET("/", admins.Home)
	d.POST("/logout", admins.Logout)
	regs := &registry.Handlers{App: s.App}
	d.GET("/players", regs.List)
	d.GET("/players/new", regs.New)
	d.POST("/players", regs.Create)
	d.GET("/players/:id/edit", regs.Edit)
	d.POST("/players/:id", regs.Update)
	d.POST("/players/:id/deactivate", regs.Deactivate)
	d.POST("/players/:id/activate", regs.Activate)
	d.GET("/players/:id/merge", regs.MergeForm)
	d.POST("/players/:id/merge", regs.Merge)
	d.GET("/players/import", regs.ImportForm)
	d.POST("/players/import/preview", regs.ImportPreview)
	d.POST("/players/import", regs.Import)
	d.GET("/players/export.csv", regs.Export)
	d.GET("/players/:id", regs.Show) // a player's history (issue 22)
	tourns := &tournaments.Handlers{App: s.App}
	d.GET("/tournaments", tourns.List)
	d.GET("/tournaments/new", tourns.New)
	exps := &exports.Handlers{App: s.App}
	d.GET("/tournaments/import", exps.ImportForm)
	d.POST("/tournaments/import", exps.Import)
	d.GET("/backup", exps.Backup)
	d.GET("/tournaments/:id/export", exps.Page)
	d.GET("/tournaments/:id/export.json", exps.JSON)
	d.GET("/tournaments/:id/standings.:ext", exps.Standings)
	d.GET("/tournaments/:id/federation.csv", exps.TournamentFederation)
	d.GET("/tournaments/:id/rounds/:n/tables.:ext", exps.Tables)
	d.GET("/tournaments/:id/rounds/:n/results.:ext", exps.Results)
	d.POST("/tournaments", tourns.Create)
	d.GET("/tournaments/:id", tourns.Show)
	d.GET("/tournaments/:id/edit", tourns.Edit)
	d.POST("/tournaments/:id", tourns.Update)
	ents := &entries.Handlers{App: s.App}
	d.GET("/tournaments/:id/entries", ents.List)
	d.GET("/tournaments/:id/entries/search", ents.Search)
	d.POST("/tournaments/:id/entries", ents.Add)
	d.POST("/tournaments/:id/entries/new", ents.AddNew)
	d.POST("/tournaments/:id/entries/present", ents.MarkAllPresent)
	d.GET("/tournaments/:id/entries/pick", ents.PickPairPlayer)
	d.POST("/tournaments/:id/pairs", ents.AddPair)
	d.GET("/tournaments/:id/entries/import", ents.ImportForm)
	d.POST("/tournaments/:id/entries/import/preview", ents.ImportPreview)
	d.POST("/tournaments/:id/entries/import", ents.Import)
	d.POST("/tournaments/:id/entries/:eid", ents.Set)
	d.POST("/tournaments/:id/entries/:eid/missed", ents.AwardMissed)
	d.POST("/tournaments/:id/entries/:eid/remove", ents.Remove)
	d.POST("/tournaments/:id/publish", tourns.Publish)
	d.GET("/tournaments/:id/qr.svg", s.public.DirectorQR)
	d.GET("/tournaments/:id/tent", s.public.TableTent)
	d.POST("/tournaments/:id/rounds/:n/clock", tourns.SetClock)
	d.POST("/tournaments/:id/draw", tourns.Draw)
	d.GET("/tournaments/:id/draw", page.UpOne) // a refused draw renders at its POST address: reloading or switching language lands here
	d.POST("/tournaments/:id/rounds/:n/undo", tourns.UndoDraw)
	stands := &standings.Handlers{App: s.App}
	d.GET("/tournaments/:id/standings", stands.Show)
	d.GET("/tournaments/:id/bracket", tourns.Bracket)
	d.GET("/tournaments/:id/stages/new", tourns.ConfirmStage)
	d.GET("/tournaments/:id/stages/:seq", tourns.StageSheets)
	d.POST("/tournaments/:id/stages", tourns.StartStage)
	roundh := &rounds.Handlers{App: s.App}
	d.GET("/tournaments/:id/rounds/:n", roundh.Show)
	d.GET("/tournaments/:id/rounds/:n/print", roundh.TableList)
	d.GET("/tournaments/:id/rounds/:n/sheets", roundh.Sheets)
	d.GET("/tournaments/:id/rounds/:n/cards", roundh.Cards)
	// Mitchell: the movement's guide cards, one per table.
	d.GET("/tournaments/:id/rounds/:n/guide", roundh.Guide)
	d.GET("/tournaments/:id/rounds/:n/seats", roundh.Seats)
	d.GET("/tournaments/:id/rounds/:n/order", stands.PairingOrder)
	d.POST("/tournaments/:id/rounds/:n/seats", roundh.OverrideSeats)
	// Table reporting: the round page's live part and the director's queue.
	d.GET("/tournaments/:id/rounds/:n/live", roundh.Live)
	d.POST("/tournaments/:id/rounds/:n/reports/accept", roundh.AcceptAll)
	d.POST("/tournaments/:id/rounds/:n/reports/unblock", roundh.Unblock)
	d.POST("/tournaments/:id/rounds/:n/reports/:rid/accept", roundh.Accept)
	d.POST("/tournaments/:id/rounds/:n/reports/:rid/reject", roundh.Reject)
	d.POST("/tournaments/:id/reporting", tourns.SetReporting)
	sheeth := &sheets.Handlers{App: s.App}
	d.GET("/tournaments/:id/rounds/:n/tables/:t", sheeth.Form)
	d.POST("/tournaments/:id/rounds/:n/tables/:t", sheeth.Save)
	d.POST("/tournaments/:id/rounds/:n/tables/:t/preview", sheeth.Preview)
	d.POST("/tournaments/:id/rounds/:n/tables/:t/switch", sheeth.Switch)
	d.GET("/tournaments/:id/rounds/:n/tables/:t/switch", page.UpOne)
	histh := &history.Handlers{App: s.App}
	d.GET("/tournaments/:id/rounds/:n/tables/:t/history", histh.Show)
	d.GET("/tournaments/:id/history", histh.Show)
	d.POST("/tournaments/:id/history/:seq/undo", histh.Undo)
	d.POST("/tournaments/:id/rounds/:n/lock", histh.Lock(true))
	d.POST("/tournaments/:id/rounds/:n/unlock", histh.Lock(false))
	d.GET("/scales", scaleh.List)
	d.GET("/scales/new", scaleh.New)
	d.POST("/scales", scaleh.Save)
	d.POST("/scales/preview", scaleh.Preview)
	d.GET("/scales/import", scaleh.ImportForm)
	d.POST("/scales/import", scaleh.Import)
	d.GET("/scales/:id", scaleh.Show)
	d.GET("/scales/:id/edit", scaleh.Edit)
	d.POST("/scales/:id", scaleh.Save)
	d.POST("/scales/:id/copy", scaleh.Copy)
	d.POST("/scales/:id/delete", scaleh.Delete)
	d.GET("/scales/:id/export.:format", scaleh.Export)
	d.GET("/directors", admins.Directors)
	d.POST("/directors", admins.CreateDirector)
	// The national registry (issue 38): a federation officer's pages (each handler checks
	// the role until the tenancy middleware does).
	d.GET("/national", nats.List)
	d.POST("/national/unlinked/:id/link", nats.Link)
	d.GET("/national/players/:id", nats.Show)
	d.POST("/national/players/:id", nats.Update)
	d.POST("/national/players/:id/merge", nats.Merge)
	d.POST("/national/players/:id/erase", nats.Erase)
	// Seasons (issue 22): the director's pages, the standings' downloads.
	seas := &seasons.Handlers{App: s.App}
	d.GET("/seasons", seas.List)
	d.GET("/seasons/new", seas.New)
	d.POST("/seasons", seas.Create)
	d.GET("/seasons/:id", seas.Show)
	d.GET("/seasons/:id/edit", seas.Edit)
	d.POST("/seasons/:id", seas.Update)
	d.POST("/seasons/:id/tournaments", seas.AddTournament)
	d.POST("/seasons/:id/tournaments/:tid/remove", seas.RemoveTournament)
	d.POST("/seasons/:id/publish", seas.Publish)
	d.POST("/seasons/:id/delete", seas.Delete)
	d.GET("/seasons/:id/standings.:ext", exps.SeasonStandings)
	d.GET("/seasons/:id/federation.csv", exps.SeasonFederation)
	d.GET("/ranking/settings", ranks.Settings)
	d.POST("/ranking/settings", ranks.SaveSettings)
	d.POST("/ranking/rebuild", ranks.Rebuild)
	d.GET("/account", admins.Account)
	d.POST("/account/password", admins.ChangePassword)
	d.GET("/tokens", admins.Tokens)
	d.POST("/tokens", admins.CreateToken)
	d.POST("/tokens/:id/revoke", admins.RevokeToken)
	// Teams (issue 23): forming teams, their import, a team's page, each round's line-ups.
	d.POST("/tournaments/:id/teams", ents.AddTeam)
	d.GET("/tournaments/:id/teams/pick", ents.PickTeamPlayer)
	d.GET("/tournaments/:id/teams/import", ents.TeamImportForm)
	d.POST("/tournaments/:id/teams/import/preview", ents.TeamImportPreview)
	d.POST("/tournaments/:id/teams/import", ents.TeamImport)
	d.GET("/tournaments/:id/teams/:eid/edit", ents.EditTeamForm)
	d.POST("/tournaments/:id/teams/:eid", ents.EditTeam)
	// Clubs (issue 38): every director's club switch; a federation officer's club pages.
	clubh := &clubs.Handlers{App: s.App}
	d.POST("/club", clubh.Switch)
	o := directorRoutes{e, func(next echo.HandlerFunc) echo.HandlerFunc { return s.gates.Director(page.Officer(next)) }, s.bodies}
	o.GET("/clubs", clubh.List)
	o.POST("/clubs", clubh.Create)
	o.GET("/clubs/:id", clubh.Show)
	o.POST("/clubs/:id", clubh.Update)
	o.POST("/clubs/:id/directors", clubh.AddDirector)
	o.POST("/clubs/:id/directors/new", clubh.CreateDirector)
	o.POST("/clubs/:id/directors/:did/remove", clubh.RemoveDirector)
	teamh := &teams.Handlers{App: s.App}
	d.GET("/tournaments/:id/teams/:eid", teamh.Team)
	d.GET("/tournaments/:id/rounds/:n/lineups", teamh.Lineups)
	d.POST("/tournaments/:id/rounds/:n/lineups/:team", teamh.SaveLineup)

	apih := &api.Handlers{App: s.App}
	e.GET("/api/v1/openapi.json", api.ServeOpenAPI)
	e.POST("/api/v1/setup", apih.Setup)
	e.POST("/api/v1/login", apih.Login)
	e.POST("/api/v1/calc/hand", apih.CalcHand)
	e.GET("/api/v1/calc/vp", apih.CalcVP, s.gates.Calc)
	e.GET("/api/v1/public/tournaments/:id", s.public.APITournament, lags)
	e.GET("/api/v1/public/tournaments/:id/standings", s.public.APIStandings, lags)
	e.GET("/api/v1/public/tournaments/:id/players/:eid", s.public.APIPlayer, lags)
	e.GET("/api/v1/public/tournaments/:id/bracket", s.public.APIBracket, lags)
	// Table reporting (issue 21): a table by its code, public; the director's queue.
	e.GET("/api/v1/t/:code", apih.TableByCode)
	e.POST("/api/v1/t/:code/report", apih.ReportTable)
	e.POST("/api/v1/t/:code/confirm", apih.ConfirmReport)
	a := apiRoutes{e.Group("/api/v1", s.gates.Token), s.bodies, nil}
	a.GET("/tournaments/:id/reporting", apih.GetReporting)
	a.PUT("/tournaments/:id/reporting", apih.SetReporting)
	a.GET("/tournaments/:id/rounds/:n/codes", apih.TableCodes)
	a.GET("/tournaments/:id/rounds/:n/reports", apih.ReportQueue)
	a.POST("/tournaments/:id/rounds/:n/reports/accept", apih.AcceptConfirmed)
	a.POST("/tournaments/:id/rounds/:n/reports/unblock", apih.Unblock)
	a.POST("/tournaments/:id/reports/:rid/accept", apih.AcceptReport)
	a.POST("/tournaments/:id/reports/:rid/reject", apih.RejectReport)
	a.GET("/players", apih.ListPlayers)
	a.POST("/players", apih.CreatePlayer)
	a.GET("/players/export", apih.ExportPlayers)
	a.POST("/players/import", apih.ImportPlayers)
	a.GET("/players/:id", apih.GetPlayer)
	a.PUT("/players/:id", apih.UpdatePlayer)
	a.POST("/players/:id/deactivate", apih.DeactivatePlayer)
	a.POST("/players/:id/activate", apih.ActivatePlayer)
	a.POST("/players/:id/merge", apih.MergePlayers)
	a.GET("/tournaments", apih.ListTournaments)
	a.POST("/tournaments", apih.CreateTournament)
	a.GET("/tournaments/:id", apih.GetTournament)
	a.PUT("/tournaments/:id", apih.UpdateTournament)
	a.POST("/tournaments/:id/entries", apih.AddEntry)
	a.POST("/tournaments/:id/entries/batch", apih.AddEntries)
	a.POST("/tournaments/:id/entries/present", apih.MarkAllPresent)
	a.POST("/tournaments/:id/entries/import", apih.ImportPairs)
	a.POST("/tournaments/:id/entries/:eid", apih.SetEntry)
	a.POST("/tournaments/:id/entries/:eid/missed", apih.AwardMissed)
	a.DELETE("/tournaments/:id/entries/:eid", apih.RemoveEntry)
	a.PUT("/tournaments/:id/published", apih.Publish)
	a.POST("/tournaments/:id/rounds/:n/clock", apih.SetClock)
	a.POST("/tournaments/:id/draw", apih.Draw)
	a.GET("/tournaments/:id/rounds/:n", apih.GetRound)
	a.DELETE("/tournaments/:id/rounds/:n", apih.UndoDraw)
	a.PUT("/tournaments/:id/rounds/:n/seats", apih.OverrideSeats)
	a.GET("/tournaments/:id/rounds/:n/order", apih.PairingOrder)
	a.GET("/tournaments/:id/rounds/:n/tables/:t", apih.GetTable)
	a.PUT("/tournaments/:id/rounds/:n/tables/:t", apih.SaveSheet)
	a.DELETE("/tournaments/:id/rounds/:n/tables/:t", apih.ClearSheet)
	a.GET("/tournaments/:id/standings", apih.Standings)
	a.GET("/tournaments/:id/events", apih.History)
	a.GET("/tournaments/:id/history", apih.History)
	a.GET("/tournaments/:id/export", apih.ExportTournament)
	a.POST("/tournaments/import", apih.ImportTournament)
	a.GET("/backup", exps.Backup)
	a.GET("/tournaments/:id/standings.:ext", exps.Standings)
	a.GET("/tournaments/:id/rounds/:n/tables.:ext", exps.Tables)
	a.GET("/tournaments/:id/rounds/:n/results.:ext", exps.Results)
	a.POST("/tournaments/:id/history/:seq/undo", apih.Undo)
	a.POST("/tournaments/:id/rounds/:n/lock", apih.Lock(true))
	a.POST("/tournaments/:id/rounds/:n/unlock", apih.Lock(false))
	a.GET("/tournaments/:id/bracket", apih.Bracket)
	a.GET("/tournaments/:id/movement", apih.Movement) // Mitchell: the guide cards' data
	a.GET("/tournaments/:id/stages/next", apih.NextStage)
	a.POST("/tournaments/:id/stages", apih.StartStage)
	a.GET("/scales", apih.ListScales)
	a.POST("/scales", apih.CreateScale)
	a.POST("/scales/import", apih.ImportScale)
	a.GET("/scales/:id", apih.GetScale)
	a.PUT("/scales/:id", apih.UpdateScale)
	a.DELETE("/scales/:id", apih.DeleteScale)
	// Teams (issue 23): forming teams, their import, a team with its contributions, each
	// round's line-ups and matches.
	a.POST("/tournaments/:id/teams", apih.AddTeam)
	a.POST("/tournaments/:id/teams/import", apih.ImportTeams)
	a.GET("/tournaments/:id/teams/:eid", apih.Team)
	a.PUT("/tournaments/:id/teams/:eid", apih.EditTeam)
	a.GET("/tournaments/:id/rounds/:n/lineups", apih.Lineups)
	a.PUT("/tournaments/:id/rounds/:n/lineups/:team", apih.SetLineup)
	a.GET("/tournaments/:id/rounds/:n/matches", apih.Matches)
	a.POST("/scales/:id/copy", apih.CopyScale)
	a.GET("/scales/:id/export", apih.ExportScale)
	a.GET("/directors", apih.ListDirectors)
	a.POST("/directors", apih.CreateDirector)
	a.GET("/me", apih.Me)
	a.PUT("/me/password", apih.ChangePassword)
	a.GET("/me/clubs", apih.MyClubs)
	oa := apiRoutes{a.g, s.bodies, []echo.MiddlewareFunc{page.Officer}}
	oa.GET("/clubs", apih.ListClubs)
	oa.POST("/clubs", apih.CreateClub)
	oa.GET("/clubs/:id", apih.GetClub)
	oa.PUT("/clubs/:id", apih.UpdateClub)
	oa.GET("/clubs/:id/directors", apih.ClubDirectors)
	oa.POST("/clubs/:id/directors", apih.AddClubDirector)
	oa.POST("/clubs/:id/directors/new", apih.CreateClubDirector)
	oa.DELETE("/clubs/:id/directors/:did", apih.RemoveClubDirector)
	a.GET("/tokens", apih.ListTokens)
	a.POST("/tokens", apih.CreateToken)
	a.DELETE("/tokens/:id", apih.RevokeToken)

	// The national registry (issue 38): a federation officer's (each handler checks the
	// role until the tenancy middleware does), and a player's public profile.
	e.GET("/api/v1/public/players/:id", apih.PublicProfile)
	a.GET("/national/players", apih.ListNationals)
	a.GET("/national/players/:id", apih.GetNational)
	a.PUT("/national/players/:id", apih.UpdateNational)
	a.POST("/national/players/:id/merge", apih.MergeNationals)
	a.POST("/national/players/:id/erase", apih.EraseNational)
	a.GET("/national/unlinked", apih.ListUnlinked)
	a.POST("/national/unlinked/:id/link", apih.LinkNational)
	a.GET("/national/log", apih.GetNationalLog)

	// Seasons (issue 22): a club championship, player history, the federation's files.
	e.GET("/api/v1/public/seasons/:id", apih.PublicSeason, lags)
	a.GET("/seasons", apih.ListSeasons)
	a.POST("/seasons", apih.CreateSeason)
	a.GET("/seasons/:id", apih.GetSeason)
	a.PUT("/seasons/:id", apih.UpdateSeason)
	a.DELETE("/seasons/:id", apih.DeleteSeason)
	a.PUT("/seasons/:id/published", apih.PublishSeason)
	a.POST("/seasons/:id/tournaments", apih.AddSeasonTournament)
	a.DELETE("/seasons/:id/tournaments/:tid", apih.RemoveSeasonTournament)
	a.GET("/seasons/:id/standings", apih.SeasonStandings)
	a.GET("/seasons/:id/federation.csv", apih.SeasonFederationCSV)
	a.POST("/seasons/:id/import", apih.ImportIntoSeason)
	a.GET("/tournaments/:id/federation.csv", apih.TournamentFederationCSV)
	a.GET("/players/:id/history", apih.PlayerHistory)

	// The results' way to the hub (issue 39): the hub's intake and linking (no session:
	// the signature, the code, authenticate), the club's laptops, the laptop's link and
	// outbox; the pages of both sides.
	e.POST("/api/v1/sync/results", apih.SyncResults)
	s.bodies.Set("POST", "/api/v1/sync/results", tsync.MaxBody)
	e.POST("/api/v1/sync/link", apih.SyncLink)
	a.POST("/sync/codes", apih.CreateLinkCode)
	a.GET("/sync/keys", apih.ListClubKeys)
	a.DELETE("/sync/keys/:id", apih.RevokeClubKey)
	a.GET("/sync/hub", apih.GetHubLink)
	a.PUT("/sync/hub", apih.SetHubLink)
	a.GET("/sync/states", apih.SyncStates)
	synch := &syncpages.Handlers{App: s.App}
	d.GET("/sync", synch.Show)
	d.POST("/sync/codes", synch.MakeCode)
	d.POST("/sync/keys/:id/revoke", synch.Revoke)
	d.POST("/sync/hub", synch.Link)
	// The national ranking (issue 38): public, with a token, an officer's settings.
	e.GET("/api/v1/public/ranking", apih.PublicRanking, lags)
	a.GET("/ranking", apih.Ranking)
	a.GET("/ranking/settings", apih.RankingSettings)
	a.PUT("/ranking/settings", apih.SaveRankingSettings)
	a.POST("/ranking/rebuild", apih.RebuildRanking)

	// Routes that take a file: the largest bodies (every other director route takes
	// site.FormBody, every route open to all site.SmallBody).
	for _, r := range []string{
		"POST /players/import/preview", "POST /players/import", "POST /tournaments/import",
		"POST /tournaments/:id/entries/import/preview", "POST /tournaments/:id/entries/import",
		"POST /tournaments/:id/teams/import/preview", "POST /tournaments/:id/teams/import",
		"POST /scales/import",
		"POST /api/v1/players/import", "POST /api/v1/tournaments/import", "POST /api/v1/tournaments/:id/entries/import",
		"POST /api/v1/tournaments/:id/teams/import", "POST /api/v1/scales/import", "POST /api/v1/seasons/:id/import",
	} {
		method, path, _ := strings.Cut(r, " ")
		if !slices.ContainsFunc(e.Routes(), func(rt *echo.Route) bool { return rt.Method == method && rt.Path == path }) {
			panic("views: an import route that is not routed: " + r)
		}
		s.bodies.Set(method, path, site.ImportBody)
	}
}

// directorRoutes registers routes behind one middleware without catching unknown
// paths, each taking a director's body (site.FormBody).
type directorRoutes struct {
	e      *echo.Echo
	mw     echo.MiddlewareFunc
	bodies *site.Bodies
}

func (d directorRoutes) GET(path string, h echo.HandlerFunc) { d.e.GET(path, h, d.mw) }
func (d directorRoutes) POST(path string, h echo.HandlerFunc) {
	d.e.POST(path, h, d.mw)
	d.bodies.Set("POST", path, site.FormBody)
}

// apiRoutes registers the API's routes behind the token, each taking a director's body.
type apiRoutes struct {
	g      *echo.Group
	bodies *site.Bodies
	mw     []echo.MiddlewareFunc // after the token's (an officer's routes: page.Officer)
}

func (a apiRoutes) add(method, path string, h echo.HandlerFunc) {
	a.g.Add(method, path, h, a.mw...)
	a.bodies.Set(method, "/api/v1"+path, site.FormBody)
}
func (a apiRoutes) GET(path string, h echo.HandlerFunc)    { a.g.GET(path, h, a.mw...) }
func (a apiRoutes) POST(path string, h echo.HandlerFunc)   { a.add("POST", path, h) }
func (a apiRoutes) PUT(path string, h echo.HandlerFunc)    { a.add("PUT", path, h) }
func (a apiRoutes) DELETE(path string, h echo.HandlerFunc) { a.add("DELETE", path, h) }
