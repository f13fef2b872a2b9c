package assets

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// Limits of include expansion. Shaders are small and their include graphs
// shallow; the limits exist so that a file including itself, or a diamond
// of includes nested a few dozen deep, fails at once with a message
// instead of growing without bound.
const (
	// MaxIncludeDepth is how deeply includes may nest below the shader.
	MaxIncludeDepth = 16
	// MaxShaderBytes caps a shader's text once every include is expanded.
	MaxShaderBytes = 1 << 20
)

var (
	// ErrIncludeCycle means a file includes itself, directly or through
	// others.
	ErrIncludeCycle = errors.New("include cycle")
	// ErrIncludeDepth means includes nest deeper than MaxIncludeDepth.
	ErrIncludeDepth = fmt.Errorf("includes nest deeper than %d", MaxIncludeDepth)
	// ErrShaderTooLarge means the expanded text exceeds MaxShaderBytes.
	ErrShaderTooLarge = fmt.Errorf("shader is larger than %d bytes with its includes expanded", MaxShaderBytes)
	// ErrIncludeName means an include names a file outside the including
	// file's folder tree (an absolute path or a ".." element).
	ErrIncludeName = errors.New(`an include names a file in the including file's folder or below: no absolute path, no ".."`)
)

// IncludeError is a failed #include: the file and line of the directive,
// the name it gives, and why it failed.
type IncludeError struct {
	File string // the including file, as an asset path
	Line int    // 1-based line of the #include directive
	Name string // the name between the quotes
	Err  error
}

func (e *IncludeError) Error() string {
	return fmt.Sprintf("%s:%d: #include %q: %v", e.File, e.Line, e.Name, e.Err)
}

func (e *IncludeError) Unwrap() error { return e.Err }

// ShaderSource is a shader's text with every #include "name" replaced by
// the named file, each part preceded by a #line directive so that compiler
// messages name the file and line they are about.
type ShaderSource struct {
	Text []byte
	// Files are the files the text was read from, the shader first. In
	// GLSL, whose #line takes a number rather than a name, Files[i] is
	// source string number i; Locate turns those numbers back into names.
	Files []string
}

// ReadShader reads the shader at name through ReadFile and expands its
// includes through the same lookup (working directory, mounted files, the
// engine's embedded files), so an include resolves exactly as the shader
// itself does: a game's shader in a mounted folder can include the engine's
// shared interface file by its bare name.
func ReadShader(name string) (*ShaderSource, error) {
	return ExpandIncludes(name, ReadFile)
}

// includeDirective matches a quoted #include on a line of its own.
var includeDirective = regexp.MustCompile(`^[ \t]*#[ \t]*include[ \t]*"([^"]*)"[ \t]*(//.*)?$`)

// ExpandIncludes returns the shader at name with its includes expanded,
// reading every file (name included) through read, which receives
// slash-separated paths. A name is resolved relative to the folder of the
// file that includes it. HLSL files (.hlsl, .hlsli) get #line N "file";
// GLSL gets #line N S with S a source string number (see
// ShaderSource.Files). The top file's own lines before its first include
// are left untouched, so a GLSL #version stays the first line.
func ExpandIncludes(name string, read func(string) ([]byte, error)) (*ShaderSource, error) {
	x := &expander{read: read, hlsl: isHLSL(name), index: map[string]int{}}
	data, err := read(name)
	if err != nil {
		return nil, err
	}
	if err := x.expand(name, data, nil); err != nil {
		return nil, err
	}
	return &ShaderSource{Text: x.out.Bytes(), Files: x.files}, nil
}

func isHLSL(name string) bool {
	ext := path.Ext(name)
	return ext == ".hlsl" || ext == ".hlsli"
}

type expander struct {
	read  func(string) ([]byte, error)
	hlsl  bool
	out   bytes.Buffer
	files []string
	index map[string]int // file -> source string number
}

func (x *expander) number(name string) int {
	if n, ok := x.index[name]; ok {
		return n
	}
	n := len(x.files)
	x.index[name] = n
	x.files = append(x.files, name)
	return n
}

func (x *expander) line(n int, name string) {
	if x.hlsl {
		fmt.Fprintf(&x.out, "#line %d %q\n", n, name)
		return
	}
	fmt.Fprintf(&x.out, "#line %d %d\n", n, x.number(name))
}

