package config

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sleakgo/sleak/internal/safetext"
	"github.com/sleakgo/sleak/internal/spelling"
	"github.com/sleakgo/sleak/internal/tomlpos"
)

// decoder turns the decoder's generic values into typed fields by hand, so
// that every problem is collected (not just the first) and positioned by
// its indexed key path, which the TOML decoder cannot do for arrays of
// tables.
type decoder struct {
	file string
	data []byte
	idx  *tomlpos.Index
	errs Errors

	// Paths of the decoded [[material]] and [[entity]] entries, parallel to
	// File.Materials and File.Entities, for checks that span sections.
	matPaths, entPaths [][]any
}

// at records a problem at the key path; a path that is absent from the file
// (a missing key) resolves to its table.
func (d *decoder) at(path []any, err error, format string, args ...any) {
	e := &Error{File: d.file, Field: pathString(path), Msg: fmt.Sprintf(format, args...), Err: err}
	e.Line, e.Col, _ = d.idx.Pos(path...)
	d.errs = append(d.errs, e)
}

// pathString renders an indexed path: "vertex_format.1.attribute.0.offset".
func pathString(path []any) string {
	parts := make([]string, len(path))
	for i, p := range path {
		switch v := p.(type) {
		case string:
			parts[i] = quoteKey(v)
		default:
			parts[i] = fmt.Sprint(v)
		}
	}
	return strings.Join(parts, ".")
}

// quoteKey writes a key the way TOML (and toml.Key.String) does: bare when
// it can be, quoted otherwise.
func quoteKey(k string) string {
	if k == "" {
		return `""`
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return strconv.Quote(k)
		}
	}
	return k
}

func with(path []any, more ...any) []any {
	out := make([]any, 0, len(path)+len(more))
	return append(append(out, path...), more...)
}

// obj is one TOML table being decoded. It remembers the keys the schema
// asked for, so the keys left over can be reported as unknown, with a
// suggestion taken from the ones asked for.
type obj struct {
	d     *decoder
	path  []any  // indexed path, for positions
	name  string // unindexed dotted name, for messages
	m     map[string]any
	known []string
}

// key returns the unindexed dotted name of key k, as messages spell it.
func (o *obj) key(k string) string {
	if o.name == "" {
		return quoteKey(k)
	}
	return o.name + "." + quoteKey(k)
}

func (o *obj) get(k string) (any, bool) {
	o.known = append(o.known, k)
	v, ok := o.m[k]
	return v, ok
}

func (o *obj) typeErr(k string, want string, v any) {
	o.d.at(with(o.path, k), nil, "%s: expected %s, found %s", o.key(k), want, describe(v))
}

func (o *obj) require(k string) bool {
	o.known = append(o.known, k)
	if _, ok := o.m[k]; ok {
		return true
	}
	o.d.at(o.path, nil, "missing required key %s", safetext.Quote(o.key(k)))
	return false
}

// finish reports every key the schema did not ask for.
func (o *obj) finish() {
	keys := make([]string, 0, len(o.m))
	for k := range o.m {
		keys = append(keys, k)
	}
	sort.Strings(keys) // map order must not leak into the report
	for _, k := range keys {
		if contains(o.known, k) {
			continue
		}
		msg := fmt.Sprintf("unknown key %s", safetext.Quote(o.key(k)))
		if s := suggest(k, o.known); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		o.d.at(with(o.path, k), nil, "%s", msg)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// table returns v as a table to decode, or reports a type error.
func (d *decoder) table(path []any, name string, v any) (*obj, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		d.at(path, nil, "%s: expected a table, found %s", name, describe(v))
		return nil, false
	}
	return &obj{d: d, path: path, name: name, m: m}, true
}

// sub returns the sub-table k; ok is false when it is absent or not a table.
func (o *obj) sub(k string) (*obj, bool) {
	v, ok := o.get(k)
	if !ok {
		return nil, false
	}
	return o.d.table(with(o.path, k), o.key(k), v)
}

// tables returns the entries of an array of tables, written either as
// [[k]] headers or as an inline array of inline tables.
func (o *obj) tables(k string) []*obj {
	v, ok := o.get(k)
	if !ok {
		return nil
	}
	return o.d.tableArray(with(o.path, k), o.key(k), v)
}

func (d *decoder) tableArray(path []any, name string, v any) []*obj {
	var out []*obj
	switch a := v.(type) {
	case []map[string]any:
		for i, m := range a {
			out = append(out, &obj{d: d, path: with(path, i), name: name, m: m})
		}
	case []any:
		for i, e := range a {
			if t, ok := d.table(with(path, i), name, e); ok {
				out = append(out, t)
			}
		}
	case map[string]any:
		d.at(path, nil, "%s: expected an array of tables ([[%s]]), found a table ([%s])", name, name, name)
	default:
		d.at(path, nil, "%s: expected an array of tables, found %s", name, describe(v))
	}
	return out
}

func (o *obj) str(k string, dst *string) bool {
	v, ok := o.get(k)
	if !ok {
		return false
	}
	s, ok := v.(string)
	if !ok {
		o.typeErr(k, "a string", v)
		return false
	}
	*dst = s
	return true
}

func (o *obj) boolean(k string, dst *bool) bool {
	v, ok := o.get(k)
	if !ok {
		return false
	}
	b, ok := v.(bool)
	if !ok {
		o.typeErr(k, "a boolean", v)
		return false
	}
	*dst = b
	return true
}

// integer reads an integer key into [lo, hi]; TOML integers are int64.
func (o *obj) integer(k string, lo, hi int64) (int64, bool) {
	v, ok := o.get(k)
	if !ok {
		return 0, false
	}
	n, ok := v.(int64)
	if !ok {
		o.typeErr(k, "an integer", v)
		return 0, false
	}
	if n < lo || n > hi {
		switch {
		case lo == 0 && n < 0:
			o.d.at(with(o.path, k), nil, "%s: must not be negative, got %d", o.key(k), n)
		case lo == 1 && n < 1:
			o.d.at(with(o.path, k), nil, "%s: must be positive, got %d", o.key(k), n)
		default:
			o.d.at(with(o.path, k), nil, "%s: %d is out of range %d to %d", o.key(k), n, lo, hi)
		}
		return 0, false
	}
	return n, true
}

func (o *obj) uint32(k string, dst *uint32) bool {
	n, ok := o.integer(k, 0, math.MaxUint32)
	if ok {
		*dst = uint32(n)
	}
	return ok
}

// toFloat accepts integers too: writing fov = 60 rather than 60.0 is not a
// mistake worth reporting.
func toFloat(v any) (float32, bool) {
	var f float64
	switch n := v.(type) {
	case float64:
		f = n
	case int64:
		f = float64(n)
	default:
		return 0, false
	}
	return float32(f), true
}

func (o *obj) float(k string, dst *float32) bool {
	v, ok := o.get(k)
	if !ok {
		return false
	}
	f, ok := toFloat(v)
	if !ok {
		o.typeErr(k, "a number", v)
		return false
	}
	if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
		o.d.at(with(o.path, k), nil, "%s: expected a finite number, found %s", o.key(k), describe(v))
		return false
	}
	if math.Abs(float64(f)) > MaxMagnitude {
		o.d.at(with(o.path, k), nil, "%s: %g is too large; numbers here are at most %g in size", o.key(k), f, MaxMagnitude)
		return false
	}
	*dst = f
	return true
}

