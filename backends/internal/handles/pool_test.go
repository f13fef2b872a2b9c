package handles

import "testing"

func TestPoolRefusesStaleIDs(t *testing.T) {
	var p Pool[string]
	a := p.Add("a")
	if a == 0 || *p.Get(a) != "a" {
		t.Fatalf("Add/Get: id %d", a)
	}
	if v, ok := p.Remove(a); !ok || v != "a" {
		t.Fatalf("Remove = %q, %v", v, ok)
	}
	b := p.Add("b") // reuses a's slot with a new generation
	if p.Get(a) != nil {
		t.Fatal("a stale ID named the object that reused its slot")
	}
	if *p.Get(b) != "b" || p.Get(0) != nil {
		t.Fatal("Get")
	}
	n := 0
	p.Each(func(*string) { n++ })
	if n != 1 {
		t.Fatalf("Each visited %d, want 1", n)
	}
	p.Clear()
	if p.Get(b) != nil {
		t.Fatal("Clear kept an object")
	}
}
