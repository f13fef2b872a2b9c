package backends

import (
	"time"

	"github.com/sleakgo/sleak/formats"
)

// Stats is what the render systems did in one frame. Dropped draws are
// counted per (format, pass), so geometry that is "simply absent" because a
// variant failed shows up here instead of reading like a culling bug.
type Stats struct {
	Frame uint64
	Draws [formats.NumPasses]int // draws submitted per pass
	// Triangles counts the triangles of the draws that went ahead, per pass.
	Triangles [formats.NumPasses]int
	Culled    int // entities outside the frustum, all passes
	// FacingCulled counts entities in the frustum that no camera pass drew
	// because their mesh's triangles all face away (ecs.Mesh.Facing).
	FacingCulled int
	// Occluded counts entities in the frustum that no camera pass drew
	// because terrain hides them (ecs.Mesh.Occluded).
	Occluded int
	// ShadowUnseen counts entities the shadow pass would have drawn but
	// for their shadow falling on nothing seen (ecs.Mesh.ShadowUnseen).
	ShadowUnseen int
	// Dropped[h][p] counts draws of format h dropped in stem pass p because
	// its pipeline was skipped or failed. Indexed by handle; grows as formats
	// appear and is cleared, not reallocated, every frame.
	Dropped [][formats.NumPasses]int
	// DroppedMaterial counts default-format draws dropped because their
	// material's shader failed to load.
	DroppedMaterial int
	// DroppedStale counts draws that named a mesh or texture ID no live
	// object has (destroyed, or never created); each is logged with its ID.
	DroppedStale int
	// Lights counts the frame's punctual lights on screen; LightsDropped
	// those past MaxLights or a full grid, LightsClipped the cluster
	// entries past MaxClusterLights (see LightGrid).
	Lights, LightsDropped, LightsClipped int
	// Lines counts the debug lines the debug pass drew; DroppedLines
	// those past MaxLineVertices.
	Lines, DroppedLines int
	// Joints counts the joint matrices of the frame's palette the backend
	// uploaded (FrameData.Joints), JointsDropped those past MaxFrameJoints;
	// DroppedJoints counts skinned draws dropped because their joints were
	// more than MaxJoints or not all in the uploaded palette.
	Joints, JointsDropped, DroppedJoints int
	PassTime                             [formats.NumPasses]time.Duration // CPU time spent recording each pass
	CPUTime                              time.Duration                    // the whole frame on the CPU
	// GPUTime is the GPU time of each pass of frame GPUFrame, an earlier
	// frame (one to three back, as the backend's frames in flight allow),
	// measured with timestamp queries; GPUFrame is 0 when this frame has no
	// new result or the backend has no timestamps.
	GPUTime  [formats.NumPasses]time.Duration
	GPUFrame uint64
}

// GPUTotal is the sum of GPUTime over the passes.
func (s *Stats) GPUTotal() time.Duration {
	var t time.Duration
	for _, d := range s.GPUTime {
		t += d
	}
	return t
}

// Reset clears the counters for a new frame without freeing memory.
func (s *Stats) Reset() {
	frame := s.Frame
	dropped := s.Dropped
	clear(dropped)
	*s = Stats{Frame: frame + 1, Dropped: dropped}
}

// Drop counts one dropped draw of format h in pass p.
func (s *Stats) Drop(h formats.Handle, p formats.Pass) {
	for int(h) >= len(s.Dropped) {
		s.Dropped = append(s.Dropped, [formats.NumPasses]int{})
	}
	s.Dropped[h][p]++
}

// DroppedIn returns the draws of format h dropped in pass p this frame.
func (s *Stats) DroppedIn(h formats.Handle, p formats.Pass) int {
	if int(h) >= len(s.Dropped) {
		return 0
	}
	return s.Dropped[h][p]
}

// TotalDropped returns every dropped draw of the frame.
func (s *Stats) TotalDropped() int {
	n := s.DroppedMaterial + s.DroppedStale + s.DroppedJoints
	for _, d := range s.Dropped {
		for _, c := range d {
			n += c
		}
	}
	return n
}
