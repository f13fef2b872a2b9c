package opengl

import (
	"fmt"
	"image"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/backends/core"
	"github.com/sleakgo/sleak/formats"
)

// mesh is a vertex and index buffer pair, and an instance buffer for an
// instanced format, with its own VAO, set up once from the format's layout
// so a draw binds one object.
type mesh struct {
	vao           uint32
	vbo, ibo, ins uint32
	indexCount    int32
	instances     int32 // 1 for a format without per-instance attributes
	vertexCount   int
}

func (m *mesh) destroy() {
	gl.DeleteVertexArrays(1, &m.vao)
	bufs := [3]uint32{m.vbo, m.ibo, m.ins}
	gl.DeleteBuffers(3, &bufs[0])
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

// createMesh uploads the buffers and records the layout in a VAO; it runs on
// the GL thread after backends.CheckMesh.
func createMesh(layout *formats.Layout, data *core.MeshData) (mesh, error) {
	vertices, indices := data.Vertices, data.Indices
	m := mesh{indexCount: int32(len(indices)), instances: int32(data.InstanceCount(layout))}
	if layout.Stride > 0 {
		m.vertexCount = len(vertices) / int(layout.Stride)
	}
	gl.GenVertexArrays(1, &m.vao)
	gl.BindVertexArray(m.vao)
	if len(vertices) > 0 {
		gl.GenBuffers(1, &m.vbo)
		gl.BindBuffer(gl.ARRAY_BUFFER, m.vbo)
		gl.BufferData(gl.ARRAY_BUFFER, len(vertices), gl.Ptr(vertices), gl.STATIC_DRAW)
	}
	if len(data.Instances) > 0 {
		gl.GenBuffers(1, &m.ins)
		gl.BindBuffer(gl.ARRAY_BUFFER, m.ins)
		gl.BufferData(gl.ARRAY_BUFFER, len(data.Instances), gl.Ptr(data.Instances), gl.STATIC_DRAW)
	}
	gl.GenBuffers(1, &m.ibo)
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, m.ibo)
	gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, len(indices)*4, gl.Ptr(indices), gl.STATIC_DRAW)
	// Locations the layout does not name stay disabled (a fresh VAO's
	// default), so the shader reads the constant generic attribute there.
	for _, a := range layout.Attributes {
		xtype, normalized, integer, err := attribType(a.Format)
		if err != nil {
			gl.BindVertexArray(0)
			m.destroy()
			return mesh{}, fmt.Errorf("opengl: CreateMesh: vertex format %s, attribute %s: %w", layout.Name, a.Name, err)
		}
		gl.EnableVertexAttribArray(a.Location)
		size := int32(a.Format.Components())
		buf, stride := m.vbo, int32(layout.Stride)
		if a.Step == formats.StepInstance {
			buf, stride = m.ins, int32(layout.InstanceStride)
		}
		gl.BindBuffer(gl.ARRAY_BUFFER, buf)
		if integer {
			gl.VertexAttribIPointerWithOffset(a.Location, size, xtype, stride, uintptr(a.Offset))
		} else {
			gl.VertexAttribPointerWithOffset(a.Location, size, xtype, normalized, stride, uintptr(a.Offset))
		}
		if a.Step == formats.StepInstance {
			gl.VertexAttribDivisor(a.Location, 1) // one step per instance
		}
	}
	gl.BindVertexArray(0)
	gl.BindBuffer(gl.ARRAY_BUFFER, 0)
	return m, nil
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
