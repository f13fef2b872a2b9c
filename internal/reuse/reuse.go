// Package reuse grows the per-frame record slices of the renderer without
// clearing what an earlier frame left in them.
package reuse

// Next lengthens s by one element and returns it with a pointer to that
// element. Within s's capacity the element is the one an earlier use left
// there, not cleared: the caller must set every field of it. Clearing a
// record only to overwrite it costs as much as writing it again, on the
// paths that fill thousands of records a frame.
func Next[T any](s []T) ([]T, *T) {
	n := len(s)
	if n < cap(s) {
		s = s[:n+1]
	} else {
		var zero T
		s = append(s, zero)
	}
	return s, &s[n]
}