// expand writes data, the contents of name, with its includes expanded.
// stack holds the files that include name, outermost first.
func (x *expander) expand(name string, data []byte, stack []string) error {
	x.number(name)
	if len(stack) > 0 {
		x.line(1, name)
	}
	lines := strings.SplitAfter(string(data), "\n")
	for i, l := range lines {
		m := includeDirective.FindStringSubmatch(strings.TrimRight(l, "\r\n"))
		if m == nil {
			x.out.WriteString(l)
			if x.out.Len() > MaxShaderBytes {
				return ErrShaderTooLarge
			}
			continue
		}
		fail := func(err error) error { return &IncludeError{File: name, Line: i + 1, Name: m[1], Err: err} }
		inc, err := resolveInclude(name, m[1])
		if err != nil {
			return fail(err)
		}
		chain := append(append([]string(nil), stack...), name)
		for j, s := range chain {
			if s == inc {
				return fail(fmt.Errorf("%w: %s", ErrIncludeCycle, strings.Join(append(chain[j:], inc), " -> ")))
			}
		}
		if len(chain) > MaxIncludeDepth {
			return fail(ErrIncludeDepth)
		}
		body, err := x.read(inc)
		if err != nil {
			return fail(err)
		}
		if len(body) > MaxShaderBytes {
			return fail(ErrShaderTooLarge)
		}
		if err := x.expand(inc, body, chain); err != nil {
			var ie *IncludeError
			if errors.As(err, &ie) || errors.Is(err, ErrShaderTooLarge) {
				return err
			}
			return fail(err)
		}
		if !bytes.HasSuffix(x.out.Bytes(), []byte("\n")) {
			x.out.WriteByte('\n')
		}
		x.line(i+2, name)
	}
	return nil
}

// resolveInclude turns the name in an #include of file into an asset path.
func resolveInclude(file, name string) (string, error) {
	if name == "" || path.IsAbs(name) || strings.Contains(name, `\`) || (len(name) > 1 && name[1] == ':') {
		return "", ErrIncludeName
	}
	for _, part := range strings.Split(name, "/") {
		if part == ".." {
			return "", ErrIncludeName
		}
	}
	return path.Join(path.Dir(file), name), nil
}

// lineDirective matches the #line directives the expander writes.
var lineDirective = regexp.MustCompile(`^#line (\d+) (?:"([^"]*)"|(\d+))$`)

// Origin returns the file and line that line n (1-based) of the expanded
// text comes from, following its #line directives: for a compiler that
// reports places in the text it was given and ignores #line.
func (s *ShaderSource) Origin(n int) (file string, line int) {
	if s == nil || len(s.Files) == 0 {
		return "", n
	}
	file, base, at := s.Files[0], 1, 1 // line at of the text is line base of file
	for i, l := range strings.Split(string(s.Text), "\n") {
		if i+1 >= n {
			break
		}
		m := lineDirective.FindStringSubmatch(strings.TrimRight(l, "\r"))
		if m == nil {
			continue
		}
		num, _ := strconv.Atoi(m[1])
		switch {
		case m[2] != "":
			file = m[2]
		default:
			if k, err := strconv.Atoi(m[3]); err == nil && k >= 0 && k < len(s.Files) {
				file = s.Files[k]
			}
		}
		base, at = num, i+2
	}
	return file, base + n - at
}

// glslLocation matches the place at the start of a GLSL compiler message:
// Mesa writes "0:12(5): error", NVIDIA "0(12) : error", glslang
// "ERROR: 0:12: ...".
var glslLocation = regexp.MustCompile(`(?m)^(ERROR: |WARNING: )?(\d+)(?::(\d+)\((\d+)\)|\((\d+)\)|:(\d+):)`)

// Locate rewrites the source string numbers at the start of a GLSL
// compiler's messages into the files they stand for, so that "0:12(5):
// error" reads "assets/shaders/foo_gl.vert:12(5): error". Numbers it does
// not know are left as they are.
func (s *ShaderSource) Locate(log string) string {
	if s == nil || len(s.Files) == 0 {
		return log
	}
	return glslLocation.ReplaceAllStringFunc(log, func(m string) string {
		sm := glslLocation.FindStringSubmatch(m)
		n, err := strconv.Atoi(sm[2])
		if err != nil || n < 0 || n >= len(s.Files) {
			return m
		}
		file := s.Files[n]
		switch {
		case sm[3] != "":
			return sm[1] + file + ":" + sm[3] + "(" + sm[4] + ")"
		case sm[5] != "":
			return sm[1] + file + ":" + sm[5]
		default:
			return sm[1] + file + ":" + sm[6] + ":"
		}
	})
}
