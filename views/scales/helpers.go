package scales

import (
	"context"
	"strconv"
	"strings"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/page"
)

// bandLabel shows a band's range: "55–150", or "over 1500" for the open end.
func bandLabel(ctx context.Context, b scoring.Band) string {
	if b.To == scoring.Open {
		return page.T(ctx, "scales.from_open", b.From)
	}
	return strconv.Itoa(b.From) + "–" + strconv.Itoa(b.To)
}

func scaleRange(bands []scoring.Band) string {
	if len(bands) == 0 {
		return ""
	}
	first, last := bands[0], bands[len(bands)-1]
	return strconv.Itoa(first.Winner) + "–" + strconv.Itoa(first.Loser) + " … " + strconv.Itoa(last.Winner) + "–" + strconv.Itoa(last.Loser)
}

// bandErrorLabel names a problem's place: "band 3, winner" for "bands.2.winner".
func bandErrorLabel(ctx context.Context, key string) string {
	parts := strings.Split(key, ".")
	if len(parts) == 3 && parts[0] == "bands" {
		i, _ := strconv.Atoi(parts[1])
		return page.T(ctx, "scales.band_field", i+1, page.T(ctx, "scales."+parts[2]))
	}
	return page.T(ctx, "scales."+key)
}

func scaleEditorTitle(ctx context.Context, sc *tournament.Scale) string {
	if sc == nil {
		return page.T(ctx, "scales.new")
	}
	return page.T(ctx, "scales.edit", sc.Name)
}

func scaleEditorAction(sc *tournament.Scale) string {
	if sc == nil {
		return "/scales"
	}
	return page.IDPath("/scales/", sc.ID, "")
}
