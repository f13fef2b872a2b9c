package tomlpos

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxDepth bounds nesting of arrays and inline tables that the scanner
// descends into. Deeper values are skipped without recording, so hostile
// input cannot grow the stack without limit.
const maxDepth = 64

// Scan reads a TOML document and records the position of every key, table
// header, array element and inline-table key. It never fails: on malformed
// input it skips to the next line and carries on.
func Scan(data []byte) *Index {
	s := newScanner(data)
	s.x = newIndex()
	s.cur = s.x.root()
	s.arrays = map[*node]int{}
	// The decoder drops a UTF-8 byte order mark before counting columns; do
	// the same so both report the same columns on line 1.
	if strings.HasPrefix(string(data[:min(3, len(data))]), "\xef\xbb\xbf") {
		s.i, s.lineStart = 3, 3
	}
	s.document()
	return s.x
}

type scanner struct {
	d         []byte
	i         int
	line      int
	lineStart int

	x      *Index
	cur    cursor        // the current table
	arrays map[*node]int // each array of tables -> entries so far
}

func newScanner(d []byte) *scanner { return &scanner{d: d, line: 1} }

func (s *scanner) pos() Pos { return Pos{Line: s.line, Col: s.i - s.lineStart + 1} }

func (s *scanner) eof() bool { return s.i >= len(s.d) }

// peek returns the byte k positions ahead, or 0 past the end.
func (s *scanner) peek(k int) byte {
	if s.i+k < len(s.d) {
		return s.d[s.i+k]
	}
	return 0
}

func (s *scanner) has(prefix string) bool {
	return strings.HasPrefix(string(s.d[s.i:min(len(s.d), s.i+len(prefix))]), prefix)
}

// adv moves one byte ahead, keeping the line count.
func (s *scanner) adv() {
	if s.eof() {
		return
	}
	if s.d[s.i] == '\n' {
		s.line++
		s.lineStart = s.i + 1
	}
	s.i++
}

func (s *scanner) skipSpace() {
	for !s.eof() && (s.d[s.i] == ' ' || s.d[s.i] == '\t' || s.d[s.i] == '\r') {
		s.i++
	}
}

// skipToEOL leaves the scanner on the newline (or at the end).
func (s *scanner) skipToEOL() {
	for !s.eof() && s.d[s.i] != '\n' {
		s.i++
	}
}

// skipBlank skips whitespace, newlines and comments, as allowed between
// array elements and (since TOML 1.1) inside inline tables.
func (s *scanner) skipBlank() {
	for !s.eof() {
		switch s.d[s.i] {
		case ' ', '\t', '\r', '\n':
			s.adv()
		case '#':
			s.skipToEOL()
		default:
			return
		}
	}
}

func (s *scanner) document() {
	for !s.eof() {
		start := s.i
		s.skipSpace()
		switch s.peek(0) {
		case '\n':
			s.adv()
			continue
		case '#', 0:
			s.skipToEOL()
		case '[':
			s.header()
		default:
			s.keyValue(s.cur, 0)
		}
		// Whatever is left on the line is a comment or garbage; neither
		// holds keys.
		s.skipToEOL()
		if s.i == start {
			s.adv()
		}
	}
}

// header reads [a.b] or [[a.b]] and makes it the current table. Segments
// that name an array of tables resolve to its latest entry, as in TOML.
func (s *scanner) header() {
	p := s.pos()
	s.adv()
	array := s.peek(0) == '['
	if array {
		s.adv()
	}
	segs, ok := s.key()
	if !ok {
		return
	}
	c := s.x.root()
	for k, seg := range segs {
		c = c.key(seg)
		last := k == len(segs)-1
		if !last {
			if n := s.arrays[c.exact]; n > 0 {
				c = c.index(n - 1)
			} else {
				s.x.addImplicit(c, p)
			}
			continue
		}
		if array {
			n := s.arrays[c.exact]
			s.arrays[c.exact] = n + 1
			s.x.addImplicit(c, p) // the array as a whole: its first entry
			c = c.index(n)
		}
	}
	s.x.addHeader(c, p)
	s.cur = c
}

// keyValue reads `key = value` and records the key under base. It reports
// whether it found a key and an '='.
func (s *scanner) keyValue(base cursor, depth int) bool {
	p := s.pos()
	segs, ok := s.key()
	if !ok {
		return false
	}
	s.skipSpace()
	if s.peek(0) != '=' {
		return false
	}
	s.adv()
	full := base
	for k, seg := range segs {
		full = full.key(seg)
		if k < len(segs)-1 {
			s.x.addImplicit(full, p)
		}
	}
	s.x.add(full, p)
	s.skipSpace()
	s.value(full, depth)
	return true
}

// key reads a possibly dotted key of bare and quoted parts.
func (s *scanner) key() ([]string, bool) {
	var segs []string
	for {
		s.skipSpace()
		var seg string
		switch c := s.peek(0); {
		case c == '"':
			str, ok := s.basicString()
			if !ok {
				return nil, false
			}
			seg = str
		case c == '\'':
			str, ok := s.literalString()
			if !ok {
				return nil, false
			}
			seg = str
		case isBare(c):
			start := s.i
			for !s.eof() && isBare(s.d[s.i]) {
				s.i++
			}
			seg = string(s.d[start:s.i])
		default:
			return nil, false
		}
		segs = append(segs, seg)
		s.skipSpace()
		if s.peek(0) != '.' {
			return segs, true
		}
		s.i++
	}
}

