//go:build windows

package dxcom

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/sleakgo/sleak/assets"
	"github.com/sleakgo/sleak/backends"
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
	srcs := map[string]*assets.ShaderSource{}
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
			srcs[f.Path] = sh
		}
		profile := VertexProfile
		if f.Stage == backends.StageFragment {
			profile = PixelProfile
		}
		code, err := Compile(text, f.Path, f.Entry, profile)
		if err != nil {
			// The entry point at fault is found from the compiler's own
			// places, before they are mapped back to the files they came
			// from for the message.
			blamed := blameEntry(f, text, err)
			var ce *CompileError
			if errors.As(err, &ce) {
				ce.Log = relocate(ce.Log, f.Path, srcs[f.Path])
			}
			return Bytecode{}, ShaderError(blamed, context, err)
		}
		if f.Stage == backends.StageVertex {
			out.VS = code
		} else {
			out.PS = code
		}
	}
	return out, nil
}

// blameEntry returns the file and stage a failed compile of f is really
// about: the compiler checks the whole file, so a mistake in PS_Main fails
// VS_Main's compile first. The CompileError is changed to name that entry
// and its profile.
func blameEntry(f backends.ShaderFile, text []byte, err error) backends.ShaderFile {
	var ce *CompileError
	if !errors.As(err, &ce) {
		return f
	}
	entry := blame(text, f.Path, ce.Log)
	if entry == "" || entry == f.Entry {
		return f
	}
	ce.Entry, ce.Target = entry, entryProfiles[entry]
	stage := backends.StageVertex
	if entry == "PS_Main" {
		stage = backends.StageFragment
	}
	return backends.ShaderFile{Stage: stage, Path: f.Path, Entry: entry}
}

// ShaderError wraps err as a *backends.ShaderError for file f, with context
// in front of the message when it is not empty.
func ShaderError(f backends.ShaderFile, context string, err error) error {
	if context != "" {
		err = fmt.Errorf("%s: %w", context, err)
	}
	return &backends.ShaderError{Path: f.Path, Stage: f.Stage, Err: err}
}

// honoursLine reports whether the system's HLSL compiler applies #line to
// the places in its messages. D3DCompile on Windows does; Wine's
// (vkd3d-shader) names every place by its line in the expanded text it was
// given, so an error in an include would point into the including file.
var honoursLine = sync.OnceValue(func() bool {
	_, err := Compile([]byte("#line 7 \"sleak-line-probe\"\nnot hlsl\n"), "probe.hlsl", "VS_Main", VertexProfile)
	var ce *CompileError
	return errors.As(err, &ce) && strings.Contains(ce.Log, "sleak-line-probe")
})

// relocate rewrites the places a compiler that ignores #line gives in the
// expanded text of name (name:41:1 or name(41,1)) into the file and line
// they come from, so an error in an include names the include.
func relocate(log, name string, sh *assets.ShaderSource) string {
	if sh == nil || log == "" || honoursLine() {
		return log
	}
	at := regexp.MustCompile(regexp.QuoteMeta(name) + `(:|\()(\d+)`)
	return at.ReplaceAllStringFunc(log, func(m string) string {
		sm := at.FindStringSubmatch(m)
		n, err := strconv.Atoi(sm[2])
		if err != nil {
			return m
		}
		file, line := sh.Origin(n)
		return file + sm[1] + strconv.Itoa(line)
	})
}
