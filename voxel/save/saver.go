package save

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/sleakgo/sleak/voxel/world"
)

// SaverConfig configures a Saver.
type SaverConfig struct {
	// Interval between autosaves; 0 (or less) turns autosave off, leaving
	// Save and Close.
	Interval time.Duration
	// Report receives the errors of autosaves, which have no caller to
	// return them to. Nil: they are dropped (Save and Close still return
	// theirs).
	Report func(error)
	// Generator is the world.GeneratorVersion to record (default the
	// current one).
	Generator int
}

// RetryInterval is how soon a failed save is tried again, however long
// (or off) the autosave interval is: a full disk or a network folder that
// went away often comes back, and the edits are in memory only until then.
const RetryInterval = 5 * time.Second

// Saver saves a world: the edited chunks and the world file, every
// Interval on its own goroutine, on demand with Save, and a last time on
// Close. After a failed save it tries again every RetryInterval until one
// succeeds, reporting each failure. Saving never stops the game: the chunk data it writes is a
// copy-on-write snapshot taken under the world's lock in microseconds
// (World.Dirty), so edits made during a save go to new arrays and are
// picked up by the next save.
type Saver struct {
	w     *world.World
	store *Store
	cfg   SaverConfig

	mu        sync.Mutex // serialises saves
	pmu       sync.Mutex
	player    Player
	timeOfDay *float64

	failed bool // the last save failed; guarded by mu

	stop     chan struct{}
	done     chan struct{}
	closeErr error
	once     sync.Once
}

// NewSaver starts autosaving w into store.
func NewSaver(w *world.World, store *Store, cfg SaverConfig) *Saver {
	if cfg.Interval < 0 {
		cfg.Interval = 0
	}
	if cfg.Generator == 0 {
		cfg.Generator = world.GeneratorVersion
	}
	s := &Saver{w: w, store: store, cfg: cfg, stop: make(chan struct{}), done: make(chan struct{})}
	go s.loop()
	return s
}

// SetPlayer records the player state that the next save writes. It is
// cheap; call it every frame or so, from any goroutine.
func (s *Saver) SetPlayer(p Player) {
	s.pmu.Lock()
	s.player = p
	s.pmu.Unlock()
}

// SetTimeOfDay records the world's clock (a fraction of a day, 0 to 1)
// that the next save writes. Like SetPlayer it is cheap and safe from any
// goroutine.
func (s *Saver) SetTimeOfDay(t float64) {
	s.pmu.Lock()
	if s.timeOfDay == nil {
		s.timeOfDay = new(float64)
	}
	*s.timeOfDay = t
	s.pmu.Unlock()
}

func (s *Saver) loop() {
	defer close(s.done)
	for {
		var wake <-chan time.Time // nil: wait for stop only
		var t *time.Timer
		if d := s.delay(); d > 0 {
			t = time.NewTimer(d)
			wake = t.C
		}
		select {
		case <-wake:
			if err := s.Save(); err != nil && s.cfg.Report != nil {
				s.cfg.Report(fmt.Errorf("autosave: %w", err))
			}
		case <-s.stop:
			if t != nil {
				t.Stop()
			}
			return
		}
	}
}

// delay is how long the loop waits before the next save: the interval, or
// RetryInterval after a failure if that is sooner; 0 means no save is due
// (autosave is off and nothing failed).
func (s *Saver) delay() time.Duration {
	s.mu.Lock()
	failed := s.failed
	s.mu.Unlock()
	d := s.cfg.Interval
	if failed && (d == 0 || d > RetryInterval) {
		d = RetryInterval
	}
	return d
}

// Save saves now and waits for it: every chunk with unsaved edits, then
// the world file. Chunks of regions that failed stay dirty for the next
// try; the error says how many chunks' edits are still unsaved.
func (s *Saver) Save() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	snaps := s.w.Dirty(nil)
	saved, cerr := s.store.SaveChunks(snaps)
	s.w.MarkSaved(saved)
	s.pmu.Lock()
	info := NewWorldInfo(s.w.Seed(), s.cfg.Generator)
	info.Player = s.player
	if s.timeOfDay != nil {
		t := *s.timeOfDay
		info.TimeOfDay = &t
	}
	s.pmu.Unlock()
	werr := s.store.SaveWorld(info)
	if cerr != nil {
		cerr = fmt.Errorf("edits of %d chunks are not saved: %w", len(snaps)-len(saved), cerr)
	}
	err := errors.Join(cerr, werr)
	s.failed = err != nil
	return err
}

// Close stops autosaving and saves a last time (call it after the
// Streamer's Close, so that chunks its workers were loading are in the
// world). It returns that save's error, which says how many chunks' edits
// are lost with it; later calls return the same.
func (s *Saver) Close() error {
	s.once.Do(func() {
		close(s.stop)
		<-s.done
		if err := s.Save(); err != nil {
			s.closeErr = fmt.Errorf("quitting without saving everything: %w", err)
		}
	})
	return s.closeErr
}
