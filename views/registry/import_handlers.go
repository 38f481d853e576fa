package registry

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/page"
)

// sampleCSV is the example on the import page, one row a line, so that it copies as a
// CSV (templ folds the line breaks of literal text, even in a pre).
const sampleCSV = "first_name;last_name;club;card_number;email;phone;notes\n" +
	"Niccolò;D'Alessandro;Circolo Roma;RM1234;;;\n"

// ImportForm shows the form to import players from a CSV file.
func (h *Handlers) ImportForm(c echo.Context) error {
	return page.Render(c, http.StatusOK, importPage(page.NewForm()))
}

// editable says whether a preview row shows its cells as inputs: an invalid row, to be
// corrected, and a corrected one, so that its corrections travel on.
func editable(r tournament.ImportRow) bool { return r.Status == tournament.ImportInvalid || r.Fixed }

func editableRows(pv *tournament.ImportPreview) bool {
	return slices.ContainsFunc(pv.Rows, editable)
}

func fixName(line int, col string) string { return "fix." + strconv.Itoa(line) + "." + col }

// importFixes reads the corrections typed in the preview: fields "fix.<line>.<column>".
func importFixes(c echo.Context) tournament.ImportFixes {
	params, err := c.FormParams()
	if err != nil {
		return nil
	}
	fixes := tournament.ImportFixes{}
	for k, vs := range params {
		rest, ok := strings.CutPrefix(k, "fix.")
		if !ok || len(vs) == 0 {
			continue
		}
		l, col, ok := strings.Cut(rest, ".")
		line, err := strconv.Atoi(l)
		if !ok || err != nil || line < 1 {
			continue
		}
		if fixes[line] == nil {
			fixes[line] = map[string]string{}
		}
		fixes[line][col] = vs[0]
	}
	return fixes
}

// ImportPreview shows what the import would do, with the corrections typed in the
// preview; it writes nothing. The CSV and the corrections travel back in the form, so
// the server keeps no state between the steps.
func (h *Handlers) ImportPreview(c echo.Context) error {
	text, err := page.ImportText(c)
	f := page.NewForm()
	f.Values["csv"] = text
	if err == nil {
		var pv *tournament.ImportPreview
		pv, err = h.Players.PreviewImport(c.Request().Context(), strings.NewReader(text), importFixes(c))
		if err == nil {
			return page.Render(c, http.StatusOK, importPreviewPage(text, pv, ""))
		}
	}
	if !f.Fail(err) {
		return err
	}
	f.Errors["csv"] = f.Error
	return page.Render(c, http.StatusUnprocessableEntity, importPage(f))
}

// Import imports what the preview showed. When the rows would now give another
// count of new players than the one confirmed (a correction typed but not checked, a
// player registered meanwhile), it shows the preview again instead.
func (h *Handlers) Import(c echo.Context) error {
	text := tournament.DecodeText([]byte(c.FormValue("csv")))
	fixes := importFixes(c)
	ctx := c.Request().Context()
	pv, err := h.Players.PreviewImport(ctx, strings.NewReader(text), fixes)
	if err == nil {
		if expect, perr := strconv.Atoi(c.FormValue("expect")); perr == nil && expect != pv.New {
			return page.Render(c, http.StatusConflict, importPreviewPage(text, pv, "import.changed"))
		}
		pv, err = h.Players.Import(ctx, strings.NewReader(text), fixes)
	}
	if err != nil {
		f := page.NewForm()
		f.Values["csv"] = text
		if !f.Fail(err) {
			return err
		}
		f.Errors["csv"] = f.Error
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), importPage(f))
	}
	page.SetFlash(c, "import.done", strconv.Itoa(pv.Created), strconv.Itoa(pv.Duplicates+pv.Invalid))
	return page.Redirect(c, "/players")
}
