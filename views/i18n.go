package views

import "burraco/views/page"

// Lang is a UI language.
type Lang = page.Lang

// The UI languages; Italian is the default, clubs being Italian.
const (
	IT = page.IT
	EN = page.EN
)

var catalogs = map[Lang]map[string]string{IT: messagesIT, EN: messagesEN}

func init() { page.UseCatalog(lookup) }

// lookup is the message of key in lang, if the catalogue has one: the one place that
// reads the catalogue's maps.
func lookup(lang Lang, key string) (string, bool) {
	msg, ok := catalogs[lang][key]
	return msg, ok
}

// Translate returns the message for key in lang, formatted with args (see page.Translate).
func Translate(lang Lang, key string, args ...any) string { return page.Translate(lang, key, args...) }
