package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// OpenAPI is an OpenAPI 3.1 document, with only the parts this API uses.
type OpenAPI struct {
	OpenAPI    string                `json:"openapi"`
	Info       Info                  `json:"info"`
	Servers    []Server              `json:"servers"`
	Security   []SecurityRequirement `json:"security"`
	Tags       []Tag                 `json:"tags"`
	Paths      map[string]PathItem   `json:"paths"`
	Components Components            `json:"components"`
}

// Info names the API.
type Info struct {
	Title       string `json:"title"`
	Version     string `json:"version"`
	Description string `json:"description"`
}

// Server is where the API is served, relative to the document.
type Server struct {
	URL string `json:"url"`
}

// Tag groups operations by resource.
type Tag struct {
	Name string `json:"name"`
}

// SecurityRequirement names the security schemes an operation needs.
type SecurityRequirement map[string][]string

// PathItem is one path's operations by method (lower case).
type PathItem map[string]*Operation

// Operation is one method on one path.
type Operation struct {
	OperationID string                 `json:"operationId"`
	Summary     string                 `json:"summary"`
	Tags        []string               `json:"tags"`
	Parameters  []Parameter            `json:"parameters,omitempty"`
	RequestBody *RequestBody           `json:"requestBody,omitempty"`
	Responses   map[string]*Response   `json:"responses"`
	Security    *[]SecurityRequirement `json:"security,omitempty"`
}

// Parameter is a path, query or header parameter.
type Parameter struct {
	Name        string  `json:"name"`
	In          string  `json:"in"`
	Description string  `json:"description,omitempty"`
	Required    bool    `json:"required,omitempty"`
	Schema      *Schema `json:"schema"`
}

// RequestBody is what an operation reads.
type RequestBody struct {
	Required bool                 `json:"required"`
	Content  map[string]MediaType `json:"content"`
}

// Response is one answer of an operation.
type Response struct {
	Description string               `json:"description"`
	Headers     map[string]Header    `json:"headers,omitempty"`
	Content     map[string]MediaType `json:"content,omitempty"`
}

// Header is a response header.
type Header struct {
	Description string  `json:"description"`
	Schema      *Schema `json:"schema"`
}

// MediaType is a body's schema under one content type.
type MediaType struct {
	Schema *Schema `json:"schema"`
}

// Components are the schemas bodies refer to and the security schemes.
type Components struct {
	Schemas         map[string]*Schema        `json:"schemas"`
	SecuritySchemes map[string]SecurityScheme `json:"securitySchemes"`
}

// SecurityScheme is how a client authenticates.
type SecurityScheme struct {
	Type        string `json:"type"`
	Scheme      string `json:"scheme"`
	Description string `json:"description"`
}

// The content types of the bodies that are not JSON.
const (
	mimeJSON   = "application/json"
	mimeCSV    = "text/csv"
	mimePDF    = "application/pdf"
	mimeSQLite = "application/vnd.sqlite3"
	mimeForm   = "multipart/form-data"
)

// op describes one operation of the API: its route, what it reads, what it answers.
type op struct {
	method, path string // as echo routes it, under /api/v1: "/players/:id"
	id, summary  string
	tag          string
	public       bool         // no token needed
	query        []Parameter  // query parameters
	ifMatch      bool         // reads If-Match (a version)
	idempotent   bool         // a create or an import: reads Idempotency-Key
	body         reflect.Type // a JSON body (nil: none)
	bodyOptional bool
	bodyMedia    []string // other content types of the body (CSV…)
	answers      []answerSpec
	conflict     []reflect.Type // 409s with more than the error shape
	refused      reflect.Type   // a 422 with more than the error shape
	signed       bool           // reads the Burraco-Signature header (a results document)
}

// answerSpec is one successful answer.
type answerSpec struct {
	status int
	body   reflect.Type // a JSON body; nil with media for a file, nil alone for none
	media  []string
	etag   bool
}

func ok[T any](status int) answerSpec { return answerSpec{status: status, body: reflect.TypeFor[T]()} }

func tagged[T any](status int) answerSpec {
	return answerSpec{status: status, body: reflect.TypeFor[T](), etag: true}
}

func files(media ...string) answerSpec { return answerSpec{status: http.StatusOK, media: media} }

func none() answerSpec { return answerSpec{status: http.StatusNoContent} }

func body[T any]() reflect.Type { return reflect.TypeFor[T]() }

func q(name, typ, desc string) Parameter {
	return Parameter{Name: name, In: "query", Description: desc, Schema: &Schema{Type: Types{typ}}}
}

// qRequired makes a query parameter required.
func qRequired(p Parameter) Parameter {
	p.Required = true
	return p
}

// qRange is an integer query parameter from lo to hi.
func qRange(name, desc string, lo, hi int) Parameter {
	return Parameter{Name: name, In: "query", Description: desc, Schema: &Schema{Type: Types{"integer"}, Minimum: &lo, Maximum: &hi}}
}

func qEnum(name, desc string, values ...string) Parameter {
	return Parameter{Name: name, In: "query", Description: desc, Schema: &Schema{Type: Types{"string"}, Enum: values}}
}

var (
	stageQ   = q("stage", "integer", "an earlier stage's number (default: the current stage)")
	confirmQ = q("confirm", "string", "true imports; anything else only previews")
)

