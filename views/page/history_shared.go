package page

import "github.com/labstack/echo/v4"

// FormatOf returns the format of a tournament's current stage, for its wording.
func (a *App) FormatOf(c echo.Context, id int64) (string, error) {
	st, err := a.Tournaments.Load(c.Request().Context(), id)
	if err != nil {
		return "", err
	}
	return st.Stage.Format, nil
}
