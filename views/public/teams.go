package public

import (
	"slices"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// matchGame makes a team's game of round g its match (teams: two tables): the match's
// number and tables (the first as its table), the team's MP over the match as its score and the VP it converts to.
func matchGame(ev *tournament.State, g *tournament.Round, entryID int64, pg *publicGame) {
	for _, m := range page.Matches(ev, g) {
		i := slices.Index(m.Entries[:], entryID)
		if i < 0 {
			continue
		}
		pg.Table, pg.Done, pg.Score, pg.Points = m.Tables[0], m.Complete, m.MP[i], m.Points[i]
		pg.Match, pg.Tables = m.Number, m.Tables
	}
}

// publicContributions are, for a team, each player's contribution round by round (names
// and MP only: no player's ID leaves the public page).
func publicContributions(ev *tournament.State, entryID int64) []dto.PublicContribution {
	e := ev.Entry(entryID)
	cs := page.Contributions(ev)
	if e == nil || e.Kind != tournament.EntryTeam || cs == nil {
		return nil
	}
	out := make([]dto.PublicContribution, 0, len(e.Members))
	for _, m := range e.Members {
		pc := dto.PublicContribution{Name: m.Name, Rounds: []dto.PublicContributionRound{}, TotalMP: page.ContributionTotal(cs[m.PlayerID])}
		for _, c := range cs[m.PlayerID] {
			pc.Rounds = append(pc.Rounds, dto.PublicContributionRound{Round: c.Round, Table: c.Table, MP: c.MP, Done: c.Complete})
		}
		out = append(out, pc)
	}
	return out
}

// contributionIn returns a player's round n, or nil.
func contributionIn(rs []dto.PublicContributionRound, n int) *dto.PublicContributionRound {
	for i := range rs {
		if rs[i].Round == n {
			return &rs[i]
		}
	}
	return nil
}