// operations are every /api/v1 route: views/server.go's routes() registers them.
var operations = []op{
	{method: "POST", path: "/setup", id: "setup", summary: "Create the first director and a token", tag: "auth", public: true,
		body: body[dto.DirectorInput](), answers: []answerSpec{ok[dto.Setup](201)}},
	{method: "POST", path: "/login", id: "login", summary: "Log in: a new token", tag: "auth", public: true,
		body: body[dto.LoginInput](), answers: []answerSpec{ok[dto.NewToken](201)}},
	{method: "POST", path: "/calc/hand", id: "calcHand", summary: "Score one hand", tag: "calc", public: true,
		body: body[dto.CalcHandInput](), answers: []answerSpec{ok[dto.CalcHand](200)}},
	{method: "GET", path: "/calc/vp", id: "calcVP", summary: "Convert an MP difference into VP", tag: "calc", public: true,
		query:   []Parameter{qRequired(qRange("scale_id", "the scale", 1, math.MaxInt32)), qRequired(q("diff", "integer", "the MP difference"))},
		answers: []answerSpec{ok[dto.CalcVP](200)}},
	{method: "GET", path: "/public/tournaments/:id", id: "publicTournament", summary: "A published tournament and its current round", tag: "public", public: true,
		query: []Parameter{q("lang", "string", "the language (it, en)")}, answers: []answerSpec{ok[dto.PublicTournament](200)}},
	{method: "GET", path: "/public/tournaments/:id/standings", id: "publicStandings", summary: "A published tournament's standings", tag: "public", public: true,
		query: []Parameter{q("lang", "string", "the language (it, en)")}, answers: []answerSpec{ok[dto.PublicStandings](200)}},
	{method: "GET", path: "/public/tournaments/:id/players/:eid", id: "publicPlayer", summary: "An entry's page of a published tournament", tag: "public", public: true,
		query: []Parameter{q("lang", "string", "the language (it, en)")}, answers: []answerSpec{ok[dto.PublicPlayer](200)}},
	{method: "GET", path: "/public/tournaments/:id/bracket", id: "publicBracket", summary: "A published knockout's bracket", tag: "public", public: true,
		query: []Parameter{q("lang", "string", "the language (it, en)")}, answers: []answerSpec{ok[dto.PublicBracket](200)}},

	{method: "GET", path: "/public/players/:id", id: "publicProfile", summary: "A player's public profile across clubs (404 when their name is hidden)", tag: "public", public: true,
		answers: []answerSpec{ok[dto.PublicProfile](200)}},
	{method: "GET", path: "/national/players", id: "listNationals", summary: "The national registry, a page at a time (federation officers)", tag: "national",
		query: []Parameter{q("q", "string", "search by name or card"), qRange("page", "from 1", 1, page.MaxPage),
			qRange("per_page", "default 50", 1, page.MaxPerPage)},
		answers: []answerSpec{ok[dto.NationalList](200)}},
	{method: "GET", path: "/national/players/:id", id: "getNational", summary: "A national record, its club players and its evenings in every club", tag: "national",
		answers: []answerSpec{tagged[dto.NationalDetail](200)}},
	{method: "PUT", path: "/national/players/:id", id: "updateNational", summary: "Change a national record's names, region, birth date and visibility", tag: "national", ifMatch: true,
		body: body[dto.NationalInput](), answers: []answerSpec{tagged[dto.National](200)}, conflict: []reflect.Type{body[dto.NationalConflict]()}},
	{method: "POST", path: "/national/players/:id/merge", id: "mergeNationals", summary: "Merge another national record of the same person into this one", tag: "national", ifMatch: true,
		body: body[dto.NationalMerge](), answers: []answerSpec{tagged[dto.National](200)}},
	{method: "POST", path: "/national/players/:id/erase", id: "eraseNational", summary: "Erase a person's data on request (confirm: the card number); results stay", tag: "national", ifMatch: true,
		body: body[dto.NationalErase](), answers: []answerSpec{tagged[dto.National](200)}},
	{method: "GET", path: "/national/unlinked", id: "listUnlinked", summary: "Club players linked to no national record (no card)", tag: "national",
		answers: []answerSpec{ok[dto.Unlinked](200)}},
	{method: "POST", path: "/national/unlinked/:id/link", id: "linkNational", summary: "Link a club player to a national record by hand", tag: "national",
		body: body[dto.NationalLink](), answers: []answerSpec{none()}},
	{method: "GET", path: "/national/log", id: "nationalLog", summary: "The national registry's log, newest first", tag: "national",
		query: []Parameter{qRange("limit", "default 100", 1, 500)}, answers: []answerSpec{ok[dto.NationalLog](200)}},

	{method: "GET", path: "/players", id: "listPlayers", summary: "List the registry, a page at a time", tag: "players",
		query: []Parameter{q("q", "string", "search by name, club or card"), qRange("page", "from 1", 1, page.MaxPage),
			qRange("per_page", "default 50", 1, page.MaxPerPage), q("inactive", "string", "true lists inactive players too")},
		answers: []answerSpec{ok[dto.PlayerList](200)}},
	{method: "POST", path: "/players", id: "createPlayer", idempotent: true, summary: "Register a player (409 with duplicate_of when they look like a registered one, unless new_person)", tag: "players",
		body: body[dto.PlayerCreate](), answers: []answerSpec{ok[dto.Player](201)}, conflict: []reflect.Type{body[dto.Duplicate]()}},
	{method: "GET", path: "/players/export", id: "exportPlayers", summary: "The registry as CSV", tag: "players",
		answers: []answerSpec{files(mimeCSV)}},
	{method: "POST", path: "/players/import", id: "importPlayers", idempotent: true, summary: "Preview or import players from CSV", tag: "players",
		query: []Parameter{confirmQ}, bodyMedia: []string{mimeCSV}, answers: []answerSpec{ok[dto.PlayerImport](200)}},
	{method: "GET", path: "/players/:id", id: "getPlayer", summary: "A player", tag: "players",
		answers: []answerSpec{tagged[dto.Player](200)}},
	{method: "PUT", path: "/players/:id", id: "updatePlayer", summary: "Change a player", tag: "players", ifMatch: true,
		body: body[dto.PlayerInput](), answers: []answerSpec{tagged[dto.Player](200)}, conflict: []reflect.Type{body[dto.PlayerConflict]()}},
	{method: "POST", path: "/players/:id/deactivate", id: "deactivatePlayer", summary: "Deactivate a player", tag: "players",
		answers: []answerSpec{ok[dto.Player](200)}},
	{method: "POST", path: "/players/:id/activate", id: "activatePlayer", summary: "Activate a player", tag: "players",
		answers: []answerSpec{ok[dto.Player](200)}},
	{method: "POST", path: "/players/:id/merge", id: "mergePlayers", summary: "Merge another player into this one", tag: "players", ifMatch: true,
		body: body[dto.MergeInput](), answers: []answerSpec{tagged[dto.Merged](200)}},

	{method: "GET", path: "/tournaments", id: "listTournaments", summary: "List the tournaments", tag: "tournaments",
		answers: []answerSpec{ok[dto.TournamentList](200)}},
	{method: "POST", path: "/tournaments", id: "createTournament", idempotent: true, summary: "Create a tournament", tag: "tournaments",
		body: body[dto.TournamentInput](), answers: []answerSpec{tagged[dto.Tournament](201)}},
	{method: "GET", path: "/tournaments/:id", id: "getTournament", summary: "A tournament: its stage, entries, rounds and next step", tag: "tournaments",
		answers: []answerSpec{tagged[dto.TournamentDetail](200)}},
	{method: "PUT", path: "/tournaments/:id", id: "updateTournament", summary: "Change a tournament and its stage's settings", tag: "tournaments", ifMatch: true,
		body: body[dto.TournamentInput](), answers: []answerSpec{tagged[dto.Tournament](200)}, conflict: []reflect.Type{body[dto.TournamentConflict]()}},
	{method: "POST", path: "/tournaments/:id/entries", id: "addEntry", idempotent: true, summary: "Enter a player, a new player or a pair", tag: "entries",
		body: body[dto.EntryInput](), answers: []answerSpec{ok[dto.Entry](201)}, conflict: []reflect.Type{body[dto.Duplicate]()}},
	{method: "POST", path: "/tournaments/:id/entries/batch", id: "addEntries", idempotent: true, summary: "Enter several registered players at once, all or none", tag: "entries",
		body: body[dto.EntriesInput](), answers: []answerSpec{ok[dto.EntryList](201)}},
	{method: "POST", path: "/tournaments/:id/entries/present", id: "markAllPresent", summary: "Check in every entry not withdrawn", tag: "entries",
		answers: []answerSpec{ok[dto.Marked](200)}},
	{method: "POST", path: "/tournaments/:id/entries/import", id: "importPairs", idempotent: true, summary: "Preview or enter pairs from CSV", tag: "entries",
		query: []Parameter{confirmQ}, bodyMedia: []string{mimeCSV}, answers: []answerSpec{ok[dto.PairImport](200)}, refused: body[dto.PairImportRefused]()},
	{method: "POST", path: "/tournaments/:id/entries/:eid", id: "setEntry", summary: "Check an entry in or out, withdraw it or bring it back", tag: "entries",
		body: body[dto.EntryChangeInput](), answers: []answerSpec{ok[dto.EntryChanged](200)}},
	{method: "POST", path: "/tournaments/:id/entries/:eid/missed", id: "awardMissed", summary: "Award a late arrival the rounds missed", tag: "entries",
		answers: []answerSpec{ok[dto.Awarded](200)}},
	{method: "DELETE", path: "/tournaments/:id/entries/:eid", id: "removeEntry", summary: "Take out an entry never drawn", tag: "entries",
		answers: []answerSpec{ok[dto.EntryRemoved](200)}},
	{method: "PUT", path: "/tournaments/:id/published", id: "publish", summary: "Open or close the public pages", tag: "public", ifMatch: true,
		body: body[dto.PublishInput](), answers: []answerSpec{tagged[dto.Published](200)}, conflict: []reflect.Type{body[dto.PublishConflict]()}},
	{method: "POST", path: "/tournaments/:id/rounds/:n/clock", id: "setClock", summary: "Start, pause, adjust or reset a round's clock", tag: "rounds",
		body: body[dto.ClockInput](), answers: []answerSpec{ok[dto.ClockState](200)}},
	{method: "POST", path: "/tournaments/:id/draw", id: "draw", summary: "Draw the next round", tag: "rounds",
		body: body[dto.DrawInput](), bodyOptional: true, answers: []answerSpec{ok[dto.Round](201)}},
	{method: "GET", path: "/tournaments/:id/rounds/:n", id: "getRound", summary: "A round", tag: "rounds",
		answers: []answerSpec{ok[dto.Round](200)}},
	{method: "DELETE", path: "/tournaments/:id/rounds/:n", id: "undoDraw", summary: "Undo the last draw while nothing of it is entered", tag: "rounds",
		answers: []answerSpec{none()}},
	{method: "PUT", path: "/tournaments/:id/rounds/:n/seats", id: "overrideSeats", summary: "Change a round's seats by hand", tag: "rounds",
		body: body[dto.SeatsInput](), answers: []answerSpec{ok[dto.Round](200)}},
	{method: "GET", path: "/tournaments/:id/rounds/:n/order", id: "pairingOrder", summary: "The order a round was paired from", tag: "rounds",
		answers: []answerSpec{ok[dto.PairingOrder](200)}},
	{method: "GET", path: "/tournaments/:id/rounds/:n/tables/:t", id: "getTable", summary: "A table's score sheet", tag: "sheets",
		query: []Parameter{stageQ}, answers: []answerSpec{tagged[dto.TableState](200)}},
	{method: "PUT", path: "/tournaments/:id/rounds/:n/tables/:t", id: "saveSheet", summary: "Save a table's hands and outcome", tag: "sheets", ifMatch: true,
		query: []Parameter{stageQ}, body: body[dto.SheetInput](), answers: []answerSpec{tagged[dto.SheetSaved](200)}, conflict: []reflect.Type{body[dto.TableConflict](), body[dto.ReseatChoice]()}},
	{method: "DELETE", path: "/tournaments/:id/rounds/:n/tables/:t", id: "clearSheet", summary: "Clear a table's hands", tag: "sheets", ifMatch: true,
		query:   []Parameter{stageQ, qEnum("next_round", "the answer to a correction after the next draw", "reseat", "keep")},
		answers: []answerSpec{tagged[dto.SheetSaved](200)}, conflict: []reflect.Type{body[dto.TableConflict](), body[dto.ReseatChoice]()}},
	{method: "GET", path: "/tournaments/:id/standings", id: "standings", summary: "A stage's standings", tag: "standings",
		query: []Parameter{stageQ}, answers: []answerSpec{ok[dto.Standings](200)}},
	{method: "GET", path: "/tournaments/:id/events", id: "events", summary: "The log (the same as /history)", tag: "history",
		query:   []Parameter{q("round", "integer", "only this round's lines"), q("table", "integer", "only this table's lines")},
		answers: []answerSpec{ok[dto.History](200)}},
	{method: "GET", path: "/tournaments/:id/history", id: "history", summary: "The log, with undo", tag: "history",
		query:   []Parameter{q("round", "integer", "only this round's lines"), q("table", "integer", "only this table's lines")},
		answers: []answerSpec{ok[dto.History](200)}},
	{method: "GET", path: "/tournaments/:id/export", id: "exportTournament", summary: "The whole tournament as one JSON document", tag: "exports",
		answers: []answerSpec{ok[dto.TournamentDocument](200)}},
	{method: "POST", path: "/tournaments/import", id: "importTournament", idempotent: true, summary: "Import a tournament document", tag: "exports",
		body: body[dto.TournamentDocument](), bodyMedia: []string{mimeForm}, answers: []answerSpec{ok[dto.Imported](201)}},
	{method: "GET", path: "/backup", id: "backup", summary: "A consistent copy of the whole database (SQLite)", tag: "exports",
		answers: []answerSpec{files(mimeSQLite)}},
	{method: "GET", path: "/tournaments/:id/standings.:ext", id: "exportStandings", summary: "The standings as CSV or PDF", tag: "exports",
		query: []Parameter{stageQ}, answers: []answerSpec{files(mimeCSV, mimePDF)}},
	{method: "GET", path: "/tournaments/:id/rounds/:n/tables.:ext", id: "exportTables", summary: "A round's table list as CSV or PDF", tag: "exports",
		answers: []answerSpec{files(mimeCSV, mimePDF)}},
	{method: "GET", path: "/tournaments/:id/rounds/:n/results.:ext", id: "exportResults", summary: "A round's results as CSV or PDF", tag: "exports",
		answers: []answerSpec{files(mimeCSV, mimePDF)}},
	{method: "POST", path: "/tournaments/:id/history/:seq/undo", id: "undo", summary: "Undo a change of the log", tag: "history",
		answers: []answerSpec{ok[dto.Undone](200)}},
	{method: "POST", path: "/tournaments/:id/rounds/:n/lock", id: "lockRound", summary: "Lock a round as final", tag: "rounds",
		answers: []answerSpec{ok[dto.Locked](200)}},
	{method: "POST", path: "/tournaments/:id/rounds/:n/unlock", id: "unlockRound", summary: "Unlock a round", tag: "rounds",
		answers: []answerSpec{ok[dto.Locked](200)}},
	{method: "GET", path: "/tournaments/:id/bracket", id: "bracket", summary: "A knockout stage's bracket", tag: "stages",
		answers: []answerSpec{ok[dto.Bracket](200)}},
	{method: "GET", path: "/tournaments/:id/movement", id: "movement", summary: "A Mitchell stage's movement (its guide cards)", tag: "stages",
		answers: []answerSpec{ok[dto.Movement](200)}},
	{method: "GET", path: "/tournaments/:id/stages/next", id: "nextStage", summary: "What starting the next stage would do", tag: "stages",
		query: []Parameter{q("format", "string", "the next stage's format (knockout; danish or mitchell to continue)"),
			qEnum("start", "how it starts: seeded (default) or continued", tournament.StartSeeded, tournament.StartContinued)},
		answers: []answerSpec{ok[dto.StagePlan](200)}},
	{method: "POST", path: "/tournaments/:id/stages", id: "startStage", summary: "Start the next stage, seeded or continued", tag: "stages",
		body: body[dto.StartStageInput](), answers: []answerSpec{ok[dto.Stage](201)}},

	{method: "GET", path: "/scales", id: "listScales", summary: "List the VP scales", tag: "scales",
		answers: []answerSpec{ok[dto.ScaleList](200)}},
	{method: "POST", path: "/scales", id: "createScale", idempotent: true, summary: "Create a VP scale", tag: "scales",
		body: body[dto.ScaleInput](), answers: []answerSpec{ok[dto.Scale](201)}},
	{method: "POST", path: "/scales/import", id: "importScale", idempotent: true, summary: "Import a VP scale from CSV or JSON", tag: "scales",
		query: []Parameter{qEnum("format", "the body's format (default csv)", "csv", "json"), q("name", "string", "the scale's name")},
		body:  body[dto.ScaleFile](), bodyMedia: []string{mimeCSV}, answers: []answerSpec{ok[dto.Scale](201)}},
	{method: "GET", path: "/scales/:id", id: "getScale", summary: "A VP scale", tag: "scales",
		answers: []answerSpec{ok[dto.Scale](200)}},
	{method: "PUT", path: "/scales/:id", id: "updateScale", summary: "Change a VP scale", tag: "scales",
		body: body[dto.ScaleInput](), answers: []answerSpec{ok[dto.Scale](200)}},
	{method: "DELETE", path: "/scales/:id", id: "deleteScale", summary: "Delete a VP scale", tag: "scales",
		answers: []answerSpec{none()}},
	{method: "POST", path: "/scales/:id/copy", id: "copyScale", idempotent: true, summary: "Copy a VP scale", tag: "scales",
		body: body[dto.CopyScaleInput](), bodyOptional: true, answers: []answerSpec{ok[dto.Scale](201)}},
	{method: "GET", path: "/scales/:id/export", id: "exportScale", summary: "A VP scale as JSON or CSV", tag: "scales",
		query: []Parameter{qEnum("format", "default json", "json", "csv")}, answers: []answerSpec{{status: 200, body: body[dto.ScaleFile](), media: []string{mimeCSV}}}},

	{method: "GET", path: "/directors", id: "listDirectors", summary: "List the directors", tag: "auth",
		answers: []answerSpec{ok[dto.DirectorList](200)}},
	{method: "POST", path: "/directors", id: "createDirector", summary: "Add a director", tag: "auth",
		body: body[dto.DirectorInput](), answers: []answerSpec{ok[dto.Director](201)}},
	{method: "GET", path: "/me", id: "me", summary: "The director the token belongs to", tag: "auth",
		answers: []answerSpec{ok[dto.Director](200)}},
	{method: "PUT", path: "/me/password", id: "changePassword", summary: "Change one's password", tag: "auth",
		body: body[dto.PasswordInput](), answers: []answerSpec{none()}},
	{method: "GET", path: "/tokens", id: "listTokens", summary: "List one's API tokens", tag: "auth",
		answers: []answerSpec{ok[dto.TokenList](200)}},
	{method: "POST", path: "/tokens", id: "createToken", idempotent: true, summary: "Create an API token", tag: "auth",
		body: body[dto.TokenInput](), answers: []answerSpec{ok[dto.NewToken](201)}},
	{method: "DELETE", path: "/tokens/:id", id: "revokeToken", summary: "Revoke an API token", tag: "auth",
		answers: []answerSpec{none()}},

	// Clubs (issue 38): a federation officer's; a director reads their own.
	{method: "GET", path: "/me/clubs", id: "myClubs", summary: "The token director's clubs (name one in X-Club or ?club= to work on it)", tag: "clubs",
		answers: []answerSpec{ok[dto.ClubList](200)}},
	{method: "GET", path: "/clubs", id: "listClubs", summary: "List the clubs (officers)", tag: "clubs",
		answers: []answerSpec{ok[dto.ClubList](200)}},
	{method: "POST", path: "/clubs", id: "createClub", summary: "Create a club (officers)", tag: "clubs",
		body: body[dto.ClubInput](), answers: []answerSpec{tagged[dto.Club](201)}},
	{method: "GET", path: "/clubs/:id", id: "getClub", summary: "A club (officers)", tag: "clubs",
		answers: []answerSpec{tagged[dto.Club](200)}},
	{method: "PUT", path: "/clubs/:id", id: "updateClub", summary: "Change a club (officers)", tag: "clubs", ifMatch: true,
		body: body[dto.ClubInput](), answers: []answerSpec{tagged[dto.Club](200)}},
	{method: "GET", path: "/clubs/:id/directors", id: "clubDirectors", summary: "A club's directors (officers)", tag: "clubs",
		answers: []answerSpec{ok[dto.ClubDirectors](200)}},
	{method: "POST", path: "/clubs/:id/directors", id: "addClubDirector", summary: "Make an existing director a member of the club (officers)", tag: "clubs",
		body: body[dto.ClubDirectorInput](), answers: []answerSpec{none()}},
	{method: "POST", path: "/clubs/:id/directors/new", id: "createClubDirector", summary: "Create a director of the club (officers)", tag: "clubs",
		body: body[dto.DirectorInput](), answers: []answerSpec{ok[dto.Director](201)}},
	{method: "DELETE", path: "/clubs/:id/directors/:did", id: "removeClubDirector", summary: "Remove a director from the club (officers)", tag: "clubs",
		answers: []answerSpec{none()}},

	// Teams (issue 23).
	{method: "POST", path: "/tournaments/:id/teams", id: "addTeam", idempotent: true, summary: "Enter a team of 4 to 6 registered players", tag: "entries",
		body: body[dto.TeamInput](), answers: []answerSpec{ok[dto.Entry](201)}},
	{method: "POST", path: "/tournaments/:id/teams/import", id: "importTeams", summary: "Preview or enter teams from CSV (one player a line)", tag: "entries",
		query: []Parameter{confirmQ}, bodyMedia: []string{mimeCSV}, answers: []answerSpec{ok[dto.TeamImport](200)}, refused: body[dto.TeamImportRefused]()},
	{method: "GET", path: "/tournaments/:id/teams/:eid", id: "getTeam", summary: "A team: its line-ups and each player's contribution", tag: "entries",
		answers: []answerSpec{tagged[dto.Team](200)}},
	{method: "PUT", path: "/tournaments/:id/teams/:eid", id: "editTeam", summary: "Rename a team or change its players", tag: "entries", ifMatch: true,
		body: body[dto.TeamInput](), answers: []answerSpec{tagged[dto.Entry](200)}, conflict: []reflect.Type{body[dto.TeamConflict]()}},
	{method: "GET", path: "/tournaments/:id/rounds/:n/lineups", id: "lineups", summary: "Every team's line-up for a round (drawn or the next)", tag: "rounds",
		answers: []answerSpec{ok[dto.Lineups](200)}},
	{method: "PUT", path: "/tournaments/:id/rounds/:n/lineups/:team", id: "setLineup", summary: "Name the two pairs a team plays a round with", tag: "rounds", ifMatch: true,
		body: body[dto.LineupInput](), answers: []answerSpec{tagged[dto.Lineup](200)}, conflict: []reflect.Type{body[dto.LineupConflict]()}},
	{method: "GET", path: "/tournaments/:id/rounds/:n/matches", id: "matches", summary: "A round's matches (teams): MP and VP of each", tag: "rounds",
		answers: []answerSpec{ok[dto.Matches](200)}},
	{method: "POST", path: "/sync/results", id: "syncResults", summary: "Hub: take a club laptop's signed results document (docs/RESULTS.md)", tag: "sync", public: true,
		body: body[dto.SyncResultsBody](), answers: []answerSpec{ok[dto.SyncAnswer](200), ok[dto.SyncRefusal](401), ok[dto.SyncRefusal](404)},
		conflict: []reflect.Type{reflect.TypeFor[dto.SyncRefusal]()}, refused: reflect.TypeFor[dto.SyncRefusal](), signed: true},
	{method: "POST", path: "/sync/link", id: "syncLink", summary: "Hub: link a laptop's public key to the club of a link code", tag: "sync", public: true,
		body: body[dto.LinkInput](), answers: []answerSpec{ok[dto.LinkAnswer](200)}},
	{method: "POST", path: "/sync/codes", id: "createLinkCode", summary: "Hub: make a one-time code that links a laptop to the club", tag: "sync",
		answers: []answerSpec{ok[dto.LinkCode](201)}},
	{method: "GET", path: "/sync/keys", id: "listClubKeys", summary: "Hub: the laptops linked to the club", tag: "sync",
		answers: []answerSpec{ok[dto.ClubKeyList](200)}},
	{method: "DELETE", path: "/sync/keys/:id", id: "revokeClubKey", summary: "Hub: revoke a linked laptop at once", tag: "sync",
		answers: []answerSpec{none()}},
	{method: "GET", path: "/sync/hub", id: "getHubLink", summary: "Laptop: its link to the hub", tag: "sync",
		answers: []answerSpec{ok[dto.HubLink](200)}},
	{method: "PUT", path: "/sync/hub", id: "setHubLink", summary: "Laptop: link to a hub with a code made there", tag: "sync",
		body: body[dto.HubLinkInput](), answers: []answerSpec{ok[dto.HubLink](200)}},
	{method: "GET", path: "/sync/states", id: "syncStates", summary: "Laptop: each tournament's way to the hub (waiting, sent, accepted, refused)", tag: "sync",
		answers: []answerSpec{ok[dto.SyncStates](200)}},
}

