//go:build windows

package win32

import (
	"testing"
	"time"
)

// A window opens at the asked client size, follows SetSize, reports
// nothing closing, captures and frees the cursor, and closes.
func TestWindow(t *testing.T) {
	w, err := Open(Config{Title: "sleak win32 test", Width: 320, Height: 200})
	if err != nil {
		t.Skipf("no window (run under Wine with an X display): %v", err)
	}
	defer w.Close()
	if got, h := w.Size(); got != 320 || h != 200 {
		t.Errorf("Size = %dx%d, want 320x200", got, h)
	}
	var events int
	w.SetHandler(func(Event) { events++ })
	// Windows keeps a framed window at least about 110 pixels wide, so the
	// sizes stay above that.
	tests := []struct{ w, h int }{{240, 100}, {400, 300}, {160, 120}}
	for _, tc := range tests {
		w.SetSize(tc.w, tc.h)
		want, wantH := tc.w, tc.h
		deadline := time.Now().Add(2 * time.Second)
		for {
			if got, h := w.Size(); got == want && h == wantH {
				break
			}
			if time.Now().After(deadline) {
				got, h := w.Size()
				t.Errorf("after SetSize(%d, %d): Size = %dx%d", tc.w, tc.h, got, h)
				break
			}
			w.WaitEvents(50 * time.Millisecond)
		}
	}
	if w.ShouldClose() {
		t.Error("ShouldClose before anyone asked")
	}
	w.SetCapture(true)
	w.SetCapture(false)
	w.SetHandler(nil)
	w.Close()
	w.Close() // twice is harmless
}

func TestOpenRefusesBadSizes(t *testing.T) {
	if _, err := Open(Config{Width: 0, Height: 10}); err == nil {
		t.Error("Open accepted a 0x10 window")
	}
}
