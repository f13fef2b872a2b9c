package formats

import (
	"errors"
	"fmt"
	"sync"
	"testing"
)

func TestRegistryBasics(t *testing.T) {
	r := NewRegistry()
	if r.Len() != 1 {
		t.Fatalf("Len() = %d", r.Len())
	}
	d, ok := r.Get(DefaultHandle)
	if !ok || d.Name != "default" || d.Stride != 96 {
		t.Fatalf("Get(0) = %+v, %v", d, ok)
	}
	if h, ok := r.Lookup("default"); !ok || h != DefaultHandle {
		t.Errorf("Lookup(default) = %d, %v", h, ok)
	}

	l := voxel()
	h, err := r.Register(l)
	if err != nil || h != 1 {
		t.Fatalf("Register = %d, %v", h, err)
	}
	// The registry keeps its own copy: editing the caller's layout later
	// must not reach it.
	l.Attributes[0].Name = "edited"
	l.Name = "edited"
	got, ok := r.Get(h)
	if !ok || got.Name != "voxel" || got.Attributes[0].Name != "position" {
		t.Errorf("Get(1) = %+v", got)
	}
	if h2, ok := r.Lookup("voxel"); !ok || h2 != h {
		t.Errorf("Lookup(voxel) = %d, %v", h2, ok)
	}
	if _, ok := r.Lookup("nope"); ok {
		t.Error("Lookup(nope) found something")
	}
	if _, ok := r.Get(2); ok {
		t.Error("Get(2) found something")
	}
	if _, ok := r.Get(^Handle(0)); ok {
		t.Error("Get(max) found something")
	}
	if fmt.Sprint(r.Handles()) != "[0 1]" || r.Len() != 2 {
		t.Errorf("Handles() = %v, Len() = %d", r.Handles(), r.Len())
	}
}

func TestRegistryRefuses(t *testing.T) {
	r := NewRegistry()
	if _, err := r.Register(voxel()); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		l    Layout
		code ErrorCode
		msg  string
	}{
		{"duplicate", voxel(), ErrDuplicateFormat,
			`vertex format "voxel": a format of this name is already registered (handle 1)`},
		{"default name", func() Layout { l := voxel(); l.Name = "default"; return l }(), ErrDuplicateFormat,
			`vertex format "default": a format of this name is already registered (handle 0)`},
		{"invalid", func() Layout { l := voxel(); l.Name = "v2"; l.Stride = 0; return l }(), ErrZeroStride,
			`vertex format "v2": stride is 0; it must be the size of one vertex in bytes`},
	}
	for _, tt := range tests {
		h, err := r.Register(tt.l)
		var ve *ValidationError
		if !errors.As(err, &ve) || ve.Code != tt.code || err.Error() != tt.msg || h != 0 {
			t.Errorf("%s: Register = %d, %v; want code %v, %s", tt.name, h, err, tt.code, tt.msg)
		}
		if tt.code == ErrDuplicateFormat && (ve.Field != "name" || ve.Index != -1) {
			t.Errorf("%s: field %q index %d", tt.name, ve.Field, ve.Index)
		}
	}
	if r.Len() != 2 {
		t.Errorf("refused layouts were stored: Len() = %d", r.Len())
	}
}

// TestRegistryConcurrent registers from many goroutines while others read,
// then checks that handles are unique and dense, and that pointers obtained
// early still describe the layout they were obtained for. Run with -race.
func TestRegistryConcurrent(t *testing.T) {
	const workers, each = 16, 50
	r := NewRegistry()
	type got struct {
		h    Handle
		name string
		l    *Layout
	}
	results := make([][]got, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				l := voxel()
				l.Name = fmt.Sprintf("w%d_%d", w, i)
				l.Stride = uint32(48 + 4*i) // distinguishes layouts by content too
				h, err := r.Register(l)
				if err != nil {
					t.Error(err)
					return
				}
				p, ok := r.Get(h)
				if !ok || p.Name != l.Name {
					t.Errorf("Get(%d) right after Register = %v, %v", h, p, ok)
					return
				}
				// Read something registered by someone else meanwhile.
				if q, ok := r.Get(Handle(r.Len() - 1)); !ok || q == nil {
					t.Error("Get(Len-1) failed")
				}
				results[w] = append(results[w], got{h, l.Name, p})
			}
		}()
	}
	wg.Wait()

	if r.Len() != 1+workers*each {
		t.Fatalf("Len() = %d, want %d", r.Len(), 1+workers*each)
	}
	seen := map[Handle]string{}
	for w := range results {
		for i, g := range results[w] {
			if g.h == DefaultHandle {
				t.Fatalf("%s got the default handle", g.name)
			}
			if prev, dup := seen[g.h]; dup {
				t.Fatalf("handle %d given to %s and %s", g.h, prev, g.name)
			}
			seen[g.h] = g.name
			if g.l.Name != g.name || g.l.Stride != uint32(48+4*i) || len(g.l.Attributes) != 4 {
				t.Errorf("early pointer for %s now reads %+v", g.name, g.l)
			}
			if now, _ := r.Get(g.h); now != g.l {
				t.Errorf("Get(%d) returns a different pointer than before", g.h)
			}
			if h, ok := r.Lookup(g.name); !ok || h != g.h {
				t.Errorf("Lookup(%s) = %d, want %d", g.name, h, g.h)
			}
		}
	}
	for i, h := range r.Handles() {
		if int(h) != i {
			t.Fatalf("Handles()[%d] = %d", i, h)
		}
	}
}

func BenchmarkGet(b *testing.B) {
	r := NewRegistry()
	for i := range 64 {
		l := voxel()
		l.Name = fmt.Sprint("f", i)
		if _, err := r.Register(l); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	var sink uint32
	for i := 0; b.Loop(); i++ {
		l, _ := r.Get(Handle(i & 63))
		sink += l.Stride
	}
	_ = sink
}
