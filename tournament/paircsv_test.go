package tournament

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The headers the pair import page advertises, in any case and with any separator before
// the member's number, all land in their column; a column it does not know is named.
func TestParsePairsCSVHeaders(t *testing.T) {
	for _, tc := range []struct {
		name, header string
		ignored      []string
	}{
		{"italian, as advertised", "Cognome1;Nome1;Tessera1;Circolo1;Cognome2;Nome2;Tessera2;Circolo2", nil},
		{"italian, lower case", "cognome1;nome1;tessera1;circolo1;cognome2;nome2;tessera2;circolo2", nil},
		{"italian, with separators", "COGNOME_1;Nome 1;tessera-1;Circolo_1;cognome 2;nome_2;Tessera 2;circolo 2", nil},
		{"english", "last_name_1;first_name_1;card_number_1;club_1;last_name_2;first_name_2;card_number_2;club_2", nil},
		{"english, spaced and upper case", "Last Name 1;First Name 1;Card 1;Club1;LAST NAME 2;first name 2;card number 2;CLUB 2", nil},
		{"unknown columns named once", "Cognome1;Nome1;Tessera1;Circolo1;Cognome2;Nome2;Tessera2;Circolo2;Telefono;;Telefono;Note", []string{"Telefono", "Note"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.header + "\nRossi;Mario;RM1;Roma;Bianchi;Anna;;Forlì\n"
			rows, ignored, err := ParsePairsCSV(strings.NewReader(in))
			require.NoError(t, err)
			require.Len(t, rows, 1)
			assert.Equal(t, tc.ignored, ignored)
			m := rows[0].Members
			assert.Equal(t, Player{LastName: "Rossi", FirstName: "Mario", CardNumber: "RM1", Club: "Roma", Active: true}, m[0].Player)
			assert.Equal(t, Player{LastName: "Bianchi", FirstName: "Anna", Club: "Forlì", Active: true}, m[1].Player)
		})
	}
}
