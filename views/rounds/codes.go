package rounds

import (
	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// printCodes are the table codes of a round for its printed cards and sheets: the
// address their QR codes open, and whether the seats' PINs are printed (random PINs;
// with card-number PINs the players bring their own).
type printCodes struct {
	Base  string // where phones reach the app (the LAN address, as the other QR codes)
	Codes map[int]tournament.TableCode
	PINs  bool
}

// of is a table's code (nil: reporting off, or the table has none).
func (pc *printCodes) of(table int) *tournament.TableCode {
	if pc == nil {
		return nil
	}
	if tc, ok := pc.Codes[table]; ok {
		return &tc
	}
	return nil
}

// pinOf is the PIN of the side at a position of a table, printed beside its names on
// the table's card ("" without reporting by PIN).
func (pc *printCodes) pinOf(table, position int) string {
	tc := pc.of(table)
	if tc == nil || !pc.PINs || position < 1 || position > len(tc.PINs) {
		return ""
	}
	return tc.PINs[position-1]
}

// url is the address of a table's page.
func (pc *printCodes) url(tc *tournament.TableCode) string { return pc.Base + "/t/" + tc.Code }

// qr is the QR code of a table's page, as inline SVG.
func (pc *printCodes) qr(tc *tournament.TableCode) templ.Component {
	svg, err := page.QRSVG(pc.url(tc))
	if err != nil {
		return templ.NopComponent
	}
	return templ.Raw(string(svg))
}

// printed serves a printed page of a round with its tables' codes, kept per stamp
// (RenderKept): the codes and the report settings change only by a logged command.
func (h *Handlers) printed(c echo.Context, view func(*tournament.State, *tournament.Round, *printCodes) templ.Component) error {
	id, n, err := page.RoundParams(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	base := page.SiteOf(c).PublicBase
	return h.RenderKept(c, id, 0, func(s tournament.Snapshot) (templ.Component, error) {
		ev, g, err := roundOf(s, n)
		if err != nil {
			return nil, err
		}
		codes, err := h.Tournaments.TableCodes(ctx, ev.Tournament.ID, g.Number)
		if err != nil {
			return nil, err
		}
		var pc *printCodes
		if len(codes) > 0 {
			rs, err := h.Tournaments.ReportSettings(ctx, ev.Tournament.ID)
			if err != nil {
				return nil, err
			}
			pc = &printCodes{Base: base, Codes: map[int]tournament.TableCode{}, PINs: rs.PIN != tournament.PINCard}
			for _, tc := range codes {
				pc.Codes[tc.Table] = tc
			}
		}
		return view(ev, g, pc), nil
	})
}
