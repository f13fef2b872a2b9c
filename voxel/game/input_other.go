//go:build windows || !cgo

package game

import (
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/ecs"
)

// pollInput has nothing to read: these builds render offscreen only.
func pollInput(backends.Window, *ecs.Input) {}
