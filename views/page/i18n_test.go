package page_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"burraco/views/page"
)

// The catalogue's own tests (complete, used, no override equal to its base, plural
// forms) are in views/words.

func TestFromAcceptLanguage(t *testing.T) {
	for h, want := range map[string]page.Lang{
		"":                          page.IT,
		"en":                        page.EN,
		"en-US,en;q=0.9":            page.EN,
		"it-IT,it;q=0.9,en;q=0.8":   page.IT,
		"fr-FR,en;q=0.5,it;q=0.7":   page.IT,
		"fr-FR,de;q=0.5":            page.IT,
		"EN-gb":                     page.EN,
		"it;q=0,en;q=0.1":           page.EN,
		"en;q=0.5,it;q=0.5,de;q=.9": page.EN,
	} {
		assert.Equal(t, want, page.FromAcceptLanguage(h), h)
	}
}
