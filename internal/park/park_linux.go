package park

import (
	"sync/atomic"
	"syscall"
	"unsafe"
)

// futex operations on a word of this process alone.
const (
	futexWaitPrivate = 0 | 128
	futexWakePrivate = 1 | 128
)

// sleepers needs nothing on Linux: the kernel keeps a futex's sleepers.
type sleepers struct{}

// wait is a blocking system call, so the runtime lends this goroutine's
// processor to other goroutines while the thread sleeps. Its errors
// (EAGAIN: the word changed first; EINTR) all mean "test again".
func (sleepers) wait(v *atomic.Uint32, old uint32) {
	syscall.Syscall6(syscall.SYS_FUTEX, uintptr(unsafe.Pointer(v)), futexWaitPrivate, uintptr(old), 0, 0, 0)
}

func (sleepers) wake(v *atomic.Uint32, n int) {
	syscall.Syscall6(syscall.SYS_FUTEX, uintptr(unsafe.Pointer(v)), futexWakePrivate, uintptr(n), 0, 0, 0)
}
