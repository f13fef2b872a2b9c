//go:build unix

package boundedfile

import (
	"os"
	"syscall"
)

// openNonBlocking opens path for reading without waiting for a writer when
// it is a FIFO; the caller then refuses it as not regular. On a regular
// file O_NONBLOCK changes nothing.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
