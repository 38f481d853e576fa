//go:build unix

package db

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockFile takes an advisory lock (flock) on a SQLite file: shared for an app serving
// it, exclusive for the copy command, never waiting. So the copy is refused while an
// app uses the file, and an app does not start while the copy reads it. The lock lives
// until the returned file is closed (after the database is closed: closing another
// descriptor of the file earlier would drop SQLite's own locks).
func lockFile(path string, exclusive bool) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	if err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			if exclusive {
				return nil, fmt.Errorf("%s is in use by a running app: stop it first", path)
			}
			return nil, fmt.Errorf("%s is being copied (burraco copy): start the app when the copy is done", path)
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return f, nil
}
