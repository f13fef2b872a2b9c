#!/usr/bin/env bash
# Runs every decoder's fuzz target for a while each: `make test` gives each
# a fixed number of inputs (FUZZTIME=50000x, a few seconds), `make fuzz` a
# duration (FUZZLONG=10m by default). Their seed corpora also run as
# ordinary tests in `go test ./...`.
#
#   scripts/fuzz.sh 30s            every target for 30 s
#   scripts/fuzz.sh 200000x        every target for 200,000 inputs
#   scripts/fuzz.sh 5m FuzzParse   one target
#
# A duration can end in a bare "context deadline exceeded" failure with no
# failing input: Go 1.26's fuzz coordinator races its own deadline on a busy
# machine (go.dev/issue/75804, fixed in Go 1.27). That is why `make test`
# counts inputs instead, and why a duration run that ends so, and wrote no
# input under testdata/fuzz, is reported and not failed.
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
# count_inputs prints how many inputs a target's testdata/fuzz folder holds.
count_inputs() {
	if [[ -d $1 ]]; then find "$1" -type f | wc -l; else echo 0; fi
}

for t in "${targets[@]}"; do
	pkg=${t%%:*}
	name=${t##*:}
	if [[ -n $only && $name != "$only" ]]; then
		continue
	fi
	echo "fuzz $pkg $name for $time"
	corpus="$pkg/testdata/fuzz/$name"
	before=$(count_inputs "$corpus")
	log=$(mktemp)
	if $GO test "$pkg" -run '^$' -fuzz "^${name}\$" -fuzztime "$time" 2>&1 | tee "$log"; then
		rm -f "$log"
		continue
	fi
	after=$(count_inputs "$corpus")
	if [[ $after == "$before" ]] && grep -q '^    context deadline exceeded$' "$log"; then
		echo "fuzz $name: stopped by the fuzz coordinator's deadline race, no failing input written; not a failure"
		rm -f "$log"
		continue
	fi
	rm -f "$log"
	exit 1
done
