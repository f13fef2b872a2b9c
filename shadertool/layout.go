package shadertool

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/sleakgo/sleak/formats"
)

// shaderInput is one vertex input of a SPIR-V module, as spirv-cross
// reflects it.
type shaderInput struct {
	Name     string
	Type     string // GLSL spelling: "vec3", "uvec2", "int", "mat4"
	Location int
	Array    []int
}

// reflection is the part of "spirv-cross FILE --reflect" this package reads.
type reflection struct {
	Inputs []struct {
		Type     string `json:"type"`
		Name     string `json:"name"`
		Location *int   `json:"location"`
		Array    []int  `json:"array"`
	} `json:"inputs"`
}

// parseReflection extracts the located vertex inputs, sorted by location.
func parseReflection(data []byte) ([]shaderInput, error) {
	var r reflection
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("read spirv-cross reflection: %w", err)
	}
	var out []shaderInput
	for _, in := range r.Inputs {
		if in.Location == nil {
			continue // built-ins carry no location and take no attribute
		}
		out = append(out, shaderInput{Name: in.Name, Type: in.Type, Location: *in.Location, Array: in.Array})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Location < out[j].Location })
	return out, nil
}

// glslType is a vertex input type broken down into what an attribute must
// supply for each location it occupies.
type glslType struct {
	base      formats.BaseType // 0 for types no attribute format provides (double, bool)
	baseName  string
	comps     int // components read per location
	locations int // locations occupied: a matrix takes one per column
}

// parseGLSLType understands the scalar, vector and matrix names spirv-cross
// prints, including the 16-bit ones.
func parseGLSLType(t string) (glslType, bool) {
	scalars := []struct {
		prefix string // vector prefix, e.g. "uvec"
		scalar string
		base   formats.BaseType
	}{
		{"vec", "float", formats.BaseFloat},
		{"ivec", "int", formats.BaseInt},
		{"uvec", "uint", formats.BaseUInt},
		{"f16vec", "float16_t", formats.BaseFloat},
		{"i16vec", "int16_t", formats.BaseInt},
		{"u16vec", "uint16_t", formats.BaseUInt},
		{"dvec", "double", 0},
		{"bvec", "bool", 0},
		{"i64vec", "int64_t", 0},
		{"u64vec", "uint64_t", 0},
	}
	baseName := func(b formats.BaseType, scalar string) string {
		if b == 0 {
			return scalar
		}
		return b.String()
	}
	for _, s := range scalars {
		if t == s.scalar {
			return glslType{base: s.base, baseName: baseName(s.base, s.scalar), comps: 1, locations: 1}, true
		}
		if n, err := strconv.Atoi(strings.TrimPrefix(t, s.prefix)); err == nil && strings.HasPrefix(t, s.prefix) && n >= 2 && n <= 4 {
			return glslType{base: s.base, baseName: baseName(s.base, s.scalar), comps: n, locations: 1}, true
		}
	}
	for _, m := range []struct {
		prefix string
		base   formats.BaseType
		scalar string
	}{{"mat", formats.BaseFloat, "float"}, {"dmat", 0, "double"}, {"f16mat", formats.BaseFloat, "float16_t"}} {
		rest, ok := strings.CutPrefix(t, m.prefix)
		if !ok {
			continue
		}
		cols, rows := rest, rest
		if c, r, found := strings.Cut(rest, "x"); found {
			cols, rows = c, r
		}
		nc, err1 := strconv.Atoi(cols)
		nr, err2 := strconv.Atoi(rows)
		if err1 != nil || err2 != nil || nc < 2 || nc > 4 || nr < 2 || nr > 4 {
			return glslType{}, false
		}
		return glslType{base: m.base, baseName: baseName(m.base, m.scalar), comps: nr, locations: nc}, true
	}
	return glslType{}, false
}

// layoutUse is a vertex format that draws through a vertex shader.
type layoutUse struct {
	layout *formats.Layout
	key    string   // names the format: `vertex format "voxel"`
	parts  []string // how it uses the shader: "forward pass", "engine shader shadow_depth"
}

// label reads `vertex format "voxel" (forward pass, transparent pass)`.
func (u layoutUse) label() string {
	return u.key + " (" + strings.Join(u.parts, ", ") + ")"
}

// compareLayout checks every input of a vertex shader against a format:
// each location the shader reads needs an attribute there with the same
// base type and at least as many components. It returns one message per
// mismatch.
func compareLayout(use layoutUse, shader string, inputs []shaderInput) []string {
	byLoc := map[uint32]formats.Attribute{}
	for _, a := range use.layout.Attributes {
		byLoc[a.Location] = a
	}
	var out []string
	for _, in := range inputs {
		t, ok := parseGLSLType(in.Type)
		if !ok {
			out = append(out, fmt.Sprintf("%s: %s declares input %s at location %d with type %s, which no vertex attribute format provides",
				use.label(), shader, in.Name, in.Location, in.Type))
			continue
		}
		count := t.locations
		for _, n := range in.Array {
			count *= max(n, 1)
		}
		for i := 0; i < count; i++ {
			loc := in.Location + i
			what := fmt.Sprintf("location %d (%s %s", loc, in.Type, in.Name)
			if count > 1 {
				what += fmt.Sprintf(", part %d of %d", i+1, count)
			}
			what += ")"
			a, ok := byLoc[uint32(loc)]
			if !ok {
				out = append(out, fmt.Sprintf("%s: %s reads %s, but the format has no attribute at location %d",
					use.label(), shader, what, loc))
				continue
			}
			ab, an := a.Format.BaseType(), a.Format.Components()
			switch {
			case t.base == 0 || ab != t.base:
				out = append(out, fmt.Sprintf("%s: attribute %q at location %d is %s (%s x%d), but %s reads it as %s %s (%s x%d): base types differ",
					use.label(), a.Name, loc, a.Format, ab, an, shader, in.Type, in.Name, t.baseName, t.comps))
			case an < t.comps:
				out = append(out, fmt.Sprintf("%s: attribute %q at location %d is %s (%s x%d), but %s reads it as %s %s (%s x%d): the format supplies fewer components",
					use.label(), a.Name, loc, a.Format, ab, an, shader, in.Type, in.Name, t.baseName, t.comps))
			}
		}
	}
	return out
}
