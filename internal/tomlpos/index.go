package tomlpos

import "strconv"

// Pos is a 1-based line and byte column.
type Pos struct {
	Line, Col int
}

// Index holds the positions found by [Scan].
//
// Paths are stored as two trees of segments rather than as joined strings,
// so that recording a key costs the length of that key alone, not the
// length of the table it is in: [Scan] is linear in its input even for
// headers of thousands of dotted parts or tables of thousands of keys.
type Index struct {
	exact node // indexed paths: "vertex_format", "1", "attribute", "0", ...
	first node // paths without indexes: the first occurrence of each

	depth   int // segments of the longest path seen, indexes included
	depthAt Pos // where that path starts
}

// node is one segment of a path. Array indexes are children named by their
// decimal digits, so "vertex_format.1" and ("vertex_format", 1) name the
// same entry; an index and a numeric key cannot collide, because in valid
// TOML a value is either an array or a table.
type node struct {
	kids     map[string]*node
	pos      Pos
	set      bool // pos is known
	implicit bool // only a longer header or dotted key implied this table
}

func (n *node) child(seg string) *node {
	if c := n.kids[seg]; c != nil {
		return c
	}
	if n.kids == nil {
		n.kids = map[string]*node{}
	}
	c := &node{}
	n.kids[seg] = c
	return c
}

// cursor is a path being recorded: its node in both trees and its length.
type cursor struct {
	exact, first *node
	depth        int
}

func (x *Index) root() cursor { return cursor{exact: &x.exact, first: &x.first} }

// key descends into the table key k.
func (c cursor) key(k string) cursor {
	return cursor{exact: c.exact.child(k), first: c.first.child(k), depth: c.depth + 1}
}

// index descends into element i of an array; the tree without indexes stays
// where it is.
func (c cursor) index(i int) cursor {
	return cursor{exact: c.exact.child(strconv.Itoa(i)), first: c.first, depth: c.depth + 1}
}

func newIndex() *Index { return &Index{} }

// add records p for c unless a position is already known; the first
// definition is where a reader looks for a key.
func (x *Index) add(c cursor, p Pos) {
	if !c.exact.set {
		c.exact.pos, c.exact.set = p, true
	}
	if !c.first.set {
		c.first.pos, c.first.set = p, true
	}
	x.deeper(c.depth, p)
}

// deeper notes a path of depth segments starting at p.
func (x *Index) deeper(depth int, p Pos) {
	if depth > x.depth {
		x.depth, x.depthAt = depth, p
	}
}

// addImplicit records a table that a longer header or dotted key implied
// without defining it; an explicit definition later replaces it.
func (x *Index) addImplicit(c cursor, p Pos) {
	if !c.exact.set {
		c.exact.implicit = true
	}
	x.add(c, p)
}

// addHeader records an explicit table header, replacing an implied position.
func (x *Index) addHeader(c cursor, p Pos) {
	if c.exact.implicit {
		c.exact.set, c.exact.implicit = false, false
	}
	x.add(c, p)
}

// Depth returns the number of segments (keys and array indexes) of the most
// deeply nested key in the file, and where it starts. Nesting below the
// scanner's own limit is counted by brackets, without recording keys.
func (x *Index) Depth() (int, Pos) {
	if x == nil {
		return 0, Pos{}
	}
	return x.depth, x.depthAt
}

// segments turns Pos's arguments into path segments. A string may be a
// dotted TOML key ("window.width", `a."b.c"`); when it does not parse as one
// it is taken as a single key. Integers are array indexes, which the tree
// names by their digits.
func segments(path []any) ([]string, bool) {
	var segs []string
	for _, e := range path {
		switch v := e.(type) {
		case string:
			segs = append(segs, splitKey(v)...)
		case int:
			segs = append(segs, strconv.Itoa(v))
		case int64:
			segs = append(segs, strconv.FormatInt(v, 10))
		case int32:
			segs = append(segs, strconv.FormatInt(int64(v), 10))
		case uint32:
			segs = append(segs, strconv.FormatUint(uint64(v), 10))
		case uint:
			segs = append(segs, strconv.FormatUint(uint64(v), 10))
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
	var best *node
	n := &x.exact
	for _, s := range segs {
		if n = n.kids[s]; n == nil {
			break
		}
		if n.set {
			best = n
		}
	}
	if best == nil {
		return 0, 0, false
	}
	return best.pos.Line, best.pos.Col, true
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
	n := walk(&x.exact, segs)
	return n != nil && n.set
}

// FirstPos returns the first place where a key without array indexes
// occurs, such as "vertex_format.attribute.locaton": the string form of a
// toml.Key from toml.MetaData.Undecoded. It does not fall back to enclosing
// tables.
func (x *Index) FirstPos(key string) (line, col int, ok bool) {
	if x == nil {
		return 0, 0, false
	}
	n := walk(&x.first, splitKey(key))
	if n == nil || !n.set {
		return 0, 0, false
	}
	return n.pos.Line, n.pos.Col, true
}

func walk(n *node, segs []string) *node {
	for _, s := range segs {
		if n = n.kids[s]; n == nil {
			return nil
		}
	}
	return n
}
