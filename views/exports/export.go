package exports

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/labstack/echo/v4"

	"burraco/scoring/csvsafe"
	"burraco/tournament"
	"burraco/views/page"
)

// report is a printed list as rows of text: standings, a round's table list or its
// results, written in the reader's language (decimal comma in Italian). The same report
// is written as CSV and as PDF.
type report struct {
	Title, Sub string
	Head       []string
	Num        []bool // right-aligned columns
	Rows       [][]string
	File       string // the download's name, without extension
	Landscape  bool   // printed across the page (many columns)
	// Status is whether a ranking is final or provisional: the PDF says it under the
	// title (in Sub), the CSV in a last column on every row.
	Status string
}

// standingsReport is the standings of the current stage, as the screen shows them: the
// ranking columns, then one column per round (its points; "R" for a bye), and whether
// the ranking is final or after which round.
func standingsReport(lang page.Lang, ev *tournament.State, cols []tournament.Column, ss []tournament.Standing) *report {
	tr := func(key string, args ...any) string { return page.TranslateFor(lang, ev.Stage.Format, key, args...) }
	status := page.StandingsStateIn(lang, ev)
	r := &report{Title: tr("standings.title") + " · " + ev.Tournament.Name, Status: status,
		Sub:  reportSub(lang, &ev.Tournament) + " · " + status,
		Head: []string{"#", tr("player.name"), tr("export.club")}, Num: []bool{true, false, false},
		File: fmt.Sprintf("tournament-%d-standings", ev.Tournament.ID)}
	for _, c := range cols {
		r.Head, r.Num = append(r.Head, tr(c.Label)), append(r.Num, true)
	}
	r.Head, r.Num = append(r.Head, tr("export.played")), append(r.Num, true)
	for _, g := range ev.Rounds {
		r.Head, r.Num = append(r.Head, tr("standings.game_short", g.Number)), append(r.Num, true)
	}
	for _, s := range ss {
		place := strconv.Itoa(s.Place)
		if s.Tied {
			place += "="
		}
		row := []string{place, s.Entry.Name, s.Entry.Club}
		for i, c := range cols {
			if c.Kind == "points" {
				row = append(row, page.PtsIn(lang, tournament.Points(s.Values[i])))
			} else {
				row = append(row, strconv.Itoa(s.Values[i]))
			}
		}
		row = append(row, strconv.Itoa(s.Played))
		for i := range ev.Rounds {
			cell := ""
			if i < len(s.Rounds) {
				cell = roundCell(lang, tr, s.Rounds[i])
			}
			row = append(row, cell)
		}
		r.Rows = append(r.Rows, row)
	}
	return r
}

// roundCell is an entry's round in the standings on paper: its points once done ("R 6"
// for a bye, "late 6" for a bye awarded), empty before.
func roundCell(lang page.Lang, tr func(string, ...any) string, gl tournament.RoundLine) string {
	if !gl.Done {
		return ""
	}
	pts := page.PtsIn(lang, gl.Points)
	switch {
	case gl.Awarded:
		return tr("standings.late") + " " + pts
	case gl.Bye:
		return "R " + pts
	}
	return pts
}

// tablesReport is a round's table list: who sits where, and who sits out.
func tablesReport(lang page.Lang, ev *tournament.State, g *tournament.Round) *report {
	tr := func(key string, args ...any) string { return page.TranslateFor(lang, ev.Stage.Format, key, args...) }
	r := &report{Title: ev.Tournament.Name + " · " + tr("game.title", g.Number) + " · " + tr("print.table_list"),
		Sub:  reportSub(lang, &ev.Tournament),
		Head: []string{tr("export.table"), tr("export.seat"), tr("player.name")},
		Num:  []bool{true, true, false}, File: fmt.Sprintf("tournament-%d-round-%d-tables", ev.Tournament.ID, g.Number)}
	for _, tb := range g.Tables {
		for _, sd := range tb.Sides {
			r.Rows = append(r.Rows, []string{strconv.Itoa(tb.Number), strconv.Itoa(sd.Position), page.SideLabel(ev, g.Number, sd)})
		}
	}
	for _, b := range g.SitOuts() {
		r.Rows = append(r.Rows, []string{"", tr("print.sits_out"), page.EntryName(ev, b.EntryID)})
	}
	return r
}

