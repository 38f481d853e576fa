package views

import (
	"bytes"
	"net/http"

	"github.com/labstack/echo/v4"

	"burraco/scoring"
	"burraco/tournament"
	"burraco/views/page"
)

func (s *Server) apiListScales(c echo.Context) error {
	ss, err := s.Scales.List(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"scales": ss})
}

func (s *Server) apiGetScale(c echo.Context) error {
	sc, err := s.ScaleParam(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sc)
}

// scaleInput is the JSON body of a scale create or update.
type scaleInput struct {
	Name  string         `json:"name"`
	Bands []scoring.Band `json:"bands"`
}

func (s *Server) apiCreateScale(c echo.Context) error {
	var in scaleInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	sc := tournament.Scale{Name: in.Name, Bands: in.Bands}
	if err := s.Scales.Create(c.Request().Context(), &sc); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, sc)
}

func (s *Server) apiUpdateScale(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in scaleInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	sc, err := s.Scales.Update(c.Request().Context(), id, tournament.Scale{Name: in.Name, Bands: in.Bands})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sc)
}

func (s *Server) apiCopyScale(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in struct {
		Name string `json:"name"`
	}
	if c.Request().ContentLength != 0 {
		if err := decodeJSON(c, &in); err != nil {
			return err
		}
	}
	sc, err := s.Scales.Copy(c.Request().Context(), id, in.Name)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, sc)
}

func (s *Server) apiDeleteScale(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if err := s.Scales.Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// apiImportScale takes a CSV or JSON body: ?format=csv|json&name=....
func (s *Server) apiImportScale(c echo.Context) error {
	format := tournament.ScaleFormat(c.QueryParam("format"))
	if format == "" {
		format = tournament.ScaleCSV
	}
	sc, err := s.Scales.Import(c.Request().Context(), c.Request().Body, format, c.QueryParam("name"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, sc)
}

func (s *Server) apiExportScale(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	format := tournament.ScaleFormat(c.QueryParam("format"))
	if format == "" {
		format = tournament.ScaleJSON
	}
	var buf bytes.Buffer
	if _, err := s.Scales.Export(c.Request().Context(), id, format, &buf, page.CSVComma(page.LangOf(c))); err != nil {
		return err
	}
	ctype := "application/json"
	if format == tournament.ScaleCSV {
		ctype = "text/csv; charset=utf-8"
	}
	return c.Blob(http.StatusOK, ctype, buf.Bytes())
}
