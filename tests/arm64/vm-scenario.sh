#!/bin/bash
# vm-scenario.sh KNOB_PANEL LAYOUT OUT EXIT_AFTER DRAG: runs inside the arm64 VM (vm.py --arch
# arm64): tests/vm/panel-scenario.sh as the x86 VM steps run it (the panel, the tablet drag,
# the screendumps), then bench-console's peak RSS on the guest's own kernel (OUT/bench.json).
here=$(dirname "$0")
"$here/../vm/panel-scenario.sh" "$@"
rc=$?
"$1" bench panels/bench-console.json --size 1280x800 --frames 20 --json > "$3/bench.json" 2> "$3/bench-stderr.log"
exit $rc
