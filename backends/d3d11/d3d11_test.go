//go:build windows

package d3d11

import (
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/internal/dxcom/dxtest"
)

func open(t *testing.T) backends.Backend {
	return dxtest.Open(t, New, ErrNoDevice, backends.Config{})
}

func TestClear(t *testing.T) {
	dxtest.Clear(t, open(t))
}

func TestLitCube(t *testing.T) {
	dxtest.LitCube(t, open(t))
}

// A mistake in PS_Main is reported as PS_Main's (ps_5_0, the fragment
// stage), although the compiler meets it compiling VS_Main.
func TestCompileErrorNamesEntry(t *testing.T) {
	dxtest.CompileErrorNamesEntry(t, open)
}

// A format whose attributes all step per instance draws every instance
// from its own record.
func TestInstancedFormatDrawsEveryInstance(t *testing.T) {
	dxtest.InstancedFormat(t, func(t *testing.T, cfg backends.Config) backends.Backend {
		return dxtest.Open(t, New, ErrNoDevice, cfg)
	})
}

// SSAO and bloom, with SSR and antialiasing, at sizes no multiple of 4 and
// after a resize: the bloom reaches the last row and column, and a steady
// frame with every effect on allocates nothing.
func TestEffectsAtOddSizes(t *testing.T) {
	dxtest.EffectsAtOddSizes(t, func(t *testing.T, cfg backends.Config) backends.Backend {
		return dxtest.Open(t, New, ErrNoDevice, cfg)
	})
}
