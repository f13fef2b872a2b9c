package opengl

/*
#include <stdint.h>
#ifndef APIENTRY
#define APIENTRY
#endif
typedef void (APIENTRY *sleakDrawBaseInstanceFn)(unsigned int mode, int count, unsigned int type, const void *indices, int instances, unsigned int baseInstance);

static void sleakDrawElementsInstancedBaseInstance(void *fn, unsigned int mode, int count, unsigned int type, uintptr_t indices, int instances, unsigned int baseInstance) {
	((sleakDrawBaseInstanceFn)fn)(mode, count, type, (const void *)indices, instances, baseInstance);
}
*/
import "C"

import (
	"slices"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/sleakgo/sleak/backends/internal/ranges"
	"github.com/sleakgo/sleak/formats"
)

// packMeshes lets a test turn shared mesh storage off, to check that
// packed meshes draw as they would on their own.
var packMeshes = true

// meshPack is the shared storage of the meshes of one vertex format that
// has per-instance attributes and no vertex buffer (Sleakcraft's chunks of
// instanced quads): their instances in one buffer, their indices in
// another, and one VAO over both. A run of such draws then binds nothing
// between draws, each naming its range by a base instance and an index
// offset, where a VAO per mesh cost a bind per draw, the larger part of
// the GL thread's time at render distance 32 (thousands of chunk meshes).
// Meshes of other formats keep their own objects.
type meshPack struct {
	stride     uint32              // InstanceStride of the layout it was made for
	attributes []formats.Attribute // the layout's, to set up the VAO and to match later layouts
	vao        uint32
	ins, ibo   uint32 // the GL buffers, holding insLen instances and idxLen indices
	insLen     uint64
	idxLen     uint64
	// instances and indices are the free ranges, in instances and in
	// indices; they grow on the caller's side when a mesh does not fit,
	// and the next flush grows the GL buffers to match.
	instances, indices *ranges.Free
}

// First sizes of a pack's buffers, in instances and indices; each doubles
// when full.
const (
	packInstances = 1 << 16
	packIndices   = 1 << 12
)

// packable reports whether meshes of layout can live in a pack.
func packable(layout *formats.Layout) bool {
	return layout.Instanced() && layout.Stride == 0
}

// pack returns the pack of layout's meshes, nil when they cannot share
// one: a layout of the same name whose instances differ (a format
// reloaded with other attributes) keeps its meshes apart.
func (q *meshQueue) pack(layout *formats.Layout) *meshPack {
	if !q.baseInstance || !packable(layout) {
		return nil
	}
	p := q.packs[layout.Name]
	if p == nil {
		if q.packs == nil {
			q.packs = map[string]*meshPack{}
		}
		p = &meshPack{stride: layout.InstanceStride, attributes: slices.Clone(layout.Attributes),
			instances: ranges.New(0, 1), indices: ranges.New(0, 1)}
		q.packs[layout.Name] = p
	}
	if p.stride != layout.InstanceStride || !slices.Equal(p.attributes, layout.Attributes) {
		return nil
	}
	return p
}

// takeRange finds room for n units in f, growing it by doubling when none is
// free.
func takeRange(f *ranges.Free, n, first uint64) uint64 {
	if n == 0 {
		return 0
	}
	if off, ok := f.Alloc(n); ok {
		return off
	}
	f.Grow(max(2*f.Size(), f.Size()+n, first))
	off, _ := f.Alloc(n)
	return off
}

// addPacked places a mesh of data in p, to be uploaded by the next flush.
func (q *meshQueue) addPacked(p *meshPack, m mesh, data []byte, indices []uint32) mesh {
	m.pack = p
	m.firstInstance = uint32(takeRange(p.instances, uint64(m.instances), packInstances))
	m.firstIndex = uint32(takeRange(p.indices, uint64(m.indexCount), packIndices))
	q.pending = append(q.pending, pendingMesh{m: m, instances: q.copy(data),
		indices: q.copy(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(indices))), 4*len(indices)))})
	return m
}

// releasePacked returns m's ranges to its pack; GL thread, once no frame
// draws m.
func releasePacked(m *mesh) {
	m.pack.instances.Release(uint64(m.firstInstance), uint64(m.instances))
	m.pack.indices.Release(uint64(m.firstIndex), uint64(m.indexCount))
}

