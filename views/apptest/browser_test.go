package apptest_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"burraco/db/dbtest"
	"burraco/tournament"
	"burraco/views/viewtest"
)

// chromium returns the path of a Chromium binary, or skips the test where none is
// installed (failing instead under CI=true, where it must run).
func chromium(t *testing.T) string {
	if dbtest.OnPostgres() {
		t.Skip("browser tests run in the SQLite pass: the PostgreSQL pass covers the handlers and services")
	}
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("CI=true but no Chromium is installed: .ci/run must install Debian's chromium package")
	}
	t.Skip("browser test skipped: no Chromium found (install Debian's 'chromium' package to run it)")
	return ""
}

// browser starts a headless Chromium for one test.
func browser(t *testing.T, width, height int) context.Context {
	return browserFor(t, width, height, 90*time.Second)
}

// browserFor starts a headless Chromium for one test that may take up to limit.
func browserFor(t *testing.T, width, height int, limit time.Duration) context.Context {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("lang", "it-IT"),
		chromedp.Flag("accept-lang", "it-IT,it"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, limit)
	t.Cleanup(cancel3)
	return ctx
}

// shot saves a full-page PNG when SCREENSHOT_DIR is set, to look at the pages.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("SCREENSHOT_DIR")
	if dir == "" {
		return
	}
	// A page still loading has no width yet to capture.
	waitFor(t, ctx, `document.readyState === "complete" && document.body && document.body.scrollWidth > 0`)
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644))
}

// do runs browser steps and fails the test on the first error.
func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, steps...))
}

// run runs one browser action and returns its value.
func run[T any](t *testing.T, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	require.NoError(t, err)
	return v
}

