package public

import (
	"context"

	"burraco/tournament"
	"burraco/views/page"
)

// Kept is the page the cache keeps for a tournament's page name ("standings",
// "player/12"…) in a language, nil if none: what the next request is served from.
func (pc *Cache) Kept(tid int64, name string, lang page.Lang) any {
	pc.mu.RLock()
	defer pc.mu.RUnlock()
	if p := pc.pages[pageID{tid: tid, page: name, lang: lang}]; p != nil {
		return p
	}
	return nil
}

// RenderStandings renders a tournament's public standings afresh, as the cache would
// keep them: the standings computed and the page rendered.
func RenderStandings(ctx context.Context, lang page.Lang, ev *tournament.State) ([]byte, error) {
	cols, lines := ev.Format().Standings(ev)
	return renderPublic(ctx, lang, ev.Stage.Format, "/", publicStandingsPage(publicStandingsOf(ev, cols, lines)))
}
