//go:build windows

package dxcom

import (
	"fmt"
	"log/slog"
	"strings"
	"unsafe"
)

// Vtable slots shared by ID3D11InfoQueue and ID3D12InfoQueue.
const (
	infoClearStoredMessages  = 4
	infoGetMessage           = 5
	infoGetNumStoredMessages = 8
)

// Interface IDs of the debug layers' objects.
var (
	IIDInfoQueue11 = GUID{0x6543dbb6, 0x1b48, 0x42f5, [8]byte{0xab, 0x82, 0xe9, 0x7e, 0xc7, 0x43, 0x26, 0xf6}}
	IIDInfoQueue12 = GUID{0x0742a90b, 0xc387, 0x483f, [8]byte{0xb9, 0x46, 0x30, 0xa7, 0xe4, 0xe6, 0x14, 0x58}}
	IIDDebug12     = GUID{0x344488b7, 0x6846, 0x474b, [8]byte{0xb9, 0x89, 0xf0, 0x27, 0x44, 0x82, 0x45, 0xe0}}
)

// Message severities (D3D11_MESSAGE_SEVERITY, D3D12_MESSAGE_SEVERITY).
const (
	SeverityCorruption = 0
	SeverityError      = 1
	SeverityWarning    = 2
	SeverityInfo       = 3
	SeverityMessage    = 4
)

// Message is D3D11_MESSAGE and D3D12_MESSAGE: the description is a
// NUL-terminated string of DescriptionByteLength bytes after the struct.
type Message struct {
	Category, Severity, ID int32
	_                      int32
	Description            *byte
	DescriptionByteLength  uintptr
}

// InfoQueue drains a debug layer's message queue into the log and counts
// the messages of severity error or corruption.
type InfoQueue struct {
	q       *Object
	log     *slog.Logger
	backend string
	errors  int
	buf     []uint64 // 8-aligned storage for one message
}

// NewInfoQueue reads q (an ID3D11InfoQueue or ID3D12InfoQueue, which it
// releases at Release), logging as backend.
func NewInfoQueue(q *Object, log *slog.Logger, backend string) *InfoQueue {
	return &InfoQueue{q: q, log: log, backend: backend}
}

// Drain logs every stored message in order (errors and corruption at
// level Error, warnings at Warn, the rest at Debug), counts the errors and
// empties the queue. It returns the count so far.
func (iq *InfoQueue) Drain() int {
	if iq == nil || iq.q == nil {
		return 0
	}
	n := uint64(iq.q.Call(infoGetNumStoredMessages))
	for i := uint64(0); i < n; i++ {
		var size uintptr
		if err := iq.q.CallHR("InfoQueue::GetMessage", infoGetMessage, uintptr(i), 0, uintptr(unsafe.Pointer(&size))); err != nil || size < unsafe.Sizeof(Message{}) {
			continue
		}
		if words := int(size+7) / 8; cap(iq.buf) < words {
			iq.buf = make([]uint64, words)
		}
		buf := iq.buf[:cap(iq.buf)]
		m := (*Message)(unsafe.Pointer(&buf[0]))
		if err := iq.q.CallHR("InfoQueue::GetMessage", infoGetMessage, uintptr(i), uintptr(unsafe.Pointer(m)), uintptr(unsafe.Pointer(&size))); err != nil {
			continue
		}
		iq.report(m)
	}
	iq.q.Call(infoClearStoredMessages)
	return iq.errors
}

func (iq *InfoQueue) report(m *Message) {
	text := ""
	if m.Description != nil && m.DescriptionByteLength > 0 {
		text = strings.TrimRight(string(unsafe.Slice(m.Description, m.DescriptionByteLength)), "\x00")
	}
	msg := fmt.Sprintf("%s: debug layer: %s", iq.backend, text)
	attrs := []any{"backend", iq.backend, "id", m.ID, "category", m.Category}
	switch m.Severity {
	case SeverityCorruption, SeverityError:
		iq.errors++
		iq.log.Error(msg, attrs...)
	case SeverityWarning:
		iq.log.Warn(msg, attrs...)
	default:
		iq.log.Debug(msg, attrs...)
	}
}

// Release drains the queue a last time and releases it.
func (iq *InfoQueue) Release() {
	if iq != nil && iq.q != nil {
		iq.Drain()
		iq.q.Release()
		iq.q = nil
	}
}
