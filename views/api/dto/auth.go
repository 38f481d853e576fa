package dto

import "burraco/tournament"

// DirectorInput is the body of POST /setup and POST /directors.
type DirectorInput = tournament.DirectorInput

// Director is a tournament director's account: POST /directors, GET /me.
type Director = tournament.Director

// Token is an API token as listed (never its secret).
type Token = tournament.APIToken

// Setup is the answer of POST /setup: the first director and a token for it, whose
// secret is shown once.
type Setup struct {
	Director *tournament.Director `json:"director"`
	Token    *tournament.APIToken `json:"token"`
	Secret   string               `json:"secret"`
}

// LoginInput is the body of POST /login.
type LoginInput struct {
	Username  string `json:"username"`
	Password  string `json:"password"`
	TokenName string `json:"token_name"`
}

// NewToken is the answer of POST /login and POST /tokens: the token and its secret,
// shown once.
type NewToken struct {
	Token  *tournament.APIToken `json:"token"`
	Secret string               `json:"secret"`
}

// TokenInput is the body of POST /tokens.
type TokenInput struct {
	Name string `json:"name"`
}

// TokenList is the answer of GET /tokens: the director's tokens.
type TokenList struct {
	Tokens []tournament.APIToken `json:"tokens"`
}

// DirectorList is the answer of GET /directors.
type DirectorList struct {
	Directors []tournament.Director `json:"directors"`
}

// PasswordInput is the body of PUT /me/password.
type PasswordInput struct {
	Current  string `json:"current"`
	Password string `json:"password"`
	Confirm  string `json:"confirm"`
}
