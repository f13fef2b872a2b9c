// Package xdotool drives windows on an X display for the tests that play a
// game in a real window (under Xvfb): it finds a window by its title and
// focuses it with the xdotool command, trying again where xdotool fails
// for reasons of timing rather than of the game.
package xdotool

import (
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strings"
	"time"
)

// retryEvery is how long a failed search or focus waits before the next try.
const retryEvery = 200 * time.Millisecond

// Run runs xdotool with args and returns its output, or an error that
// carries the output.
func Run(ctx context.Context, args ...string) (string, error) {
	out, err := exec.CommandContext(ctx, "xdotool", args...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("xdotool %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

// FindWindow waits for a window titled exactly title and returns its ID.
// A search walks every window on the display, and one that another program
// closes meanwhile (the other tests on the same Xvfb open and close
// windows all the time) makes xdotool fail with BadWindow; the search is
// made again until ctx ends, and the last failure returned then.
func FindWindow(ctx context.Context, title string) (string, error) {
	pattern := "^" + regexp.QuoteMeta(title) + "$"
	for {
		out, err := Run(ctx, "search", "--sync", "--name", pattern)
		if err == nil {
			if ids := strings.Fields(out); len(ids) > 0 {
				return ids[0], nil
			}
			err = fmt.Errorf("xdotool search --name %s: no window", pattern)
		}
		select {
		case <-ctx.Done():
			return "", err
		case <-time.After(retryEvery):
		}
	}
}

// Focus gives window win the keyboard focus. Focusing a window the X
// server has not mapped yet fails (BadMatch), as it can under load, so it
// tries again for up to patience (and while ctx lasts).
func Focus(ctx context.Context, win string, patience time.Duration) error {
	deadline := time.Now().Add(patience)
	for {
		_, err := Run(ctx, "windowfocus", "--sync", win)
		if err == nil || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(retryEvery):
		}
	}
}
