package config

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/sleakgo/sleak/internal/safetext"
)

func isPointer(v any) bool {
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && !rv.IsNil()
}

// extra decodes a section the game owns into its Go value, then reports the
// keys under it that the value has no field for.
func (d *decoder) extra(md *toml.MetaData, s Section, prim toml.Primitive) {
	if err := primitiveInto(md, prim, s.Into); err != nil {
		d.extraError(s.Name, err)
		// Keys after the failing one were never visited, so reporting
		// them as unknown would be wrong.
		return
	}
	before := len(d.errs)
	if raw, err := primitive(md, prim); err == nil {
		d.finite([]any{s.Name}, raw)
	}
	var reported []toml.Key
	seen := map[string]bool{}
	for _, k := range md.Undecoded() {
		if len(k) < 2 || k[0] != s.Name || underAny(k, reported) || seen[k.String()] ||
			acceptsAny(reflect.TypeOf(s.Into), k[1:]) {
			continue
		}
		seen[k.String()] = true
		reported = append(reported, k)
		msg := fmt.Sprintf("unknown key %s", safetext.Quote(k.String()))
		if sug := suggest(k[len(k)-1], fieldNames(reflect.TypeOf(s.Into), k[1:len(k)-1])); sug != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", sug)
		}
		e := &Error{File: d.file, Field: k.String(), Msg: msg}
		e.Line, e.Col, _ = d.idx.FirstPos(k.String())
		d.errs = append(d.errs, e)
	}
	if s.Check != nil && len(d.errs) == before {
		s.Check(func(key, msg string) {
			d.at(with([]any{s.Name}, key), nil, "%s.%s: %s", s.Name, key, msg)
		})
	}
}

// finite reports every NaN and infinity in a section the game decodes: the
// TOML decoder accepts nan and inf for a float field, and no game means
// them, yet a range check such as "at least 0" lets NaN through.
func (d *decoder) finite(path []any, v any) {
	switch x := v.(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			d.at(path, nil, "%s: expected a finite number, found %s", pathString(path), describe(x))
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			d.finite(with(path, k), x[k])
		}
	case []map[string]any:
		for i, e := range x {
			d.finite(with(path, i), e)
		}
	case []any:
		for i, e := range x {
			d.finite(with(path, i), e)
		}
	}
}

func primitiveInto(md *toml.MetaData, p toml.Primitive, into any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("TOML decoder failed: %v", r)
		}
	}()
	return md.PrimitiveDecode(p, into)
}

// underAny reports whether k lies under one of the keys already reported, so
// an unknown table is reported once rather than once per key inside it.
func underAny(k toml.Key, parents []toml.Key) bool {
	for _, p := range parents {
		if len(p) < len(k) && reflect.DeepEqual([]string(p), []string(k[:len(p)])) {
			return true
		}
	}
	return false
}

// lastKeyErr matches the decoder's type errors, which carry their position
// only inside the message: `toml: line 3 (last key "world.seed"): ...`.
var lastKeyErr = regexp.MustCompile(`(?s)^toml: (?:line (\d+) )?\(last key ("(?:[^"\\]|\\.)*")\): (.*)$`)

func (d *decoder) extraError(section string, err error) {
	e := &Error{File: d.file, Field: section, Msg: fmt.Sprintf("%s: %v", section, err), Err: err}
	var pe toml.ParseError
	if errors.As(err, &pe) {
		e.Line, e.Col = pe.Position.Line, max(pe.Position.Col, 1)
		if pe.LastKey != "" {
			e.Field = pe.LastKey
		}
		e.Msg = fmt.Sprintf("%s: %s", e.Field, pe.Message)
	} else if m := lastKeyErr.FindStringSubmatch(err.Error()); m != nil {
		if key, uerr := strconv.Unquote(m[2]); uerr == nil {
			e.Field = key
		}
		e.Msg = fmt.Sprintf("%s: %s", e.Field, m[3])
		e.Line, e.Col, _ = d.idx.FirstPos(e.Field)
		if line, perr := strconv.Atoi(m[1]); perr == nil && line != e.Line {
			// The decoder's line is the key's last occurrence (say, in a
			// later [[array]] entry); point at that line's first token.
			e.Line, e.Col = line, d.firstCol(line)
		}
	} else {
		e.Line, e.Col, _ = d.idx.Pos(section)
	}
	d.errs = append(d.errs, e)
}

// firstCol returns the column of the first non-blank byte of line n.
func (d *decoder) firstCol(n int) int {
	start, ok := lineStart(d.data, n)
	if !ok {
		return 1
	}
	rest := d.data[start:]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	return len(rest) - len(bytes.TrimLeft(rest, " \t")) + 1
}

// acceptsAny reports whether the Go value at path below t takes keys it
// does not name: the decoder leaves keys under an interface value counted as
// undecoded, yet a game that decodes into any (or map[string]any) means to
// take whatever is there.
func acceptsAny(t reflect.Type, path []string) bool {
	for _, seg := range path {
		t = deref(t)
		if t == nil {
			return false
		}
		switch t.Kind() {
		case reflect.Interface:
			return true
		case reflect.Map:
			t = t.Elem()
		case reflect.Struct:
			found := false
			for _, f := range structFields(t, nil) {
				if f.name == seg || strings.EqualFold(f.name, seg) {
					t, found = f.typ, true
					break
				}
			}
			if !found {
				return false
			}
		default:
			return false
		}
	}
	t = deref(t)
	return t != nil && t.Kind() == reflect.Interface
}

// fieldNames lists the TOML names of the fields of the struct found by
// following path from t, for "did you mean" hints. It returns nil where the
// shape is not a struct (maps accept any key).
func fieldNames(t reflect.Type, path []string) []string {
	t = deref(t)
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	fields := structFields(t, nil)
	if len(path) == 0 {
		names := make([]string, 0, len(fields))
		for _, f := range fields {
			names = append(names, f.name)
		}
		return names
	}
	for _, f := range fields {
		if f.name == path[0] || strings.EqualFold(f.name, path[0]) {
			return fieldNames(f.typ, path[1:])
		}
	}
	return nil
}

func deref(t reflect.Type) reflect.Type {
	for t != nil {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			t = t.Elem()
		default:
			return t
		}
	}
	return nil
}

type field struct {
	name string
	typ  reflect.Type
}

// structFields mirrors how the TOML decoder names fields: the toml tag, else
// the Go name; embedded structs without a tag contribute their fields.
func structFields(t reflect.Type, visiting []reflect.Type) []field {
	for _, v := range visiting {
		if v == t {
			return nil // an embedded cycle contributes nothing new
		}
	}
	visiting = append(visiting, t)
	var out []field
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag := sf.Tag.Get("toml")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if sf.Anonymous && name == "" {
			if et := deref(sf.Type); et != nil && et.Kind() == reflect.Struct {
				out = append(out, structFields(et, visiting)...)
				continue
			}
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		out = append(out, field{name: name, typ: sf.Type})
	}
	return out
}
