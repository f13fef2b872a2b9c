# Sleak: `make run` starts the demo, `make test` runs every test.
# Both install the Debian packages they need first (scripts/deps.sh is
# idempotent and quiet when everything is there).

GO      ?= go
ARGS    ?=
TESTFLAGS ?= -timeout 40m
# Every package runs a second time under the race detector, the GPU ones
# included (their drivers run threads of their own).
RACEPKGS ?= ./...

# Fuzzing: each decoder's target runs FUZZTIME in `make test` and FUZZLONG
# in `make fuzz` (FUZZLONG=1h make fuzz for a night). `make test` counts
# inputs rather than seconds: see scripts/fuzz.sh for why.
FUZZTIME ?= 50000x
FUZZLONG ?= 10m

.PHONY: run test deps vet bench fuzz shaders check-shaders

deps:
	@bash scripts/deps.sh

# The demo opens a window when a display is available; without one it
# renders headless and writes out/screenshot.png.
run: deps
	@bash scripts/run.sh $(ARGS)

# Every test, including those that need Vulkan (lavapipe), OpenGL (llvmpipe
# under Xvfb), the shader tools, and the Direct3D backends (a Windows build
# run under Wine): SLEAK_REQUIRE_DRIVERS=1 turns their "no driver" skips into
# failures. Every benchmark also runs once, so that one that no longer runs
# fails here rather than in the next measurement.
test: deps vet
	SLEAK_REQUIRE_DRIVERS=1 xvfb-run -a -s "-screen 0 1280x1024x24" $(GO) test $(TESTFLAGS) ./...
	SLEAK_REQUIRE_DRIVERS=1 xvfb-run -a -s "-screen 0 1280x1024x24" $(GO) test -race $(TESTFLAGS) $(RACEPKGS)
	SLEAK_REQUIRE_DRIVERS=1 xvfb-run -a -s "-screen 0 1280x1024x24" $(GO) test -run '^$$' -bench . -benchtime 1x $(TESTFLAGS) ./...
	GO=$(GO) bash scripts/fuzz.sh $(FUZZTIME)
	SLEAK_REQUIRE_DRIVERS=1 bash scripts/test-windows.sh

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt: files above need formatting"; exit 1; }
	$(GO) vet ./...

fuzz:
	GO=$(GO) bash scripts/fuzz.sh $(FUZZLONG)

bench: deps
	xvfb-run -a $(GO) test -run '^$$' -bench . -benchtime 3x ./...

shaders: deps
	$(GO) run ./cmd/sleak shaders compile

check-shaders: deps
	$(GO) run ./cmd/sleak shaders check
