package views

// The wording of rounds shared by the formats that play rounds, not games, and give byes,
// not sit-outs (Danish, knockout): each key becomes "<format>:<key>" for each of them,
// unless the format words it its own way in views/messages_<format>.go.
func init() {
	for _, format := range roundFormats {
		for lang, words := range map[Lang]map[string]string{EN: roundsEN, IT: roundsIT} {
			for k, v := range words {
				if _, own := catalogs[lang][format+":"+k]; !own {
					catalogs[lang][format+":"+k] = v
				}
			}
		}
	}
}

// roundFormats are the formats whose rounds are worded by roundsEN and roundsIT.
var roundFormats = []string{"danish", "knockout"}

var roundsEN = map[string]string{
	"change.at_game_total":        "round total",
	"change.game_total":           "round total %s",
	"clock.reset_confirm":         "Reset the clock of this round?",
	"clock.title":                 "Clock of round %d",
	"draw.all_drawn":              "All %d rounds have been drawn.",
	"entries.absent_confirm":      "%s is in round %d, drawn and not started: mark them absent and take them out of it?",
	"entries.leave_too_few":       "Round %v cannot be drawn again with so few sides: undo its draw first.",
	"entries.left_bye":            "%s is no longer here: they do not have the bye in round %s (and score nothing for it).",
	"entries.left_redrawn":        "%s is no longer here: round %s was drawn again without them, with the same seed. Print the table list again.",
	"entries.left_replaced":       "%s is no longer here: in round %s, %s takes their seat instead of the bye. Print the table list again.",
	"entries.left_started":        "%s stays in round %s, which has started (at the table, or with the bye): they are not drawn again.",
	"entries.missed":              "Bye for %d round(s) missed",
	"entries.missed_confirm":      "Award %s the bye for %d round(s) missed? (logged)",
	"entries.missed_done":         "Bye awarded to %s for %s round(s) missed (logged).",
	"entries.missed_help":         "Arrived late: award the bye for the rounds drawn before (logged).",
	"entries.nothing_missed":      "%v has missed no round.",
	"event.also.bracket_flagged":  "round %s table %s was played by other sides than the results now give: flagged for the director",
	"event.also.bracket_placed":   "round %s table %s re-seated from the corrected results",
	"event.also.walkover":         "keeps its place in round %s: a walkover for its opponent once recorded",
	"hand.game_total_alone":       "A round total stands for the whole round: leave this side's other hands empty.",
	"hand.game_total_first":       "A round total goes in the first hand.",
	"next.draw_first":             "Next: draw round 1.",
	"next.draw_next":              "Next: draw round %d.",
	"public.no_match":             "Nobody by that name in this round.",
	"public.no_round":             "The first round has not been drawn yet.",
	"public.standings_legend":     "\"=\" marks a shared place (ex aequo). Tap a name for that side's rounds.",
	"reseat.keep":                 "Save and keep round %d as drawn",
	"reseat.reseat":               "Save and draw round %d again",
	"reseat.title":                "Round %d has not started: this correction would move these sides. Choose before saving:",
	"seats.same_people":           "The seats must hold exactly the sides of this round.",
	"seats.same_shape":            "Keep the same number of tables and of byes as the draw.",
	"seats.saved":                 "Seats of round %s saved.",
	"seats.started":               "Scores have been entered for this round: its seats can no longer change.",
	"sheet.game_help":             "The sheet gives only each side's total for the whole round: one box per side.",
	"sheet.game_total":            "Round total",
	"sheet.reseat_choice":         "Round %d was drawn from the results before this correction.",
	"sheet.saved_kept":            "Table %s saved. Round %s keeps its seats as drawn (logged).",
	"sheet.saved_later_started":   "Table %s saved. Round %s had already started: its seats were kept as they are.",
	"sheet.saved_reseated":        "Table %s saved. Round %s had not started yet: its seats were recomputed from the corrected results (seat changes made by hand were replaced).",
	"sheet.time_up":               "The round's time is up.",
	"sheet.too_many_hands":        "A round has %d hands.",
	"standings.after_game":        "after round %d of %d",
	"tournament.err.fixed":        "Round 1 has been drawn: this stays as announced.",
	"tournament.err.rules_locked": "Round 1 has been drawn: the rules stay as announced.",
	"tournament.summary":          "%d rounds of %d hands",
}

