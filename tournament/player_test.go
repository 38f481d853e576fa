package tournament

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPlayerValidate(t *testing.T) {
	ok := Player{FirstName: "Niccolò", LastName: "D'Alessandro", Club: "Circolo Roma", CardNumber: "rm-1234",
		Email: "n@example.it", Phone: "+39 06 123456"}
	tests := []struct {
		name   string
		edit   func(p *Player)
		fields map[string]string
	}{
		{"valid", func(p *Player) {}, nil},
		{"only names", func(p *Player) { *p = Player{FirstName: "A", LastName: "B"} }, nil},
		{"names required", func(p *Player) { p.FirstName, p.LastName = "  ", "" },
			map[string]string{"first_name": "error.required", "last_name": "error.required"}},
		{"name too long", func(p *Player) { p.LastName = strings.Repeat("à", 101) }, map[string]string{"last_name": "error.too_long"}},
		{"card format", func(p *Player) { p.CardNumber = "12 34" }, map[string]string{"card_number": "player.card_number.format"}},
		{"card too long", func(p *Player) { p.CardNumber = strings.Repeat("1", 31) }, map[string]string{"card_number": "error.too_long"}},
		{"email", func(p *Player) { p.Email = "not an email" }, map[string]string{"email": "player.email.format"}},
		{"email with name", func(p *Player) { p.Email = "Bob <bob@example.it>" }, map[string]string{"email": "player.email.format"}},
		{"email no domain dot", func(p *Player) { p.Email = "bob@localhost" }, map[string]string{"email": "player.email.format"}},
		{"phone", func(p *Player) { p.Phone = "call me" }, map[string]string{"phone": "player.phone.format"}},
		{"control chars", func(p *Player) { p.Club = "a\x07b" }, map[string]string{"club": "error.control_chars"}},
		{"notes too long", func(p *Player) { p.Notes = strings.Repeat("x", 2001) }, map[string]string{"notes": "error.too_long"}},
		{"every problem at once", func(p *Player) { p.FirstName, p.Email, p.Phone = "", "x", "y" },
			map[string]string{"first_name": "error.required", "email": "player.email.format", "phone": "player.phone.format"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := ok
			tt.edit(&p)
			p.Normalize()
			err := p.Validate()
			if tt.fields == nil {
				assert.NoError(t, err)
				return
			}
			e, isDomain := AsError(err)
			if assert.True(t, isDomain, "want a domain error, got %v", err) {
				assert.Equal(t, EINVALID, e.Code)
				assert.Equal(t, tt.fields, e.Fields)
			}
		})
	}
}

func TestPlayerNormalize(t *testing.T) {
	p := Player{FirstName: "  Niccolò  ", LastName: "D'Alessandro   Rossi", CardNumber: " rm-12 ", Email: " a@b.it "}
	p.Normalize()
	assert.Equal(t, "Niccolò", p.FirstName)
	assert.Equal(t, "D'Alessandro Rossi", p.LastName)
	assert.Equal(t, "RM-12", p.CardNumber)
	assert.Equal(t, "a@b.it", p.Email)
}
