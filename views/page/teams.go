package page

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"burraco/tournament"
)

// TeamsStage says whether the stage's entries are teams (the teams format): the entries
// page then forms teams, and the rounds take line-ups.
func TeamsStage(ev *tournament.State) bool {
	return tournament.StageEntryKind(ev.Stage.Settings) == tournament.EntryTeam
}

// MemberName is the name of a team's member by player ID, "?" when not a member.
func MemberName(e *tournament.Entry, playerID int64) string {
	if e != nil {
		for _, m := range e.Members {
			if m.PlayerID == playerID {
				return m.Name
			}
		}
	}
	return "?"
}

// LineupPair names the two players of pair p (1 or 2) of a team's line-up: "A / B".
func LineupPair(e *tournament.Entry, l tournament.Lineup, p int) string {
	if p < 1 || p > 2 {
		return ""
	}
	return MemberName(e, l.Pairs[p-1][0]) + " / " + MemberName(e, l.Pairs[p-1][1])
}

// Matches are a round's matches when the stage's format groups tables into matches
// (tournament.Matched), else nil.
func Matches(ev *tournament.State, g *tournament.Round) []tournament.MatchResult {
	if m, ok := ev.Format().(tournament.Matched); ok && g != nil {
		return m.Matches(ev, g)
	}
	return nil
}

// TablesList writes table numbers as "3 + 4".
func TablesList(ctx context.Context, tables []int) string {
	ns := make([]string, len(tables))
	for i, n := range tables {
		ns[i] = T(ctx, "game.table", n)
	}
	return strings.Join(ns, " + ")
}

// LineupField is the form field of a line-up's place: pair p (1, 2), player k (1, 2).
func LineupField(p, k int) string { return fmt.Sprintf("pairs.%d.%d", p, k) }

// Teams are the stage's team entries, in the order of the entry list (by name).
func Teams(ev *tournament.State) []tournament.Entry {
	var out []tournament.Entry
	for _, e := range ev.Entries {
		if e.Kind == tournament.EntryTeam {
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b tournament.Entry) int {
		return strings.Compare(tournament.SearchText(a.Name), tournament.SearchText(b.Name))
	})
	return out
}

// Contributions are each player's contributions when the stage's format tells them
// (tournament.Contributor), else nil.
func Contributions(ev *tournament.State) map[int64][]tournament.Contribution {
	if c, ok := ev.Format().(tournament.Contributor); ok {
		return c.PlayerContributions(ev)
	}
	return nil
}

// ContributionIn returns a player's contribution in round n, or nil when they did not
// play it.
func ContributionIn(cs []tournament.Contribution, n int) *tournament.Contribution {
	for i := range cs {
		if cs[i].Round == n {
			return &cs[i]
		}
	}
	return nil
}

// ContributionTotal is the MP of a player's complete tables.
func ContributionTotal(cs []tournament.Contribution) int {
	t := 0
	for _, c := range cs {
		if c.Complete {
			t += c.MP
		}
	}
	return t
}

// StoredLineupVersion is the version of the line-up stored for (round n, team) in the
// current stage, 0 when none is.
func StoredLineupVersion(ev *tournament.State, n int, teamID int64) int {
	for _, l := range ev.Lineups {
		if l.Round == n && l.EntryID == teamID && (l.StageID == ev.Stage.ID || l.StageID == 0) {
			return l.Version
		}
	}
	return 0
}

// LineupOpen says whether a team's line-up for round n may still change, as the service
// decides it (Tournaments.SetLineup; pages offer the form only then): the round not
// locked, no later round drawn, no hand entered at the team's tables.
func LineupOpen(ev *tournament.State, n int, teamID int64) bool {
	if n < len(ev.Rounds) {
		return false
	}
	r := ev.Round(n)
	if r == nil {
		return true
	}
	if r.Locked {
		return false
	}
	for i := range r.Tables {
		if r.Tables[i].Started() && slices.ContainsFunc(r.Tables[i].Sides, func(sd tournament.Side) bool { return sd.Has(teamID) }) {
			return false
		}
	}
	return true
}

// TableSpan writes a match's tables as one span, "3–4", or a list, "3, 5", when they do
// not follow one another.
func TableSpan(tables []int) string {
	if len(tables) == 0 {
		return ""
	}
	first, last := tables[0], tables[len(tables)-1]
	if last-first == len(tables)-1 {
		return strconv.Itoa(first) + "–" + strconv.Itoa(last)
	}
	ns := make([]string, len(tables))
	for i, n := range tables {
		ns[i] = strconv.Itoa(n)
	}
	return strings.Join(ns, ", ")
}

// MatchLabels name, by table number, the match each table of round g is played in, for
// paper: "Incontro 1: Leoni – Tigri (tavoli 1–2)"; none for a match of one table, or
// where the format plays no matches.
func MatchLabels(ctx context.Context, ev *tournament.State, g *tournament.Round) map[int]string {
	ms := Matches(ev, g)
	if len(ms) == 0 {
		return nil
	}
	out := make(map[int]string, 2*len(ms))
	for _, m := range ms {
		if len(m.Tables) < 2 {
			continue // a table that is its own match says so already
		}
		l := T(ctx, "print.match", m.Number, EntryName(ev, m.Entries[0]), EntryName(ev, m.Entries[1]), TableSpan(m.Tables))
		for _, n := range m.Tables {
			out[n] = l
		}
	}
	return out
}
