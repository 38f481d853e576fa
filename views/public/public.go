package public

import (
	"context"
	"slices"
	"sort"
	"strings"
	"sync"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// The public pages show a published tournament to anyone, without a login. What they
// show is built here by picking fields one by one from the state into the structs
// below, which both the pages and their JSON twins render: a field that is not copied
// here (a player's e-mail, phone, notes or card number, the tournament's notes, the
// draw seeds, the log and its directors) cannot leak.

// The structs are the API's (views/api: the JSON twins answer them as the OpenAPI
// document describes); the fields without a JSON name are for the pages only.
type (
	publicTournament   = dto.PublicTournament
	publicRound        = dto.PublicRound
	publicTable        = dto.PublicTable
	publicSeat         = dto.PublicSeat
	publicStandings    = dto.PublicStandings
	publicColumn       = dto.PublicColumn
	publicLine         = dto.PublicLine
	publicPlayer       = dto.PublicPlayer
	publicGame         = dto.PublicGame
	publicBracket      = dto.PublicBracket
	publicBracketRound = dto.PublicBracketRound
	publicMatch        = dto.PublicMatch
	publicBracketSide  = dto.PublicBracketSide
)

// madeOf keeps publicOf for the states it was made of lately: the public pages of one
// revision are all built from the one state the service derived for it (shared, never
// changed), so the current round's tables are picked once, not once per page.
var madeOf struct {
	sync.Mutex
	at map[*tournament.State]madePublic
}

// madePublic is what publicOf made of a state at a revision.
type madePublic struct {
	rev int64
	pt  publicTournament
}

// publicOf picks what the public sees of a tournament and its current round. What it
// returns may be shared with other pages of the same state: read-only.
func publicOf(ev *tournament.State) publicTournament {
	madeOf.Lock()
	m, ok := madeOf.at[ev]
	madeOf.Unlock()
	if ok && m.rev == ev.Tournament.Revision {
		return m.pt
	}
	pt := pickPublic(ev)
	madeOf.Lock()
	if madeOf.at == nil || len(madeOf.at) >= 8 {
		madeOf.at = map[*tournament.State]madePublic{} // a few tournaments at a time: start again
	}
	madeOf.at[ev] = madePublic{rev: ev.Tournament.Revision, pt: pt}
	madeOf.Unlock()
	return pt
}

// pickPublic is publicOf made afresh.
func pickPublic(ev *tournament.State) publicTournament {
	pt := publicTournament{ID: ev.Tournament.ID, Name: ev.Tournament.Name, Date: ev.Tournament.Date,
		Venue: ev.Tournament.Venue, Revision: ev.Tournament.Revision, Rounds: ev.Stage.Settings.Rounds(), Drawn: len(ev.Rounds)}
	if g := ev.Current(); g != nil {
		pt.Round = publicRoundOf(ev, g)
	}
	_, pt.Bracket = ev.Format().(tournament.Bracketer)
	return pt
}

// publicBracketOf is the current stage's bracket, or false when it is not a knockout.
func publicBracketOf(ev *tournament.State) (publicBracket, bool) {
	b, ok := tournament.BracketOf(ev)
	if !ok {
		return publicBracket{}, false
	}
	pb := publicBracket{Tournament: publicOf(ev), Size: b.Size, Rounds: []publicBracketRound{}}
	for _, r := range b.Rounds {
		pr := publicBracketRound{Number: r.Number, Drawn: r.Drawn, Matches: []publicMatch{}}
		for _, m := range r.Matches {
			pm := publicMatch{Table: m.Table, Winner: m.Winner}
			for i, sd := range m.Sides {
				ps := publicBracketSide{EntryID: sd.EntryID, Seed: sd.Seed, Score: sd.Score, Bye: sd.Bye}
				if sd.EntryID != 0 {
					ps.Name = publicSeatOf(ev, sd.EntryID).Name
				}
				pm.Sides[i] = ps
			}
			pr.Matches = append(pr.Matches, pm)
		}
		pb.Rounds = append(pb.Rounds, pr)
	}
	if n := len(pb.Rounds); n > 0 && len(pb.Rounds[n-1].Matches) == 1 {
		if m := pb.Rounds[n-1].Matches[0]; m.Winner != 0 {
			w := m.Sides[m.Winner-1]
			pb.Winner = &w
		}
	}
	return pb, true
}

func publicSeatOf(ev *tournament.State, id int64) publicSeat {
	return publicSeatAt(ev.Entry(id), id)
}

// publicSeatAt is entry id's seat, e its entry (nil: not found).
func publicSeatAt(e *tournament.Entry, id int64) publicSeat {
	ps := publicSeat{EntryID: id, Name: "?"}
	if e != nil {
		ps.Name, ps.Club, ps.Substitute = e.Name, e.Club, e.Substitute()
	}
	ps.Search = tournament.SearchText(ps.Name)
	return ps
}

func publicRoundOf(ev *tournament.State, g *tournament.Round) *publicRound {
	pr := &publicRound{Number: g.Number, Clock: g.Clock, Tables: []publicTable{}, Byes: []publicSeat{}, Late: []publicSeat{}}
	// The entries by ID, once: a seat's lookup must not scan the field (300 tables).
	at := make(map[int64]*tournament.Entry, len(ev.Entries))
	for i := range ev.Entries {
		at[ev.Entries[i].ID] = &ev.Entries[i]
	}
	for i, res := range ev.Results(g) {
		tb := publicTable{Number: g.Tables[i].Number, Match: g.Tables[i].Match, Complete: res.Complete}
		for si, id := range res.Entries {
			ps := publicSeatAt(at[id], id)
			ps.Position, ps.Table, ps.Done = si+1, tb.Number, res.Complete
			sideOf(ev, g, &g.Tables[i], si, &ps)
			if si < len(res.Scores) {
				ps.Score = res.Scores[si]
			}
			if si < len(res.Points) {
				ps.Points = res.Points[si]
			}
			tb.Seats = append(tb.Seats, ps)
		}
		if res.Complete {
			pr.Complete++
		}
		pr.Tables = append(pr.Tables, tb)
	}
	for _, b := range g.Byes {
		ps := publicSeatAt(at[b.EntryID], b.EntryID)
		ps.Points, ps.Late = b.Points, b.Awarded
		if e := at[b.EntryID]; e != nil && e.Kind == tournament.EntryTeam {
			for _, m := range e.Members { // a team's bye is each of its players'
				ps.Players = append(ps.Players, m.Name)
			}
		}
		if b.Awarded {
			pr.Late = append(pr.Late, ps)
			continue
		}
		pr.Byes = append(pr.Byes, ps)
	}
	return pr
}

// sideOf puts on seat ps what else sits on side si of table tb of round g: its partners
// of the round, a team's pair and its players.
func sideOf(ev *tournament.State, g *tournament.Round, tb *tournament.Table, si int, ps *publicSeat) {
	if si >= len(tb.Sides) {
		return
	}
	sd := tb.Sides[si]
	for _, id := range sd.Partners {
		ps.Partners = append(ps.Partners, dto.PublicPartner{EntryID: id, Name: page.EntryName(ev, id)})
	}
	if e := ev.Entry(sd.EntryID); e != nil && e.Kind == tournament.EntryTeam {
		ps.Pair, ps.Players = sd.Pair, page.TeamPair(ev, e, g.Number, sd.Pair)
	}
}

// seatLine is a "find my seat" line: someone looking for a seat, where they sit and
// with whom. It is a page's alone (the JSON twin answers the round's tables).
type seatLine struct {
	// EntryID is the entry whose page the line links to: the player's, or the team's.
	EntryID int64
	Name    string
	// With are those sitting on the same side: the partner of the round (individual at
	// 4-player tables), the other player of a team's pair.
	With []string
	// Team and Pair name a team's pair (Team "": not a team), Match its match.
	Team        string
	Pair, Match int
	Table       int // 0: sits out (or arrived late, Late)
	Late        bool
	Points      tournament.Points
	// Search is what the search compares with, folded: the name, and a team's name.
	Search string
}

// seatList is everyone of round pr who looks for a seat (not the substitutes), by name:
// a side's partners each find their own name with their partner's, and a team's
// players theirs, with the team, the pair and the match.
func seatList(pr *publicRound) []seatLine {
	var out []seatLine
	for _, tb := range pr.Tables {
		for _, s := range tb.Seats {
			if len(s.Players) > 0 {
				for i, p := range s.Players {
					out = append(out, seatLine{EntryID: s.EntryID, Name: p, With: others(s.Players, i), Team: s.Name, Pair: s.Pair,
						Match: tb.Match, Table: s.Table, Search: tournament.SearchText(p + " " + s.Name)})
				}
				continue
			}
			names := []string{s.Name}
			for _, p := range s.Partners {
				names = append(names, p.Name)
			}
			if !s.Substitute {
				out = append(out, seatLine{EntryID: s.EntryID, Name: s.Name, With: others(names, 0), Match: tb.Match, Table: s.Table, Search: s.Search})
			}
			for i, p := range s.Partners {
				out = append(out, seatLine{EntryID: p.EntryID, Name: p.Name, With: others(names, i+1), Match: tb.Match, Table: s.Table,
					Search: tournament.SearchText(p.Name)})
			}
		}
	}
	for _, b := range append(slices.Clone(pr.Byes), pr.Late...) {
		out = append(out, seatLine{EntryID: b.EntryID, Name: b.Name, Late: b.Late, Points: b.Points, Search: b.Search})
		for _, p := range b.Players { // a team's players: each finds their own name
			out = append(out, seatLine{EntryID: b.EntryID, Name: p, Team: b.Name, Late: b.Late, Points: b.Points,
				Search: tournament.SearchText(p + " " + b.Name)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Search < out[j].Search })
	return out
}

// seatWith says with whom a seat line sits: "con Bianchi", "con Bianchi · Leoni, coppia 1".
func seatWith(ctx context.Context, s seatLine) string {
	var parts []string
	if len(s.With) > 0 {
		parts = append(parts, page.T(ctx, "print.with", strings.Join(s.With, ", ")))
	}
	switch {
	case s.Team != "" && s.Pair > 0:
		parts = append(parts, page.T(ctx, "seat.team_pair", s.Team, s.Pair))
	case s.Team != "": // a team's bye
		parts = append(parts, page.T(ctx, "seat.team", s.Team))
	}
	return strings.Join(parts, " · ")
}

// seatWhere says where a seat line sits: its table (and match), or that it sits out.
func seatWhere(ctx context.Context, s seatLine) string {
	switch {
	case s.Table > 0 && s.Match > 0:
		return page.T(ctx, "seat.match_table", s.Match, s.Table)
	case s.Table > 0:
		return page.T(ctx, "game.table", s.Table)
	case s.Late:
		return page.T(ctx, "print.late_awarded", page.Pts(ctx, s.Points))
	default:
		return page.T(ctx, "print.sits_out")
	}
}

// others are names without the i-th.
func others(names []string, i int) []string {
	out := make([]string, 0, len(names)-1)
	out = append(out, names[:i]...)
	return append(out, names[i+1:]...)
}

// matching keeps the seats whose folded name contains every folded word of q.
func matching(seats []seatLine, q string) []seatLine {
	words := strings.Fields(tournament.SearchText(q))
	if len(words) == 0 {
		return seats
	}
	var out []seatLine
	for _, s := range seats {
		if !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(s.Search, w) }) {
			out = append(out, s)
		}
	}
	return out
}

func publicColumns(cols []tournament.Column) []publicColumn {
	out := make([]publicColumn, len(cols))
	for i, c := range cols {
		out[i] = publicColumn{Name: c.Name, Label: c.Label, Kind: c.Kind, OnlyPlayed: c.OnlyPlayed}
	}
	return out
}

func publicLineOf(s tournament.Standing) publicLine {
	return publicLine{EntryID: s.Entry.ID, Name: s.Entry.Name, Club: s.Entry.Club, Place: s.Place, Tied: s.Tied,
		Values: s.Values, Played: s.Played, Qualifies: s.Qualifies, AtCut: s.AtCut, Withdrawn: s.Entry.Withdrawn, Rounds: s.Rounds}
}

// publicStandingsOf is the current stage's standings (cols, lines) for the public.
func publicStandingsOf(ev *tournament.State, cols []tournament.Column, lines []tournament.Standing) publicStandings {
	ps := publicStandings{Tournament: publicOf(ev), Columns: publicColumns(cols)}
	for i := range ev.Rounds {
		if !ev.Complete(&ev.Rounds[i]) {
			break
		}
		ps.Done = i + 1
	}
	ps.Final = len(ev.Rounds) > 0 && len(ev.Rounds) == ev.Stage.Settings.Rounds() && ps.Done == len(ev.Rounds)
	for _, s := range lines {
		ps.Lines = append(ps.Lines, publicLineOf(s))
	}
	markDeciders(ps.Lines, len(cols))
	return ps
}

// markDeciders sets each line's Decides: the deepest tie-break it needs to be told apart
// from the line above or below it (the first tie-break where the points alone do it, or
// where the lines are tied on everything).
func markDeciders(lines []publicLine, cols int) {
	if cols < 2 {
		return
	}
	for i := range lines {
		lines[i].Decides = 1
		for _, j := range []int{i - 1, i + 1} {
			if j < 0 || j >= len(lines) {
				continue
			}
			d := 0
			for d < cols && d < len(lines[i].Values) && d < len(lines[j].Values) && lines[i].Values[d] == lines[j].Values[d] {
				d++
			}
			if d < cols && d > lines[i].Decides {
				lines[i].Decides = d
			}
		}
	}
}

// publicPlayerOf is one entry's page, or false when the entry is not ranked here.
// cols and lines are the stage's standings.
func publicPlayerOf(ev *tournament.State, cols []tournament.Column, lines []tournament.Standing, entryID int64) (publicPlayer, bool) {
	i := slices.IndexFunc(lines, func(s tournament.Standing) bool { return s.Entry.ID == entryID })
	if i < 0 {
		return publicPlayer{}, false
	}
	pp := publicPlayer{Tournament: publicOf(ev), Columns: publicColumns(cols), Line: publicLineOf(lines[i])}
	for ri := range ev.Rounds {
		g := &ev.Rounds[ri]
		pg := publicGame{Round: g.Number}
		if bi := slices.IndexFunc(g.Byes, func(b tournament.Bye) bool { return b.EntryID == entryID }); bi >= 0 {
			pg.Done, pg.Points, pg.Late = true, g.Byes[bi].Points, g.Byes[bi].Awarded
			pp.Games = append(pp.Games, pg)
			continue
		}
		for ti, tb := range g.Tables {
			pos := tb.Position(entryID) - 1 // as the side's entry or a partner
			if pos < 0 {
				continue
			}
			for _, id := range tb.Sides[pos].Members() {
				if id != entryID {
					pg.Partners = append(pg.Partners, dto.PublicPartner{EntryID: id, Name: page.EntryName(ev, id)})
				}
			}
			res := ev.Format().Result(ev, &g.Tables[ti])
			pg.Table, pg.Seat, pg.Done = tb.Number, pos+1, res.Complete
			for si, id := range res.Entries {
				ps := publicSeatOf(ev, id)
				ps.Position, ps.Table, ps.Done = si+1, tb.Number, res.Complete
				sideOf(ev, g, &g.Tables[ti], si, &ps)
				if si < len(res.Scores) {
					ps.Score = res.Scores[si]
				}
				if si < len(res.Points) {
					ps.Points = res.Points[si]
				}
				pg.Seats = append(pg.Seats, ps)
			}
			pg.Score, pg.Points = pg.Seats[pos].Score, pg.Seats[pos].Points
		}
		matchGame(ev, g, entryID, &pg)
		if pg.Table > 0 {
			pp.Games = append(pp.Games, pg)
		}
	}
	pp.Contributions = publicContributions(ev, entryID)
	return pp, true
}

// gamePoints is what a player scored in one game, in words for the heading of that game
// on their page: "1 punto", "6 punti", "12 VP" (Danish), or "vinto"/"perso" (a knockout,
// whose 1 or 0 means a match won or lost).
func gamePoints(ctx context.Context, p tournament.Points) string {
	switch {
	case page.Of(ctx).Format == "knockout" && p > 0:
		return page.T(ctx, "public.match_won")
	case page.Of(ctx).Format == "knockout":
		return page.T(ctx, "public.match_lost")
	case p == tournament.RP(1):
		return page.T(ctx, "public.game_point_one", page.Pts(ctx, p))
	}
	return page.T(ctx, "public.game_points", page.Pts(ctx, p))
}

// publicStandingsState says whether the standings are final or after which round.
func publicStandingsState(ctx context.Context, ps publicStandings) string {
	switch {
	case ps.Final:
		return page.T(ctx, "standings.final")
	case ps.Done == 0:
		return page.T(ctx, "standings.provisional")
	case ps.Tournament.Rounds == 0: // the format decides as it goes (a knockout)
		return page.T(ctx, "standings.after_round", ps.Done)
	}
	return page.T(ctx, "standings.after_game", ps.Done, ps.Tournament.Rounds)
}

// isPartner reports whether entry id sat on seat s's side as a partner.
func isPartner(s publicSeat, id int64) bool {
	return slices.ContainsFunc(s.Partners, func(p dto.PublicPartner) bool { return p.EntryID == id })
}