// MaxMagnitude bounds every number of the engine's sections. Beyond it a
// float32 position steps by more than a metre, and scales, ranges and
// intensities that large draw nothing useful: such a value is a typo, and
// refusing it says where.
const MaxMagnitude = 1e7

// vector reads an array of exactly len(dst) numbers.
func (o *obj) vector(k string, dst []float32) bool {
	v, ok := o.get(k)
	if !ok {
		return false
	}
	a, ok := v.([]any)
	if !ok || len(a) != len(dst) {
		o.typeErr(k, fmt.Sprintf("an array of %d numbers", len(dst)), v)
		return false
	}
	vals := make([]float32, len(dst))
	good := true
	for i, e := range a {
		f, ok := toFloat(e)
		if !ok || math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			o.d.at(with(o.path, k, i), nil, "%s[%d]: expected a finite number, found %s", o.key(k), i, describe(e))
			good = false
			continue
		}
		if math.Abs(float64(f)) > MaxMagnitude {
			o.d.at(with(o.path, k, i), nil, "%s[%d]: %g is too large; numbers here are at most %g in size", o.key(k), i, f, MaxMagnitude)
			good = false
			continue
		}
		vals[i] = f
	}
	if good {
		copy(dst, vals)
	}
	return good
}

func (o *obj) strs(k string) ([]string, bool) {
	v, ok := o.get(k)
	if !ok {
		return nil, false
	}
	a, ok := v.([]any)
	if !ok {
		o.typeErr(k, "an array of strings", v)
		return nil, false
	}
	out := make([]string, 0, len(a))
	good := true
	for i, e := range a {
		s, ok := e.(string)
		if !ok {
			o.d.at(with(o.path, k, i), nil, "%s[%d]: expected a string, found %s", o.key(k), i, describe(e))
			good = false
			continue
		}
		out = append(out, s)
	}
	return out, good
}

// describe names a decoded TOML value's type, with the value itself when it
// is short enough to help.
func describe(v any) string {
	switch x := v.(type) {
	case string:
		return "string " + safetext.Quote(x)
	case int64:
		return fmt.Sprintf("integer %d", x)
	case float64:
		return "float " + strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return fmt.Sprintf("boolean %t", x)
	case time.Time:
		return "a date-time"
	case []map[string]any:
		return "an array of tables"
	case []any:
		return "an array"
	case map[string]any:
		return "a table"
	case nil:
		return "nothing"
	}
	return fmt.Sprintf("a %T", v)
}

// suggest returns the candidate closest to s by edit distance, if it is
// within 2 edits and the edits do not make up the whole word.
func suggest(s string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		// The distance is at least the difference in length; skipping
		// early keeps long user-written names cheap.
		if c == s || len(c)-len(s) > 2 || len(s)-len(c) > 2 {
			continue
		}
		if d := spelling.Distance(strings.ToLower(s), strings.ToLower(c)); d < bestD && d < len(s) {
			best, bestD = c, d
		}
	}
	return best
}
