package views

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
)

// sampleCSV is the example on the import page, one row a line, so that it copies as a
// CSV (templ folds the line breaks of literal text, even in a pre).
const sampleCSV = "first_name;last_name;club;card_number;email;phone;notes\n" +
	"Niccolò;D'Alessandro;Circolo Roma;RM1234;;;\n"

func (s *Server) importForm(c echo.Context) error {
	return render(c, http.StatusOK, importPage(newForm()))
}

// importText reads the CSV from the uploaded file, or else from the pasted text, as
// UTF-8 (tournament.DecodeText): what travels on in the forms is always readable.
func importText(c echo.Context) (string, error) {
	if fh, err := c.FormFile("file"); err == nil && fh.Size > 0 {
		if fh.Size > tournament.MaxImportBytes {
			return "", tournament.Errorf(tournament.EINVALID, "import.too_big")
		}
		f, err := fh.Open()
		if err != nil {
			return "", fmt.Errorf("open upload: %w", err)
		}
		defer f.Close()
		b, err := io.ReadAll(f)
		if err != nil {
			return "", fmt.Errorf("read upload: %w", err)
		}
		return tournament.DecodeText(b), nil
	}
	return tournament.DecodeText([]byte(c.FormValue("csv"))), nil
}

// importPreview shows what the import would do; it writes nothing. The CSV travels
// back in the confirm form, so the server keeps no state between the two steps.
func (s *Server) importPreview(c echo.Context) error {
	text, err := importText(c)
	f := newForm()
	f.Values["csv"] = text
	if err == nil {
		var pv *tournament.ImportPreview
		pv, err = s.players.PreviewImport(c.Request().Context(), strings.NewReader(text))
		if err == nil {
			return render(c, http.StatusOK, importPreviewPage(text, pv))
		}
	}
	if !f.fail(err) {
		return err
	}
	f.Errors["csv"] = f.Error
	return render(c, http.StatusUnprocessableEntity, importPage(f))
}

func (s *Server) importConfirm(c echo.Context) error {
	text := tournament.DecodeText([]byte(c.FormValue("csv")))
	pv, err := s.players.Import(c.Request().Context(), strings.NewReader(text))
	if err != nil {
		f := newForm()
		f.Values["csv"] = text
		if !f.fail(err) {
			return err
		}
		f.Errors["csv"] = f.Error
		return render(c, statusOf(tournament.ErrorCode(err)), importPage(f))
	}
	setFlash(c, "import.done", strconv.Itoa(pv.Created), strconv.Itoa(pv.Duplicates+pv.Invalid))
	return redirect(c, "/players")
}