// waitFor waits until a JavaScript condition holds, across page loads.
func waitFor(t *testing.T, ctx context.Context, js string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s (last error: %v)", js, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// text is an element's text, read in one evaluation: a node looked up and then read in
// two steps can vanish in between when the page swaps a part of itself (htmx).
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	waitFor(t, ctx, fmt.Sprintf(`!!document.querySelector(%q)`, sel))
	return strings.TrimSpace(run(t, ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q).innerText`, sel))))
}

func TestBrowserFirstRun(t *testing.T) {
	ctx := browser(t, 1200, 900)
	app := viewtest.NewApp(t)
	base := app.Srv.URL
	csvPath := filepath.Join(t.TempDir(), "giocatori.csv")
	require.NoError(t, os.WriteFile(csvPath, []byte("Nome;Cognome;Circolo;Tessera\nNiccolò;D'Alessandro;Circolo Roma;RM77\nAnna;Verdi;Milano;MI1\n;Senza;;\n"), 0o644))

	// First run: every page leads to setup, in the browser's language.
	do(t, ctx, chromedp.Navigate(base+"/players"), chromedp.WaitVisible(`#username`))
	require.Equal(t, base+"/setup", run(t, ctx, chromedp.Location()))
	require.Equal(t, "Prima configurazione", text(t, ctx, "h1"))
	shot(t, ctx, "setup")

	do(t, ctx,
		chromedp.SendKeys(`#username`, "anna"),
		chromedp.SendKeys(`#name`, "Anna Verdi"),
		chromedp.SendKeys(`#password`, "password-lunga"),
		chromedp.SendKeys(`#confirm`, "password-lunga"),
		chromedp.Submit(`#confirm`),
		chromedp.WaitVisible(`.tiles`),
		// Log out and in again.
		chromedp.Click(`form[action="/logout"] button`),
		chromedp.WaitVisible(`form[action="/login"]`),
		chromedp.SendKeys(`#username`, "anna"),
		chromedp.SendKeys(`#password`, "password-lunga"),
	)
	shot(t, ctx, "login")
	do(t, ctx, chromedp.Submit(`#password`), chromedp.WaitVisible(`.tiles`))
	require.Equal(t, "Benvenuto, Anna Verdi", text(t, ctx, "h1"))
	shot(t, ctx, "home")

	// Add a player, with a mistake first.
	do(t, ctx,
		chromedp.Navigate(base+"/players/new"),
		chromedp.WaitVisible(`#first_name`),
		chromedp.SendKeys(`#first_name`, "Mario"),
		chromedp.SendKeys(`#email`, "non-una-mail"),
		chromedp.Submit(`#first_name`),
		chromedp.WaitVisible(`#last_name-error`),
	)
	require.Equal(t, "Mario", run(t, ctx, chromedp.Evaluate[string](`document.querySelector("#first_name").value`)), "what was typed is kept")
	shot(t, ctx, "player-form-error")
	do(t, ctx,
		chromedp.SendKeys(`#last_name`, "Rossi"),
		chromedp.SetValue(`#email`, "mario@example.it"),
		chromedp.Submit(`#first_name`),
		chromedp.WaitVisible(`.flash`),
	)
	require.Equal(t, "Rossi Mario aggiunto.", text(t, ctx, ".flash"))

	// Import a CSV file: preview, then confirm.
	do(t, ctx,
		chromedp.Navigate(base+"/players/import"),
		chromedp.WaitVisible(`#file`),
		chromedp.SetUploadFiles(`#file`, []string{csvPath}),
		chromedp.Submit(`#file`),
		chromedp.WaitVisible(`table.import-rows`),
	)
	shot(t, ctx, "import-preview")
	require.Equal(t, 3, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("table.import-rows tbody tr").length`)))
	do(t, ctx, chromedp.Click(`.confirm-bar button.primary`), chromedp.WaitVisible(`.flash`))
	require.Contains(t, text(t, ctx, ".flash"), "2 giocatori creati, 1 righe saltate")

	// Search as you type.
	do(t, ctx,
		chromedp.Navigate(base+"/players"),
		chromedp.WaitVisible(`#q`),
		chromedp.SendKeys(`#q`, "niccol"),
	)
	run(t, ctx, chromedp.Poll[bool](`document.querySelectorAll("#player-results tbody tr").length === 1`, chromedp.WithPollingTimeout(10*time.Second)))
	require.Contains(t, text(t, ctx, "#player-results tbody"), "D'Alessandro Niccolò")
	require.Contains(t, run(t, ctx, chromedp.Location()), "q=niccol", "the search is in the address, to share or reload")
	shot(t, ctx, "players-search")

	// Switch language: remembered across pages.
	do(t, ctx, chromedp.Click(`button.lang[value="en"]`))
	waitFor(t, ctx, `document.readyState === "complete" && !!document.querySelector('button.lang.current[value="en"]') && document.querySelector("h1").textContent.trim() === "Player registry"`)
	do(t, ctx, chromedp.Navigate(base+"/players/import"))
	waitFor(t, ctx, `document.readyState === "complete" && document.querySelector("h1") && document.querySelector("h1").textContent.trim() === "Import players"`)
	do(t, ctx, chromedp.Navigate(base+"/players"), chromedp.WaitVisible(`#player-results`))
	shot(t, ctx, "players-en")
}

func TestBrowserPhoneLayout(t *testing.T) {
	ctx := browser(t, 390, 844)
	app := viewtest.NewApp(t)
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(app.Srv.URL+"/setup"), chromedp.WaitVisible(`#username`))
	require.Equal(t, 390, run(t, ctx, chromedp.Evaluate[int](`window.innerWidth`)))
	scrollWidth := run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	innerWidth := run(t, ctx, chromedp.Evaluate[int](`window.innerWidth`))
	require.LessOrEqual(t, scrollWidth, innerWidth, "no sideways scrolling on a phone")
	shot(t, ctx, "setup-phone")
}

func TestBrowserCalculatorOnPhone(t *testing.T) {
	ctx := browser(t, 390, 844)
	app := viewtest.NewApp(t)
	app.Setup()
	do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(app.Srv.URL+"/calc"), chromedp.WaitVisible(`#clean`))
	require.Equal(t, "Calcolatore punteggi", text(t, ctx, "h1"))
	// The worked example of RULES.md: closed, 1 clean + 1 dirty, 420 on the table = 820.
	do(t, ctx,
		chromedp.Click(`#closed`),
		chromedp.SendKeys(`#clean`, "1"),
		chromedp.SendKeys(`#dirty`, "1"),
		chromedp.SendKeys(`#table`, "420"),
	)
	run(t, ctx, chromedp.Poll[bool](`document.querySelector("#hand-total") && document.querySelector("#hand-total").textContent === "820"`, chromedp.WithPollingTimeout(10*time.Second)))
	do(t, ctx, chromedp.SendKeys(`#diff`, "600"))
	run(t, ctx, chromedp.Poll[bool](`document.querySelector("#vp-winner") && document.querySelector("#vp-winner").textContent === "15"`, chromedp.WithPollingTimeout(10*time.Second)))
	require.Equal(t, "5", text(t, ctx, "#vp-loser"))
	scrollWidth := run(t, ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	shot(t, ctx, "calc-phone")
	require.LessOrEqual(t, scrollWidth, 390, "no sideways scrolling on a phone")

	// A mistake shows next to its field, live.
	do(t, ctx, chromedp.SendKeys(`#in_hand`, "15"))
	run(t, ctx, chromedp.Poll[bool](`!!document.querySelector("#in_hand-error")`, chromedp.WithPollingTimeout(10*time.Second)))
	require.Equal(t, "Chi chiude non ha carte in mano.", text(t, ctx, "#in_hand-error"))
	shot(t, ctx, "calc-phone-error")
}

