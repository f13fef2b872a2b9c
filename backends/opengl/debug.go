package opengl

import (
	"fmt"
	"log/slog"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// validation reads the GL debug log (KHR_debug) after each step on the GL
// thread. Polling instead of a callback keeps messages with the backend that
// caused them: go-gl holds a single process-wide callback, and several
// backends may be alive at once.
type validation struct {
	enabled bool
	errors  int
	vlog    *slog.Logger

	sources, types, ids, severities []uint32
	lengths                         []int32
	text                            []byte
}

const debugBatch = 16

// enable turns on debug output if the driver has KHR_debug; it runs on the
// GL thread.
func (v *validation) enable(log *slog.Logger) {
	v.vlog = log
	if !hasGLExtension("GL_KHR_debug") {
		log.Warn("OpenGLRenderer: validation asked for, but the driver lacks GL_KHR_debug; no messages will be counted", "backend", "opengl")
		return
	}
	gl.Enable(gl.DEBUG_OUTPUT)
	gl.Enable(gl.DEBUG_OUTPUT_SYNCHRONOUS)
	gl.DebugMessageControl(gl.DONT_CARE, gl.DONT_CARE, gl.DONT_CARE, 0, nil, true)
	var maxLen int32
	gl.GetIntegerv(gl.MAX_DEBUG_MESSAGE_LENGTH, &maxLen)
	if maxLen < 256 {
		maxLen = 256
	}
	v.sources = make([]uint32, debugBatch)
	v.types = make([]uint32, debugBatch)
	v.ids = make([]uint32, debugBatch)
	v.severities = make([]uint32, debugBatch)
	v.lengths = make([]int32, debugBatch)
	v.text = make([]byte, int(maxLen)*debugBatch)
	v.enabled = true
}

// poll drains the debug log, logging each message and counting errors. It
// allocates only when there is something to log.
func (v *validation) poll() {
	if !v.enabled {
		return
	}
	for {
		n := gl.GetDebugMessageLog(debugBatch, int32(len(v.text)), &v.sources[0], &v.types[0], &v.ids[0], &v.severities[0], &v.lengths[0], &v.text[0])
		if n == 0 {
			return
		}
		off := 0
		for i := 0; i < int(n); i++ {
			l := int(v.lengths[i])
			msg := v.text[off : off+l]
			off += l
			if len(msg) > 0 && msg[len(msg)-1] == 0 {
				msg = msg[:len(msg)-1]
			}
			if v.sources[i] == gl.DEBUG_SOURCE_SHADER_COMPILER {
				// A shader that does not compile is the game's error, not
				// the driver's: the program's ShaderError reports it once,
				// with the file and line, and it must not count as a
				// validation error or be logged a second time.
				continue
			}
			v.report(v.types[i], v.severities[i], v.ids[i], string(msg))
		}
	}
}

func (v *validation) report(xtype, severity, id uint32, msg string) {
	attrs := []any{"backend", "opengl", "id", id, "type", fmt.Sprintf("0x%04X", xtype), "severity", severityName(severity)}
	switch {
	case xtype == gl.DEBUG_TYPE_ERROR:
		v.errors++
		v.vlog.Error("OpenGL debug: "+msg, attrs...)
	case severity == gl.DEBUG_SEVERITY_HIGH || severity == gl.DEBUG_SEVERITY_MEDIUM:
		v.vlog.Warn("OpenGL debug: "+msg, attrs...)
	default:
		v.vlog.Debug("OpenGL debug: "+msg, attrs...)
	}
}

func severityName(s uint32) string {
	switch s {
	case gl.DEBUG_SEVERITY_HIGH:
		return "high"
	case gl.DEBUG_SEVERITY_MEDIUM:
		return "medium"
	case gl.DEBUG_SEVERITY_LOW:
		return "low"
	}
	return "notification"
}

func hasGLExtension(name string) bool {
	var n int32
	gl.GetIntegerv(gl.NUM_EXTENSIONS, &n)
	for i := int32(0); i < n; i++ {
		if gl.GoStr(gl.GetStringi(gl.EXTENSIONS, uint32(i))) == name {
			return true
		}
	}
	return false
}
