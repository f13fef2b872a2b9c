package shadertool

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/vmath"
)

// packedOffsets says at which byte offset backends.FrameBlock.Pack and
// backends.DrawBlock.Set write each block member, found by packing
// distinct values and looking for them, so the expectation comes from the
// code that fills the buffers rather than from a second copy of the layout.
func packedOffsets(t *testing.T) (frame, draw map[string]int) {
	t.Helper()
	var d backends.FrameData
	v := float32(1000)
	next := func() float32 { v++; return v }
	for i := range d.ViewProj {
		d.ViewProj[i], d.InvViewProj[i], d.LightViewProj[i] = next(), next(), next()
	}
	for i := range 3 {
		d.CameraPos[i], d.LightDir[i], d.LightColor[i], d.Ambient[i], d.FogColor[i] = next(), next(), next(), next(), next()
		d.SkyColor[i] = next()
	}
	d.Time, d.Exposure, d.FogStart, d.FogEnd = next(), next(), next(), next()
	d.Effects.SSAO = backends.SSAO{Radius: next(), Strength: next()}
	d.Effects.Bloom = backends.Bloom{Threshold: next(), Strength: next()}
	d.Effects.SSR = backends.SSR{Strength: next(), Reach: next()}
	env := &backends.Environment{Intensity: next()}
	for i := range env.Irradiance {
		env.Irradiance[i] = vmath.Vec3{next(), next(), next()}
	}
	d.Environment = env
	for c := range d.ShadowCascades {
		for i := range d.ShadowCascades[c] {
			d.ShadowCascades[c][i] = next()
		}
	}
	var b backends.FrameBlock
	b.Pack(&d, 2048)
	at := func(x float32) int {
		i := slices.Index(b[:], x)
		if i < 0 {
			t.Fatalf("FrameBlock.Pack does not write %v", x)
		}
		return i * 4
	}
	frame = map[string]int{
		"viewProj": at(d.ViewProj[0]), "invViewProj": at(d.InvViewProj[0]), "lightViewProj": at(d.ShadowCascades[0][0]), // cascade 0's, when cascades are set
		"cameraPos": at(d.CameraPos[0]), "lightDir": at(d.LightDir[0]), "lightColor": at(d.LightColor[0]),
		"ambient": at(d.Ambient[0]), "fogColor": at(d.FogColor[0]), "fogParams": at(d.FogStart),
		"skyColor": at(d.SkyColor[0]), "effects": at(d.Effects.SSAO.Radius),
		"cascades": at(d.ShadowCascades[1][0]) - 64, "post": at(d.Effects.SSR.Strength),
		"ibl": at(env.Intensity), "irradiance": at(env.Irradiance[0][0]),
	}
	// The temporal antialiasing words, as the core's Jitter writes them
	// over a TAA frame's block.
	var prev vmath.Mat4
	for i := range prev {
		prev[i] = next()
	}
	d.Effects.TAA = true
	var jittered backends.FrameBlock
	jittered.Pack(&d, 2048)
	jittered.Jitter(0.25, 0.25, 1000, 1000, true, &prev)
	reproject := prev.Mul(d.InvViewProj)
	for member, x := range map[string]float32{"reproject": reproject[0], "taa": backends.TAAFeedback} {
		i := slices.Index(jittered[:], x)
		if i < 0 {
			t.Fatalf("FrameBlock.Jitter does not write %s", member)
		}
		frame[member] = i * 4
	}
	// The w and y components the docs promise, where Pack puts them.
	for _, c := range []struct {
		member string
		off    int
		x      float32
	}{{"cameraPos", 12, d.Time}, {"ambient", 12, d.Exposure}, {"fogParams", 4, d.FogEnd},
		{"effects", 4, d.Effects.SSAO.Strength}, {"effects", 8, d.Effects.Bloom.Threshold}, {"effects", 12, d.Effects.Bloom.Strength},
		{"post", 4, d.Effects.SSR.Reach}} {
		if got := at(c.x); got != frame[c.member]+c.off {
			t.Errorf("FrameBlock.Pack writes a component of %s at %d, want %d", c.member, got, frame[c.member]+c.off)
		}
	}
	var dd backends.Draw
	for i := range dd.Model {
		dd.Model[i] = next()
	}
	dd.Color[0] = next()
	dd.Surface[0] = next()
	var db backends.DrawBlock
	db.Set(&dd)
	drawAt := func(x float32) int { return slices.Index(db[:], x) * 4 }
	draw = map[string]int{"model": drawAt(dd.Model[0]), "color": drawAt(dd.Color[0]), "surface": drawAt(dd.Surface[0])}
	return frame, draw
}

type reflectedBlock struct {
	Type      string `json:"type"`
	Name      string `json:"name"`
	BlockSize int    `json:"block_size"`
	Set       *int   `json:"set"`
	Binding   *int   `json:"binding"`
}

