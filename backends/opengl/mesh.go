package opengl

import (
	"fmt"
	"image"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
)

// mesh is a vertex and index buffer pair, and an instance buffer for an
// instanced format, with its own VAO, set up once from the format's layout
// so a draw binds one object; or, in a pack (meshPack), a range of the
// pack's instances and one of its indices.
type mesh struct {
	vao           uint32
	vbo, ibo, ins uint32
	indexCount    int32
	instances     int32 // 1 for a format without per-instance attributes
	vertexCount   int
	pack          *meshPack
	firstInstance uint32 // in pack, the first of its instances
	firstIndex    uint32 // in pack, the first of its indices
}

// destroy deletes m's objects, or gives its ranges back to its pack; GL
// thread.
func (m *mesh) destroy() {
	if m.pack != nil {
		releasePacked(m)
		return
	}
	gl.DeleteVertexArrays(1, &m.vao)
	bufs := [3]uint32{m.vbo, m.ibo, m.ins}
	gl.DeleteBuffers(3, &bufs[0])
}

// vertexArray is the VAO m draws with.
func (m *mesh) vertexArray() uint32 {
	if m.pack != nil {
		return m.pack.vao
	}
	return m.vao
}

// attribType maps a storage format to what glVertexAttrib(I)Pointer takes.
// integer reports whether the shader reads integers, which needs the I
// variant: glVertexAttribPointer would convert them to floats.
func attribType(f formats.AttributeFormat) (xtype uint32, normalized, integer bool, err error) {
	integer = f.BaseType() != formats.BaseFloat
	normalized = f.Normalized()
	switch f.Component() {
	case formats.CompF32:
		xtype = gl.FLOAT
	case formats.CompF16:
		xtype = gl.HALF_FLOAT
	case formats.CompU32:
		xtype = gl.UNSIGNED_INT
	case formats.CompI32:
		xtype = gl.INT
	case formats.CompU8:
		xtype = gl.UNSIGNED_BYTE
	case formats.CompI16:
		xtype = gl.SHORT
	default:
		return 0, false, false, fmt.Errorf("attribute format %v has no OpenGL vertex type", f)
	}
	return xtype, normalized, integer, nil
}

// checkLayout reports a vertex format with an attribute OpenGL cannot read.
func checkLayout(layout *formats.Layout) error {
	for _, a := range layout.Attributes {
		if _, _, _, err := attribType(a.Format); err != nil {
			return fmt.Errorf("opengl: CreateMesh: vertex format %s, attribute %s: %w", layout.Name, a.Name, err)
		}
	}
	return nil
}

// pendingMesh is a mesh made by NewMesh whose buffers and VAO the next
// call on the GL thread fills (meshQueue.flush): its names (or its ranges
// in a pack) are taken already, and its data copied, at offsets into the
// queue's bytes.
type pendingMesh struct {
	m                   mesh
	layout              *formats.Layout // nil for a packed mesh
	vertices, instances [2]int          // start and end in meshQueue.data
	indices             [2]int
}

// meshQueue defers the GL work of making and freeing meshes to the next
// call on the GL thread, where it runs in one batch: a streaming game
// makes and frees hundreds of meshes a frame, and a round trip to the GL
// thread for each cost more than the work. Names are made ahead in
// batches for NewMesh to take.
type meshQueue struct {
	pending []pendingMesh
	data    []byte
	freed   []mesh
	vaos    []uint32 // names made ahead
	bufs    []uint32
	// baseInstance says draws use a base instance, so that meshes of
	// packable formats share their format's pack (off only in a test).
	baseInstance bool
	packs        map[string]*meshPack // by format name
}

// nameBatch is how many names of each kind a refill makes.
const nameBatch = 256

// refill makes names until a batch of each is ready; GL thread.
func (q *meshQueue) refill() {
	if n := len(q.vaos); n < nameBatch {
		q.vaos = append(q.vaos, make([]uint32, nameBatch-n)...)
		gl.GenVertexArrays(int32(nameBatch-n), &q.vaos[n])
	}
	if n := len(q.bufs); n < 3*nameBatch {
		q.bufs = append(q.bufs, make([]uint32, 3*nameBatch-n)...)
		gl.GenBuffers(int32(3*nameBatch-n), &q.bufs[n])
	}
}

// add queues a mesh of layout with data, taking its names; the caller has
// checked the layout and that names are ready (one VAO, three buffers).
func (q *meshQueue) add(layout *formats.Layout, data *core.MeshData) mesh {
	m := mesh{indexCount: int32(len(data.Indices)), instances: int32(data.InstanceCount(layout))}
	if layout.Stride > 0 {
		m.vertexCount = len(data.Vertices) / int(layout.Stride)
	}
	if p := q.pack(layout); p != nil {
		return q.addPacked(p, m, data.Instances, data.Indices)
	}
	take := func(from *[]uint32) uint32 {
		s := *from
		n := s[len(s)-1]
		*from = s[:len(s)-1]
		return n
	}
	m.vao = take(&q.vaos)
	if len(data.Vertices) > 0 {
		m.vbo = take(&q.bufs)
	}
	if len(data.Instances) > 0 {
		m.ins = take(&q.bufs)
	}
	m.ibo = take(&q.bufs)
	p := pendingMesh{m: m, layout: layout}
	p.vertices = q.copy(data.Vertices)
	p.instances = q.copy(data.Instances)
	p.indices = q.copy(unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(data.Indices))), 4*len(data.Indices)))
	q.pending = append(q.pending, p)
	return m
}

