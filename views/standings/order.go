package standings

import (
	"context"
	"slices"
	"strings"

	"burraco/tournament"
	"burraco/views/page"
	"burraco/views/words"
)

// movedNote says why the pairing moved a side down the order ("moved to avoid Circolo
// Roma v Circolo Roma"), or "" for a side not moved.
func movedNote(ctx context.Context, ev *tournament.State, l tournament.OrderLine) string {
	if l.Avoided == 0 {
		return ""
	}
	other := ev.Entry(l.Avoided)
	if other == nil {
		return ""
	}
	switch l.Why {
	case "club":
		return page.T(ctx, "danish.order.moved.club", l.Entry.Club, other.Club)
	case "never_meet":
		return page.T(ctx, "danish.order.moved.never_meet", other.Name)
	case "rematch":
		return page.T(ctx, "danish.order.moved.rematch", other.Name)
	}
	return page.T(ctx, "danish.order.moved.others", other.Name)
}

// orderHelp is the help under the pairing order for the stage's pairing mode (the
// random draw and the table shift do not pair by the standings); a format seating
// 4-player tables has its own.
func orderHelp(ev *tournament.State) string {
	if k := "individual4.order.help"; words.Own(ev.Stage.Format, k) {
		return k
	}
	switch ev.Format().FormValues(ev.Stage.Settings)["pairing"] {
	case "random":
		return "danish.order.random_help"
	case "shift":
		return "danish.order.shift_help"
	}
	return "danish.order.help"
}

// legend is the standings' legend: a 3-player stage scored in VP has its own (VP, then
// MP), the format's usual one otherwise.
func legend(ctx context.Context, cols []tournament.Column) string {
	if len(cols) > 0 && cols[0].Name == "vp" {
		if l := page.FormatOwn(ctx, "standings.legend_vp"); l != "" {
			return l
		}
	}
	return page.T(ctx, "standings.legend")
}

// orderPriorities is what the draw avoids, in order: the format's own words (4-player
// tables: partners, then opponents; teams), else the Danish pairing's.
func orderPriorities(ev *tournament.State) string {
	for _, k := range []string{"individual4.order.priorities", "teams.order.priorities"} {
		if words.Own(ev.Stage.Format, k) {
			return k
		}
	}
	return "danish.order.priorities"
}

// pairedInMatch says where a team plays: "match 2, tables 3–4, against B", or "" where
// the format plays no matches of several tables or table is in none.
func pairedInMatch(ctx context.Context, ev *tournament.State, n, table int, against int64) string {
	if !words.Own(ev.Stage.Format, "teams.order.match") {
		return ""
	}
	for _, m := range page.Matches(ev, ev.Round(n)) {
		if len(m.Tables) > 1 && slices.Contains(m.Tables, table) {
			return page.T(ctx, "teams.order.match", m.Number, page.TableSpan(m.Tables), page.EntryName(ev, against))
		}
	}
	return ""
}

// pairedAt says where a player plays at a 4-player table: "table 2, with B, against C
// and D" (p has partners or opponents: page.PairingOf).
func pairedAt(ctx context.Context, ev *tournament.State, p page.Pairing) string {
	return page.T(ctx, "individual4.order.table", p.Table, names(ev, p.Partners), names(ev, p.Opponents))
}

// names joins entries' names with commas.
func names(ev *tournament.State, ids []int64) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = page.EntryName(ev, id)
	}
	return strings.Join(out, ", ")
}
