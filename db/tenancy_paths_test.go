package db_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tenantChecks are db/tenancy.go's functions: calling one is asking the tenancy check.
var tenantChecks = []string{"tenant", "tenantFederation", "tenantNew", "tenantFilter", "tenantAnd", "tenantWhere", "tenantTournament",
	"tenantPlayer", "tenantSeason", "tenantScale", "tenantImport", "tenantWhole"}

// globalMethods are the store's exported methods that take a context and reach no club's
// data, so they ask no tenancy check, each with why.
var globalMethods = map[string]string{
	"Ping":                   "the database's health, no data",
	"WaitReplica":            "the replica's replay of a commit: no data",
	"Migrate":                "migrations: the whole schema, run by the app itself",
	"SchemaVersion":          "migrations: the schema's version",
	"AppliedMigrations":      "migrations: the list applied",
	"CountDirectors":         "auth: whether the setup is done (accounts are the deployment's, not a club's)",
	"CreateFirstDirector":    "auth: the setup's officer, member of club 1",
	"CreateDirector":         "auth: an account; its membership is the creator's current club (scopeOf)",
	"FindDirector":           "auth: an account by ID",
	"FindDirectorByUsername": "auth: the login's lookup",
	"ListDirectors":          "auth: the accounts (a club's own are ClubDirectors)",
	"SetPassword":            "auth: one's own password",
	"CreateSession":          "auth: sessions",
	"SessionDirector":        "auth: sessions (every request, before a scope exists)",
	"DeleteSession":          "auth: sessions",
	"CreateToken":            "auth: one's own API tokens",
	"ListTokens":             "auth: one's own API tokens",
	"RevokeToken":            "auth: one's own API tokens",
	"SessionDirectorStamp":   "auth: a session with a tournament's stamp and club, read before a scope exists; the web layer's scope drops a stamp of a club it may not read (views/site/scope.go, TestAuthorisationMatrix)",
	"TokenDirectorStamp":     "auth: as SessionDirectorStamp, for an API token",
	"TokenDirector":          "auth: API tokens (every API call, before a scope exists)",
	"SessionDirectorStamp":   "auth: SessionDirector with a tournament's stamp and club read ahead; the web layer's scope drops a stamp of a club it may not read (site.Gates.scope), and the read itself goes to the store's checked methods",
	"TokenDirectorStamp":     "auth: TokenDirector with a tournament's stamp and club read ahead, dropped as SessionDirectorStamp's",
	"RecordLoginFailure":     "auth: the login throttle, keyed by name and address",
	"LoginFailureTimes":      "auth: the login throttle",
	"ClearLoginFailures":     "auth: the login throttle",
	"FindKey":                "idempotency keys: keyed by the director who sent them, no club data",
	"Failures":               "the table codes' PIN throttle, keyed by code and address",
	"ClearFailures":          "the table codes' PIN throttle",
	"Fail":                   "the table codes' PIN throttle",
	"Forget":                 "the table codes' PIN throttle",
	"CreateClub":             "the clubs themselves: the federation's, changed only by an officer (clubs.Service)",
	"UpdateClub":             "the clubs themselves (officer only, clubs.Service)",
	"ListClubs":              "the clubs themselves: names and slugs are public (/c/{slug})",
	"FindClub":               "the clubs themselves: public",
	"FindClubBySlug":         "the clubs themselves: public",
	"AddClubDirector":        "memberships: officer only (clubs.Service)",
	"RemoveClubDirector":     "memberships: officer only (clubs.Service)",
	"ClubDirectors":          "memberships: who runs a club",
	"ClubsOf":                "memberships: the clubs of a director, read to build their scope",
	"SetRole":                "roles: officer only (clubs.Service)",
	"RedeemLinkCode":         "a link code is its own authentication and names its club (tournament/relay): no session's scope applies",
	"HubLink":                "the laptop's link to its hub (tournament/relay): the installation's, one club's laptop",
	"SetHubLink":             "the laptop's link to its hub (tournament/relay): the installation's",
	"TouchHubLink":           "the laptop's link to its hub (tournament/relay): the installation's",
	"Unqueued":               "the laptop's outbox (tournament/relay): the installation's worker, one club's laptop",
	"Enqueue":                "the laptop's outbox (tournament/relay): the installation's worker",
	"Due":                    "the laptop's outbox (tournament/relay): the installation's worker",
	"Attempt":                "the laptop's outbox (tournament/relay): the installation's worker",
	"Answer":                 "the laptop's outbox (tournament/relay): the installation's worker",
	"Outbox":                 "the laptop's outbox (tournament/relay): the installation's list of states",
	"DirectorRole":           "auth: a director's role, read to decide what an officer may do",
	"LaptopKey":              "the laptop's own key pair (tournament/sync): the installation's, no club's data",
	// The national ranking (issue 38): the federation's, across every club; written only
	// by the ranking's worker (a System scope) and by an officer (rankings.Service.CheckOfficer).
	"RankingState":        "the national ranking's row: the federation's settings and revision",
	"SaveRankingSettings": "the national ranking's settings: officer only (rankings.Service.CheckOfficer)",
	"RankingLock":         "the ranking worker's lock: no data",
	"RankingChanges":      "the ranking's worker: every club's tournaments' stamps (a System scope)",
	"NationalIDs":         "the ranking's worker: the national ids of an evening's players (a System scope)",
	"RankTournament":      "the ranking's worker: one evening's national results (a System scope)",
	"RecomputeRanking":    "the ranking's worker: every national result (a System scope)",
	"RankingNational":     "the ranking's worker: the registry's stamp (a System scope)",
	"RankingLines":        "the national ranking: public, every club's players by their national record",
	"RankingResults":      "the national ranking: a national player's results",
	"RankingClubs":        "the national ranking's filter: club names are public",
	"ForgetRanking":       "the national ranking: a rebuild, officer only (rankings.Service.CheckOfficer)",
}

