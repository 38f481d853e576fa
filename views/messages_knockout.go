package views

import "maps"

// The knockout format's wording of shared keys (RULES.md section 5): rounds, not games;
// byes, not sit-outs. Merged into messagesEN and messagesIT at start.
func init() {
	maps.Copy(messagesEN, knockoutEN)
	maps.Copy(messagesIT, knockoutIT)
}

var knockoutEN = map[string]string{
	"knockout:draw.already":         "Round %d has already been drawn (perhaps by a second click): reload the page.",
	"knockout:draw.anyway":          "Round %d is not complete: draw the next one anyway…",
	"knockout:draw.undo":            "Undo the draw of round %d",
	"knockout:draw.undo_confirm":    "Undo the draw of round %d? Its tables disappear, as if it had never been drawn.",
	"knockout:draw.undo_last":       "Only the last round drawn can be undone.",
	"knockout:draw.undo_started":    "Scores of round %v are entered: its draw can no longer be undone.",
	"knockout:draw.undone":          "The draw of round %s was undone (logged).",
	"knockout:draw.button":          "Draw round %d",
	"knockout:draw.conflict":        "This round was drawn by someone else at the same moment: reload the page.",
	"knockout:draw.done":            "Round %s drawn (seed %s).",
	"knockout:draw.incomplete":      "Round %d is not complete: enter its score sheets first (a tie needs the last game action).",
	"knockout:draw.override":        "Round %d is not complete. To draw the next one anyway, say why (it is logged):",
	"knockout:game.override_note":   "Drawn before the previous round was complete: %s",
	"knockout:game.sit_out_one":     "Bye into round 2",
	"knockout:game.sit_outs":        "Byes into round 2",
	"knockout:game.title":           "Round %d",
	"knockout:print.sits_out":       "has a bye into round 2",
	"knockout:sheet.title":          "Table %d · round %d",
	"knockout:sheet.ranking_points": "MP · through (1)",
	"knockout:standings.game_short": "R%d",
	"knockout:standings.legend":     "Ranked by the round reached: the winner, the finalist, then sides out in the same round share a place (\"=\"); MP (the sum of the match differences) only order the display inside a group; under a round's result (1 won, 0 lost), in small type, the side's score.",
	"standings.after_round":         "after round %d",
}

var knockoutIT = map[string]string{
	"knockout:draw.already":         "Il turno %d è già stato sorteggiato (forse con un secondo clic): ricarica la pagina.",
	"knockout:draw.anyway":          "Il turno %d non è completo: sorteggia comunque il successivo…",
	"knockout:draw.undo":            "Annulla il sorteggio del turno %d",
	"knockout:draw.undo_confirm":    "Annullare il sorteggio del turno %d? I suoi tavoli spariscono, come se non fosse mai stato sorteggiato.",
	"knockout:draw.undo_last":       "Si può annullare solo l'ultimo turno sorteggiato.",
	"knockout:draw.undo_started":    "Ci sono punteggi del turno %v: il sorteggio non si può più annullare.",
	"knockout:draw.undone":          "Il sorteggio del turno %s è stato annullato (registrato).",
	"knockout:draw.button":          "Sorteggia il turno %d",
	"knockout:draw.conflict":        "Questo turno è stato sorteggiato da qualcun altro nello stesso momento: ricarica la pagina.",
	"knockout:draw.done":            "Turno %s sorteggiato (seme %s).",
	"knockout:draw.incomplete":      "Il turno %d non è completo: inserisci prima gli score (un pareggio richiede l'ultima azione di gioco).",
	"knockout:draw.override":        "Il turno %d non è completo. Per sorteggiare comunque il successivo, indica il motivo (viene registrato):",
	"knockout:game.override_note":   "Sorteggiato prima che il turno precedente fosse completo: %s",
	"knockout:game.sit_out_one":     "Riposo fino al turno 2",
	"knockout:game.sit_outs":        "Riposi fino al turno 2",
	"knockout:game.title":           "Turno %d",
	"knockout:print.sits_out":       "riposa fino al turno 2",
	"knockout:sheet.title":          "Tavolo %d · turno %d",
	"knockout:sheet.ranking_points": "PP · passa (1)",
	"knockout:standings.game_short": "T%d",
	"knockout:standings.legend":     "Ordine per turno raggiunto: vincitore, finalista, poi chi esce nello stesso turno condivide il posto (\"=\"); i PP (somma delle differenze degli incontri) ordinano solo la visualizzazione dentro il gruppo; sotto l'esito di un turno (1 vinto, 0 perso), in piccolo, il punteggio della linea.",
	"standings.after_round":         "dopo il turno %d",
}