// fit makes p's VAO, and grows its buffers to the sizes its ranges have
// reached, keeping what they hold; GL thread.
func (p *meshPack) fit() {
	if p.vao == 0 {
		gl.GenVertexArrays(1, &p.vao)
	}
	want, wantIdx := p.instances.Size(), p.indices.Size()
	if want == p.insLen && wantIdx == p.idxLen {
		return
	}
	p.ins = growBuffer(p.ins, int(p.insLen*uint64(p.stride)), int(want*uint64(p.stride)))
	p.ibo = growBuffer(p.ibo, int(p.idxLen*4), int(wantIdx*4))
	p.insLen, p.idxLen = want, wantIdx
	gl.BindVertexArray(p.vao)
	gl.BindBuffer(gl.ARRAY_BUFFER, p.ins)
	for _, a := range p.attributes {
		pointAttribute(a, int32(p.stride))
	}
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, p.ibo)
	gl.BindVertexArray(0)
	gl.BindBuffer(gl.ARRAY_BUFFER, 0)
}

// growBuffer returns a buffer of size bytes holding the first used bytes
// of old, which it deletes.
func growBuffer(old uint32, used, size int) uint32 {
	var b uint32
	gl.GenBuffers(1, &b)
	gl.BindBuffer(gl.COPY_WRITE_BUFFER, b)
	gl.BufferData(gl.COPY_WRITE_BUFFER, size, nil, gl.STATIC_DRAW)
	if old != 0 {
		if used > 0 {
			gl.BindBuffer(gl.COPY_READ_BUFFER, old)
			gl.CopyBufferSubData(gl.COPY_READ_BUFFER, gl.COPY_WRITE_BUFFER, 0, 0, used)
			gl.BindBuffer(gl.COPY_READ_BUFFER, 0)
		}
		gl.DeleteBuffers(1, &old)
	}
	gl.BindBuffer(gl.COPY_WRITE_BUFFER, 0)
	return b
}

// upload writes a packed mesh's instances and indices into its pack's
// buffers, through the copy target so that no VAO's bindings change; GL
// thread, after fit.
func (p *meshPack) upload(m *mesh, instances, indices []byte) {
	if len(instances) > 0 {
		gl.BindBuffer(gl.COPY_WRITE_BUFFER, p.ins)
		gl.BufferSubData(gl.COPY_WRITE_BUFFER, int(m.firstInstance)*int(p.stride), len(instances), gl.Ptr(instances))
	}
	if len(indices) > 0 {
		gl.BindBuffer(gl.COPY_WRITE_BUFFER, p.ibo)
		gl.BufferSubData(gl.COPY_WRITE_BUFFER, int(m.firstIndex)*4, len(indices), gl.Ptr(indices))
	}
	gl.BindBuffer(gl.COPY_WRITE_BUFFER, 0)
}

func (p *meshPack) destroy() {
	gl.DeleteVertexArrays(1, &p.vao)
	bufs := [2]uint32{p.ins, p.ibo}
	gl.DeleteBuffers(2, &bufs[0])
	*p = meshPack{}
}

// drawPacked draws packed mesh m with its pack's VAO bound.
func (r *driver) drawPacked(m *mesh) {
	C.sleakDrawElementsInstancedBaseInstance(r.drawBaseInstance, gl.TRIANGLES, C.int(m.indexCount), gl.UNSIGNED_INT,
		C.uintptr_t(uintptr(m.firstIndex)*4), C.int(m.instances), C.uint(m.firstInstance))
}

// loadBaseInstance finds glDrawElementsInstancedBaseInstance (OpenGL 4.2,
// so every context the backend accepts has it), unless a test turned
// packing off; GL thread.
func (r *driver) loadBaseInstance() {
	r.drawBaseInstance = nil
	if packMeshes {
		r.drawBaseInstance = r.procAddress("glDrawElementsInstancedBaseInstance")
	}
}

// procAddress finds a GL entry point the v4.1-core binding does not load,
// through the loader of the context's platform; GL thread.
func (r *driver) procAddress(name string) unsafe.Pointer {
	if r.egl != nil {
		return eglProcAddress(name)
	}
	return glfw.GetProcAddress(name)
}
