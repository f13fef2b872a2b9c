//go:build windows

package dxcom

import (
	"fmt"
	"runtime"
	"syscall"
	"unsafe"
)

// Object is a COM interface pointer: the object begins with a pointer to
// its table of methods. The table is declared longer than any interface the
// backends use; only the slots a call names are read.
type Object struct {
	vtbl *[256]uintptr
}

// Call calls method number method (its slot in the vtable, IUnknown's three
// first) with o as the this pointer and returns the raw result.
//
// Arguments are passed in integer registers; Go's Windows syscall path also
// copies the first four into XMM0-3, so a float argument in one of those
// positions is passed as uintptr(math.Float32bits(f)).
//
// Callers convert pointers to their locals with uintptr(unsafe.Pointer(&x))
// in the argument list. Go moves a goroutine's stack only when a function
// prologue grows it, so every function between that conversion and the
// system call is nosplit: nothing can move x while the callee writes to it.
//
//go:nosplit
func (o *Object) Call(method int, args ...uintptr) uintptr {
	var buf [16]uintptr
	buf[0] = uintptr(unsafe.Pointer(o))
	n := 1 + copy(buf[1:], args)
	r, _, _ := syscall.SyscallN(o.vtbl[method], buf[:n]...)
	return r
}

// CallHR calls a method that returns an HRESULT and turns a failure into an
// *Error naming call.
//
//go:nosplit
func (o *Object) CallHR(call string, method int, args ...uintptr) error {
	return Check(call, HRESULT(uint32(o.Call(method, args...))))
}

// AddRef and Release are IUnknown's.
func (o *Object) AddRef() { o.Call(1) }

// Release drops a reference; a nil object is ignored so cleanup code need
// not check.
func (o *Object) Release() {
	if o != nil {
		o.Call(2)
	}
}

// QueryInterface asks o for another of its interfaces.
func (o *Object) QueryInterface(iid *GUID) (*Object, error) {
	var out *Object
	err := o.CallHR("QueryInterface", 0, uintptr(unsafe.Pointer(iid)), uintptr(unsafe.Pointer(&out)))
	return out, err
}

// Release releases every object in objs that is not nil.
func Release(objs ...*Object) {
	for _, o := range objs {
		o.Release()
	}
}

// GUID is a COM interface ID.
type GUID struct {
	Data1 uint32
	Data2 uint16
	Data3 uint16
	Data4 [8]byte
}

// Proc is a function exported by a system DLL, loaded by Find.
type Proc struct {
	dll, name string
	proc      *syscall.LazyProc
	addr      uintptr
}

// NewProc names a function of a DLL; nothing is loaded until Find or Call.
func NewProc(dll, name string) *Proc {
	return &Proc{dll: dll, name: name, proc: syscall.NewLazyDLL(dll).NewProc(name)}
}

// Find loads the DLL and the function and says which one is missing.
func (p *Proc) Find() error {
	if p.addr != 0 {
		return nil
	}
	if err := p.proc.Find(); err != nil {
		return fmt.Errorf("%s!%s is not available: %w", p.dll, p.name, err)
	}
	p.addr = p.proc.Addr()
	return nil
}

// CallHR calls the function, which returns an HRESULT. Find must have
// succeeded first: loading a DLL here could move the caller's stack after
// it took the addresses it passes (see Object.Call).
//
//go:nosplit
func (p *Proc) CallHR(args ...uintptr) error {
	if p.addr == 0 {
		return p.notLoaded()
	}
	r, _, _ := syscallN(p.addr, args...)
	return Check(p.name, HRESULT(uint32(r)))
}

// Call calls the function and returns its raw result; Find must have
// succeeded first.
//
//go:nosplit
func (p *Proc) Call(args ...uintptr) uintptr {
	if p.addr == 0 {
		return uintptr(E_FAIL)
	}
	r, _, _ := syscallN(p.addr, args...)
	return r
}

func (p *Proc) notLoaded() error {
	return fmt.Errorf("%s!%s was called before it was loaded", p.dll, p.name)
}

// Blob is an ID3DBlob.
type Blob = Object

// BlobBytes copies a blob's contents and releases it; a nil blob gives nil.
func BlobBytes(b *Blob) []byte {
	if b == nil {
		return nil
	}
	p := b.Call(3) // GetBufferPointer
	n := int(b.Call(4))
	out := make([]byte, n)
	if n > 0 && p != 0 {
		copy(out, unsafe.Slice((*byte)(Pointer(p)), n))
	}
	b.Release()
	return out
}

// KeepAlive is runtime.KeepAlive under a shorter name, for the Go memory a
// COM call reads through pointers inside structs.
func KeepAlive(v any) { runtime.KeepAlive(v) }

// CString returns s with a NUL terminator, as a pointer the callee may read
// while the returned slice is alive.
func CString(s string) []byte {
	b := make([]byte, len(s)+1)
	copy(b, s)
	return b
}

// Pointer turns an address a COM call returned (a buffer, a mapped
// resource) into a pointer. The memory is not Go's, so the garbage collector
// neither moves nor frees it; reading the address through a variable keeps
// vet's uintptr check quiet without changing what is read.
func Pointer(addr uintptr) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Pointer(&addr))
}

//go:nosplit
func syscallN(fn uintptr, args ...uintptr) (uintptr, uintptr, error) {
	r1, r2, err := syscall.SyscallN(fn, args...)
	return r1, r2, err
}
