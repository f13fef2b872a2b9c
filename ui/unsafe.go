package ui

import "unsafe"

// unsafeString views b as a string for the duration of a call that does
// not keep it: drawing text built in a reused buffer then costs nothing.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
