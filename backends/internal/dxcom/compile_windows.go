//go:build windows

package dxcom

import (
	"fmt"
	"strings"
	"unsafe"
)

var procD3DCompile = NewProc("d3dcompiler_47.dll", "D3DCompile")

// CompileError is a failed D3DCompile: the entry point, the profile, the
// HRESULT and the compiler's messages (empty when it gave none).
type CompileError struct {
	Entry, Target string
	Code          HRESULT
	Log           string
}

func (e *CompileError) Error() string {
	msg := fmt.Sprintf("D3DCompile of %s (%s) failed with HRESULT %v", e.Entry, e.Target, e.Code)
	if e.Log != "" {
		msg += ": " + e.Log
	} else {
		msg += " and no compiler message"
	}
	return msg
}

// Compile compiles entry of the HLSL text src for target (vs_5_0, ps_5_0)
// and returns the bytecode. name is the source name the compiler writes in
// its messages: the file's path. The source is passed in memory, because
// the engine's own shaders may be embedded in the binary rather than on
// disk; callers expand #include first (assets.ReadShader).
//
// The compiler runs in this process: a shader that crashes it (Wine 8.0's
// compiler crashes on some constructs, see docs/DIRECTX.md) takes the
// process down.
func Compile(src []byte, name, entry, target string) ([]byte, error) {
	if len(src) == 0 {
		return nil, &CompileError{Entry: entry, Target: target, Code: E_INVALIDARG, Log: "the file is empty"}
	}
	if err := procD3DCompile.Find(); err != nil {
		return nil, err
	}
	cname, centry, ctarget := CString(name), CString(entry), CString(target)
	// Output pointers start nil: on some failures the compiler leaves them
	// untouched.
	var code, msgs *Blob
	r, _, _ := syscallN(procD3DCompile.addr,
		uintptr(unsafe.Pointer(&src[0])), uintptr(len(src)),
		uintptr(unsafe.Pointer(&cname[0])),
		0, // no macros
		0, // no #include handler
		uintptr(unsafe.Pointer(&centry[0])),
		uintptr(unsafe.Pointer(&ctarget[0])),
		0, 0,
		uintptr(unsafe.Pointer(&code)), uintptr(unsafe.Pointer(&msgs)))
	KeepAlive(src)
	KeepAlive(cname)
	KeepAlive(centry)
	KeepAlive(ctarget)
	log := strings.TrimSpace(strings.TrimRight(string(BlobBytes(msgs)), "\x00"))
	hr := HRESULT(uint32(r))
	if hr.Failed() || code == nil {
		code.Release()
		if !hr.Failed() {
			hr = E_FAIL
		}
		return nil, &CompileError{Entry: entry, Target: target, Code: hr, Log: log}
	}
	return BlobBytes(code), nil
}