// resultsReport is a round's results: each side's score and points, table by table,
// each match's MP and points where tables play matches, and the byes.
func resultsReport(lang page.Lang, ev *tournament.State, g *tournament.Round) *report {
	tr := func(key string, args ...any) string { return page.TranslateFor(lang, ev.Stage.Format, key, args...) }
	r := &report{Title: ev.Tournament.Name + " · " + tr("game.title", g.Number) + " · " + tr("export.results"),
		Sub: reportSub(lang, &ev.Tournament),
		Head: []string{tr("export.table"), tr("export.seat"), tr("player.name"),
			tr("export.score"), tr("export.points")},
		Num: []bool{true, true, false, true, true}, File: fmt.Sprintf("tournament-%d-round-%d-results", ev.Tournament.ID, g.Number)}
	for _, res := range ev.Results(g) {
		for i, id := range res.Entries {
			pts := ""
			if res.Points != nil {
				pts = page.PtsIn(lang, res.Points[i])
			}
			r.Rows = append(r.Rows, []string{strconv.Itoa(res.Number), strconv.Itoa(i + 1), page.SideLabelAt(ev, g, res.Number, i, id), strconv.Itoa(res.Scores[i]), pts})
		}
	}
	// A match over several tables (teams) scores its points, not its tables: one row a
	// team, its match MP and points once the match is complete.
	for _, m := range page.Matches(ev, g) {
		if len(m.Tables) < 2 {
			continue
		}
		for i, id := range m.Entries {
			mp, pts := "", ""
			if m.Complete {
				mp, pts = strconv.Itoa(m.MP[i]), page.PtsIn(lang, m.Points[i])
			}
			r.Rows = append(r.Rows, []string{"", tr("game.match_tables", m.Number, page.TableSpan(m.Tables)),
				page.EntryName(ev, id), mp, pts})
		}
	}
	for _, b := range g.Byes {
		what := tr("print.sits_out")
		if b.Awarded {
			what = tr("print.late_awarded", page.PtsIn(lang, b.Points))
		}
		r.Rows = append(r.Rows, []string{"", what, page.EntryName(ev, b.EntryID), "", page.PtsIn(lang, b.Points)})
	}
	return r
}

// reportSub is a report's subtitle: the date in full in the reader's language, and the
// venue when there is one.
func reportSub(lang page.Lang, tr *tournament.Tournament) string {
	if tr.Venue == "" {
		return page.LongDateIn(lang, tr.Date)
	}
	return page.LongDateIn(lang, tr.Date) + " · " + tr.Venue
}

// utf8BOM is the UTF-8 byte-order mark: without it Excel reads a CSV's accents as its
// local code page ("ForlÃ¬").
const utf8BOM = "\ufeff"

