// Package handles hands out the small integer IDs that cross the backend
// contract (meshes, textures), shared by the backends that keep their
// objects in Go.
package handles

// Pool hands out small integer IDs for backend objects. An ID packs the slot
// index (low 20 bits, plus one so 0 stays invalid) and the slot's generation
// (high 12 bits), so an ID kept after its object was destroyed is refused
// instead of naming whatever reuses the slot.
type Pool[T any] struct {
	items []T
	gens  []uint16
	live  []bool
	free  []uint32
}

const (
	poolIndexBits = 20
	poolIndexMask = 1<<poolIndexBits - 1
	poolGenMask   = 1<<(32-poolIndexBits) - 1
)

// Add stores v and returns its ID, or 0 when every slot is taken.
func (p *Pool[T]) Add(v T) uint32 {
	var i uint32
	if n := len(p.free); n > 0 {
		i = p.free[n-1]
		p.free = p.free[:n-1]
	} else {
		if len(p.items) >= poolIndexMask {
			return 0
		}
		i = uint32(len(p.items))
		p.items = append(p.items, v)
		p.gens = append(p.gens, 0)
		p.live = append(p.live, false)
	}
	p.items[i] = v
	p.live[i] = true
	return uint32(p.gens[i]&poolGenMask)<<poolIndexBits | (i + 1)
}

// Get returns the object of id, or nil when id is stale or was never issued.
func (p *Pool[T]) Get(id uint32) *T {
	i := id&poolIndexMask - 1
	if id&poolIndexMask == 0 || int(i) >= len(p.items) || !p.live[i] || uint32(p.gens[i]&poolGenMask) != id>>poolIndexBits {
		return nil
	}
	return &p.items[i]
}

// Remove frees id's slot and returns the object it held.
func (p *Pool[T]) Remove(id uint32) (T, bool) {
	var zero T
	v := p.Get(id)
	if v == nil {
		return zero, false
	}
	i := id&poolIndexMask - 1
	out := *v
	*v = zero
	p.live[i] = false
	p.gens[i]++
	p.free = append(p.free, i)
	return out, true
}

// Each calls f for every live object.
func (p *Pool[T]) Each(f func(*T)) {
	for i := range p.items {
		if p.live[i] {
			f(&p.items[i])
		}
	}
}

// Clear forgets every object.
func (p *Pool[T]) Clear() { *p = Pool[T]{} }
