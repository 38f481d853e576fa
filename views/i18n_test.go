package views

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"burraco/views/page"
)

func TestCatalogueComplete(t *testing.T) {
	for key, en := range messagesEN {
		it, ok := messagesIT[key]
		if assert.True(t, ok, "key %q missing in Italian", key) {
			assert.NotEmpty(t, it, key)
			assert.Equal(t, verbs(en), verbs(it), "format verbs of %q differ between languages", key)
		}
		assert.NotEmpty(t, en, key)
	}
	for key := range messagesIT {
		_, ok := messagesEN[key]
		assert.True(t, ok, "key %q missing in English", key)
	}
}

var verbRe = regexp.MustCompile(`%[-+# 0]*[0-9]*[vdsqxf]`)

func verbs(s string) []string { return verbRe.FindAllString(s, -1) }

// TestEveryKeyUsedExists scans the source for message keys, in page.T(ctx, "…") calls and in
// the domain's error keys, and checks the catalogue has each one.
func TestEveryKeyUsedExists(t *testing.T) {
	keyRe := regexp.MustCompile(`"((?:error|player|players|director|directors|import|login|setup|api|nav|home|action|pager|account|tokens|hand|scale|scales|calc|rules|tournament|tournaments|entries|entry|draw|game|seats|sheet|standings|print|next|sitout|log|danish|knockout|stage|bracket)\.[a-z_.]*[a-z_])"`)
	prefixRe := regexp.MustCompile(`\b[tT]\(ctx, "([a-z_.]+\.)" \+`)
	var files []string
	formats, err := filepath.Glob("../tournament/*/format.go") // the format packages
	require.NoError(t, err)
	for i := range formats {
		formats[i] = filepath.Dir(formats[i])
	}
	entries, err := os.ReadDir(".")
	require.NoError(t, err)
	var webDirs []string // the web layer's packages (views/page, the features)
	for _, e := range entries {
		if e.IsDir() && e.Name() != "testdata" {
			webDirs = append(webDirs, e.Name())
		}
	}
	for _, dir := range append(append([]string{".", "../tournament", "../db"}, webDirs...), formats...) {
		for _, pat := range []string{"*.go", "*.templ"} {
			m, err := filepath.Glob(filepath.Join(dir, pat))
			require.NoError(t, err)
			files = append(files, m...)
		}
	}
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.HasSuffix(f, "_templ.go") || strings.HasSuffix(f, "messages.go") {
			continue
		}
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range keyRe.FindAllStringSubmatch(string(b), -1) {
			found++
			_, ok := messagesEN[m[1]]
			assert.True(t, ok, "%s uses the key %q, missing from the catalogue", f, m[1])
		}
		// Keys built from a prefix need at least one entry under that prefix.
		for _, m := range prefixRe.FindAllStringSubmatch(string(b), -1) {
			has := false
			for k := range messagesEN {
				has = has || strings.HasPrefix(k, m[1])
			}
			assert.True(t, has, "%s builds keys under %q but the catalogue has none", f, m[1])
		}
	}
	assert.Greater(t, found, 100, "the scan must find the keys")
}

func TestFromAcceptLanguage(t *testing.T) {
	for h, want := range map[string]Lang{
		"":                          IT,
		"en":                        EN,
		"en-US,en;q=0.9":            EN,
		"it-IT,it;q=0.9,en;q=0.8":   IT,
		"fr-FR,en;q=0.5,it;q=0.7":   IT,
		"fr-FR,de;q=0.5":            IT,
		"EN-gb":                     EN,
		"it;q=0,en;q=0.1":           EN,
		"en;q=0.5,it;q=0.5,de;q=.9": EN,
	} {
		assert.Equal(t, want, page.FromAcceptLanguage(h), h)
	}
}
