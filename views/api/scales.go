package api

import (
	"bytes"
	"net/http"

	"github.com/labstack/echo/v4"

	"burraco/tournament"
	"burraco/views/api/dto"
	"burraco/views/page"
)

// ListScales lists the VP scales.
func (h *Handlers) ListScales(c echo.Context) error {
	ss, err := h.Scales.List(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, dto.ScaleList{Scales: ss})
}

// GetScale answers a VP scale.
func (h *Handlers) GetScale(c echo.Context) error {
	sc, err := h.ScaleParam(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sc)
}

// CreateScale creates a VP scale.
func (h *Handlers) CreateScale(c echo.Context) error {
	var in dto.ScaleInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	sc := tournament.Scale{Name: in.Name, Bands: in.Bands}
	if err := h.Scales.Create(c.Request().Context(), &sc); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, sc)
}

// UpdateScale changes a VP scale.
func (h *Handlers) UpdateScale(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in dto.ScaleInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	sc, err := h.Scales.Update(c.Request().Context(), id, tournament.Scale{Name: in.Name, Bands: in.Bands})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, sc)
}

// CopyScale copies a VP scale (the body, optional, names the copy).
func (h *Handlers) CopyScale(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	var in dto.CopyScaleInput
	if c.Request().ContentLength != 0 {
		if err := decodeJSON(c, &in); err != nil {
			return err
		}
	}
	sc, err := h.Scales.Copy(c.Request().Context(), id, in.Name)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, sc)
}

// DeleteScale deletes a VP scale no stage uses.
func (h *Handlers) DeleteScale(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	if err := h.Scales.Delete(c.Request().Context(), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// ImportScale takes a CSV or JSON body: ?format=csv|json&name=....
func (h *Handlers) ImportScale(c echo.Context) error {
	format := tournament.ScaleFormat(c.QueryParam("format"))
	if format == "" {
		format = tournament.ScaleCSV
	}
	sc, err := h.Scales.Import(c.Request().Context(), c.Request().Body, format, c.QueryParam("name"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, sc)
}

// ExportScale downloads a VP scale (?format=json|csv).
func (h *Handlers) ExportScale(c echo.Context) error {
	id, err := page.IDParam(c)
	if err != nil {
		return err
	}
	format := tournament.ScaleFormat(c.QueryParam("format"))
	if format == "" {
		format = tournament.ScaleJSON
	}
	var buf bytes.Buffer
	if _, err := h.Scales.Export(c.Request().Context(), id, format, &buf, page.CSVComma(page.LangOf(c))); err != nil {
		return err
	}
	ctype := "application/json"
	if format == tournament.ScaleCSV {
		ctype = "text/csv; charset=utf-8"
	}
	return c.Blob(http.StatusOK, ctype, buf.Bytes())
}
