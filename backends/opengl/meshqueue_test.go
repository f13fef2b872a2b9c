package opengl

import (
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
)

// BenchmarkStreamMeshes is a streaming frame's mesh work in the driver: 64
// instanced meshes made and 64 freed (made four frames before), then one
// call on the GL thread, as a game that replaces a few chunks a frame
// does. Making and freeing meshes wait for the GL thread only there.
func BenchmarkStreamMeshes(b *testing.B) {
	reg := formats.NewRegistry()
	layout := formats.Layout{Name: "quads", InstanceStride: 8, Attributes: []formats.Attribute{
		{Name: "a", Location: 0, Format: formats.UInt1, Step: formats.StepInstance},
		{Name: "b", Location: 1, Format: formats.UInt1, Offset: 4, Step: formats.StepInstance},
	}}
	if _, err := reg.Register(layout); err != nil {
		b.Fatal(err)
	}
	d := open(b, backends.Config{Width: 16, Height: 16, Formats: reg}).Driver().(*driver)
	data := core.MeshData{Indices: []uint32{0, 1, 2, 0, 2, 3}, Instances: make([]byte, 8*200)}
	var live []mesh
	for b.Loop() {
		for range 64 {
			m, err := d.NewMesh(&layout, data)
			if err != nil {
				b.Fatal(err)
			}
			live = append(live, m)
		}
		if len(live) > 256 {
			for _, m := range live[:64] {
				d.FreeMesh(m)
			}
			live = append(live[:0], live[64:]...)
		}
		d.thr.do(func() {})
	}
	for _, m := range live {
		d.FreeMesh(m)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/64, "ns/mesh")
}
