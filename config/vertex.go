package config

import (
	"errors"
	"fmt"
	"math"

	"github.com/sleakgo/sleak/formats"
)

// stemKeys are the [[vertex_format]] keys naming shader stems, in pass order.
var stemKeys = []string{"shader", "shadow_shader", "gbuffer_shader", "transparent_shader"}

func (d *decoder) vertexFormats(entries []*obj) []formats.Layout {
	seen := map[string][]any{}
	var out []formats.Layout
	for _, o := range entries {
		l, ok := d.vertexFormat(o)
		at := with(o.path, "name")
		switch {
		case l.Name == formats.DefaultLayoutName:
			d.at(at, nil, "%s: the name %q is reserved for the engine's default vertex", o.key("name"), l.Name)
			ok = false
		case l.Name != "":
			ok = d.unique(seen, at, o.key("name"), "vertex format", l.Name) && ok
		}
		if ok {
			out = append(out, l)
		}
	}
	return out
}

// vertexFormat decodes one [[vertex_format]] and validates it with
// formats.Layout.ValidateAll, the same rules Go code gets. Values that failed
// to decode are left out of validation (an attribute with a bad location is
// dropped, a bad stride is computed) so one typo does not also show up as a
// string of consequences.
func (d *decoder) vertexFormat(o *obj) (formats.Layout, bool) {
	before := len(d.errs)
	var l formats.Layout
	bad := map[string]bool{} // layout keys whose value could not be decoded
	if !o.require("name") || !o.str("name", &l.Name) {
		bad["name"] = true
	}
	strideSet := o.uint32("stride", &l.Stride)
	if _, present := o.m["stride"]; present && !strideSet {
		bad["stride"] = true
	}
	instSet := o.uint32("instance_stride", &l.InstanceStride)
	if _, present := o.m["instance_stride"]; present && !instSet {
		bad["instance_stride"] = true
	}
	stems := []*string{&l.Shader, &l.ShadowShader, &l.GBufferShader, &l.TransparentShader}
	for i, k := range stemKeys {
		if _, present := o.m[k]; !o.str(k, stems[i]) && present {
			bad[k] = true
		}
	}
	var stage string
	if o.str("gbuffer_stage", &stage) {
		g, err := formats.ParseGBufferStage(stage)
		if err != nil {
			d.at(with(o.path, "gbuffer_stage"), err, "%s: %s", o.key("gbuffer_stage"), err.Error())
			bad["gbuffer_stage"] = true
		}
		l.GBufferStage = g
	} else if _, present := o.m["gbuffer_stage"]; present {
		bad["gbuffer_stage"] = true
	}

	_, hasAttrs := o.m["attribute"]
	entries := o.tables("attribute")
	var orig []int // index in the file of each attribute kept in l
	// Per step (vertex, instance): where the last attribute ended and the
	// furthest end, for omitted offsets and strides.
	var prevEnd, maxEnd [2]uint64
	for j, a := range entries {
		attr, ok, end := d.attribute(a, &prevEnd)
		st := min(attr.Step, formats.StepInstance)
		prevEnd[st], maxEnd[st] = end, max(maxEnd[st], end)
		if ok {
			l.Attributes = append(l.Attributes, attr)
			orig = append(orig, j)
		}
	}
	if !strideSet {
		l.Stride = uint32(min(alignUp(maxEnd[formats.StepVertex]), math.MaxUint32))
	}
	if !instSet {
		l.InstanceStride = uint32(min(alignUp(maxEnd[formats.StepInstance]), math.MaxUint32))
	}
	o.finish()

	for _, ve := range l.ValidateAll() {
		var at []any
		switch {
		case ve.Index >= 0:
			at = with(o.path, "attribute", orig[ve.Index], ve.Field)
		case bad[ve.Field]:
			continue
		case ve.Code == formats.ErrZeroStride && !strideSet:
			continue // only without attributes, which ErrNoAttributes reports
		case ve.Code == formats.ErrZeroInstanceStride && !instSet:
			continue // computed: only when instance attributes failed to decode
		case ve.Code == formats.ErrNoAttributes && hasAttrs:
			continue // they exist but failed to decode, already reported
		default:
			at = with(o.path, ve.Field)
		}
		d.at(at, ve, "%s", ve.Error())
	}
	return l, len(d.errs) == before
}

// attribute decodes one [[vertex_format.attribute]]. An omitted offset packs
// the attribute right after the previous one of the same step (prevEnd, by
// step), aligned to 4. It returns where the attribute ends, for the next
// one's offset and the computed stride.
func (d *decoder) attribute(o *obj, prevEnd *[2]uint64) (formats.Attribute, bool, uint64) {
	var a formats.Attribute
	ok := true
	var step string
	if o.str("step", &step) {
		st, err := formats.ParseStep(step)
		if err != nil {
			d.at(with(o.path, "step"), err, "%s: %s", o.key("step"), err.Error())
			ok = false
		}
		a.Step = st
	} else if _, present := o.m["step"]; present {
		ok = false
	}
	if !o.require("name") || !o.str("name", &a.Name) {
		ok = false
	}
	if !o.require("location") || !o.uint32("location", &a.Location) {
		ok = false
	}
	var name string
	if o.require("format") && o.str("format", &name) {
		f, err := formats.ParseAttributeFormat(name)
		if err != nil {
			msg := err.Error()
			if s := suggest(name, formatNames()); s != "" {
				msg = fmt.Sprintf("unknown attribute format %q (did you mean %q?)", name, s)
			}
			d.at(with(o.path, "format"), err, "%s: %s", o.key("format"), msg)
			ok = false
		}
		a.Format = f
	} else {
		ok = false
	}
	if !o.uint32("offset", &a.Offset) {
		if _, present := o.m["offset"]; present {
			ok = false
		}
		a.Offset = uint32(min(alignUp(prevEnd[a.Step]), math.MaxUint32&^3))
	}
	o.finish()
	return a, ok, uint64(a.Offset) + uint64(a.Format.Size())
}

func alignUp(n uint64) uint64 { return (n + 3) &^ 3 }

func formatNames() []string {
	var names []string
	for _, f := range formats.AttributeFormats() {
		names = append(names, f.String())
	}
	return names
}

// Register registers every vertex format of f in r, in file order, and
// returns the handle of each by name. Formats that r refuses (a name already
// registered from Go code, say) are reported with their position in the
// file; the others are still registered.
func (f *File) Register(r *formats.Registry) (map[string]formats.Handle, error) {
	handles := make(map[string]formats.Handle, len(f.VertexFormats))
	var errs Errors
	for i := range f.VertexFormats {
		l := f.VertexFormats[i]
		h, err := r.Register(l)
		if err == nil {
			handles[l.Name] = h
			continue
		}
		// Positions are only trusted while the slice still matches the
		// file: a File built or edited in code has none.
		d := &decoder{file: f.Path}
		if i < len(f.formatNames) && f.formatNames[i] == l.Name {
			d.idx = f.idx
		}
		at := []any{"vertex_format", i}
		var ve *formats.ValidationError
		if errors.As(err, &ve) {
			if ve.Index >= 0 {
				at = with(at, "attribute", ve.Index, ve.Field)
			} else {
				at = with(at, ve.Field)
			}
		}
		d.at(at, err, "%s", err.Error())
		errs = append(errs, d.errs...)
	}
	if len(errs) > 0 {
		return handles, errs
	}
	return handles, nil
}
