package rounds

import (
	"context"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// Guide is the printed guide cards of a moving format (Mitchell): one per table, saying
// who stays and where the moving pair of each round goes next.
func (h *Handlers) Guide(c echo.Context) error { return h.roundView(guidePrint)(c) }

// movementOf is the stage's movement, nil when its format has none or round 1 is not drawn.
func movementOf(ev *tournament.State) *tournament.Movement {
	if m, ok := ev.Format().(tournament.Moving); ok {
		return m.Movement(ev)
	}
	return nil
}

// isMoving reports whether the stage's format follows a movement.
func isMoving(ev *tournament.State) bool {
	_, ok := ev.Format().(tournament.Moving)
	return ok
}

// skipRounds lists the rounds after which the moving line skips a table.
func skipRounds(mv *tournament.Movement) []int {
	var out []int
	if len(mv.Guides) == 0 {
		return out
	}
	for _, v := range mv.Guides[0].Visits {
		if v.Skip {
			out = append(out, v.Round)
		}
	}
	return out
}

// goesTo says where the pair of a visit goes next: a table, a table where it sits out
// (the phantom), a table reached by the skip, or the end.
func goesTo(ctx context.Context, mv *tournament.Movement, v tournament.Visit) string {
	switch {
	case v.To == 0:
		return page.T(ctx, "mitchell.guide.end")
	case v.To == mv.Phantom:
		return page.T(ctx, "mitchell.guide.sit_out", v.To)
	case v.Skip:
		return page.T(ctx, "mitchell.guide.skip", v.To)
	}
	return page.Itoa(v.To)
}

// comesFrom says where the pair of a visit comes from: a table, or the phantom table
// where it sat out the round before.
func comesFrom(ctx context.Context, mv *tournament.Movement, v tournament.Visit) string {
	if v.From == mv.Phantom {
		return page.T(ctx, "mitchell.guide.from_sit_out", v.From)
	}
	return page.Itoa(v.From)
}

// byeOf is the VP and MP a pair scores at the phantom table, from the format's settings
// form values (the page reads no format package).
func byeOf(ev *tournament.State) (vp, mp string) {
	v := ev.Format().FormValues(ev.Stage.Settings)
	return v["bye_vp"], v["bye_mp"]
}
