package main

import "testing"

func TestWindowsPath(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/tmp/go-build1/b001/win32.test.exe", `Z:\tmp\go-build1\b001\win32.test.exe`},
		{"/", `Z:\`},
		{`C:\windows\system32\cmd.exe`, `C:\windows\system32\cmd.exe`},
		{"relative/prog.exe", "relative/prog.exe"},
	}
	for _, tc := range tests {
		if got := windowsPath(tc.in); got != tc.want {
			t.Errorf("windowsPath(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestRunWithoutProgram(t *testing.T) {
	if code := run(nil); code != 2 {
		t.Errorf("run() = %d, want 2 (usage)", code)
	}
}
