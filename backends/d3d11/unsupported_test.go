//go:build !windows

package d3d11

import (
	"errors"
	"strings"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

// Off Windows the backend is an error that says how to get one; the real
// tests run under Wine through scripts/test-windows.sh.
func TestNewOffWindows(t *testing.T) {
	b, err := New(backends.Config{Formats: formats.NewRegistry()})
	if b != nil || !errors.Is(err, ErrNoDevice) || !strings.Contains(err.Error(), "docs/DIRECTX.md") {
		t.Fatalf("New = %v, %v; want nil and an error wrapping ErrNoDevice that names docs/DIRECTX.md", b, err)
	}
}