func (q *meshQueue) copy(b []byte) [2]int {
	at := len(q.data)
	q.data = append(q.data, b...)
	return [2]int{at, len(q.data)}
}

// flush fills the queued meshes' buffers and VAOs, then deletes the freed
// meshes' objects; GL thread.
func (q *meshQueue) flush() {
	for _, pk := range q.packs {
		pk.fit()
	}
	for i := range q.pending {
		p := &q.pending[i]
		instances, indices := q.data[p.instances[0]:p.instances[1]], q.data[p.indices[0]:p.indices[1]]
		if p.m.pack != nil {
			p.m.pack.upload(&p.m, instances, indices)
			continue
		}
		fillMesh(&p.m, p.layout, q.data[p.vertices[0]:p.vertices[1]], instances, indices)
		p.layout = nil
	}
	q.pending, q.data = q.pending[:0], q.data[:0]
	for i := range q.freed {
		q.freed[i].destroy()
	}
	q.freed = q.freed[:0]
}

// release deletes the names made ahead and whatever is queued; GL thread.
func (q *meshQueue) release() {
	q.flush()
	for _, p := range q.packs {
		p.destroy()
	}
	q.packs = nil
	if len(q.vaos) > 0 {
		gl.DeleteVertexArrays(int32(len(q.vaos)), &q.vaos[0])
	}
	if len(q.bufs) > 0 {
		gl.DeleteBuffers(int32(len(q.bufs)), &q.bufs[0])
	}
	q.vaos, q.bufs = nil, nil
}

// fillMesh uploads a mesh's buffers and records its layout in its VAO,
// on the names NewMesh gave it; the layout was checked (checkLayout).
func fillMesh(m *mesh, layout *formats.Layout, vertices, instances, indices []byte) {
	gl.BindVertexArray(m.vao)
	if m.vbo != 0 {
		gl.BindBuffer(gl.ARRAY_BUFFER, m.vbo)
		gl.BufferData(gl.ARRAY_BUFFER, len(vertices), gl.Ptr(vertices), gl.STATIC_DRAW)
	}
	if m.ins != 0 {
		gl.BindBuffer(gl.ARRAY_BUFFER, m.ins)
		gl.BufferData(gl.ARRAY_BUFFER, len(instances), gl.Ptr(instances), gl.STATIC_DRAW)
	}
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, m.ibo)
	var ptr unsafe.Pointer
	if len(indices) > 0 {
		ptr = gl.Ptr(indices)
	}
	gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, len(indices), ptr, gl.STATIC_DRAW)
	// Locations the layout does not name stay disabled (a fresh VAO's
	// default), so the shader reads the constant generic attribute there.
	for _, a := range layout.Attributes {
		buf, stride := m.vbo, int32(layout.Stride)
		if a.Step == formats.StepInstance {
			buf, stride = m.ins, int32(layout.InstanceStride)
		}
		gl.BindBuffer(gl.ARRAY_BUFFER, buf)
		pointAttribute(a, stride)
	}
	gl.BindVertexArray(0)
	gl.BindBuffer(gl.ARRAY_BUFFER, 0)
}

// pointAttribute enables attribute a of the bound VAO and points it into
// the bound array buffer, stride bytes a vertex or instance.
func pointAttribute(a formats.Attribute, stride int32) {
	xtype, normalized, integer, _ := attribType(a.Format)
	gl.EnableVertexAttribArray(a.Location)
	size := int32(a.Format.Components())
	if integer {
		gl.VertexAttribIPointerWithOffset(a.Location, size, xtype, stride, uintptr(a.Offset))
	} else {
		gl.VertexAttribPointerWithOffset(a.Location, size, xtype, normalized, stride, uintptr(a.Offset))
	}
	if a.Step == formats.StepInstance {
		gl.VertexAttribDivisor(a.Location, 1) // one step per instance
	}
}

// createTexture uploads an RGBA image; it runs on the GL thread.
func createTexture(img *image.RGBA, opts backends.TextureOptions) uint32 {
	b := img.Rect
	var t uint32
	gl.GenTextures(1, &t)
	gl.ActiveTexture(gl.TEXTURE0 + unitTexture)
	gl.BindTexture(gl.TEXTURE_2D, t)
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 1)
	gl.PixelStorei(gl.UNPACK_ROW_LENGTH, int32(img.Stride/4))
	pix := img.Pix[img.PixOffset(b.Min.X, b.Min.Y):]
	// Row 0 of the image is t = 0, as it is for the Vulkan backend's upload.
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, int32(b.Dx()), int32(b.Dy()), 0, gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(pix))
	gl.PixelStorei(gl.UNPACK_ROW_LENGTH, 0)
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 4)
	filter := int32(gl.LINEAR)
	if opts.Nearest {
		filter = gl.NEAREST
	}
	wrap := int32(gl.REPEAT)
	if opts.Clamp {
		wrap = gl.CLAMP_TO_EDGE
	}
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, filter)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, filter)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, wrap)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, wrap)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAX_LEVEL, 0)
	return t
}
