// Package apptest holds the tests that drive the whole app across features: an evening
// from the draw to the standings, the browser tests, security and deployment, the
// public pages' privacy scan, the wording of every page. It has no code of its own: the
// tests are external (package apptest_test) on views/viewtest.
package apptest
