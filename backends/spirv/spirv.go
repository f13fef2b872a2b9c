// Package spirv checks SPIR-V modules before a driver sees them and reads
// the little the engine needs from them: the vertex inputs a vertex shader
// expects. Drivers are not required to survive a malformed module (some
// crash on one), so every module the Vulkan backend loads passes Parse
// first: structure, bounds, the entry point and its stage.
package spirv

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/sleakgo/sleak/backends"
	"github.com/sleakgo/sleak/formats"
)

// Magic is the first word of every SPIR-V module.
const Magic = 0x07230203

// MaxBound is the largest id bound accepted: far above what any shader
// needs, and low enough that a driver sizing tables by it cannot be made to
// allocate gigabytes.
const MaxBound = 1 << 22

// EntryPoint is the name every engine and game shader's entry point has.
const EntryPoint = "main"

// Opcodes and operands the checks read.
const (
	opEntryPoint  = 15
	opMemoryModel = 14
	opTypeInt     = 21
	opTypeFloat   = 22
	opTypeVector  = 23
	opTypePointer = 32
	opFunction    = 54
	opFunctionEnd = 56
	opVariable    = 59
	opDecorate    = 71

	decBuiltIn   = 11
	decLocation  = 30
	storageInput = 1

	modelVertex   = 0
	modelFragment = 4
	modelCompute  = 5 // GLCompute
)

// Input is one location-decorated input of a vertex shader.
type Input struct {
	Location uint32
	Base     formats.BaseType // the scalar type the shader declares
}

// Module is a checked SPIR-V module.
type Module struct {
	Words  []uint32
	Inputs []Input // the vertex entry point's inputs; nil for other stages
}

// Parse checks data as a SPIR-V module for stage and returns it. The
// error says what is wrong ("truncated", "no vertex entry point main").
func Parse(data []byte, stage backends.Stage) (*Module, error) {
	if len(data) < 20 || len(data)%4 != 0 {
		return nil, fmt.Errorf("not SPIR-V: %d bytes (want a multiple of 4, at least 20)", len(data))
	}
	words := make([]uint32, len(data)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(data[4*i:])
	}
	if words[0] != Magic {
		return nil, fmt.Errorf("not SPIR-V: magic number %#08x, want %#08x (compile the GLSL with glslc)", words[0], Magic)
	}
	if v := words[1]; v&0xff0000ff != 0 || v>>16 != 1 || (v>>8)&0xff > 6 {
		return nil, fmt.Errorf("SPIR-V version word %#08x: want 1.0 to 1.6", v)
	}
	bound := words[3]
	if bound == 0 || bound > MaxBound {
		return nil, fmt.Errorf("SPIR-V id bound %d: want 1 to %d", bound, MaxBound)
	}
	if words[4] != 0 {
		return nil, fmt.Errorf("SPIR-V schema word %d: want 0", words[4])
	}
	p := parser{bound: bound, model: modelVertex}
	switch stage {
	case backends.StageFragment:
		p.model = modelFragment
	case backends.StageCompute:
		p.model = modelCompute
	}
	if err := p.walk(words[5:]); err != nil {
		return nil, err
	}
	m := &Module{Words: words}
	if stage == backends.StageVertex {
		m.Inputs = p.inputs()
	}
	return m, nil
}

// parser is one pass over a module's instructions.
type parser struct {
	bound     uint32
	model     uint32
	entry     uint32 // the function id of the entry point wanted
	iface     []uint32
	found     bool
	functions map[uint32]bool
	vars      map[uint32]uint32 // input variable -> its pointer type
	pointers  map[uint32]uint32 // input pointer type -> pointee
	vectors   map[uint32]uint32 // vector type -> component type
	scalars   map[uint32]formats.BaseType
	locs      map[uint32]uint32
	builtins  map[uint32]bool
}

// minWords is the fewest words of each instruction the walk reads.
var minWords = map[uint32]int{
	opEntryPoint: 4, opMemoryModel: 3, opTypeInt: 4, opTypeFloat: 3, opTypeVector: 4,
	opTypePointer: 4, opFunction: 5, opFunctionEnd: 1, opVariable: 4, opDecorate: 3,
}

