package public

import (
	"context"

	"burraco/tournament"
	"burraco/tournament/national"
)

// masked returns the stage and standings with every player named as public pages may
// name them (RULES.md §9, tournament/national): a hidden player's name (a minor by
// default) never reaches a public page or its JSON twin; initials where asked; an erased
// player's neutral label. The shared stage is left alone (a copy is masked).
func (h *Handlers) masked(ctx context.Context, ev *tournament.State, lines []tournament.Standing) (*tournament.State, []tournament.Standing, error) {
	if h.National == nil {
		return ev, lines, nil
	}
	names, err := h.National.PublicNames(ctx, national.MemberIDs(ev))
	if err != nil {
		return nil, nil, err
	}
	return national.MaskState(ev, names), national.MaskLines(lines, names), nil
}
