package formats

import (
	"fmt"
	"strings"
)

// BaseType is the scalar type a vertex shader sees for an attribute,
// whatever its storage in the vertex buffer: a normalized byte arrives as a
// float, a plain byte as an unsigned integer.
type BaseType uint8

// Base types. The zero value is not a valid base type.
const (
	BaseFloat BaseType = iota + 1
	BaseUInt
	BaseInt
)

// String returns "float", "uint" or "int".
func (b BaseType) String() string {
	switch b {
	case BaseFloat:
		return "float"
	case BaseUInt:
		return "uint"
	case BaseInt:
		return "int"
	}
	return fmt.Sprintf("BaseType(%d)", uint8(b))
}

// ComponentType is how each component of an attribute is stored in the
// vertex buffer.
type ComponentType uint8

// Component types. The zero value is not a valid component type.
const (
	CompF32 ComponentType = iota + 1
	CompF16
	CompU32
	CompI32
	CompU8
	CompI16
)

// String returns the constant's name without the "Comp" prefix, e.g. "F32".
func (c ComponentType) String() string {
	switch c {
	case CompF32:
		return "F32"
	case CompF16:
		return "F16"
	case CompU32:
		return "U32"
	case CompI32:
		return "I32"
	case CompU8:
		return "U8"
	case CompI16:
		return "I16"
	}
	return fmt.Sprintf("ComponentType(%d)", uint8(c))
}

// Size returns the size of one component in bytes, or 0 for an invalid value.
func (c ComponentType) Size() int {
	switch c {
	case CompF32, CompU32, CompI32:
		return 4
	case CompF16, CompI16:
		return 2
	case CompU8:
		return 1
	}
	return 0
}

// AttributeFormat is the storage format of one vertex attribute: component
// type, component count and whether integers are normalized to floats.
type AttributeFormat uint8

// Attribute formats. The zero value is not a valid format, so a forgotten
// Format field is caught by validation instead of silently meaning Float1.
const (
	Float1 AttributeFormat = iota + 1
	Float2
	Float3
	Float4
	UInt1
	Int1
	UInt2
	UInt3
	UInt4
	Int2
	Int3
	Int4
	UByte4
	UByte4Norm
	Short2
	Short4
	Short2Norm
	Short4Norm
	Half2
	Half4
)

// formatInfo is the single table every AttributeFormat method reads, so the
// properties of a format cannot drift apart.
type formatInfo struct {
	name       string
	comp       ComponentType
	count      int
	base       BaseType
	normalized bool
}

var formatTable = [...]formatInfo{
	Float1:     {"Float1", CompF32, 1, BaseFloat, false},
	Float2:     {"Float2", CompF32, 2, BaseFloat, false},
	Float3:     {"Float3", CompF32, 3, BaseFloat, false},
	Float4:     {"Float4", CompF32, 4, BaseFloat, false},
	UInt1:      {"UInt1", CompU32, 1, BaseUInt, false},
	Int1:       {"Int1", CompI32, 1, BaseInt, false},
	UInt2:      {"UInt2", CompU32, 2, BaseUInt, false},
	UInt3:      {"UInt3", CompU32, 3, BaseUInt, false},
	UInt4:      {"UInt4", CompU32, 4, BaseUInt, false},
	Int2:       {"Int2", CompI32, 2, BaseInt, false},
	Int3:       {"Int3", CompI32, 3, BaseInt, false},
	Int4:       {"Int4", CompI32, 4, BaseInt, false},
	UByte4:     {"UByte4", CompU8, 4, BaseUInt, false},
	UByte4Norm: {"UByte4Norm", CompU8, 4, BaseFloat, true},
	Short2:     {"Short2", CompI16, 2, BaseInt, false},
	Short4:     {"Short4", CompI16, 4, BaseInt, false},
	Short2Norm: {"Short2Norm", CompI16, 2, BaseFloat, true},
	Short4Norm: {"Short4Norm", CompI16, 4, BaseFloat, true},
	Half2:      {"Half2", CompF16, 2, BaseFloat, false},
	Half4:      {"Half4", CompF16, 4, BaseFloat, false},
}

func (f AttributeFormat) info() formatInfo {
	if !f.Valid() {
		return formatInfo{}
	}
	return formatTable[f]
}

// Valid reports whether f is one of the declared formats.
func (f AttributeFormat) Valid() bool {
	return f >= Float1 && int(f) < len(formatTable)
}

// Size returns the size of the attribute in bytes, or 0 for an invalid format.
func (f AttributeFormat) Size() int {
	i := f.info()
	return i.comp.Size() * i.count
}

// Components returns the number of components, or 0 for an invalid format.
func (f AttributeFormat) Components() int { return f.info().count }

// BaseType returns the type the shader sees: normalized and half formats read
// as floats, other integer formats keep their signedness.
func (f AttributeFormat) BaseType() BaseType { return f.info().base }

// Component returns the storage type of each component.
func (f AttributeFormat) Component() ComponentType { return f.info().comp }

// Normalized reports whether integer components are mapped to [0, 1]
// (unsigned) or [-1, 1] (signed) floats.
func (f AttributeFormat) Normalized() bool { return f.info().normalized }

// String returns the constant's name, e.g. "UByte4Norm"; this is also the
// spelling game.toml uses.
func (f AttributeFormat) String() string {
	if !f.Valid() {
		return fmt.Sprintf("AttributeFormat(%d)", uint8(f))
	}
	return formatTable[f].name
}

// AttributeFormats returns every valid format in declaration order.
func AttributeFormats() []AttributeFormat {
	out := make([]AttributeFormat, 0, len(formatTable)-1)
	for f := Float1; int(f) < len(formatTable); f++ {
		out = append(out, f)
	}
	return out
}

// ParseAttributeFormat returns the format whose name is exactly s. Matching
// is case-sensitive so that game.toml and Go code spell formats the same way;
// the error lists every valid name.
func ParseAttributeFormat(s string) (AttributeFormat, error) {
	for _, f := range AttributeFormats() {
		if formatTable[f].name == s {
			return f, nil
		}
	}
	names := make([]string, 0, len(formatTable)-1)
	for _, f := range AttributeFormats() {
		names = append(names, f.String())
	}
	return 0, fmt.Errorf("unknown attribute format %q (valid: %s)", s, strings.Join(names, ", "))
}
