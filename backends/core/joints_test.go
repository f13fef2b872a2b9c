package core_test

import (
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/vmath"
)

// A skinned draw carries where its joints begin in the uploaded palette;
// one naming joints past it, or more than MaxJoints, is dropped and
// counted; a draw without joints carries 0 whatever its Surface.w.
func TestDrawJoints(t *testing.T) {
	f := open(t)
	shader, err := f.b.CreateShader("assets/shaders/default_shader.hlsl")
	must(t, err)
	palette := make([]vmath.Mat4, 300)
	frame := &backends.FrameData{Joints: palette}
	draws := []backends.Draw{
		{Mesh: f.cube, Shader: shader, Surface: vmath.Vec4{0, 0, 0, 9}},
		{Mesh: f.cube, Shader: shader, Joints: backends.JointRange{First: 0, Count: 2}},
		{Mesh: f.cube, Shader: shader, Joints: backends.JointRange{First: 40, Count: 256}},
		{Mesh: f.cube, Shader: shader, Joints: backends.JointRange{First: 100, Count: 201}}, // one past the palette
		{Mesh: f.cube, Shader: shader, Joints: backends.JointRange{First: 0, Count: backends.MaxJoints + 1}},
		{Mesh: f.cube, Shader: shader, Joints: backends.JointRange{First: ^uint32(0), Count: 2}}, // wraps in 32 bits
	}
	must(t, f.b.BeginFrame(frame))
	must(t, f.b.BeginPass(formats.PassForward))
	for i := range draws {
		f.b.Draw(&draws[i])
	}
	must(t, f.b.EndPass())
	must(t, f.b.EndFrame())
	st := f.b.Stats()
	if st.Joints != 300 || st.JointsDropped != 0 || st.DroppedJoints != 3 {
		t.Errorf("Joints, JointsDropped, DroppedJoints = %d, %d, %d; want 300, 0, 3", st.Joints, st.JointsDropped, st.DroppedJoints)
	}
	got := f.d.Draws[formats.PassForward]
	if len(got) != 3 {
		t.Fatalf("%d draws went ahead, want 3", len(got))
	}
	// With no lights the grid is its header row; the palette starts at
	// row 1.
	base := float32(backends.JointsPerRow)
	for i, want := range []float32{0, base, base + 40} {
		if w := got[i].Surface[3]; w != want {
			t.Errorf("draw %d: Surface.w = %v, want %v", i, w, want)
		}
	}
}

// A frame's palette past MaxFrameJoints is cut there and counted.
func TestFrameJointsLimit(t *testing.T) {
	f := open(t)
	must(t, f.b.BeginFrame(&backends.FrameData{Joints: make([]vmath.Mat4, backends.MaxFrameJoints+5)}))
	st := f.b.Stats()
	if st.Joints != backends.MaxFrameJoints || st.JointsDropped != 5 {
		t.Errorf("Joints, JointsDropped = %d, %d; want %d, 5", st.Joints, st.JointsDropped, backends.MaxFrameJoints)
	}
	must(t, f.b.EndFrame())
}
