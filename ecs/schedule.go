package ecs

import (
	"errors"
	"fmt"
	"time"
)

// System is one piece of game or engine logic, run once per step of its
// stage. Systems are plain Go values; keep per-step work allocation-free.
type System interface {
	Update(w *World)
}

// Initializer is implemented by systems that need set-up before the first
// step (creating GPU resources, loading files).
type Initializer interface {
	Init(w *World) error
}

// Finalizer is implemented by systems that release resources at shutdown.
type Finalizer interface {
	Close(w *World) error
}

// SystemFunc adapts a function to System.
type SystemFunc func(w *World)

// Update calls f(w).
func (f SystemFunc) Update(w *World) { f(w) }

// Stage orders systems within a step.
type Stage uint8

// The stages, in the order each step runs them. FixedUpdate runs zero or more
// times per step, at Scheduler.FixedStep, for physics and other simulation
// that must not depend on the frame rate.
const (
	FixedUpdate Stage = iota
	Update
	LateUpdate
	Render
	numStages
)

func (s Stage) String() string {
	return [...]string{"fixed update", "update", "late update", "render"}[s]
}

// Time is the clock resource.
type Time struct {
	Delta      time.Duration // since the previous step
	Elapsed    time.Duration // since the first step
	FixedDelta time.Duration // the fixed step, inside FixedUpdate systems
	Frame      uint64
	// Alpha is how far the clock is between two fixed steps (0..1), for
	// interpolating what fixed updates simulate.
	Alpha float32
}

// WindowSize is the framebuffer size resource.
type WindowSize struct {
	Width, Height int
}

// Aspect returns width / height, or 1 for an empty window.
func (s WindowSize) Aspect() float32 {
	if s.Width <= 0 || s.Height <= 0 {
		return 1
	}
	return float32(s.Width) / float32(s.Height)
}

// Scheduler runs systems in stages. The zero value is not ready: use
// NewScheduler.
type Scheduler struct {
	// FixedStep is the FixedUpdate interval; MaxFixedSteps bounds the
	// catch-up after a stall so a slow frame cannot snowball.
	FixedStep     time.Duration
	MaxFixedSteps int

	stages      [numStages][]System
	accumulator time.Duration
	initialized bool
}

// NewScheduler returns a scheduler with a 60 Hz fixed step.
func NewScheduler() *Scheduler {
	return &Scheduler{FixedStep: time.Second / 60, MaxFixedSteps: 5}
}

// Add appends a system to a stage; systems of a stage run in the order added.
func (s *Scheduler) Add(stage Stage, sys System) {
	s.stages[stage] = append(s.stages[stage], sys)
}

// Init calls Init on every system that has it, in stage order, and stops at
// the first error.
func (s *Scheduler) Init(w *World) error {
	for st, systems := range s.stages {
		for _, sys := range systems {
			if in, ok := sys.(Initializer); ok {
				if err := in.Init(w); err != nil {
					return fmt.Errorf("init %s system %T: %w", Stage(st), sys, err)
				}
			}
		}
	}
	s.initialized = true
	return nil
}

// Step advances the clock by dt and runs one step: FixedUpdate as many times
// as the fixed clock allows, then Update, LateUpdate and Render.
func (s *Scheduler) Step(w *World, dt time.Duration) {
	w.Time.Delta = dt
	w.Time.Elapsed += dt
	w.Time.Frame++
	w.Time.FixedDelta = s.FixedStep
	s.accumulator += dt
	if limit := time.Duration(s.MaxFixedSteps) * s.FixedStep; s.MaxFixedSteps > 0 && s.accumulator > limit {
		s.accumulator = limit
	}
	for s.FixedStep > 0 && s.accumulator >= s.FixedStep {
		s.run(FixedUpdate, w)
		s.accumulator -= s.FixedStep
	}
	if s.FixedStep > 0 {
		w.Time.Alpha = float32(s.accumulator) / float32(s.FixedStep)
	}
	s.run(Update, w)
	s.run(LateUpdate, w)
	s.run(Render, w)
}

func (s *Scheduler) run(stage Stage, w *World) {
	for _, sys := range s.stages[stage] {
		sys.Update(w)
	}
}

// Close calls Close on every system that has it, in reverse order, and
// returns every error.
func (s *Scheduler) Close(w *World) error {
	var errs []error
	for i := int(numStages) - 1; i >= 0; i-- {
		st := Stage(i)
		systems := s.stages[st]
		for j := len(systems) - 1; j >= 0; j-- {
			if f, ok := systems[j].(Finalizer); ok {
				if err := f.Close(w); err != nil {
					errs = append(errs, fmt.Errorf("close %s system %T: %w", st, systems[j], err))
				}
			}
		}
	}
	return errors.Join(errs...)
}