func isBare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// value skips one value, recording array elements and inline-table keys
// under path.
func (s *scanner) value(path cursor, depth int) {
	switch {
	case s.has(`"""`):
		s.multiline(`"""`, true)
	case s.has(`'''`):
		s.multiline(`'''`, false)
	case s.peek(0) == '"':
		s.basicString()
	case s.peek(0) == '\'':
		s.literalString()
	case s.peek(0) == '[' || s.peek(0) == '{':
		if depth >= maxDepth {
			s.skipNested(path)
		} else if s.peek(0) == '[' {
			s.array(path, depth+1)
		} else {
			s.inlineTable(path, depth+1)
		}
	default:
		s.scalar()
	}
}

func (s *scanner) array(path cursor, depth int) {
	s.adv() // '['
	for n := 0; ; {
		s.skipBlank()
		switch s.peek(0) {
		case 0:
			return
		case ']':
			s.adv()
			return
		case ',':
			s.adv()
			continue
		}
		elem := path.index(n)
		s.x.add(elem, s.pos())
		before := s.i
		s.value(elem, depth)
		n++
		if s.i == before {
			s.adv()
		}
	}
}

func (s *scanner) inlineTable(path cursor, depth int) {
	s.adv() // '{'
	for {
		s.skipBlank()
		switch s.peek(0) {
		case 0:
			return
		case '}':
			s.adv()
			return
		case ',':
			s.adv()
			continue
		}
		before := s.i
		s.keyValue(path, depth)
		if s.i == before {
			s.adv()
		}
	}
}

// skipNested skips a too deeply nested array or inline table by counting
// brackets outside strings and comments; the deepest bracket still counts
// towards the index's depth, one segment per level.
func (s *scanner) skipNested(path cursor) {
	depth := 0
	for !s.eof() {
		switch {
		case s.has(`"""`):
			s.multiline(`"""`, true)
		case s.has(`'''`):
			s.multiline(`'''`, false)
		case s.peek(0) == '"':
			s.basicString()
		case s.peek(0) == '\'':
			s.literalString()
		case s.peek(0) == '#':
			s.skipToEOL()
		case s.peek(0) == '[' || s.peek(0) == '{':
			depth++
			s.x.deeper(path.depth+depth, s.pos())
			s.adv()
		case s.peek(0) == ']' || s.peek(0) == '}':
			depth--
			s.adv()
			if depth <= 0 {
				return
			}
		default:
			s.adv()
		}
	}
}

// scalar skips a number, boolean or date. A local date-time may contain one
// space between date and time ("1979-05-27 07:32:00").
func (s *scanner) scalar() {
	start := s.i
	for !s.eof() {
		c := s.d[s.i]
		if c == ' ' && s.i-start == 10 && isDate(s.d[start:s.i]) && s.peek(1) >= '0' && s.peek(1) <= '9' {
			s.i++
			continue
		}
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',' || c == ']' || c == '}' || c == '#' {
			return
		}
		s.i++
	}
}

func isDate(b []byte) bool {
	for i, c := range b {
		if i == 4 || i == 7 {
			if c != '-' {
				return false
			}
		} else if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// multiline skips a multi-line string opened by delim (three double or
// three single quotes), allowing up to two extra quotes before the closing
// delimiter as TOML does.
func (s *scanner) multiline(delim string, escapes bool) {
	s.i += 3
	for !s.eof() {
		if escapes && s.d[s.i] == '\\' {
			s.adv()
			s.adv()
			continue
		}
		if s.has(delim) {
			s.i += 3
			for k := 0; k < 2 && s.peek(0) == delim[0]; k++ {
				s.i++
			}
			return
		}
		s.adv()
	}
}

// literalString reads '...' on one line.
func (s *scanner) literalString() (string, bool) {
	s.i++
	start := s.i
	for !s.eof() {
		switch s.d[s.i] {
		case '\'':
			str := string(s.d[start:s.i])
			s.i++
			return str, true
		case '\n':
			return "", false
		}
		s.i++
	}
	return "", false
}

// basicString reads "..." on one line and decodes its escapes, so quoted
// keys match the decoder's key strings.
func (s *scanner) basicString() (string, bool) {
	s.i++
	var b strings.Builder
	for !s.eof() {
		c := s.d[s.i]
		switch c {
		case '"':
			s.i++
			return b.String(), true
		case '\n':
			return "", false
		case '\\':
			s.escape(&b)
			continue
		}
		b.WriteByte(c)
		s.i++
	}
	return "", false
}

// escape decodes one escape sequence at s.i ('\\' included). Malformed
// escapes are kept as written.
func (s *scanner) escape(b *strings.Builder) {
	s.i++ // '\\'
	if s.eof() || s.d[s.i] == '\n' {
		b.WriteByte('\\')
		return
	}
	c := s.d[s.i]
	s.i++
	var digits int
	switch c {
	case 'b':
		b.WriteByte('\b')
	case 't':
		b.WriteByte('\t')
	case 'n':
		b.WriteByte('\n')
	case 'f':
		b.WriteByte('\f')
	case 'r':
		b.WriteByte('\r')
	case 'e':
		b.WriteByte(0x1b)
	case '"', '\\':
		b.WriteByte(c)
	case 'x':
		digits = 2
	case 'u':
		digits = 4
	case 'U':
		digits = 8
	default:
		b.WriteByte('\\')
		b.WriteByte(c)
	}
	if digits == 0 {
		return
	}
	if s.i+digits <= len(s.d) {
		v, err := strconv.ParseUint(string(s.d[s.i:s.i+digits]), 16, 32)
		if err == nil && utf8.ValidRune(rune(v)) {
			s.i += digits
			b.WriteRune(rune(v))
			return
		}
	}
	b.WriteByte('\\')
	b.WriteByte(c)
}