// Prefix is where the API is served.
const Prefix = "/api/v1"

var (
	docOnce  sync.Once
	docBytes []byte
)

// Document is the OpenAPI 3.1 document of the whole API, as JSON. It is built on the
// first call, from the formats registered by then (a stage's settings are one of theirs).
func Document() []byte {
	docOnce.Do(func() {
		b, err := json.MarshalIndent(Build(), "", " ")
		if err != nil {
			panic(fmt.Sprintf("openapi: %v", err))
		}
		docBytes = escapeInvisible(b)
	})
	return docBytes
}

// escapeInvisible writes the control, format and other invisible characters that
// encoding/json leaves as they are (in the text patterns) as \uXXXX escapes: the same
// JSON, which YAML readers (ogen's) and a person's eyes take too.
func escapeInvisible(b []byte) []byte {
	var out bytes.Buffer
	for _, r := range string(b) {
		if r >= 0x7f && r <= 0xffff && (tournament.HostileRune(r, false) || tournament.InvisibleRune(r)) {
			fmt.Fprintf(&out, `\u%04x`, r)
			continue
		}
		out.WriteRune(r)
	}
	return out.Bytes()
}

// ServeOpenAPI answers the document: GET /api/v1/openapi.json.
func ServeOpenAPI(c echo.Context) error {
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, Document())
}

