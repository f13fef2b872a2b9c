package vulkan

import "github.com/sleakgo/sleak/backends"

// ErrNoDriver is wrapped by New's error when the machine cannot run Vulkan
// at all (no loader, no driver, no usable device), as opposed to a failure
// of the backend itself. A backend chooser tries the next backend on it.
var ErrNoDriver = backends.NoDriver("no Vulkan driver")
