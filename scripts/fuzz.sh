#!/usr/bin/env bash
# Runs every decoder's fuzz target for a while each: `make test` gives each
# a few seconds (FUZZTIME=3s), `make fuzz` longer (FUZZTIME=10m by default).
# Their seed corpora also run as ordinary tests in `go test ./...`.
#
#   scripts/fuzz.sh 30s            every target for 30 s
#   scripts/fuzz.sh 5m FuzzParse   one target
set -euo pipefail
cd "$(dirname "$0")/.."
time=${1:-3s}
only=${2:-}
GO=${GO:-go}

# package:target, one per decoder of files the engine reads.
targets=(
	./config:FuzzParse
	./config:FuzzParseDepth
	./internal/tomlpos:FuzzScan
	./voxel/save:FuzzDecodeRegion
	./voxel/save:FuzzDecodeWorld
	./scene:FuzzDecodePNG
	./shadertool:FuzzReadManifest
	./backends/spirv:FuzzParse
	./model:FuzzDecode
)
for t in "${targets[@]}"; do
	pkg=${t%%:*}
	name=${t##*:}
	if [[ -n $only && $name != "$only" ]]; then
		continue
	fi
	echo "fuzz $pkg $name for $time"
	$GO test "$pkg" -run '^$' -fuzz "^${name}\$" -fuzztime "$time"
done
