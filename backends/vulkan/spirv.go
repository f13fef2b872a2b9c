//go:build linux && cgo

package vulkan

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/sleakgo/sleak/formats"
)

const spirvMagic = 0x07230203

// spirvInput is one location-decorated input of a vertex shader.
type spirvInput struct {
	location uint32
	base     formats.BaseType // the scalar type the shader declares
}

// spirvWords checks the header of a SPIR-V module and returns its words.
// The driver is never handed a file that is not SPIR-V: some drivers crash
// on garbage instead of failing.
func spirvWords(data []byte) ([]uint32, error) {
	if len(data) < 20 || len(data)%4 != 0 {
		return nil, fmt.Errorf("not SPIR-V: %d bytes (want a multiple of 4, at least 20)", len(data))
	}
	words := make([]uint32, len(data)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(data[4*i:])
	}
	if words[0] != spirvMagic {
		return nil, fmt.Errorf("not SPIR-V: magic number %#08x, want %#08x (compile the GLSL with glslc)", words[0], spirvMagic)
	}
	return words, nil
}

// vertexInputs lists the user inputs of the vertex entry point "main": the
// locations the vertex layout must provide, with the type each expects.
func vertexInputs(words []uint32) ([]spirvInput, error) {
	const (
		opEntryPoint    = 15
		opTypeInt       = 21
		opTypeFloat     = 22
		opTypeVector    = 23
		opTypePointer   = 32
		opVariable      = 59
		opDecorate      = 71
		decBuiltIn      = 11
		decLocation     = 30
		storageInput    = 1
		execModelVertex = 0
	)
	type varInfo struct{ typ uint32 }
	var (
		iface    []uint32
		found    bool
		vars     = map[uint32]*varInfo{}
		pointers = map[uint32]uint32{} // pointer type -> pointee
		vectors  = map[uint32]uint32{} // vector type -> component type
		scalars  = map[uint32]formats.BaseType{}
		locs     = map[uint32]uint32{}
		builtins = map[uint32]bool{}
	)
	for i := 5; i < len(words); {
		n := int(words[i] >> 16)
		op := words[i] & 0xffff
		if n == 0 || i+n > len(words) {
			return nil, errors.New("malformed SPIR-V: bad instruction length")
		}
		ins := words[i : i+n]
		switch op {
		case opEntryPoint:
			if n >= 3 && ins[1] == execModelVertex && !found {
				// The name is a nul-terminated string packed in words;
				// the interface ids follow it.
				j := 3
				for ; j < n; j++ {
					w := ins[j]
					if w>>24 == 0 || w&0xff == 0 || (w>>8)&0xff == 0 || (w>>16)&0xff == 0 {
						j++
						break
					}
				}
				if j <= n {
					iface = append(iface, ins[j:]...)
				}
				found = true
			}
		case opTypeInt:
			if n >= 4 {
				if ins[3] == 1 {
					scalars[ins[1]] = formats.BaseInt
				} else {
					scalars[ins[1]] = formats.BaseUInt
				}
			}
		case opTypeFloat:
			scalars[ins[1]] = formats.BaseFloat
		case opTypeVector:
			if n >= 3 {
				vectors[ins[1]] = ins[2]
			}
		case opTypePointer:
			if n >= 4 && ins[2] == storageInput {
				pointers[ins[1]] = ins[3]
			}
		case opVariable:
			if n >= 4 && ins[3] == storageInput {
				vars[ins[2]] = &varInfo{typ: ins[1]}
			}
		case opDecorate:
			if n >= 3 {
				switch ins[2] {
				case decLocation:
					if n >= 4 {
						locs[ins[1]] = ins[3]
					}
				case decBuiltIn:
					builtins[ins[1]] = true
				}
			}
		}
		i += n
	}
	if !found {
		return nil, errors.New("SPIR-V module has no vertex entry point (is this a fragment shader?)")
	}
	var out []spirvInput
	for _, id := range iface {
		v, ok := vars[id]
		if !ok || builtins[id] {
			continue
		}
		loc, ok := locs[id]
		if !ok {
			continue
		}
		t := pointers[v.typ]
		if c, ok := vectors[t]; ok {
			t = c
		}
		out = append(out, spirvInput{location: loc, base: scalars[t]})
	}
	return out, nil
}
