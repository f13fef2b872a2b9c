package tomlpos

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// Scan must cost memory in proportion to its input whatever the shape:
// recording a key once took the length of its whole path, so a header of
// 10,000 dotted parts took 585 MB. Each shape is scanned at two sizes, and
// doubling the input must not much more than double the bytes allocated
// (quadratic growth would quadruple them). Counting bytes rather than
// timing keeps the test deterministic.
func TestScanIsLinear(t *testing.T) {
	shapes := []struct {
		name string
		doc  func(n int) string
	}{
		{"dotted header", func(n int) string {
			return "[" + strings.TrimSuffix(strings.Repeat("a.", n), ".") + "]\nx = 1\n"
		}},
		{"dotted key", func(n int) string {
			return strings.TrimSuffix(strings.Repeat("a.", n), ".") + " = 1\n"
		}},
		{"many keys under a long header", func(n int) string {
			var b strings.Builder
			b.WriteString("[" + strings.Repeat("t", n) + "]\n")
			for i := range n {
				fmt.Fprintf(&b, "k%d = 1\n", i)
			}
			return b.String()
		}},
		{"nested inline tables", func(n int) string {
			return "a = " + strings.Repeat("{b = ", n) + "1" + strings.Repeat("}", n) + "\n"
		}},
		{"nested arrays", func(n int) string {
			return "a = " + strings.Repeat("[", n) + "1" + strings.Repeat("]", n) + "\n"
		}},
		{"arrays of tables", func(n int) string {
			return strings.Repeat("[[v.a]]\nx = 1\n", n)
		}},
	}
	for _, sh := range shapes {
		t.Run(sh.name, func(t *testing.T) {
			small, large := allocated(sh.doc(4000)), allocated(sh.doc(8000))
			if large > 3*small {
				t.Errorf("Scan allocated %d bytes for n=4000 and %d for n=8000: growth is not linear", small, large)
			}
		})
	}
}

func allocated(doc string) uint64 {
	data := []byte(doc)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	x := Scan(data)
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(x)
	return after.TotalAlloc - before.TotalAlloc
}

func TestDepth(t *testing.T) {
	tests := []struct {
		doc       string
		depth     int
		line, col int
	}{
		{"a = 1\n", 1, 1, 1},
		{"[window]\nwidth = 1\n", 2, 2, 1},
		{"[[vertex_format]]\n[[vertex_format.attribute]]\noffset = 0\n", 5, 3, 1},
		{"x = 1\na.b.c = 1\n", 3, 2, 1},
		{"a = {b = {c = [1]}}\n", 4, 1, 16},
		// Past the scanner's own nesting limit, brackets are counted.
		{"a = " + strings.Repeat("[", 100) + strings.Repeat("]", 100), 101, 1, 104},
	}
	for _, tc := range tests {
		d, p := Scan([]byte(tc.doc)).Depth()
		if d != tc.depth || p.Line != tc.line || p.Col != tc.col {
			t.Errorf("Depth(%.30q) = %d at %d:%d, want %d at %d:%d", tc.doc, d, p.Line, p.Col, tc.depth, tc.line, tc.col)
		}
	}
}
