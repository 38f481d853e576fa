package scales

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/page"
)

// Handlers serve the scale pages.
type Handlers struct{ *page.App }

// scaleEditor is the state of the scale editor form.
type scaleEditor struct {
	Scale   *tournament.Scale // nil when creating
	Form    *page.Form
	Rows    int
	Preview preview
}

// bandField names a band's input, the same as the validator's problem key.
func bandField(i int, name string) string { return fmt.Sprintf("bands.%d.%s", i, name) }

// editorFor fills the editor with a scale's values.
func editorFor(sc *tournament.Scale, bands []scoring.Band, name string) scaleEditor {
	f := page.NewForm()
	f.Values["name"] = name
	for i, b := range bands {
		f.Values[bandField(i, "from")] = strconv.Itoa(b.From)
		if b.To != scoring.Open {
			f.Values[bandField(i, "to")] = strconv.Itoa(b.To)
		}
		f.Values[bandField(i, "winner")] = strconv.Itoa(b.Winner)
		f.Values[bandField(i, "loser")] = strconv.Itoa(b.Loser)
	}
	return scaleEditor{Scale: sc, Form: f, Rows: len(bands)}
}

// readEditor reads the editor's posted rows into bands, noting numbers that cannot be
// read; an empty "to" is the open end.
func readEditor(c echo.Context) (scaleEditor, []scoring.Band) {
	rows, _ := strconv.Atoi(c.FormValue("rows"))
	rows = min(max(rows, 0), 200)
	f := page.NewForm()
	f.Values["name"] = c.FormValue("name")
	f.Values["diff"] = c.FormValue("diff")
	bands := make([]scoring.Band, 0, rows)
	for i := range rows {
		var v [4]int
		for j, name := range []string{"from", "to", "winner", "loser"} {
			key := bandField(i, name)
			raw := strings.TrimSpace(c.FormValue(key))
			f.Values[key] = raw
			if name == "to" && raw == "" {
				v[j] = scoring.Open
				continue
			}
			n, err := strconv.Atoi(raw)
			if err != nil {
				f.Errors[key] = "error.not_a_number"
			}
			v[j] = n
		}
		bands = append(bands, scoring.Band{From: v[0], To: v[1], Winner: v[2], Loser: v[3]})
	}
	return scaleEditor{Form: f, Rows: rows}, bands
}

// List shows the VP scales.
func (h *Handlers) List(c echo.Context) error {
	ss, err := h.Scales.List(c.Request().Context())
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, scalesPage(ss))
}

// Show shows one scale.
func (h *Handlers) Show(c echo.Context) error {
	sc, err := h.ScaleParam(c)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, scalePage(sc))
}

// New is the editor of a new scale.
func (h *Handlers) New(c echo.Context) error {
	bands := []scoring.Band{{From: 0, To: 50, Winner: 10, Loser: 10}, {From: 55, To: scoring.Open, Winner: 20, Loser: 0}}
	return page.Render(c, http.StatusOK, scaleEditorPage(editorFor(nil, bands, "")))
}

// Edit is the editor of a scale.
func (h *Handlers) Edit(c echo.Context) error {
	sc, err := h.ScaleParam(c)
	if err != nil {
		return err
	}
	if sc.Builtin {
		return tournament.Errorf(tournament.ECONFLICT, "scale.builtin")
	}
	return page.Render(c, http.StatusOK, scaleEditorPage(editorFor(sc, sc.Bands, sc.Name)))
}

// Save creates (no :id) or updates a scale from the editor. The "op" button adds
// or removes a row instead, re-showing the editor without saving.
func (h *Handlers) Save(c echo.Context) error {
	ctx := c.Request().Context()
	var sc *tournament.Scale
	if c.Param("id") != "" {
		var err error
		if sc, err = h.ScaleParam(c); err != nil {
			return err
		}
	}
	ed, bands := readEditor(c)
	ed.Scale = sc
	switch op := c.FormValue("op"); {
	case op == "add":
		next := scoring.Band{To: scoring.Open}
		if n := len(bands); n > 0 {
			last := &bands[n-1]
			if last.To == scoring.Open {
				last.To = last.From + 100
			}
			next = scoring.Band{From: last.To + 5, To: scoring.Open, Winner: last.Winner, Loser: last.Loser}
		}
		bands = append(bands, next)
		return page.Render(c, http.StatusOK, scaleEditorPage(editorFor(sc, bands, ed.Form.Values["name"])))
	case strings.HasPrefix(op, "remove:"):
		i, _ := strconv.Atoi(strings.TrimPrefix(op, "remove:"))
		if i >= 0 && i < len(bands) && len(bands) > 1 {
			bands = append(bands[:i], bands[i+1:]...)
			bands[len(bands)-1].To = scoring.Open
		}
		return page.Render(c, http.StatusOK, scaleEditorPage(editorFor(sc, bands, ed.Form.Values["name"])))
	}
	ed.Preview = previewOf(ed, bands)
	if len(ed.Form.Errors) > 0 {
		ed.Form.Error = "error.invalid"
		return page.Render(c, http.StatusUnprocessableEntity, scaleEditorPage(ed))
	}
	in := tournament.Scale{Name: ed.Form.Values["name"], Bands: bands}
	var err error
	if sc == nil {
		err = h.Scales.Create(ctx, &in)
		sc = &in
	} else {
		sc, err = h.Scales.Update(ctx, sc.ID, in)
	}
	if err != nil {
		if !ed.Form.Fail(err) {
			return err
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), scaleEditorPage(ed))
	}
	page.SetFlash(c, "scales.saved", sc.Name)
	return page.Redirect(c, page.IDPath("/scales/", sc.ID, ""))
}

