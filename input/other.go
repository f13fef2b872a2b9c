//go:build !windows && !cgo

package input

// attachNative has no window library to read in these builds, which render
// offscreen only.
func attachNative(any, *Queue) window { return nil }
