//go:build !unix

package atomicfile

// syncDir is a no-op where directories cannot be opened for syncing
// (Windows); there MoveFileEx with write-through, which os.Rename uses, is
// what makes the rename durable.
func syncDir(string) error { return nil }
