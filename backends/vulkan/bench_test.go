//go:build linux && cgo

package vulkan

import (
	"fmt"
	"testing"
	"time"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
	"github.com/sleakgo/sleak/meshes"
	"github.com/sleakgo/sleak/vmath"
)

// BenchmarkFrame measures a frame of n default-format cubes, each drawn in
// the shadow and the forward pass, at a small size so that the software
// rasterizer's fill work stays out of the way. ns/op is the whole frame
// including waiting for the GPU two frames back; record-ns/frame is the CPU
// time from the first BeginPass to the end of EndFrame's submit: queuing
// the draws, recording them and submitting.
func BenchmarkFrame(bm *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		bm.Run(fmt.Sprintf("cubes=%d", n), func(bm *testing.B) {
			cfg, _ := testConfig(64, 64, nil)
			cfg.Validation = false
			cfg.ShadowMapSize = 256
			b := newTestBackend(bm, cfg)
			s, draws := soakScene(bm, b, n)
			frame(bm, b, &s.frame, draws)
			var record time.Duration
			bm.ReportAllocs()
			bm.ResetTimer()
			for bm.Loop() {
				if err := b.BeginFrame(&s.frame); err != nil {
					bm.Fatal(err)
				}
				start := time.Now()
				for p := range numPasses {
					_ = b.BeginPass(passOf(p))
					if p == 0 || p == 3 {
						for i := range draws {
							b.Draw(&draws[i])
						}
					}
					_ = b.EndPass()
				}
				if err := b.EndFrame(); err != nil {
					bm.Fatal(err)
				}
				record += time.Since(start)
			}
			bm.ReportMetric(float64(record.Nanoseconds())/float64(bm.N), "record-ns/frame")
			bm.ReportMetric(float64(record.Nanoseconds())/float64(bm.N)/float64(2*len(draws)), "ns/draw")
		})
	}
}

// BenchmarkLights measures what punctual lights cost a frame: the scene's
// plane filling a 320x180 target in the forward pass, lit by n point
// lights of range 1.5 in a grid over it (the core's binning and upload
// included). The difference to lights=0 over n is the cost per light.
func BenchmarkLights(bm *testing.B) {
	for _, n := range []int{0, 64, 256, 1024} {
		bm.Run(fmt.Sprintf("lights=%d", n), func(bm *testing.B) {
			cfg, _ := testConfig(320, 180, nil)
			cfg.Validation = false
			cfg.ShadowMapSize = 256
			b := newTestBackend(bm, cfg)
			s, draws := soakScene(bm, b, 0)
			s.frame.Lights = make([]backends.Light, n)
			for i := range s.frame.Lights {
				s.frame.Lights[i] = backends.Light{
					Position: vmath.Vec3{float32(i%32)*0.5 - 8, 0.3, -float32(i/32) * 0.5},
					Range:    1.5, Color: vmath.Vec3{0.2, 0.2, 0.2},
				}
			}
			frame(bm, b, &s.frame, draws)
			bm.ReportAllocs()
			bm.ResetTimer()
			for bm.Loop() {
				frame(bm, b, &s.frame, draws)
			}
			bm.ReportMetric(float64(b.Stats().Lights), "lights-on-screen")
		})
	}
}

// BenchmarkSkinned measures what skinning costs a frame: n spheres of 561
// vertices at a small size, drawn in the shadow and forward passes by the
// default material shader or, the same geometry, by the skinned format's
// stems, each draw blending two joints of the frame's palette (the core's
// upload of the palette included). The difference is the skinning's cost.
func BenchmarkSkinned(bm *testing.B) {
	for _, skinned := range []bool{false, true} {
		name := "default"
		if skinned {
			name = "skinned"
		}
		bm.Run(name, func(bm *testing.B) {
			reg := formats.NewRegistry()
			h, err := reg.Register(*formats.SkinnedLayout())
			if err != nil {
				bm.Fatal(err)
			}
			cfg, _ := testConfig(64, 64, reg)
			cfg.Validation = false
			cfg.ShadowMapSize = 256
			b := newTestBackend(bm, cfg)
			shader, err := b.CreateShader("assets/shaders/default_shader.hlsl")
			if err != nil {
				bm.Fatal(err)
			}
			sphere := meshes.Sphere(0.5, 32, 16)
			format := formats.DefaultHandle
			if skinned {
				format = h
			}
			mesh, err := b.CreateMesh(format, sphere.Vertices, sphere.Indices)
			if err != nil {
				bm.Fatal(err)
			}
			const n = 1000
			fd := backends.FrameData{ViewProj: vmath.Perspective(vmath.Radians(60), 1, 0.1, 100).Mul(
				vmath.LookAt(vmath.Vec3{0, 20, 30}, vmath.Vec3{}, vmath.Vec3{0, 1, 0})), LightViewProj: vmath.Ident(),
				LightDir: vmath.Vec3{0, -1, 0}, LightColor: vmath.Vec3{1, 1, 1}, Shadows: true}
			draws := make([]backends.Draw, n)
			for i := range draws {
				draws[i] = backends.Draw{Mesh: mesh, Shader: shader, Color: vmath.Vec4{1, 1, 1, 1},
					Model: vmath.Translate(vmath.Vec3{float32(i%32) - 16, 0, -float32(i / 32)})}
				if skinned {
					fd.Joints = append(fd.Joints, vmath.Ident(), vmath.Translate(vmath.Vec3{0, 0.1, 0}))
					draws[i].Joints = backends.JointRange{First: uint32(2 * i), Count: 2}
				}
			}
			frame(bm, b, &fd, draws)
			if d := b.Stats().TotalDropped(); d != 0 {
				bm.Fatalf("%d draws dropped", d)
			}
			bm.ReportAllocs()
			bm.ResetTimer()
			for bm.Loop() {
				frame(bm, b, &fd, draws)
			}
			// The shadow pass draws each sphere into every cascade.
			bm.ReportMetric(float64(sphere.VertexCount()*n*(1+backends.NumCascades)), "vertices/frame")
		})
	}
}