// Build makes the document from the operations and the registered formats.
func Build() *OpenAPI {
	var settings []formatSettings
	for _, n := range tournament.FormatNames() {
		if f, ok := tournament.FormatOf(n); ok {
			t := reflect.TypeOf(f.Defaults())
			if t.Kind() == reflect.Pointer {
				t = t.Elem()
			}
			settings = append(settings, formatSettings{n, t, f})
		}
	}
	sc := newSchemas(settings)
	errRef := sc.of(reflect.TypeFor[dto.Error](), answer)
	doc := &OpenAPI{
		OpenAPI: "3.1.0",
		Info: Info{Title: "Burraco tournament director API", Version: "1",
			Description: "Everything a director does on screen, over JSON: see docs/API.md for runnable examples. " +
				"Messages follow Accept-Language (it by default, en). Every answer carries an X-Request-ID header " +
				"(the trusted proxy's, else made by the app), also in an error's request_id and in the app's log lines."},
		Servers:  []Server{{URL: Prefix}},
		Security: []SecurityRequirement{{"bearer": {}}},
		Paths:    map[string]PathItem{},
		Components: Components{SecuritySchemes: map[string]SecurityScheme{
			"bearer": {Type: "http", Scheme: "bearer", Description: "an API token: POST /login, POST /tokens or the API tokens page"},
		}},
	}
	tags := map[string]bool{}
	for _, o := range operations {
		p := PathOf(o.path)
		if doc.Paths[p] == nil {
			doc.Paths[p] = PathItem{}
		}
		doc.Paths[p][strings.ToLower(o.method)] = o.operation(sc, errRef)
		tags[o.tag] = true
	}
	for t := range tags {
		doc.Tags = append(doc.Tags, Tag{Name: t})
	}
	sort.Slice(doc.Tags, func(i, j int) bool { return doc.Tags[i].Name < doc.Tags[j].Name })
	doc.Components.Schemas = sc.name()
	return doc
}

