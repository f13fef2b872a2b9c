package dxcom

import (
	"regexp"
	"strconv"
	"strings"
)

// HLSL compilers check the whole file whichever entry point they compile,
// so a mistake in PS_Main fails the compile of VS_Main first. blame finds
// the entry point whose body the compiler's first message points into,
// so the error names the entry and profile that are really at fault.

// Shader profiles: Direct3D feature level 11_0 runs shader model 5.
const (
	VertexProfile = "vs_5_0"
	PixelProfile  = "ps_5_0"
)

// Entry points of the engine's HLSL and the profiles they compile with.
var entryProfiles = map[string]string{"VS_Main": VertexProfile, "PS_Main": PixelProfile}

// logLocation matches the first place a compiler message names: vkd3d's
// "file:line:col:" and Microsoft's "file(line,col):" or "file(line,col-col):".
var logLocation = regexp.MustCompile(`(?m)^\s*(.+?)(?::(\d+):\d+|\((\d+),\d+(?:-\d+)?\))\s*:`)

// lineDirective matches the #line the include expander writes.
var lineDirective = regexp.MustCompile(`^[ \t]*#[ \t]*line[ \t]+(\d+)[ \t]+"([^"]*)"`)

// firstLocation returns the file and line of the compiler's first message.
func firstLocation(log string) (file string, line int, ok bool) {
	m := logLocation.FindStringSubmatch(log)
	if m == nil {
		return "", 0, false
	}
	n := m[2]
	if n == "" {
		n = m[3]
	}
	line, err := strconv.Atoi(n)
	if err != nil {
		return "", 0, false
	}
	return strings.TrimSpace(m[1]), line, true
}

// sameFile compares a path a compiler printed with one the engine passed:
// separators may differ and a compiler may print the path absolute.
func sameFile(printed, name string) bool {
	p := strings.ToLower(strings.ReplaceAll(printed, `\`, "/"))
	n := strings.ToLower(strings.ReplaceAll(name, `\`, "/"))
	return p == n || strings.HasSuffix(p, "/"+n)
}

// blame returns the entry point (of entryProfiles) whose body holds the
// place log's first message names in src, the expanded text compiled under
// the source name name, or "" when that place is in no entry's body.
func blame(src []byte, name, log string) string {
	file, line, ok := firstLocation(log)
	if !ok {
		return ""
	}
	type loc struct {
		file string
		line int
	}
	lines := strings.Split(string(src), "\n")
	where := make([]loc, len(lines))
	cur := loc{name, 1}
	for i, l := range lines {
		if m := lineDirective.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[1])
			where[i] = cur
			cur = loc{m[2], n}
			continue
		}
		where[i] = cur
		cur.line++
	}
	for entry := range entryProfiles {
		start, end := body(lines, entry)
		for i := start; i >= 0 && i <= end; i++ {
			if where[i].line == line && sameFile(file, where[i].file) {
				return entry
			}
		}
	}
	return ""
}

// body returns the first and last line of entry's definition: from the
// line that names it to the one that closes its braces; -1, -1 when src
// does not define it. Braces in comments are skipped; HLSL has no string
// literals that could hold one.
func body(lines []string, entry string) (start, end int) {
	decl := regexp.MustCompile(`\b` + regexp.QuoteMeta(entry) + `\s*\(`)
	start = -1
	depth := 0
	opened := false
	inBlock := false
	for i, l := range lines {
		if start < 0 {
			if loc := decl.FindStringIndex(l); loc != nil && !inComment(l[:loc[0]]) {
				start = i
			} else {
				continue
			}
		}
		for j := 0; j < len(l); j++ {
			switch {
			case inBlock:
				if strings.HasPrefix(l[j:], "*/") {
					inBlock = false
					j++
				}
			case strings.HasPrefix(l[j:], "//"):
				j = len(l)
			case strings.HasPrefix(l[j:], "/*"):
				inBlock = true
				j++
			case l[j] == '{':
				depth++
				opened = true
			case l[j] == '}':
				depth--
				if opened && depth == 0 {
					return start, i
				}
			case l[j] == ';' && !opened && depth == 0:
				// A declaration without a body: keep looking.
				start = -1
				j = len(l)
			}
		}
	}
	if start >= 0 && opened {
		return start, len(lines) - 1
	}
	return -1, -1
}

func inComment(before string) bool { return strings.Contains(before, "//") }