// Preview converts the editor's difference with the bands being edited.
func (h *Handlers) Preview(c echo.Context) error {
	ed, bands := readEditor(c)
	return page.Render(c, http.StatusOK, scalePreviewBox(previewOf(ed, bands)))
}

// preview is the live "difference X gives A–B" line of the editor.
type preview struct {
	Diff          int
	HasDiff       bool
	Winner, Loser int
	Problems      int
}

func previewOf(ed scaleEditor, bands []scoring.Band) preview {
	pv := preview{Problems: len(ed.Form.Errors)}
	d, err := strconv.Atoi(strings.TrimSpace(ed.Form.Values["diff"]))
	pv.Diff, pv.HasDiff = d, err == nil
	if pv.Problems == 0 {
		sc := scoring.Scale{Name: "preview", Bands: bands}
		pv.Problems = len(sc.Validate())
		if pv.Problems == 0 && pv.HasDiff {
			pv.Winner, pv.Loser = sc.VP(d)
		}
	}
	return pv
}

// Copy makes an editable copy of a scale.
func (h *Handlers) Copy(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	sc, err := h.Scales.Copy(c.Request().Context(), id, c.FormValue("name"))
	if err != nil {
		return err
	}
	page.SetFlash(c, "scales.copied", sc.Name)
	return page.Redirect(c, page.IDPath("/scales/", sc.ID, "/edit"))
}

// Delete removes a scale.
func (h *Handlers) Delete(c echo.Context) error {
	sc, err := h.ScaleParam(c)
	if err != nil {
		return err
	}
	if err := h.Scales.Delete(c.Request().Context(), sc.ID); err != nil {
		if e, ok := tournament.AsError(err); ok && e.Code == tournament.ECONFLICT {
			page.SetFlash(c, e.Key, fmt.Sprint(e.Args...))
			return page.Redirect(c, page.IDPath("/scales/", sc.ID, ""))
		}
		return err
	}
	page.SetFlash(c, "scales.deleted", sc.Name)
	return page.Redirect(c, "/scales")
}

// Export downloads a scale.
func (h *Handlers) Export(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	format := tournament.ScaleFormat(c.Param("format"))
	var buf bytes.Buffer
	sc, err := h.Scales.Export(c.Request().Context(), id, format, &buf, page.CSVComma(page.LangOf(c)))
	if err != nil {
		return err
	}
	ctype := "text/csv; charset=utf-8"
	if format == tournament.ScaleJSON {
		ctype = "application/json"
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=%q", "scale-"+strconv.FormatInt(sc.ID, 10)+"."+string(format)))
	return c.Blob(http.StatusOK, ctype, buf.Bytes())
}

// ImportForm is the form to import a scale.
func (h *Handlers) ImportForm(c echo.Context) error {
	return page.Render(c, http.StatusOK, scaleImportPage(page.NewForm()))
}

// formatOf tells CSV from JSON by the file name, else by the first character.
func formatOf(filename string, data []byte) tournament.ScaleFormat {
	switch {
	case strings.HasSuffix(strings.ToLower(filename), ".json"):
		return tournament.ScaleJSON
	case strings.HasSuffix(strings.ToLower(filename), ".csv"):
		return tournament.ScaleCSV
	case len(bytes.TrimSpace(data)) > 0 && bytes.TrimSpace(data)[0] == '{':
		return tournament.ScaleJSON
	}
	return tournament.ScaleCSV
}

// Import reads an uploaded scale.
func (h *Handlers) Import(c echo.Context) error {
	f := page.FormFrom(c, "name", "data")
	data, filename := []byte(f.Values["data"]), ""
	if fh, err := c.FormFile("file"); err == nil && fh.Size > 0 {
		r, err := fh.Open()
		if err != nil {
			return fmt.Errorf("open upload: %w", err)
		}
		defer r.Close()
		if data, err = io.ReadAll(io.LimitReader(r, 1<<20)); err != nil {
			return fmt.Errorf("read upload: %w", err)
		}
		filename = fh.Filename
	}
	sc, err := h.Scales.Import(c.Request().Context(), bytes.NewReader(data), formatOf(filename, data), f.Values["name"])
	if err != nil {
		if !f.Fail(err) {
			return err
		}
		if len(f.Errors) > 0 && f.Errors["name"] == "" {
			f.Error = "scales.import_invalid"
		}
		return page.Render(c, page.StatusOf(tournament.ErrorCode(err)), scaleImportPage(f))
	}
	page.SetFlash(c, "scales.saved", sc.Name)
	return page.Redirect(c, page.IDPath("/scales/", sc.ID, ""))
}
