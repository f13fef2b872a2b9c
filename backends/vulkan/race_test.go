//go:build linux && cgo && race

package vulkan

// raceEnabled: the race detector keeps shadow memory of its own, which
// grows with what the program touches, so RSS says nothing about leaks.
const raceEnabled = true
