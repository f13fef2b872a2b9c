package config

import (
	"fmt"
	"sort"
	"strings"
)

// Error is one problem found in a game.toml, with the place to fix it.
type Error struct {
	File      string
	Line, Col int    // 1-based; 0 when the problem has no place in the file
	Field     string // indexed key path, e.g. "vertex_format.1.attribute.2.offset"; "" for syntax errors
	Msg       string
	Err       error // the underlying error, e.g. a *formats.ValidationError or toml.ParseError
}

// Error returns "FILE:LINE:COL: MSG", the form editors and terminals turn
// into links. Without a position it returns "FILE: MSG".
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteByte(':')
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, "%d:%d:", e.Line, max(e.Col, 1))
	}
	if b.Len() > 0 {
		b.WriteByte(' ')
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns the underlying error, so errors.As finds a
// *formats.ValidationError behind a positioned message.
func (e *Error) Unwrap() error { return e.Err }

// Errors is every problem [Parse] found, in file order. Reporting them all at
// once saves an edit-run cycle per mistake.
type Errors []*Error

// Error returns one problem per line.
func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap returns the individual errors for errors.Is and errors.As.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// sortByPosition orders problems as they appear in the file; problems
// without a position come first, since they concern the file as a whole.
func (es Errors) sortByPosition() {
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Line != es[j].Line {
			return es[i].Line < es[j].Line
		}
		return es[i].Col < es[j].Col
	})
}
