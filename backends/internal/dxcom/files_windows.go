//go:build windows

package dxcom

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
)

// Shader profiles: Direct3D feature level 11_0 runs shader model 5.
const (
	VertexProfile = "vs_5_0"
	PixelProfile  = "ps_5_0"
)

// NotFoundError is a shader file that is neither in the working directory
// nor among the engine's embedded files.
type NotFoundError struct{ Path string }

func (e *NotFoundError) Error() string        { return "file not found: " + e.Path }
func (e *NotFoundError) Is(target error) bool { return target == fs.ErrNotExist }

// Bytecode is the compiled stages of one program; PS is nil for a
// vertex-only program.
type Bytecode struct {
	VS, PS []byte
}

// CompileFiles reads each file once through assets.ReadShader (the working
// directory first, then the engine's embedded copy, includes expanded by
// the same lookup) and compiles each stage
// with D3DCompile. context ("vertex format voxel, gbuffer pass") goes into
// the error, which is a *backends.ShaderError naming the file and the stage.
func CompileFiles(files backends.ShaderFiles, context string) (Bytecode, error) {
	var out Bytecode
	texts := map[string][]byte{}
	for _, f := range files.All() {
		text, ok := texts[f.Path]
		if !ok {
			sh, err := assets.ReadShader(f.Path)
			if err != nil {
				var inc *assets.IncludeError
				if errors.Is(err, fs.ErrNotExist) && !errors.As(err, &inc) {
					err = &NotFoundError{f.Path}
				}
				return Bytecode{}, ShaderError(f, context, err)
			}
			text = sh.Text
			texts[f.Path] = text
		}
		profile := VertexProfile
		if f.Stage == backends.StageFragment {
			profile = PixelProfile
		}
		code, err := Compile(text, f.Path, f.Entry, profile)
		if err != nil {
			return Bytecode{}, ShaderError(f, context, err)
		}
		if f.Stage == backends.StageVertex {
			out.VS = code
		} else {
			out.PS = code
		}
	}
	return out, nil
}

// ShaderError wraps err as a *backends.ShaderError for file f, with context
// in front of the message when it is not empty.
func ShaderError(f backends.ShaderFile, context string, err error) error {
	if context != "" {
		err = fmt.Errorf("%s: %w", context, err)
	}
	return &backends.ShaderError{Path: f.Path, Stage: f.Stage, Err: err}
}
