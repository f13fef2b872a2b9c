//go:build linux && cgo && !race

package vulkan

const raceEnabled = false
