package tournament

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSearchText(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Mazzà", "mazza"},
		{"Niccolò", "niccolo"},
		{"D'Alessandro", "dalessandro"},
		{"D’Alessandro", "dalessandro"},
		{"  Città   di\tForlì ", "citta di forli"},
		{"ÀÈÌÒÙ çñ ü", "aeiou cn u"},
		{"Niccolo\u0300", "niccolo"}, // already decomposed
		{"RM-1234/b", "rm-1234/b"},
		{"", ""},
	} {
		assert.Equal(t, tt.want, SearchText(tt.in), tt.in)
	}
	assert.Equal(t, "niccolo dalessandro circolo citta rm1", PlayerSearchText(&Player{FirstName: "Niccolò", LastName: "D'Alessandro", Club: "Circolo Città", CardNumber: "RM1"}))
	assert.Equal(t, "anna verdi", PlayerSearchText(&Player{FirstName: "Anna", LastName: "Verdi"}))
}