type blockReflection struct {
	Types map[string]struct {
		Name    string `json:"name"`
		Members []struct {
			Name   string `json:"name"`
			Type   string `json:"type"`
			Offset int    `json:"offset"`
		} `json:"members"`
	} `json:"types"`
	UBOs          []reflectedBlock `json:"ubos"`
	PushConstants []reflectedBlock `json:"push_constants"`
}

// TestShaderInterface reflects every compiled shader of the engine, the
// conformance suite and the sample game and fails when its Frame or Draw
// block disagrees with what the backends write into it.
func TestShaderInterface(t *testing.T) {
	requireTools(t, SpirvCross)
	frame, draw := packedOffsets(t)
	var spvs []string
	for _, d := range []string{"../assets/shaders", "../voxel/game/assets/shaders", "../conformance/testdata/shaders"} {
		m, _ := filepath.Glob(filepath.Join(d, "*.spv"))
		spvs = append(spvs, m...)
	}
	if len(spvs) < 20 {
		t.Fatalf("only %d .spv files found", len(spvs))
	}
	for _, spv := range spvs {
		t.Run(filepath.Base(spv), func(t *testing.T) {
			out, err := exec.CommandContext(context.Background(), "spirv-cross", spv, "--reflect").Output()
			if err != nil {
				t.Fatalf("spirv-cross --reflect: %v", err)
			}
			var r blockReflection
			if err := json.Unmarshal(out, &r); err != nil {
				t.Fatal(err)
			}
			for _, msg := range compareBlocks(r, frame, draw) {
				t.Error(msg)
			}
		})
	}
}

// compareBlocks lists every way the reflected Frame and Draw blocks differ
// from the offsets the backends write.
func compareBlocks(r blockReflection, frame, draw map[string]int) []string {
	var msgs []string
	check := func(b reflectedBlock, block string, want map[string]int, size int) {
		ty := r.Types[b.Type]
		if ty.Name != block {
			return
		}
		if size > 0 && b.BlockSize != size {
			msgs = append(msgs, fmt.Sprintf("%s block is %d bytes, want %d", block, b.BlockSize, size))
		}
		seen := map[string]bool{}
		for _, m := range ty.Members {
			off, ok := want[m.Name]
			if !ok {
				msgs = append(msgs, fmt.Sprintf("%s block has member %s, which the backends do not write", block, m.Name))
				continue
			}
			seen[m.Name] = true
			if m.Offset != off {
				msgs = append(msgs, fmt.Sprintf("%s.%s at offset %d, the backends write it at %d", block, m.Name, m.Offset, off))
			}
		}
		for _, name := range slices.Sorted(maps.Keys(want)) {
			if !seen[name] {
				msgs = append(msgs, fmt.Sprintf("%s block lacks %s", block, name))
			}
		}
	}
	for _, b := range r.UBOs {
		if r.Types[b.Type].Name == "Frame" && (b.Set == nil || *b.Set != 0 || b.Binding == nil || *b.Binding != 0) {
			msgs = append(msgs, "Frame block is not at set 0, binding 0")
		}
		check(b, "Frame", frame, backends.FrameBlockSize)
	}
	for _, b := range r.PushConstants {
		check(b, "Draw", draw, 0)
	}
	return msgs
}

// TestShaderInterfaceCatchesDrift compiles a shader whose Frame block has
// two members swapped and a short Draw block, so a comparison that
// passes everything cannot go unnoticed.
func TestShaderInterfaceCatchesDrift(t *testing.T) {
	requireTools(t, Glslc, SpirvCross)
	frame, draw := packedOffsets(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "drift.vert")
	writeFile(t, src, `#version 450
layout(set = 0, binding = 0) uniform Frame {
    mat4 viewProj; mat4 invViewProj; mat4 lightViewProj;
    vec4 cameraPos; vec4 lightColor; vec4 lightDir; vec4 ambient; vec4 fogColor; vec4 fogParams; vec4 skyColor; vec4 effects; mat4 cascades[4]; vec4 post; vec4 ibl; vec4 irradiance[9]; mat4 reproject; vec4 taa;
} frame;
layout(push_constant) uniform Draw { mat4 model; } draw;
void main() { gl_Position = frame.viewProj * draw.model * frame.lightDir; }
`)
	if out, err := exec.Command("glslc", src, "-o", src+".spv").CombinedOutput(); err != nil {
		t.Fatalf("glslc: %v: %s", err, out)
	}
	out, err := exec.Command("spirv-cross", src+".spv", "--reflect").Output()
	if err != nil {
		t.Fatal(err)
	}
	var r blockReflection
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	got := compareBlocks(r, frame, draw)
	want := []string{
		"Frame.lightColor at offset 208, the backends write it at 224",
		"Frame.lightDir at offset 224, the backends write it at 208",
		"Draw block lacks color",
		"Draw block lacks surface",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
