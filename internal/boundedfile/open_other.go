//go:build !unix

package boundedfile

import "os"

// openNonBlocking opens path for reading. Named pipes on these systems do
// not block an open the way a Unix FIFO does.
func openNonBlocking(path string) (*os.File, error) {
	return os.Open(path)
}
