package dxcom

import "fmt"

// HRESULT is a COM status code; negative values are failures.
type HRESULT uint32

// Failed reports whether the code is a failure (its top bit is set).
func (h HRESULT) Failed() bool { return int32(h) < 0 }

// Codes the backends test for.
const (
	S_OK                        HRESULT = 0
	E_FAIL                      HRESULT = 0x80004005
	E_INVALIDARG                HRESULT = 0x80070057
	E_OUTOFMEMORY               HRESULT = 0x8007000E
	E_NOTIMPL                   HRESULT = 0x80004001
	E_NOINTERFACE               HRESULT = 0x80004002
	ERROR_FILE_NOT_FOUND        HRESULT = 0x80070002
	ERROR_PATH_NOT_FOUND        HRESULT = 0x80070003
	ERROR_MOD_NOT_FOUND         HRESULT = 0x8007007E
	DXGI_ERROR_INVALID_CALL     HRESULT = 0x887A0001
	DXGI_ERROR_NOT_FOUND        HRESULT = 0x887A0002
	DXGI_ERROR_UNSUPPORTED      HRESULT = 0x887A0004
	DXGI_ERROR_DEVICE_REMOVED   HRESULT = 0x887A0005
	DXGI_ERROR_DEVICE_HUNG      HRESULT = 0x887A0006
	DXGI_ERROR_DEVICE_RESET     HRESULT = 0x887A0007
	DXGI_ERROR_DRIVER_INTERNAL  HRESULT = 0x887A0020
	DXGI_ERROR_SDK_MISSING      HRESULT = 0x887A002D
	D3D12_ERROR_ADAPTER_MISSING HRESULT = 0x887E0001
	D3D12_ERROR_DRIVER_MISMATCH HRESULT = 0x887E0002
)

var hresultNames = map[HRESULT]string{
	S_OK:                        "S_OK",
	E_FAIL:                      "E_FAIL: unspecified failure",
	E_INVALIDARG:                "E_INVALIDARG: an argument is invalid",
	E_OUTOFMEMORY:               "E_OUTOFMEMORY: out of memory",
	E_NOTIMPL:                   "E_NOTIMPL: not implemented",
	E_NOINTERFACE:               "E_NOINTERFACE: interface not supported",
	ERROR_FILE_NOT_FOUND:        "ERROR_FILE_NOT_FOUND: the file does not exist",
	ERROR_PATH_NOT_FOUND:        "ERROR_PATH_NOT_FOUND: the folder does not exist",
	ERROR_MOD_NOT_FOUND:         "ERROR_MOD_NOT_FOUND: a DLL could not be loaded",
	DXGI_ERROR_INVALID_CALL:     "DXGI_ERROR_INVALID_CALL: invalid call",
	DXGI_ERROR_NOT_FOUND:        "DXGI_ERROR_NOT_FOUND: not found",
	DXGI_ERROR_UNSUPPORTED:      "DXGI_ERROR_UNSUPPORTED: not supported by this device (under Wine: is there an X display?)",
	DXGI_ERROR_DEVICE_REMOVED:   "DXGI_ERROR_DEVICE_REMOVED: the device was removed",
	DXGI_ERROR_DEVICE_HUNG:      "DXGI_ERROR_DEVICE_HUNG: the device hung",
	DXGI_ERROR_DEVICE_RESET:     "DXGI_ERROR_DEVICE_RESET: the device was reset",
	DXGI_ERROR_DRIVER_INTERNAL:  "DXGI_ERROR_DRIVER_INTERNAL_ERROR: driver internal error",
	DXGI_ERROR_SDK_MISSING:      "DXGI_ERROR_SDK_COMPONENT_MISSING: an SDK component (such as the debug layer) is missing",
	D3D12_ERROR_ADAPTER_MISSING: "D3D12_ERROR_ADAPTER_NOT_FOUND: the adapter was not found",
	D3D12_ERROR_DRIVER_MISMATCH: "D3D12_ERROR_DRIVER_VERSION_MISMATCH: driver version mismatch",
}

// String returns the code in hex and, when it is known, its name and meaning:
// "0x80070057 (E_INVALIDARG: an argument is invalid)".
func (h HRESULT) String() string {
	if s, ok := hresultNames[h]; ok {
		return fmt.Sprintf("0x%08X (%s)", uint32(h), s)
	}
	return fmt.Sprintf("0x%08X", uint32(h))
}

// Error is a failed call: what was called and the code it returned.
type Error struct {
	Call string
	Code HRESULT
}

func (e *Error) Error() string { return fmt.Sprintf("%s failed with HRESULT %v", e.Call, e.Code) }

// Check returns nil for a success code and an *Error naming call otherwise.
func Check(call string, h HRESULT) error {
	if !h.Failed() {
		return nil
	}
	return &Error{Call: call, Code: h}
}