func (p *parser) walk(code []uint32) error {
	p.functions = map[uint32]bool{}
	p.vars, p.pointers, p.vectors = map[uint32]uint32{}, map[uint32]uint32{}, map[uint32]uint32{}
	p.scalars, p.locs, p.builtins = map[uint32]formats.BaseType{}, map[uint32]uint32{}, map[uint32]bool{}
	memoryModels, open := 0, false
	for i := 0; i < len(code); {
		n := int(code[i] >> 16)
		op := code[i] & 0xffff
		if n == 0 || i+n > len(code) {
			return fmt.Errorf("malformed SPIR-V: instruction at word %d runs past the end (truncated?)", i+5)
		}
		if n < minWords[op] {
			return fmt.Errorf("malformed SPIR-V: opcode %d at word %d has %d words, want at least %d", op, i+5, n, minWords[op])
		}
		ins := code[i : i+n]
		i += n
		if err := p.ids(op, ins); err != nil {
			return err
		}
		switch op {
		case opMemoryModel:
			memoryModels++
		case opEntryPoint:
			p.entryPoint(ins)
		case opFunction:
			if open {
				return errors.New("malformed SPIR-V: a function begins inside another")
			}
			open = true
			p.functions[ins[2]] = true
		case opFunctionEnd:
			if !open {
				return errors.New("malformed SPIR-V: a function ends that never began")
			}
			open = false
		case opTypeInt:
			p.scalars[ins[1]] = formats.BaseUInt
			if ins[3] == 1 {
				p.scalars[ins[1]] = formats.BaseInt
			}
		case opTypeFloat:
			p.scalars[ins[1]] = formats.BaseFloat
		case opTypeVector:
			p.vectors[ins[1]] = ins[2]
		case opTypePointer:
			if ins[2] == storageInput {
				p.pointers[ins[1]] = ins[3]
			}
		case opVariable:
			if ins[3] == storageInput {
				p.vars[ins[2]] = ins[1]
			}
		case opDecorate:
			switch {
			case ins[2] == decLocation && n >= 4:
				p.locs[ins[1]] = ins[3]
			case ins[2] == decBuiltIn:
				p.builtins[ins[1]] = true
			}
		}
	}
	switch {
	case open:
		return errors.New("malformed SPIR-V: the last function never ends (truncated?)")
	case memoryModels != 1:
		return fmt.Errorf("malformed SPIR-V: %d OpMemoryModel instructions, want 1", memoryModels)
	case !p.found:
		return fmt.Errorf("no %s entry point %q (is this the right stage's file?)", modelName(p.model), EntryPoint)
	case !p.functions[p.entry]:
		return fmt.Errorf("malformed SPIR-V: the entry point's function %%%d is never defined (truncated?)", p.entry)
	}
	return nil
}

// ids checks that the ids the walk reads are below the module's bound.
func (p *parser) ids(op uint32, ins []uint32) error {
	var ids []uint32
	switch op {
	case opEntryPoint:
		ids = ins[2:3]
	case opFunction, opVariable:
		ids = ins[1:3]
	case opTypeInt, opTypeFloat, opDecorate:
		ids = ins[1:2]
	case opTypeVector:
		ids = ins[1:3]
	case opTypePointer:
		ids = []uint32{ins[1], ins[3]}
	}
	for _, id := range ids {
		if id == 0 || id >= p.bound {
			return fmt.Errorf("malformed SPIR-V: id %d of opcode %d is outside the bound %d", id, op, p.bound)
		}
	}
	return nil
}

// entryPoint records the wanted entry point: the stage's model, named
// main. The name is a NUL-terminated string packed four bytes a word; the
// interface ids follow it.
func (p *parser) entryPoint(ins []uint32) {
	if ins[1] != p.model || p.found {
		return
	}
	name, rest, ok := literal(ins[3:])
	if !ok || name != EntryPoint {
		return
	}
	p.found, p.entry, p.iface = true, ins[2], rest
}

// literal decodes a SPIR-V string literal and returns the words after it.
func literal(ws []uint32) (string, []uint32, bool) {
	var b []byte
	for i, w := range ws {
		for k := 0; k < 4; k++ {
			c := byte(w >> (8 * k))
			if c == 0 {
				return string(b), ws[i+1:], true
			}
			b = append(b, c)
		}
	}
	return "", nil, false
}

// inputs lists the entry point's location-decorated inputs.
func (p *parser) inputs() []Input {
	var out []Input
	for _, id := range p.iface {
		ptr, ok := p.vars[id]
		if !ok || p.builtins[id] {
			continue
		}
		loc, ok := p.locs[id]
		if !ok {
			continue
		}
		t := p.pointers[ptr]
		if c, ok := p.vectors[t]; ok {
			t = c
		}
		out = append(out, Input{Location: loc, Base: p.scalars[t]})
	}
	return out
}

func modelName(m uint32) string {
	switch m {
	case modelFragment:
		return "fragment"
	case modelCompute:
		return "compute"
	}
	return "vertex"
}
