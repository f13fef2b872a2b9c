package shadertool

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// The external programs this package runs, by the name looked up on PATH.
const (
	Glslc            = "glslc"
	GlslangValidator = "glslangValidator"
	SpirvCross       = "spirv-cross"
)

// installHints says how to get each tool, so that a missing one is an error
// a reader can act on.
var installHints = map[string]string{
	Glslc:            `install it with "apt-get install glslc" (Debian) or the Vulkan SDK`,
	GlslangValidator: `install it with "apt-get install glslang-tools" (Debian) or the Vulkan SDK`,
	SpirvCross:       `install it with "apt-get install spirv-cross" (Debian) or the Vulkan SDK`,
}

// ToolMissingError reports that a required program is not on PATH.
type ToolMissingError struct {
	Tool string
}

func (e *ToolMissingError) Error() string {
	return fmt.Sprintf("%s not found: %s", e.Tool, installHints[e.Tool])
}

// lookTool finds tool on PATH, returning a *ToolMissingError when absent.
func lookTool(tool string) (string, error) {
	p, err := exec.LookPath(tool)
	if err != nil {
		return "", &ToolMissingError{Tool: tool}
	}
	return p, nil
}

// toolVersion returns the first line of "tool --version", the part that
// names the release (for glslc: "shaderc 2023.2-1").
func toolVersion(ctx context.Context, exe string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, ToolTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, exe, "--version").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%s --version: %w: %s", exe, err, strings.TrimSpace(string(out)))
	}
	line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	line = strings.TrimSpace(line)
	if line == "" {
		return "", fmt.Errorf("%s --version printed nothing", exe)
	}
	return line, nil
}

// ToolTimeout bounds one run of an external tool. The engine's shaders
// compile in well under a second each; a run that takes this long is stuck
// (glslc loops forever on some malformed input) and is killed, so one bad
// file cannot hang a build.
var ToolTimeout = 60 * time.Second

// ErrToolTimeout means a tool ran longer than ToolTimeout and was killed.
var ErrToolTimeout = errors.New("killed after running too long")

// runTool runs exe with args in dir and returns its combined output. A
// non-zero exit is an error whose message is the tool's own output; a run
// past ToolTimeout is killed and wraps ErrToolTimeout.
func runTool(ctx context.Context, dir, exe string, args ...string) (string, error) {
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, ToolTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Dir = dir
	var buf bytes.Buffer
	cmd.Stdout = &buf
	cmd.Stderr = &buf
	err := cmd.Run()
	out := cleanOutput(buf.String())
	if err != nil {
		if parent.Err() != nil {
			return out, parent.Err()
		}
		if ctx.Err() != nil {
			return out, fmt.Errorf("%s %w (%s)", filepath.Base(exe), ErrToolTimeout, ToolTimeout)
		}
		var exit *exec.ExitError
		if errors.As(err, &exit) && out != "" {
			return out, &toolError{msg: out}
		}
		if out != "" {
			return out, fmt.Errorf("%w: %s", err, out)
		}
		return out, err
	}
	return out, nil
}

// toolError is a failed run whose message is exactly what the tool printed.
type toolError struct{ msg string }

func (e *toolError) Error() string { return e.msg }

// cleanOutput drops trailing blanks and empty lines from a tool's output,
// which glslangValidator pads generously, so reports stay compact.
func cleanOutput(s string) string {
	var lines []string
	for _, l := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		l = strings.TrimRight(l, " \t\r")
		if l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}
