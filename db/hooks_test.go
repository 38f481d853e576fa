package db

// SetAfterImportChunk has f run between an import's chunks until the returned function
// is called.
func SetAfterImportChunk(f func()) (restore func()) {
	afterChunk = f
	return func() { afterChunk = nil }
}
