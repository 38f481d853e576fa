package ranking

// KeptPages is how many rendered public pages h keeps.
func KeptPages(h *Handlers) int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.pages)
}
