package ranking_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// classNames are the classes a template sets: class="a b", class={ "a", templ.KV("b", …) }.
var classNames = regexp.MustCompile(`class="([^"]+)"|class=\{ "([^"]+)"|templ\.KV\("([^"]+)"`)

// TestEveryRankingClassHasAStyle: every class the ranking's pages (and the settings'
// wide fields) set has a rule in the app's stylesheets. The public ranking shipped with
// none of its own: a numbered list beside the places ("1. 1 Bianchi"), points wrapping
// under the names on a phone, the table of points squeezed into one column.
func TestEveryRankingClassHasAStyle(t *testing.T) {
	src, err := os.ReadFile("ranking.templ")
	require.NoError(t, err)
	var css strings.Builder
	for _, f := range []string{"../../static/app.css", "../../static/public.css"} {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		css.Write(b)
	}
	styled := css.String()
	seen := 0
	for _, m := range classNames.FindAllStringSubmatch(string(src), -1) {
		for _, names := range m[1:] {
			for _, name := range strings.Fields(names) {
				seen++
				rule := regexp.MustCompile(`\.` + regexp.QuoteMeta(name) + `[\s,.:{\[)>]`)
				assert.True(t, rule.MatchString(styled), "class %q of ranking.templ has no rule in static/app.css or static/public.css", name)
			}
		}
	}
	assert.Greater(t, seen, 10, "the classes were read")
}
