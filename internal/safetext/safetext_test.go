package safetext

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	long := strings.Repeat("a", 10<<20)
	tests := []struct{ in, want string }{
		{"stone", `"stone"`},
		{"a\x1b[31mred", `"a\x1b[31mred"`},
		{long, `"` + strings.Repeat("a", MaxEcho) + `"... (10485760 bytes)`},
		// A cut never splits a rune: 'é' is two bytes and straddles MaxEcho.
		{strings.Repeat("a", MaxEcho-1) + "é", `"` + strings.Repeat("a", MaxEcho-1) + `"... (121 bytes)`},
	}
	for _, tc := range tests {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%.40q) = %.200q, want %.200q", tc.in, got, tc.want)
		}
	}
}

func TestName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"saves/world/r.0.0.vxr", "saves/world/r.0.0.vxr"},
		{`C:\games\a "b"`, `C:\games\a "b"`},
		{"evil\x1b]0;title\a.png", `evil\x1b]0;title\a.png`},
		{"new\nline", `new\nline`},
		{"bad\xffbyte", `bad\xffbyte`},
		{strings.Repeat("d/", 100), strings.Repeat("d/", MaxEcho/2) + "... (200 bytes)"},
	}
	for _, tc := range tests {
		if got := Name(tc.in); got != tc.want {
			t.Errorf("Name(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