// pdfPages counts the pages of a PDF that Chromium printed.
func pdfPages(pdf []byte) int {
	return bytes.Count(pdf, []byte("/Type /Page")) - bytes.Count(pdf, []byte("/Type /Pages"))
}

// printA4 prints the current page on A4 as the browser's print preview would, saving
// the PDF when SCREENSHOT_DIR is set, and returns its number of pages.
func printA4(t *testing.T, ctx context.Context, name string) int {
	t.Helper()
	pdf := run(t, ctx, chromedp.PrintToPDF(chromedp.PDFPaper(chromedp.PaperA4), chromedp.PDFPreferCSSPageSize(), chromedp.PDFPrintBackground()))
	if dir := os.Getenv("SCREENSHOT_DIR"); dir != "" {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".pdf"), pdf, 0o644))
	}
	return pdfPages(pdf)
}

func TestBrowserEvening(t *testing.T) {
	ctx := browser(t, 1280, 900)
	app := viewtest.NewApp(t)
	app.Setup()
	for _, n := range [][2]string{{"Niccolò", "D'Alessandro"}, {"Anna", "Verdi"}, {"Mario", "Rossi"}} {
		require.NoError(t, app.Store.CreatePlayer(t.Context(), &tournament.Player{FirstName: n[0], LastName: n[1], Club: "Circolo Roma", Active: true}))
	}
	base := app.Srv.URL
	do(t, ctx,
		chromedp.Navigate(base+"/login"),
		chromedp.WaitVisible(`#username`),
		chromedp.SendKeys(`#username`, "anna"),
		chromedp.SendKeys(`#password`, viewtest.Password),
		chromedp.Submit(`#password`),
		chromedp.WaitVisible(`.tiles`),
		// Create the tournament.
		chromedp.Navigate(base+"/tournaments/new"),
		chromedp.WaitVisible(`#name`),
		chromedp.SendKeys(`#name`, "Torneo del giovedì"),
		chromedp.SendKeys(`#venue`, "Circolo Roma"),
		chromedp.Submit(`#name`),
		chromedp.WaitVisible(`#entry-q`),
	)
	// Add three players by searching the registry, one registered on the spot.
	entries := func(n int) {
		t.Helper()
		waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll("table.entries tbody tr").length === %d`, n))
	}
	// "Add" works in place (htmx): no reload, and the search box keeps the focus.
	for i, q := range []string{"niccolo", "verdi", "rossi"} {
		run(t, ctx, chromedp.Evaluate[string](`document.getElementById("entry-q").value = ""`))
		do(t, ctx, chromedp.WaitVisible(`#entry-q`), chromedp.SendKeys(`#entry-q`, q), chromedp.WaitVisible(`#entry-results form button`))
		// Let the search-as-you-type settle: a button clicked before htmx has taken its
		// form over posts the plain form (which works too, with a reload).
		time.Sleep(400 * time.Millisecond)
		waitFor(t, ctx, `!document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added")`)
		if i == 0 {
			run(t, ctx, chromedp.Evaluate[bool](`window.notReloaded = true`))
		}
		do(t, ctx, chromedp.Click(`#entry-results form button`))
		entries(i + 1)
		waitFor(t, ctx, `document.activeElement && document.activeElement.id === "entry-q"`)
	}
	require.True(t, run(t, ctx, chromedp.Evaluate[bool](`window.notReloaded === true`)), "the page was not reloaded")
	require.Equal(t, 1, run(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#entry-results .badge").length`)), "the added player shows as entered")
	do(t, ctx,
		chromedp.SendKeys(`form[action$="/entries/new"] #first_name`, "Zoë"),
		chromedp.SendKeys(`form[action$="/entries/new"] #last_name`, "Bianchi"),
		chromedp.Submit(`form[action$="/entries/new"] #first_name`),
	)
	entries(4)
	// Roll call: everyone starts absent; one click marks one present, in place, then
	// "mark all present" the rest.
	// The page reloaded by the form above must have settled before a node of it is
	// clicked (a node looked up on the page being left is gone by the click).
	waitFor(t, ctx, `document.readyState === "complete" && !document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling") && document.querySelectorAll("table.entries button[aria-pressed=true]").length === 0`)
	do(t, ctx, chromedp.Click(`table.entries tbody tr:first-child button[aria-pressed]`))
	waitFor(t, ctx, `document.querySelectorAll("table.entries button[aria-pressed=true]").length === 1`)
	do(t, ctx, chromedp.Click(`#all-present`))
	waitFor(t, ctx, `document.querySelectorAll("table.entries button[aria-pressed=true]").length === 4`)
	shot(t, ctx, "entries")

	// Draw game 1: 4 players, so one sits out.
	home := strings.TrimSuffix(run(t, ctx, chromedp.Location()), "/entries")
	do(t, ctx, chromedp.Navigate(home+"/standings"), chromedp.WaitVisible(`.standings-table`))
	do(t, ctx, chromedp.Navigate(home), chromedp.WaitVisible(`.draw-form`))
	require.Contains(t, text(t, ctx, ".next-step"), "4 giocatori presenti. Riposi per partita: 1")
	shot(t, ctx, "tournament-home")
	do(t, ctx, chromedp.Click(`.draw-form button[type=submit]`))
	waitFor(t, ctx, `location.pathname.endsWith("/rounds/1") && document.readyState === "complete" && !!document.querySelector(".table-card")`)
	shot(t, ctx, "game")

	// Enter table 1's three hands from the keyboard: totals, Tab along the sheet, Enter saves.
	do(t, ctx, chromedp.Click(`a.table-card`), chromedp.WaitVisible(`#sheet`), chromedp.Click(`.form-switch button[value="total"]`), chromedp.WaitVisible(`[id="h1.s1.total"]`))
	scores := []string{"820", "-20", "-160", "300", "100", "0", "45", "50", "-95"}
	do(t, ctx, chromedp.Focus(`[id="h1.s1.total"]`))
	for i, s := range scores {
		keys := s + kb.Tab
		if i == len(scores)-1 {
			keys = s
		}
		do(t, ctx, chromedp.KeyEvent(keys))
	}
	// Live game totals: 820+300+45, -20+100+50, -160+0-95.
	waitFor(t, ctx, `document.querySelector("#game-1").textContent === "1165" && document.querySelector("#game-2").textContent === "130" && document.querySelector("#game-3").textContent === "-255"`)
	shot(t, ctx, "score-entry")
	do(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `document.readyState === "complete" && (document.querySelector(".flash") || {textContent: ""}).textContent.trim() === "Tavolo 1 salvato."`)
	require.Equal(t, "6", text(t, ctx, ".table-card .ppoints"))

	// The printed table list (by table, then alphabetical) and the score sheet, on A4.
	game := run(t, ctx, chromedp.Location())
	do(t, ctx, chromedp.Navigate(game+"/print"), chromedp.WaitVisible(`.print-tables`))
	shot(t, ctx, "table-list-screen")
	require.Equal(t, 2, printA4(t, ctx, "table-list"), "one page by table, one alphabetical")
	// In print media the navigation, the print button and the back link disappear.
	do(t, ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
		return chromedp.Void{}, err
	})
	require.True(t, run(t, ctx, chromedp.Evaluate[bool](`[".topbar", ".print-bar"].every(s => getComputedStyle(document.querySelector(s)).display === "none")`)), "no navigation chrome on paper")
	do(t, ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: ""})
		return chromedp.Void{}, err
	})
	do(t, ctx, chromedp.Navigate(game+"/sheets"), chromedp.WaitVisible(`.score-sheet`))
	require.Equal(t, 1, printA4(t, ctx, "score-sheets"), "one A4 page per table")

	// The standings.
	do(t, ctx, chromedp.Navigate(home+"/standings"), chromedp.WaitVisible(`.standings-table`))
	require.Equal(t, "6", text(t, ctx, ".standings-table tbody tr:first-child td.rp"))
	shot(t, ctx, "standings")
	require.Equal(t, 1, printA4(t, ctx, "standings"))
}