// pathParam finds echo's path parameters: ":id", and ":ext" after a dot.
var pathParam = regexp.MustCompile(`:([A-Za-z_][A-Za-z0-9_]*)`)

// PathOf is an echo route's path as OpenAPI writes it: "/players/:id" is "/players/{id}".
func PathOf(echoPath string) string {
	return pathParam.ReplaceAllString(echoPath, "{$1}")
}

// operation builds the document's operation.
func (o op) operation(sc *schemas, errRef *Schema) *Operation {
	out := &Operation{OperationID: o.id, Summary: o.summary, Tags: []string{o.tag}, Responses: map[string]*Response{}}
	if o.public {
		out.Security = &[]SecurityRequirement{}
	}
	for _, m := range pathParam.FindAllStringSubmatch(o.path, -1) {
		p := Parameter{Name: m[1], In: "path", Required: true, Schema: &Schema{Type: Types{"integer"}}}
		if m[1] == "ext" {
			p.Schema = &Schema{Type: Types{"string"}, Enum: []string{"csv", "pdf"}}
		}
		if m[1] == "code" { // a table's code (issue 21)
			p.Schema = &Schema{Type: Types{"string"}}
		}
		out.Parameters = append(out.Parameters, p)
	}
	out.Parameters = append(out.Parameters, o.query...)
	out.Parameters = append(out.Parameters, Parameter{Name: "Accept-Language", In: "header",
		Description: "the language of the messages: it (the default) or en", Schema: &Schema{Type: Types{"string"}}})
	if o.ifMatch {
		out.Parameters = append(out.Parameters, Parameter{Name: "If-Match", In: "header",
			Description: `the version this write starts from ("3"): a stale one answers 409`, Schema: &Schema{Type: Types{"string"}}})
	}
	if o.signed {
		out.Parameters = append(out.Parameters, Parameter{Name: "Burraco-Signature", In: "header", Required: true,
			Description: "the detached Ed25519 signature of the exact body: <key id>:<base64 signature> (docs/RESULTS.md)",
			Schema:      &Schema{Type: Types{"string"}, Pattern: "^[0-9a-f]{16}:[A-Za-z0-9+/]{86}==$"}})
	}
	if o.idempotent {
		out.Parameters = append(out.Parameters, Parameter{Name: "Idempotency-Key", In: "header",
			Description: "a key of the client's choosing (1 to 255 printable ASCII characters): sent again with the same request, it answers as the first time and creates nothing; with another request, 409",
			Schema:      &Schema{Type: Types{"string"}, Pattern: "^[ -~]{1,255}$"}})
	}
	if o.body != nil || len(o.bodyMedia) > 0 {
		rb := &RequestBody{Required: !o.bodyOptional, Content: map[string]MediaType{}}
		if o.body != nil {
			rb.Content[mimeJSON] = MediaType{Schema: sc.of(o.body, request)}
		}
		for _, m := range o.bodyMedia {
			switch m {
			case mimeForm:
				rb.Content[m] = MediaType{Schema: &Schema{Type: Types{"object"}, Properties: map[string]*Schema{
					"file": {Type: Types{"string"}, Format: "binary"}}, Required: []string{"file"}}}
			default:
				if _, ok := rb.Content[m]; !ok {
					rb.Content[m] = MediaType{Schema: &Schema{Type: Types{"string"}}}
				}
			}
		}
		out.RequestBody = rb
	}
	for _, a := range o.answers {
		key := strconv.Itoa(a.status)
		r := out.Responses[key]
		if r == nil {
			r = &Response{Description: http.StatusText(a.status)}
			out.Responses[key] = r
		}
		if a.etag {
			r.Headers = map[string]Header{"ETag": {Description: `the version ("3"), for If-Match`, Schema: &Schema{Type: Types{"string"}}}}
		}
		if r.Content == nil && (a.body != nil || len(a.media) > 0) {
			r.Content = map[string]MediaType{}
		}
		if a.body != nil {
			s := sc.of(a.body, answer)
			if prev, ok := r.Content[mimeJSON]; ok { // two shapes under one status
				s = &Schema{AnyOf: []*Schema{prev.Schema, s}}
			}
			r.Content[mimeJSON] = MediaType{Schema: s}
		}
		for _, m := range a.media {
			r.Content[m] = MediaType{Schema: &Schema{Type: Types{"string"}, Format: "binary"}}
		}
	}
	o.errors(out, sc, errRef)
	return out
}

