package formats

import "testing"

// quad is an instanced quad of 8 bytes: no vertex buffer, one UInt2 per
// instance, corners from the vertex index.
func quad() Layout {
	return Layout{Name: "quad", InstanceStride: 8, Shader: "quad", Attributes: []Attribute{
		{Name: "data", Location: 0, Format: UInt2, Step: StepInstance},
	}}
}

func TestInstancedLayouts(t *testing.T) {
	q := quad()
	mixed := Layout{Name: "mixed", Stride: 12, InstanceStride: 16, Shader: "m", Attributes: []Attribute{
		{Name: "corner", Location: 0, Format: Float3},
		{Name: "offset", Location: 1, Format: Float4, Step: StepInstance}, // offset 0 of the instance record: no overlap with corner
	}}
	for _, l := range []*Layout{&q, &mixed} {
		if errs := l.ValidateAll(); errs != nil {
			t.Errorf("%s: %v", l.Name, errs)
		}
	}
	if !q.Instanced() || q.PerVertex() || !mixed.Instanced() || !mixed.PerVertex() || voxelPlain().Instanced() {
		t.Error("Instanced or PerVertex is wrong")
	}
}

func voxelPlain() *Layout { v := voxel(); return &v }

func TestInstancedValidationErrors(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(l *Layout)
		code  ErrorCode
		field string
		msg   string
	}{
		{"no instance stride", func(l *Layout) { l.InstanceStride = 0 }, ErrZeroInstanceStride, "instance_stride",
			`vertex format "quad": instance_stride is 0 while attributes step per instance; it must be the size of one instance's record in bytes`},
		{"instance stride unused", func(l *Layout) { l.Attributes[0].Step = StepVertex; l.Stride = 8 }, ErrUnusedInstanceStride, "instance_stride",
			`vertex format "quad": instance_stride is 8 but no attribute steps per instance (step = "instance")`},
		{"past the instance stride", func(l *Layout) { l.Attributes[0].Offset = 4 }, ErrPastStride, "offset",
			`vertex format "quad": attribute "data": ends at byte 12 (offset 4 + 8 bytes of UInt2), past the instance stride of 8`},
		{"bad step", func(l *Layout) { l.Attributes[0].Step = 7 }, ErrBadStep, "step",
			`vertex format "quad": attribute "data": step 7 is not a valid step`},
		{"instance stride above the limit", func(l *Layout) { l.InstanceStride = MaxStride + 4 }, ErrStrideRange, "instance_stride",
			`vertex format "quad": instance_stride 2052 is more than 2048, the largest every backend accepts`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := quad()
			tt.edit(&l)
			errs := l.ValidateAll()
			if len(errs) == 0 {
				t.Fatal("valid")
			}
			e := errs[0]
			for _, x := range errs { // the attribute's own problem, after the layout's
				if x.Code == tt.code {
					e = x
				}
			}
			if e.Code != tt.code || e.Field != tt.field || e.Error() != tt.msg {
				t.Errorf("got %v %q %q\nwant %v %q %q", e.Code, e.Field, e.Error(), tt.code, tt.field, tt.msg)
			}
		})
	}
}
