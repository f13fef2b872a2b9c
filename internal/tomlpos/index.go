package tomlpos

import (
	"strconv"
	"strings"
)

// Pos is a 1-based line and byte column.
type Pos struct {
	Line, Col int
}

// Index holds the positions found by [Scan].
type Index struct {
	exact    map[string]Pos  // indexed path -> position
	first    map[string]Pos  // path without indexes -> first position
	implicit map[string]bool // exact entries that only a longer header implied
}

// Internal path encoding: segments joined by sep. While scanning, array
// indexes carry idxMark so that unindexed paths can drop them; exact paths
// drop the mark instead, so "vertex_format.1" and ("vertex_format", 1) name
// the same entry. An index and a numeric key cannot collide there, because in
// valid TOML a value is either an array or a table.
const (
	sep     = "\x00"
	idxMark = "\x00#"
)

func indexSeg(i int) string { return idxMark + strconv.Itoa(i) }

func isIndexSeg(s string) bool { return strings.HasPrefix(s, idxMark) }

func joinPath(segs []string) string {
	var b strings.Builder
	for i, s := range segs {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strings.TrimPrefix(s, idxMark))
	}
	return b.String()
}

func unindexed(segs []string) string {
	out := make([]string, 0, len(segs))
	for _, s := range segs {
		if !isIndexSeg(s) {
			out = append(out, s)
		}
	}
	return strings.Join(out, sep)
}

func newIndex() *Index {
	return &Index{exact: map[string]Pos{}, first: map[string]Pos{}, implicit: map[string]bool{}}
}

// add records p for segs unless a position is already known; the first
// definition is where a reader looks for a key.
func (x *Index) add(segs []string, p Pos) {
	k := joinPath(segs)
	if _, ok := x.exact[k]; !ok {
		x.exact[k] = p
	}
	u := unindexed(segs)
	if _, ok := x.first[u]; !ok {
		x.first[u] = p
	}
}

// addImplicit records a table that a longer header or dotted key implied
// without defining it; an explicit definition later replaces it.
func (x *Index) addImplicit(segs []string, p Pos) {
	k := joinPath(segs)
	if _, ok := x.exact[k]; !ok {
		x.implicit[k] = true
	}
	x.add(segs, p)
}

// addHeader records an explicit table header, replacing an implied position.
func (x *Index) addHeader(segs []string, p Pos) {
	k := joinPath(segs)
	if x.implicit[k] {
		delete(x.exact, k)
		delete(x.implicit, k)
	}
	x.add(segs, p)
}

// segments turns Pos's arguments into internal segments. A string may be a
// dotted TOML key ("window.width", `a."b.c"`); when it does not parse as one
// it is taken as a single key. Integers are array indexes.
func segments(path []any) ([]string, bool) {
	var segs []string
	for _, e := range path {
		switch v := e.(type) {
		case string:
			segs = append(segs, splitKey(v)...)
		case int:
			segs = append(segs, indexSeg(v))
		case int64:
			segs = append(segs, indexSeg(int(v)))
		case int32:
			segs = append(segs, indexSeg(int(v)))
		case uint32:
			segs = append(segs, indexSeg(int(v)))
		case uint:
			segs = append(segs, indexSeg(int(v)))
		default:
			return nil, false
		}
	}
	return segs, true
}

// splitKey parses s as a dotted TOML key, or returns it whole when it is not
// one.
func splitKey(s string) []string {
	sc := newScanner([]byte(s))
	segs, ok := sc.key()
	sc.skipSpace()
	if !ok || sc.i != len(sc.d) {
		return []string{s}
	}
	return segs
}

// Pos returns the position of the key or table at path, whose elements are
// keys (strings, possibly dotted) and array indexes (ints):
//
//	x.Pos("vertex_format", 1, "attribute", 0, "offset")
//	x.Pos("window.width")
//	x.Pos("vertex_format.1.attribute.0.offset") // digits in a dotted string are indexes too
//
// When the exact path is absent, Pos returns the position of the nearest
// enclosing key or table that is present, so a missing key is reported at
// its table's header. ok is false only when nothing along the path is known.
func (x *Index) Pos(path ...any) (line, col int, ok bool) {
	if x == nil {
		return 0, 0, false
	}
	segs, valid := segments(path)
	if !valid {
		return 0, 0, false
	}
	for n := len(segs); n > 0; n-- {
		if p, found := x.exact[joinPath(segs[:n])]; found {
			return p.Line, p.Col, true
		}
	}
	return 0, 0, false
}

// Has reports whether path itself, not an enclosing table, has a position.
func (x *Index) Has(path ...any) bool {
	if x == nil {
		return false
	}
	segs, valid := segments(path)
	if !valid || len(segs) == 0 {
		return false
	}
	_, found := x.exact[joinPath(segs)]
	return found
}

// FirstPos returns the first place where a key without array indexes
// occurs, such as "vertex_format.attribute.locaton": the string form of a
// toml.Key from toml.MetaData.Undecoded. It does not fall back to enclosing
// tables.
func (x *Index) FirstPos(key string) (line, col int, ok bool) {
	if x == nil {
		return 0, 0, false
	}
	p, found := x.first[strings.Join(splitKey(key), sep)]
	return p.Line, p.Col, found
}
