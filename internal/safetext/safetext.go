// Package safetext makes user-supplied text fit to print in a message: a
// value echoed back is capped at a length a terminal line can hold, and
// control characters in names (escape sequences that would recolour or
// clear a terminal) are written as Go escapes instead of being sent raw.
package safetext

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxEcho is the most bytes of a user's value that a message repeats. A
// value longer than that is cut and marked with its full length, so a 10 MB
// string in a file costs a message of one line, not 10 MB of terminal.
const MaxEcho = 120

// Quote returns s as a Go-quoted string, cut to MaxEcho bytes of s (on a
// rune boundary) with its length noted when it is longer.
func Quote(s string) string {
	cut, n := truncate(s)
	q := strconv.Quote(cut)
	if n < 0 {
		return q
	}
	return q + "... (" + strconv.Itoa(n) + " bytes)"
}

// Name returns s for printing without quotes, such as a file path:
// printable text stays as it is, control and invalid bytes are escaped as
// in a Go string, and it is cut like Quote.
func Name(s string) string {
	cut, n := truncate(s)
	if !needsEscape(cut) {
		if n < 0 {
			return cut
		}
		return cut + "... (" + strconv.Itoa(n) + " bytes)"
	}
	q := strconv.Quote(cut)
	q = q[1 : len(q)-1]
	// Quote escapes '"' and '\\' too; in a bare name they are plain text.
	q = strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(q)
	if n >= 0 {
		q += "... (" + strconv.Itoa(n) + " bytes)"
	}
	return q
}

// truncate cuts s to MaxEcho bytes on a rune boundary; n is len(s) when it
// was cut and -1 otherwise.
func truncate(s string) (string, int) {
	if len(s) <= MaxEcho {
		return s, -1
	}
	end := MaxEcho
	for end > 0 && !utf8.RuneStart(s[end]) {
		end--
	}
	return s[:end], len(s)
}

func needsEscape(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) && r != ' ' {
			return true
		}
	}
	return false
}
