package page

import (
	"context"
	"strings"
	"time"

	"burraco/tournament"
	"burraco/tournament/season"
)

// ScoreIn writes a season's value in a language: two decimals at most, a decimal comma
// in Italian ("13,33").
func ScoreIn(lang Lang, s season.Score) string {
	if lang == EN {
		return s.Decimal(".")
	}
	return s.Decimal(",")
}

// Score is ScoreIn for the page's language.
func Score(ctx context.Context, s season.Score) string { return ScoreIn(Of(ctx).Lang, s) }

// MethodKey names a season's counting method in the catalogue.
func MethodKey(m season.Method) string {
	switch m {
	case season.ByValue:
		return "seasons.method_value"
	case season.ByPercent:
		return "seasons.method_percent"
	}
	return "seasons.method_place"
}

// MethodHelpKey explains a season's counting method.
func MethodHelpKey(m season.Method) string {
	switch m {
	case season.ByValue:
		return "seasons.method_value_help"
	case season.ByPercent:
		return "seasons.method_percent_help"
	}
	return "seasons.method_place_help"
}

// ResultOf is a player's result at an evening of the season, or nil when they did not
// play it.
func ResultOf(l season.Standing, tid int64) *season.Result {
	for i := range l.Results {
		if l.Results[i].TournamentID == tid {
			return &l.Results[i]
		}
	}
	return nil
}

// SeasonRules is the season's counting in one line of the page's language: the method,
// best N, the minimum, the bonus.
func SeasonRules(ctx context.Context, st season.Settings) string {
	parts := []string{T(ctx, MethodKey(st.Method))}
	if st.Best > 0 {
		parts = append(parts, T(ctx, "seasons.rule_best", st.Best))
	}
	if st.MinEvenings > 0 {
		parts = append(parts, T(ctx, "seasons.rule_min", st.MinEvenings))
	}
	if st.Bonus > 0 {
		parts = append(parts, T(ctx, "seasons.rule_bonus", st.Bonus))
	}
	return strings.Join(parts, " · ")
}

// SeasonDates is a season's date range as the page's language writes it.
func SeasonDates(ctx context.Context, s *season.Season) string {
	return ShortDate(ctx, s.From) + " – " + ShortDate(ctx, s.To)
}

// ShortDateIn is ShortDate in a language.
func ShortDateIn(lang Lang, iso string) string {
	d, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		return iso
	}
	if lang == EN {
		return d.Format("2 Jan 2006")
	}
	return d.Format("02/01/2006")
}

// EveningLabel is an evening's column heading: its date, day and month ("12/01").
func EveningLabel(ctx context.Context, ev season.Evening) string {
	return EveningLabelIn(Of(ctx).Lang, ev)
}

// EveningLabelIn is EveningLabel in a language.
func EveningLabelIn(lang Lang, ev season.Evening) string {
	d := ShortDateIn(lang, ev.Date)
	if lang == EN {
		if i := strings.LastIndexByte(d, ' '); i > 0 {
			return d[:i]
		}
		return d
	}
	if len(d) == len("02/01/2006") {
		return d[:5]
	}
	return d
}

// Unranked reports whether any line of the standings is below the minimum of evenings.
func Unranked(st *tournament.SeasonStandings) bool {
	for _, l := range st.Lines {
		if !l.Ranked {
			return true
		}
	}
	return false
}

// AnyDropped reports whether any result of the standings is dropped.
func AnyDropped(st *tournament.SeasonStandings) bool {
	for _, l := range st.Lines {
		for _, r := range l.Results {
			if !r.Counted {
				return true
			}
		}
	}
	return false
}

// SeasonWide reports whether a season's standings need a landscape page: more evenings
// than a portrait A4 holds beside the names.
func SeasonWide(st *tournament.SeasonStandings) bool { return len(st.Evenings) > 8 }
