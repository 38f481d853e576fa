package views

import "burraco/views/page"

// Lang is a UI language.
type Lang = page.Lang

// The UI languages; Italian is the default, clubs being Italian.
const (
	IT = page.IT
	EN = page.EN
)

// Translate returns the message for key in lang, formatted with args (see page.Translate).
func Translate(lang Lang, key string, args ...any) string { return page.Translate(lang, key, args...) }