// retryAfter is the header of a 429 and a 503.
var retryAfter = map[string]Header{"Retry-After": {Description: "the seconds to wait", Schema: &Schema{Type: Types{"integer"}}}}

// errors adds the error answers an operation may give, each in the error shape (or, for
// a 409 or a 422 that says more, that shape too); default covers any other.
func (o op) errors(out *Operation, sc *schemas, errRef *Schema) {
	add := func(status int, desc string, more ...reflect.Type) *Response {
		s := errRef
		if len(more) > 0 && more[0] != nil {
			s = sc.merged(append(more, reflect.TypeFor[dto.Error]())...)
		}
		r := &Response{Description: desc, Content: map[string]MediaType{mimeJSON: {Schema: s}}}
		out.Responses[strconv.Itoa(status)] = r
		return r
	}
	hasParams := strings.Contains(o.path, ":")
	write := o.method != http.MethodGet
	if !o.public {
		add(http.StatusUnauthorized, "missing, wrong or revoked token")
	}
	if o.path == "/login" {
		add(http.StatusUnauthorized, "wrong username or password")
	}
	if hasParams {
		add(http.StatusNotFound, "no such thing")
	}
	if write || len(o.query) > 0 {
		add(http.StatusUnprocessableEntity, "the input is wrong: fields says where", o.refused)
	}
	if write {
		r := add(http.StatusConflict, "it clashes with what is stored", o.conflict...)
		if o.ifMatch {
			r.Headers = map[string]Header{"ETag": {Description: `the version stored now ("4"), when the write was stale`, Schema: &Schema{Type: Types{"string"}}}}
		}
		r = add(http.StatusServiceUnavailable, "not saved within the command timeout (rolled back), or the database cannot be reached (nothing done): try again after Retry-After seconds")
		r.Headers = retryAfter
	} else {
		r := add(http.StatusServiceUnavailable, "the database cannot be reached: try again after Retry-After seconds")
		r.Headers = retryAfter
	}
	if o.path == "/login" || o.path == "/setup" || strings.HasPrefix(o.path, "/t/") {
		r := add(http.StatusTooManyRequests, "too many attempts: wait Retry-After seconds")
		r.Headers = retryAfter
	}
	if strings.HasPrefix(o.path, "/t/") && write { // a table's code: the seat's PIN
		add(http.StatusUnauthorized, "wrong PIN for the seat")
	}
	if strings.HasPrefix(o.path, "/public/") {
		out.Responses["304"] = &Response{Description: "not modified since the ETag sent in If-None-Match"}
	}
	out.Responses["default"] = &Response{Description: "an error", Content: map[string]MediaType{mimeJSON: {Schema: errRef}}}
}

// Missing compares echo's routes with the document: the /api/v1 routes it does not
// describe, and the operations it describes that no route serves, as "METHOD /path"
// (OpenAPI paths). Routes outside the API and echo's own (HEAD, OPTIONS…) are ignored,
// and so is the document's own route.
func Missing(doc *OpenAPI, routes []*echo.Route) (undocumented, unserved []string) {
	documented := map[string]bool{}
	for p, item := range doc.Paths {
		for m := range item {
			documented[strings.ToUpper(m)+" "+p] = true
		}
	}
	served := map[string]bool{}
	for _, r := range routes {
		if !strings.HasPrefix(r.Path, Prefix+"/") || r.Path == Prefix+"/openapi.json" {
			continue
		}
		switch r.Method {
		case http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch:
		default:
			continue
		}
		key := r.Method + " " + PathOf(strings.TrimPrefix(r.Path, Prefix))
		if served[key] {
			continue
		}
		served[key] = true
		if !documented[key] {
			undocumented = append(undocumented, key)
		}
	}
	for k := range documented {
		if !served[k] {
			unserved = append(unserved, k)
		}
	}
	sort.Strings(undocumented)
	sort.Strings(unserved)
	return undocumented, unserved
}
