package api_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
	"burraco/views/viewtest"
)

func TestAPIScalesAndCalc(t *testing.T) {
	app := viewtest.NewApp(t)
	tok := app.APIToken(app.Setup())
	c := app.Client()
	var list struct {
		Scales []struct {
			ID      int64
			Name    string
			Builtin bool
		}
	}
	c.API("GET", "/api/v1/scales", tok, "", &list)
	require.Len(t, list.Scales, 4, "FIBUR 3 and 4, the team scales 3 and 4")
	fibur := page.Itoa(int(list.Scales[0].ID))

	var vp struct{ Winner, Loser int }
	res := c.API("GET", "/api/v1/calc/vp?scale_id="+fibur+"&diff=-1505", "", "", &vp)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, [2]int{20, 0}, [2]int{vp.Winner, vp.Loser})

	var hand struct {
		Total int
		Lines []struct {
			Key    string
			Label  string
			Points int
		}
	}
	res = c.API("POST", "/api/v1/calc/hand", "", `{"preset":"standard","hand":{"opened":true,"table":30,"in_hand":90}}`, &hand)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	assert.Equal(t, -160, hand.Total)
	assert.Equal(t, "Kitty not taken", hand.Lines[0].Label)
	var e viewtest.APIError
	res = c.API("POST", "/api/v1/calc/hand", "", `{"hand":{"closed":true,"opened":true,"table":33}}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, map[string]string{"table": "Points go in fives.", "closed": "Whoever closes must have taken the kitty."}, e.Error.Fields)

	var sc struct {
		ID   int64
		Name string
	}
	res = c.API("POST", "/api/v1/scales/"+fibur+"/copy", tok, `{"name":"Mine"}`, &sc)
	require.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	id := page.Itoa(int(sc.ID))
	res = c.API("PUT", "/api/v1/scales/"+id, tok, `{"name":"Mine","bands":[{"from":0,"to":100,"winner":10,"loser":10},{"from":105,"to":null,"winner":20,"loser":0}]}`, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, res.Body)
	res = c.API("PUT", "/api/v1/scales/"+fibur, tok, `{"name":"x","bands":[{"from":0,"to":null,"winner":1,"loser":1}]}`, &e)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Contains(t, e.Error.Message, "copy it")
	res = c.API("POST", "/api/v1/scales", tok, `{"name":"Bad","bands":[{"from":0,"to":50,"winner":10,"loser":10}]}`, &e)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Leave the last band open (no upper bound).", e.Error.Fields["bands.0.to"])

	res = c.API("GET", "/api/v1/scales/"+id+"/export?format=csv", tok, "", nil)
	assert.Equal(t, "\ufefffrom,to,winner,loser\n0,100,10,10\n105,,20,0\n", res.Body)
	res = c.API("POST", "/api/v1/scales/import?format=csv&name=Again", tok, res.Body, &sc)
	assert.Equal(t, http.StatusCreated, res.StatusCode)
	js := c.API("GET", "/api/v1/scales/"+id+"/export", tok, "", nil).Body
	res = c.API("POST", "/api/v1/scales/import?format=json&name=FromJSON", tok, js, &sc)
	assert.Equal(t, http.StatusCreated, res.StatusCode, res.Body)
	assert.Equal(t, "FromJSON", sc.Name)
	assert.Equal(t, http.StatusNoContent, c.API("DELETE", "/api/v1/scales/"+id, tok, "", nil).StatusCode)
	assert.Equal(t, http.StatusConflict, c.API("DELETE", "/api/v1/scales/"+fibur, tok, "", nil).StatusCode)
}
