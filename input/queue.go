package input

import (
	"sync"

	"github.com/sleakgo/sleak/ecs"
)

type eventKind uint8

const (
	evKey eventKind = iota
	evButton
	evCursor
	evScroll
	evText
)

// event is one queued window event; the fields used depend on kind.
type event struct {
	kind   eventKind
	down   bool
	key    ecs.Key
	button ecs.MouseButton
	x, y   float32 // cursor position or scroll offsets
	r      rune
}

// maxQueued bounds the events kept between two steps. Cursor motion is
// merged as it arrives, so only a flood of keys, clicks or text can reach
// it; events past it are dropped rather than grow memory without limit.
const maxQueued = 4096

// Queue holds window events between steps, in the order they happened.
// Pushes may come from the thread that polls the window while the game
// goroutine waits for that poll to end; the lock keeps the two apart all
// the same. Its storage is reused, so a steady stream allocates nothing.
type Queue struct {
	mu     sync.Mutex
	events []event
	// Dropped counts events refused because the queue was full.
	Dropped int
}

func (q *Queue) push(e event) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if e.kind == evCursor {
		// Only the last position of a run of motion matters: the replay
		// turns positions into deltas, which add up the same.
		if n := len(q.events); n > 0 && q.events[n-1].kind == evCursor {
			q.events[n-1] = e
			return
		}
	}
	if len(q.events) >= maxQueued {
		q.Dropped++
		return
	}
	q.events = append(q.events, e)
}

// Key queues a key going down or up.
func (q *Queue) Key(k ecs.Key, down bool) { q.push(event{kind: evKey, key: k, down: down}) }

// Button queues a mouse button going down or up.
func (q *Queue) Button(b ecs.MouseButton, down bool) {
	q.push(event{kind: evButton, button: b, down: down})
}

// Cursor queues the cursor's new position in window pixels.
func (q *Queue) Cursor(x, y float32) { q.push(event{kind: evCursor, x: x, y: y}) }

// Scroll queues wheel motion: dy vertical (positive away from the user), dx
// horizontal.
func (q *Queue) Scroll(dx, dy float32) { q.push(event{kind: evScroll, x: dx, y: dy}) }

// Text queues one typed character.
func (q *Queue) Text(r rune) { q.push(event{kind: evText, r: r}) }

// Flush replays the queued events into in, in order, and empties the queue.
// Call in.BeginStep first: Flush only adds to what the step has seen.
func (q *Queue) Flush(in *ecs.Input) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for i := range q.events {
		e := &q.events[i]
		switch e.kind {
		case evKey:
			in.SetKey(e.key, e.down)
		case evButton:
			in.SetMouse(e.button, e.down)
		case evCursor:
			in.MoveCursor(e.x, e.y)
		case evScroll:
			in.ScrollX += e.x
			in.Scroll += e.y
		case evText:
			in.AddText(e.r)
		}
	}
	q.events = q.events[:0]
}

// Len returns the number of queued events.
func (q *Queue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.events)
}