// writeCSV writes a report through the one CSV writer, as the reader's spreadsheet
// opens it: a byte-order mark, then rows split by page.CSVComma.
func (r *report) writeCSV(w io.Writer, lang page.Lang) error {
	if _, err := io.WriteString(w, utf8BOM); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	cw := csvsafe.NewWriterComma(w, page.CSVComma(lang))
	head := r.Head
	if r.Status != "" {
		head = append(slices.Clone(head), page.Translate(lang, "export.status"))
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	for _, row := range r.Rows {
		if r.Status != "" {
			row = append(slices.Clone(row), r.Status)
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// fontDirs are where the PDF's font (DejaVu Sans, for every accent) is looked for;
// BURRACO_FONT_DIR comes first.
var fontDirs = []string{"/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
	"/usr/local/share/fonts", "/opt/homebrew/share/fonts", "/Library/Fonts"}

var pdfFonts struct {
	once          sync.Once
	regular, bold []byte
	err           error
}

// loadFonts reads DejaVu Sans and DejaVu Sans Bold once.
func loadFonts() ([]byte, []byte, error) {
	pdfFonts.once.Do(func() {
		dirs := fontDirs
		if d := os.Getenv("BURRACO_FONT_DIR"); d != "" {
			dirs = append([]string{d}, dirs...)
		}
		for _, d := range dirs {
			reg, err := os.ReadFile(filepath.Join(d, "DejaVuSans.ttf"))
			if err != nil {
				continue
			}
			bold, err := os.ReadFile(filepath.Join(d, "DejaVuSans-Bold.ttf"))
			if err != nil {
				bold = reg
			}
			pdfFonts.regular, pdfFonts.bold = reg, bold
			return
		}
		pdfFonts.err = tournament.Errorf(tournament.EINTERNAL, "export.no_font")
	})
	return pdfFonts.regular, pdfFonts.bold, pdfFonts.err
}

// writePDF renders a report on A4 pages: the title, a line under it, the table with its
// header repeated on every page, and "page n of m" at the foot.
func (r *report) writePDF(w io.Writer, lang page.Lang) error {
	reg, bold, err := loadFonts()
	if err != nil {
		return err
	}
	orientation := "P"
	if r.Landscape {
		orientation = "L"
	}
	pdf := fpdf.New(orientation, "mm", "A4", "")
	pdf.AddUTF8FontFromBytes("DejaVu", "", reg)
	pdf.AddUTF8FontFromBytes("DejaVu", "B", bold)
	pdf.SetTitle(r.Title, true)
	pdf.SetCreator("burraco", true)
	pdf.SetMargins(15, 15, 15)
	pdf.SetAutoPageBreak(false, 15)
	pdf.AliasNbPages("{nb}")
	pdf.SetFooterFunc(func() {
		pdf.SetY(-12)
		pdf.SetFont("DejaVu", "", 8)
		pdf.CellFormat(0, 5, page.Translate(lang, "export.page", pdf.PageNo(), "{nb}"), "", 0, "C", false, 0, "")
	})
	pageW, pageH := pdf.GetPageSize()
	width := pageW - 30
	// Columns are as wide as their widest cell and their heading (in bold, as printed),
	// plus a gap, so no two headings run together; the first text column takes what is
	// left. Where that is wider than the page, headings wrap at their spaces.
	const gap, headSize, headLine = 5.0, 9.0, 4.5
	widths := make([]float64, len(r.Head))
	stretch := -1
	pdf.SetFont("DejaVu", "", 10)
	for i := range r.Head {
		for _, row := range r.Rows {
			widths[i] = max(widths[i], pdf.GetStringWidth(row[i])+gap)
		}
		if !r.Num[i] && stretch < 0 {
			stretch = i
		}
	}
	pdf.SetFont("DejaVu", "B", headSize)
	whole := slices.Clone(widths)
	for i, h := range r.Head {
		whole[i] = max(whole[i], pdf.GetStringWidth(h)+gap)
		for _, word := range strings.Fields(h) {
			widths[i] = max(widths[i], pdf.GetStringWidth(word)+gap)
		}
	}
	if sumWidths(whole) <= width {
		widths = whole
	}
	if stretch >= 0 && sumWidths(widths) < width {
		widths[stretch] += width - sumWidths(widths)
	}
	heads := make([][]string, len(r.Head))
	lines := 1
	for i, h := range r.Head {
		heads[i] = pdf.SplitText(h, widths[i])
		lines = max(lines, len(heads[i]))
	}
	// header draws the headings on a grey band, each at the foot of its column.
	header := func() {
		pdf.SetFont("DejaVu", "B", headSize)
		pdf.SetFillColor(225, 225, 225)
		left, y := pdf.GetX(), pdf.GetY()
		h := float64(lines)*headLine + 2
		pdf.Rect(left, y, sumWidths(widths), h, "F")
		x := left
		for i := range r.Head {
			for j, line := range heads[i] {
				pdf.SetXY(x, y+1+float64(lines-len(heads[i])+j)*headLine)
				pdf.CellFormat(widths[i], headLine, line, "", 0, align(r.Num[i]), false, 0, "")
			}
			x += widths[i]
		}
		pdf.Line(left, y+h, left+sumWidths(widths), y+h)
		pdf.SetXY(left, y+h)
		pdf.SetFont("DejaVu", "", 10)
	}
	pdf.AddPage()
	pdf.SetFont("DejaVu", "B", 15)
	pdf.MultiCell(width, 7, r.Title, "", "L", false)
	pdf.SetFont("DejaVu", "", 10)
	pdf.CellFormat(width, 6, r.Sub, "", 1, "L", false, 0, "")
	pdf.Ln(2)
	header()
	pdf.SetFillColor(245, 245, 245)
	for n, row := range r.Rows {
		if pdf.GetY()+6 > pageH-18 {
			pdf.AddPage()
			header()
			pdf.SetFillColor(245, 245, 245)
		}
		for i, cell := range row {
			pdf.CellFormat(widths[i], 6, cell, "", 0, align(r.Num[i]), n%2 == 1, 0, "")
		}
		pdf.Ln(-1)
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return pdf.Output(w)
}

// sumWidths is the width of columns side by side.
func sumWidths(xs []float64) float64 {
	var t float64
	for _, x := range xs {
		t += x
	}
	return t
}

func align(num bool) string {
	if num {
		return "R"
	}
	return "L"
}

// sendReport answers with a report as CSV or PDF (ext), as a download.
func sendReport(c echo.Context, r *report, ext string) error {
	var buf bytes.Buffer
	var typ string
	switch ext {
	case "csv":
		typ = "text/csv; charset=utf-8"
		if err := r.writeCSV(&buf, page.LangOf(c)); err != nil {
			return err
		}
	case "pdf":
		typ = "application/pdf"
		if err := r.writePDF(&buf, page.LangOf(c)); err != nil {
			return err
		}
	default:
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=%q", r.File+"."+ext))
	return c.Blob(http.StatusOK, typ, buf.Bytes())
}

// Standings downloads the standings as CSV or PDF.
func (h *Handlers) Standings(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	seq, err := page.StageParam(c) // ?stage=n: an earlier stage, as the JSON and the page take it
	if err != nil {
		return err
	}
	ev, cols, ss, err := h.Tournaments.StageStandings(c.Request().Context(), id, seq)
	if err != nil {
		return err
	}
	r := standingsReport(page.LangOf(c), ev, cols, ss)
	if seq > 0 {
		r.File += fmt.Sprintf("-stage-%d", ev.Stage.Seq)
	}
	return sendReport(c, r, c.Param("ext"))
}

// Tables downloads a round's table list as CSV or PDF.
func (h *Handlers) Tables(c echo.Context) error { return h.round(tablesReport)(c) }

// Results downloads a round's results as CSV or PDF.
func (h *Handlers) Results(c echo.Context) error { return h.round(resultsReport)(c) }

// round downloads a round's table list or results as CSV or PDF.
func (h *Handlers) round(build func(page.Lang, *tournament.State, *tournament.Round) *report) echo.HandlerFunc {
	return func(c echo.Context) error {
		ev, err := h.Evening(c)
		if err != nil {
			return err
		}
		g, err := page.RoundOf(c, ev)
		if err != nil {
			return err
		}
		return sendReport(c, build(page.LangOf(c), ev, g), c.Param("ext"))
	}
}

// Page lists what can be downloaded from a tournament.
func (h *Handlers) Page(c echo.Context) error {
	ev, err := h.Evening(c)
	if err != nil {
		return err
	}
	return page.Render(c, http.StatusOK, exportView(ev))
}

// JSON downloads a whole tournament as one JSON document.
func (h *Handlers) JSON(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	doc, err := h.Tournaments.Export(c.Request().Context(), id)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=%q", fmt.Sprintf("tournament-%d.json", id)))
	return c.JSONPretty(http.StatusOK, doc, "  ")
}

// Import reads a tournament document sent as a file.
func (h *Handlers) Import(c echo.Context) error {
	f := page.NewForm()
	raw, err := page.Uploaded(c, "file")
	if err != nil {
		f.Errors["file"] = "import.no_file"
		return page.Render(c, http.StatusUnprocessableEntity, tournamentImportPage(f, nil))
	}
	t, err := h.Tournaments.Import(c.Request().Context(), raw)
	if err != nil {
		if d, ok := tournament.AsError(err); ok && d.Code != tournament.EINTERNAL {
			f.Error, f.Args = d.Key, d.Args
			return page.Render(c, page.StatusOf(d.Code), tournamentImportPage(f, docProblems(d.Fields)))
		}
		return err
	}
	page.SetFlash(c, "import.tournament_done", t.Name)
	return page.Redirect(c, page.IDPath("/tournaments/", t.ID, ""))
}

// docProblem is a problem of a tournament document refused: where it is in the
// document, and its message key.
type docProblem struct{ Path, Key string }

// docProblems lists a refused document's problems in the order of their paths.
func docProblems(fields map[string]string) []docProblem {
	out := make([]docProblem, 0, len(fields))
	for p, k := range fields {
		out = append(out, docProblem{p, k})
	}
	slices.SortFunc(out, func(a, b docProblem) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// ImportForm shows the form to import a tournament document.
func (h *Handlers) ImportForm(c echo.Context) error {
	return page.Render(c, http.StatusOK, tournamentImportPage(page.NewForm(), nil))
}

// Backup downloads a consistent copy of the whole database.
func (h *Handlers) Backup(c echo.Context) error {
	if h.App.Backup == nil {
		return tournament.Errorf(tournament.ENOTFOUND, "error.not_found")
	}
	var buf bytes.Buffer
	if err := h.App.Backup.Backup(c.Request().Context(), &buf); err != nil {
		return err
	}
	name := "burraco-" + time.Now().UTC().Format("2006-01-02-150405") + ".db"
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf("attachment; filename=%q", name))
	return c.Blob(http.StatusOK, "application/vnd.sqlite3", buf.Bytes())
}
