package registry

import (
	"context"
	"strings"

	"burraco/tournament"
	"burraco/views/page"
)

// record is what tells two records of one person apart on the merge page: the player,
// and the names of the tournaments it is entered in.
type record struct {
	Player      tournament.Player
	Tournaments []string
}

// recordsOf reads the tournaments each player is entered in (names by date).
func (h *Handlers) recordsOf(ctx context.Context, ps []tournament.Player) (map[int64]record, error) {
	all, err := h.Tournaments.List(ctx)
	if err != nil {
		return nil, err
	}
	names := make(map[int64]string, len(all))
	for _, t := range all {
		names[t.ID] = t.Name
	}
	out := make(map[int64]record, len(ps))
	for _, p := range ps {
		tids, err := h.Seasons.Store.PlayerTournaments(ctx, p.ID)
		if err != nil {
			return nil, err
		}
		r := record{Player: p}
		for _, id := range tids {
			if n, ok := names[id]; ok {
				r.Tournaments = append(r.Tournaments, n)
			}
		}
		out[p.ID] = r
	}
	return out, nil
}

// recordFacts is a record's club, card number and tournaments in one line: "Circolo
// Aurora · tessera FIB-1 · 2 tornei: Serata 1, Serata 2".
func recordFacts(ctx context.Context, r record) string {
	club := r.Player.Club
	if club == "" {
		club = page.T(ctx, "players.record_no_club")
	}
	card := page.T(ctx, "players.record_no_card")
	if r.Player.CardNumber != "" {
		card = page.T(ctx, "players.record_card", r.Player.CardNumber)
	}
	tours := page.T(ctx, "players.record_tournaments", len(r.Tournaments))
	if len(r.Tournaments) > 0 {
		tours += ": " + strings.Join(r.Tournaments, ", ")
	}
	return club + " · " + card + " · " + tours
}

// recordLabel is a record's name with its facts, as the merge question names it.
func recordLabel(ctx context.Context, r record) string {
	return page.T(ctx, "players.record", r.Player.FullName(), recordFacts(ctx, r))
}
