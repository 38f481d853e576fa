package db

import "context"

// ExecForTest runs a statement as the app's own set-up would (tests only: a second
// club's rows before the tenancy store makes them).
func (d *DB) ExecForTest(ctx context.Context, q string, args ...any) error {
	return d.gorm.WithContext(ctx).Exec(q, args...).Error
}
