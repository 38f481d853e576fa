package tournament

import "context"

// PublicKey is what a season's public pages are rendered at: the revision key its
// standings depend on (RevisionKey), and whether it is published.
func (s *Seasons) PublicKey(ctx context.Context, id int64) (string, bool, error) {
	se, err := s.Store.Season(ctx, id)
	if err != nil {
		return "", false, err
	}
	key, err := s.keyOf(ctx, se)
	return key, se.Published, err
}
