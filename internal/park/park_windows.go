package park

import (
	"sync/atomic"
	"syscall"
	"unsafe"
)

var (
	synch                = syscall.NewLazyDLL("api-ms-win-core-synch-l1-2-0.dll")
	procWaitOnAddress    = synch.NewProc("WaitOnAddress")
	procWakeByAddressOne = synch.NewProc("WakeByAddressSingle")
	procWakeByAddressAll = synch.NewProc("WakeByAddressAll")
)

// sleepers needs nothing on Windows: the system keeps an address's
// sleepers.
type sleepers struct{}

const infinite = 0xFFFFFFFF

func (sleepers) wait(v *atomic.Uint32, old uint32) {
	procWaitOnAddress.Call(uintptr(unsafe.Pointer(v)), uintptr(unsafe.Pointer(&old)), 4, infinite)
}

// wake wakes one sleeper, or every one: WakeByAddress has no count.
func (sleepers) wake(v *atomic.Uint32, n int) {
	if n == 1 {
		procWakeByAddressOne.Call(uintptr(unsafe.Pointer(v)))
		return
	}
	procWakeByAddressAll.Call(uintptr(unsafe.Pointer(v)))
}
