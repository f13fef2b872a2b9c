package formats

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

// voxel is the voxel game's 48-byte vertex, valid as written; each case
// below breaks one thing about it.
func voxel() Layout {
	return Layout{
		Name:   "voxel",
		Stride: 48,
		Attributes: []Attribute{
			{Name: "position", Location: 0, Format: Float3, Offset: 0},
			{Name: "normal", Location: 1, Format: Float3, Offset: 12},
			{Name: "color", Location: 2, Format: Float4, Offset: 24},
			{Name: "uv", Location: 3, Format: Float2, Offset: 40},
		},
		Shader:       "voxel",
		ShadowShader: "voxel_shadow",
	}
}

func TestValidLayouts(t *testing.T) {
	v := voxel()
	packed := Layout{Name: "packed", Stride: 20, Attributes: []Attribute{
		{Name: "pos", Location: 0, Format: Half4, Offset: 0},
		{Name: "normal", Location: 1, Format: Short4Norm, Offset: 8},
		{Name: "color", Location: 2, Format: UByte4Norm, Offset: 16},
	}, Shader: "packed-v2", GBufferShader: "packed_gb", TransparentShader: "Packed2"}
	unnamed := Layout{Name: "x", Stride: 8, Attributes: []Attribute{
		{Location: 0, Format: Float1}, {Location: 1, Format: UInt1, Offset: 4},
	}}
	for _, l := range []*Layout{DefaultLayout(), &v, &packed, &unnamed} {
		if err := l.Validate(); err != nil {
			t.Errorf("%s: %v", l.Name, err)
		}
		if errs := l.ValidateAll(); errs != nil {
			t.Errorf("%s: ValidateAll = %v", l.Name, errs)
		}
	}
}

func TestDefaultLayout(t *testing.T) {
	d := DefaultLayout()
	if d.Name != "default" || d.Stride != 96 || len(d.Attributes) != 7 {
		t.Fatalf("%+v", d)
	}
	end := 0
	for i, a := range d.Attributes {
		if int(a.Location) != i || int(a.Offset) != end {
			t.Errorf("attribute %d %q: location %d offset %d, want %d %d", i, a.Name, a.Location, a.Offset, i, end)
		}
		end += a.Format.Size()
	}
	if end != 96 {
		t.Errorf("attributes end at %d", end)
	}
	if d.Attributes[5].Format != Int4 || d.Attributes[5].Format.BaseType() != BaseInt {
		t.Error("bone ids must be integers")
	}
	for p := Pass(0); p < NumPasses; p++ {
		if d.Stem(p) != "" {
			t.Errorf("default layout has a %v stem", p)
		}
	}
	d.Attributes[0].Name = "changed"
	if DefaultLayout().Attributes[0].Name != "position" {
		t.Error("DefaultLayout returns shared attributes")
	}
}

