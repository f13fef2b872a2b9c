package formats

import (
	"fmt"
	"sync"
)

// Handle identifies a registered layout. Handles are small integers so that
// meshes, draw lists and backends can store them without holding pointers.
type Handle uint32

// DefaultHandle is the engine's default vertex ([DefaultLayout]), present in
// every registry. Registered layouts get handles from 1 up.
const DefaultHandle Handle = 0

// Registry assigns handles to layouts. It is safe for concurrent use.
//
// Layouts are stored as separate allocations, so a *Layout returned by Get
// stays valid (and unchanged) after later registrations. Callers must not
// modify it.
type Registry struct {
	mu      sync.RWMutex
	layouts []*Layout // index is the handle
	byName  map[string]Handle
}

// NewRegistry returns a registry holding only the default layout, at handle 0.
func NewRegistry() *Registry {
	d := DefaultLayout()
	return &Registry{
		layouts: []*Layout{d},
		byName:  map[string]Handle{d.Name: DefaultHandle},
	}
}

// Register validates l and stores a deep copy of it under a new handle. It
// returns the first validation problem as a *ValidationError, and a
// *ValidationError with code ErrDuplicateFormat when a layout of the same name
// is already registered ("default" is always taken).
func (r *Registry) Register(l Layout) (Handle, error) {
	if err := l.Validate(); err != nil {
		return 0, err
	}
	c := l.clone()
	r.mu.Lock()
	defer r.mu.Unlock()
	if h, ok := r.byName[c.Name]; ok {
		return 0, &ValidationError{
			Code: ErrDuplicateFormat, Format: c.Name, Field: "name", Index: -1,
			Msg: fmt.Sprintf("a format of this name is already registered (handle %d)", h),
		}
	}
	h := Handle(len(r.layouts))
	r.layouts = append(r.layouts, c)
	r.byName[c.Name] = h
	return h, nil
}

// Get returns the layout registered under h. The result is shared: read it,
// do not modify it.
func (r *Registry) Get(h Handle) (*Layout, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if uint64(h) >= uint64(len(r.layouts)) {
		return nil, false
	}
	return r.layouts[h], true
}

// Lookup returns the handle of the layout called name.
func (r *Registry) Lookup(name string) (Handle, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	h, ok := r.byName[name]
	return h, ok
}

// Len returns the number of layouts, including the default.
func (r *Registry) Len() int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return len(r.layouts)
}

// Handles returns every handle in order, starting with DefaultHandle.
func (r *Registry) Handles() []Handle {
	r.mu.RLock()
	n := len(r.layouts)
	r.mu.RUnlock()
	hs := make([]Handle, n)
	for i := range hs {
		hs[i] = Handle(i)
	}
	return hs
}
