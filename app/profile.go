package app

import (
	"bytes"
	"fmt"
	"io"
	"runtime/pprof"
)

// StartCPUProfile starts a CPU profile of the whole process, as -cpuprofile
// asks: the returned stop ends it and writes it to path for go tool pprof
// (its folder created; the file is written whole or not at all). An empty
// path profiles nothing, and stop does nothing.
//
//	stop, err := app.StartCPUProfile(o.CPUProfile)
//	if err != nil {
//		return err
//	}
//	defer stop()
func StartCPUProfile(path string) (stop func() error, err error) {
	if path == "" {
		return func() error { return nil }, nil
	}
	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	stopped := false
	return func() error {
		if stopped {
			return nil
		}
		stopped = true
		pprof.StopCPUProfile()
		if err := WriteFile(path, func(w io.Writer) error { _, err := buf.WriteTo(w); return err }); err != nil {
			return fmt.Errorf("cpu profile %s: %w", path, err)
		}
		return nil
	}, nil
}
