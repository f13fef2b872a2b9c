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
	// Interval between autosaves (default 30 s).
	Interval time.Duration
	// Report receives the errors of autosaves, which have no caller to
	// return them to. Nil: they are dropped (Save and Close still return
	// theirs).
	Report func(error)
	// Generator is the world.GeneratorVersion to record (default the
	// current one).
	Generator int
}

// Saver saves a world: the edited chunks and the world file, every
// Interval on its own goroutine, on demand with Save, and a last time on
// Close. Saving never stops the game: the chunk data it writes is a
// copy-on-write snapshot taken under the world's lock in microseconds
// (World.Dirty), so edits made during a save go to new arrays and are
// picked up by the next save.
type Saver struct {
	w     *world.World
	store *Store
	cfg   SaverConfig

	mu     sync.Mutex // serialises saves
	pmu    sync.Mutex
	player Player

	stop     chan struct{}
	done     chan struct{}
	closeErr error
	once     sync.Once
}

// NewSaver starts autosaving w into store.
func NewSaver(w *world.World, store *Store, cfg SaverConfig) *Saver {
	if cfg.Interval <= 0 {
		cfg.Interval = 30 * time.Second
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

func (s *Saver) loop() {
	defer close(s.done)
	t := time.NewTicker(s.cfg.Interval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if err := s.Save(); err != nil && s.cfg.Report != nil {
				s.cfg.Report(fmt.Errorf("autosave: %w", err))
			}
		case <-s.stop:
			return
		}
	}
}

// Save saves now and waits for it: every chunk with unsaved edits, then
// the world file. Chunks of regions that failed stay dirty for the next
// try.
func (s *Saver) Save() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	snaps := s.w.Dirty(nil)
	saved, cerr := s.store.SaveChunks(snaps)
	s.w.MarkSaved(saved)
	s.pmu.Lock()
	info := NewWorldInfo(s.w.Seed(), s.cfg.Generator)
	info.Player = s.player
	s.pmu.Unlock()
	werr := s.store.SaveWorld(info)
	return errors.Join(cerr, werr)
}

// Close stops autosaving and saves a last time (call it after the
// Streamer's Close, so that chunks its workers were loading are in the
// world). It returns that save's error; later calls return the same.
func (s *Saver) Close() error {
	s.once.Do(func() {
		close(s.stop)
		<-s.done
		s.closeErr = s.Save()
	})
	return s.closeErr
}