var roundsIT = map[string]string{
	"change.at_game_total":        "totale del turno",
	"change.game_total":           "totale del turno %s",
	"clock.reset_confirm":         "Azzerare il tempo di questo turno?",
	"clock.title":                 "Tempo del turno %d",
	"draw.all_drawn":              "Tutti i %d turni sono stati sorteggiati.",
	"entries.absent_confirm":      "%s è nel turno %d, sorteggiato e non iniziato: segnarlo/a assente e toglierlo/a dal turno?",
	"entries.leave_too_few":       "Il turno %v non si può sorteggiare di nuovo con così pochi iscritti: annulla prima il sorteggio.",
	"entries.left_bye":            "%s non c'è più: non ha il riposo nel turno %s (e non ne prende i punti).",
	"entries.left_redrawn":        "%s non c'è più: il turno %s è stato sorteggiato di nuovo senza di lui/lei, con lo stesso seme. Ristampa la lista dei tavoli.",
	"entries.left_replaced":       "%s non c'è più: nel turno %s prende il suo posto %s, che aveva il riposo. Ristampa la lista dei tavoli.",
	"entries.left_started":        "%s resta nel turno %s, già iniziato (al tavolo, o con il riposo): non sarà più sorteggiato/a.",
	"entries.missed":              "Riposo per %d turno/i saltato/i",
	"entries.missed_confirm":      "Assegnare a %s il riposo per %d turno/i saltato/i? (registrato)",
	"entries.missed_done":         "Riposo assegnato a %s per %s turno/i saltato/i (registrato).",
	"entries.missed_help":         "Arrivato in ritardo: assegna il riposo per i turni sorteggiati prima (registrato).",
	"entries.nothing_missed":      "%v non ha perso nessun turno.",
	"event.also.bracket_flagged":  "turno %s tavolo %s giocato da altri schieramenti rispetto ai risultati attuali: segnalato al direttore",
	"event.also.bracket_placed":   "turno %s tavolo %s ridisposto dai risultati corretti",
	"event.also.walkover":         "mantiene il posto nel turno %s: vittoria a tavolino per l'avversario, una volta registrata",
	"hand.game_total_alone":       "Un totale del turno vale per tutto il turno: lascia vuote le altre smazzate di questa linea.",
	"hand.game_total_first":       "Il totale del turno va nella prima smazzata.",
	"next.draw_first":             "Prossimo passo: sorteggia il turno 1.",
	"next.draw_next":              "Prossimo passo: sorteggia il turno %d.",
	"public.no_match":             "Nessuno con questo nome in questo turno.",
	"public.no_round":             "Il primo turno non è ancora stato sorteggiato.",
	"public.standings_legend":     "\"=\" indica un posto condiviso (ex aequo). Tocca un nome per i turni di quella linea.",
	"reseat.keep":                 "Salva e lascia il turno %d come sorteggiato",
	"reseat.reseat":               "Salva e sorteggia di nuovo il turno %d",
	"reseat.title":                "Il turno %d non è iniziato: questa correzione sposterebbe queste linee. Scegli prima di salvare:",
	"seats.same_people":           "I posti devono contenere esattamente le linee di questo turno.",
	"seats.same_shape":            "Mantieni lo stesso numero di tavoli e di riposi del sorteggio.",
	"seats.saved":                 "Posti del turno %s salvati.",
	"seats.started":               "Sono già stati inseriti punteggi per questo turno: i posti non possono più cambiare.",
	"sheet.game_help":             "Lo statino riporta solo il totale del turno di ogni linea: una casella per linea.",
	"sheet.game_total":            "Totale del turno",
	"sheet.reseat_choice":         "Il turno %d è stato sorteggiato dai risultati prima di questa correzione.",
	"sheet.saved_kept":            "Tavolo %s salvato. Il turno %s resta come sorteggiato (registrato).",
	"sheet.saved_later_started":   "Tavolo %s salvato. Il turno %s era già iniziato: i suoi posti restano come sono.",
	"sheet.saved_reseated":        "Tavolo %s salvato. Il turno %s non era ancora iniziato: i posti sono stati ricalcolati dai risultati corretti (i cambi fatti a mano sono stati sostituiti).",
	"sheet.time_up":               "Il tempo del turno è scaduto.",
	"sheet.too_many_hands":        "Un turno ha %d smazzate.",
	"standings.after_game":        "dopo il turno %d di %d",
	"tournament.err.fixed":        "Il turno 1 è stato sorteggiato: questa scelta resta quella annunciata.",
	"tournament.err.rules_locked": "Il turno 1 è stato sorteggiato: le regole restano quelle annunciate.",
	"tournament.summary":          "%d turni da %d smazzate",
}
