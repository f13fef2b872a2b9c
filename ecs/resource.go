package ecs

import "github.com/mlange-42/arche/generic"

// AddResource stores a game's own resource of type T in w, replacing none:
// adding a second T panics, as a programming error.
func AddResource[T any](w *World, res *T) {
	r := generic.NewResource[T](&w.w)
	r.Add(res)
}

// Resource returns w's resource of type T, or nil when there is none.
func Resource[T any](w *World) *T {
	r := generic.NewResource[T](&w.w)
	if !r.Has() {
		return nil
	}
	return r.Get()
}