func TestValidationErrors(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(l *Layout)
		code   ErrorCode
		field  string
		index  int
		msg    string
		others int // further problems expected after the first
	}{
		{"empty name", func(l *Layout) { l.Name = "" }, ErrEmptyName, "name", -1,
			`vertex format "": the format has no name`, 0},
		{"zero stride", func(l *Layout) { l.Stride = 0 }, ErrZeroStride, "stride", -1,
			`vertex format "voxel": stride is 0; it must be the size of one vertex in bytes`, 0},
		// A stride over the device limit reached the Vulkan driver as a
		// validation error; 4294967295 passed `formats check`.
		{"stride above the limit", func(l *Layout) { l.Stride = MaxStride + 4 }, ErrStrideRange, "stride", -1,
			`vertex format "voxel": stride 2052 is more than 2048, the largest every backend accepts`, 0},
		{"largest stride", func(l *Layout) { l.Stride = math.MaxUint32 }, ErrStrideRange, "stride", -1,
			`vertex format "voxel": stride 4294967295 is more than 2048, the largest every backend accepts`, 0},
		{"no attributes", func(l *Layout) { l.Attributes = nil }, ErrNoAttributes, "attribute", -1,
			`vertex format "voxel": no attributes; a format needs at least one`, 0},
		{"bad format", func(l *Layout) { l.Attributes[2].Format = 0 }, ErrBadFormat, "format", 2,
			`vertex format "voxel": attribute "color": format 0 is not a valid attribute format`, 0},
		{"format past the last", func(l *Layout) { l.Attributes[0].Format = Half4 + 1 }, ErrBadFormat, "format", 0,
			`vertex format "voxel": attribute "position": format 21 is not a valid attribute format`, 0},
		{"location range", func(l *Layout) { l.Attributes[3].Location = 16 }, ErrLocationRange, "location", 3,
			`vertex format "voxel": attribute "uv": location 16 is out of range 0 to 15`, 0},
		{"unaligned", func(l *Layout) { l.Attributes[3].Offset = 42 }, ErrUnaligned, "offset", 3,
			`vertex format "voxel": attribute "uv": offset 42 is not a multiple of 4`, 1},
		{"past stride", func(l *Layout) { l.Stride = 44 }, ErrPastStride, "offset", 3,
			`vertex format "voxel": attribute "uv": ends at byte 48 (offset 40 + 8 bytes of Float2), past the stride of 44`, 0},
		{"past stride far", func(l *Layout) { l.Attributes[0].Offset = 0xFFFFFFFC }, ErrPastStride, "offset", 0,
			`vertex format "voxel": attribute "position": ends at byte 4294967304 (offset 4294967292 + 12 bytes of Float3), past the stride of 48`, 0},
		{"overlap", func(l *Layout) { l.Attributes[1].Offset = 8 }, ErrOverlap, "offset", 1,
			`vertex format "voxel": attribute "normal": bytes 8..19 overlap attribute "position" (bytes 0..11)`, 0},
		{"duplicate location", func(l *Layout) { l.Attributes[2].Location = 1 }, ErrDuplicateLocation, "location", 2,
			`vertex format "voxel": attribute "color": location 1 is already used by attribute "normal"`, 0},
		{"duplicate name", func(l *Layout) { l.Attributes[3].Name = "normal" }, ErrDuplicateName, "name", 3,
			`vertex format "voxel": attribute "normal": the name is already used by attribute 1`, 0},
		{"unnamed duplicate location", func(l *Layout) {
			l.Attributes[0].Name, l.Attributes[1].Name = "", ""
			l.Attributes[1].Location = 0
		}, ErrDuplicateLocation, "location", 1,
			`vertex format "voxel": attribute 1: location 0 is already used by attribute 0`, 0},
		{"stem with extension", func(l *Layout) { l.ShadowShader = "voxel_shadow.vert" }, ErrBadStem, "shadow_shader", -1,
			`vertex format "voxel": shadow_shader "voxel_shadow.vert": a stem is a bare name without extension or folder, like "voxel_shadow"`, 0},
		{"stem with folder", func(l *Layout) { l.Shader = "assets/shaders/voxel.vert.spv" }, ErrBadStem, "shader", -1,
			`vertex format "voxel": shader "assets/shaders/voxel.vert.spv": a stem is a bare name without extension or folder, like "voxel"`, 0},
		{"stem with backslash", func(l *Layout) { l.GBufferShader = `shaders\voxel_gb` }, ErrBadStem, "gbuffer_shader", -1,
			`vertex format "voxel": gbuffer_shader "shaders\\voxel_gb": a stem is a bare name without extension or folder, like "voxel_gb"`, 0},
		{"stem with space", func(l *Layout) { l.TransparentShader = "voxel water" }, ErrBadStem, "transparent_shader", -1,
			`vertex format "voxel": transparent_shader "voxel water": a stem is a bare name without extension or folder, like "voxel_water"`, 0},
		{"stem dot dot", func(l *Layout) { l.ShadowShader = "../x" }, ErrBadStem, "shadow_shader", -1,
			`vertex format "voxel": shadow_shader "../x": a stem is a bare name without extension or folder, like "x"`, 0},
		{"stem only dots", func(l *Layout) { l.ShadowShader = ".." }, ErrBadStem, "shadow_shader", -1,
			`vertex format "voxel": shadow_shader "..": a stem is a bare name of letters, digits, '_' and '-', without extension or folder`, 0},
		{"stem not ascii", func(l *Layout) { l.Shader = "vöxel" }, ErrBadStem, "shader", -1,
			`vertex format "voxel": shader "vöxel": a stem is a bare name of letters, digits, '_' and '-', without extension or folder`, 0},
		{"missing main stem", func(l *Layout) { l.Shader = "" }, ErrMissingMainStem, "shader", -1,
			`vertex format "voxel": shader is empty while shadow_shader is set; the main stem gates every pass, so the format would draw nothing`, 0},
		{"missing main stem, three set", func(l *Layout) {
			l.Shader, l.GBufferShader, l.TransparentShader = "", "g", "t"
		}, ErrMissingMainStem, "shader", -1,
			`vertex format "voxel": shader is empty while shadow_shader, gbuffer_shader and transparent_shader are set; the main stem gates every pass, so the format would draw nothing`, 0},
	}
	seen := map[ErrorCode]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := voxel()
			tt.edit(&l)
			err := l.Validate()
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("Validate() = %v, want a *ValidationError", err)
			}
			if ve.Code != tt.code || ve.Field != tt.field || ve.Index != tt.index || ve.Error() != tt.msg {
				t.Errorf("got  %v %q %d %s\nwant %v %q %d %s", ve.Code, ve.Field, ve.Index, ve.Error(),
					tt.code, tt.field, tt.index, tt.msg)
			}
			if ve.Format != l.Name {
				t.Errorf("Format = %q", ve.Format)
			}
			if tt.index >= 0 && ve.Attribute != l.Attributes[tt.index].Name {
				t.Errorf("Attribute = %q", ve.Attribute)
			}
			if got := len(l.ValidateAll()); got != 1+tt.others {
				t.Errorf("ValidateAll found %d problems, want %d: %v", got, 1+tt.others, l.ValidateAll())
			}
			seen[tt.code] = true
		})
	}
	for c := ErrZeroStride; c <= ErrStrideRange; c++ {
		if !seen[c] && c != ErrDuplicateFormat { // registry_test covers ErrDuplicateFormat
			t.Errorf("no case for %v", c)
		}
	}
}

func TestValidateAllOrder(t *testing.T) {
	l := Layout{
		Stride: 16,
		Attributes: []Attribute{
			{Name: "a", Location: 0, Format: Float4, Offset: 2},
			{Name: "a", Location: 0, Format: Float2, Offset: 8},
		},
		ShadowShader: "s.vert",
	}
	var got []string
	for _, e := range l.ValidateAll() {
		got = append(got, fmt.Sprintf("%v %d %s", e.Code, e.Index, e.Field))
	}
	want := []string{
		"ErrEmptyName -1 name",
		"ErrUnaligned 0 offset",
		"ErrPastStride 0 offset",
		"ErrDuplicateLocation 1 location",
		"ErrDuplicateName 1 name",
		"ErrOverlap 1 offset",
		"ErrBadStem -1 shadow_shader",
		"ErrMissingMainStem -1 shader",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestErrorCodeString(t *testing.T) {
	if ErrOverlap.String() != "ErrOverlap" || ErrDuplicateFormat.String() != "ErrDuplicateFormat" || ErrorCode(0).String() != "ErrorCode(0)" {
		t.Error(ErrOverlap, ErrDuplicateFormat, ErrorCode(0))
	}
}
