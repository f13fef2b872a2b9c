//go:build !unix

package boundedfile

import "errors"

func mkfifo(string) error { return errors.New("not supported") }