// TestEveryStoreMethodChecksTheTenant: every exported method of DB that takes a context
// calls the tenancy check (a function of db/tenancy.go, or another exported method that
// does), or is listed in globalMethods with its reason — so a store method added later
// cannot reach a club's data without the scope's check unnoticed.
func TestEveryStoreMethodChecksTheTenant(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	calls := map[string][]string{} // exported method → the d.X it calls
	checks := map[string]bool{}    // exported method → calls a tenant function itself
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		require.NoError(t, err)
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil || fn.Recv == nil || !fn.Name.IsExported() || !takesContext(fn) {
				continue
			}
			if star, ok := fn.Recv.List[0].Type.(*ast.StarExpr); !ok || star.X.(*ast.Ident).Name != "DB" {
				continue
			}
			name := fn.Name.Name
			calls[name] = nil
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					if sel, ok := c.Fun.(*ast.SelectorExpr); ok {
						if id, ok := sel.X.(*ast.Ident); ok && id.Name == "d" {
							if slices.Contains(tenantChecks, sel.Sel.Name) {
								checks[name] = true
							}
							calls[name] = append(calls[name], sel.Sel.Name)
						}
					}
				}
				return true
			})
		}
	}
	require.NotEmpty(t, calls)
	// A method calling a checked exported method is checked (LoadTable → LoadStageTable).
	for changed := true; changed; {
		changed = false
		for m, cs := range calls {
			if checks[m] {
				continue
			}
			for _, c := range cs {
				if checks[c] {
					checks[m], changed = true, true
					break
				}
			}
		}
	}
	var skipping []string
	for m := range calls {
		if !checks[m] && globalMethods[m] == "" {
			skipping = append(skipping, m)
		}
	}
	slices.Sort(skipping)
	assert.Empty(t, skipping, "these store methods reach data without the tenancy check (db/tenancy.go): call it, or list them in globalMethods with why they are global")
	for m := range globalMethods {
		_, ok := calls[m]
		assert.True(t, ok, "globalMethods lists %s, which is no exported DB method taking a context", m)
		assert.False(t, checks[m], "globalMethods lists %s, which checks the tenant: take it off the list", m)
	}
	for _, must := range []string{"Load", "Update", "ListTournaments", "FindPlayer", "AllPlayers", "Season", "Seasons", "FindScale",
		"ListScales", "Export", "Import", "ImportCopy", "WriteImport", "Backup", "LoadTable"} {
		assert.True(t, checks[must], "%s is seen to check the tenant", must)
	}
}

// takesContext reports whether a function's first parameter is a context.Context.
func takesContext(fn *ast.FuncDecl) bool {
	ps := fn.Type.Params.List
	if len(ps) == 0 {
		return false
	}
	sel, ok := ps[0].Type.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Context"
}
