#!/bin/bash
# appliance-scenario.sh KNOB_PANEL LAYOUT OUT PHASE: runs inside the VM (via vm.py), in the repo root.
# The appliance on the real display path: `run --ipc --state` on the KMS device.
#   PHASE set:    waits for the first flip (boot-to-first-frame = /proc/uptime then), sends
#                 10 `set` requests over the control socket with `knob-panel ctl`, 0.3 s apart
#                 (the panel's events and flip log give request-to-flip latency), waits for
#                 the debounced save, then the VM powers off without stopping the panel
#                 (a power cut, as far as the panel knows).
#   PHASE verify: the second boot: asks the restarted panel for the volume over the socket.
# OUT/state.json lives in the shared output folder, so it survives the "reboot".
set -u
bin=$1 layout=$2 out=$3 phase=$4
note() { local up; read -r up _ < /proc/uptime; echo "$up $*" >> "$out/appliance-$phase.log"; }
nap() { read -r -t "$1" -u $tick; }
exec {tick}<> <(:)
sock=/run/knob-panel.sock
rm -f "$out/ready-$phase" "$out/appliance-$phase.log"
note "start"
"$bin" run "$layout" --ipc $sock --state "$out/state.json" --exit-after 60 --ready-file "$out/ready-$phase" \
    --flip-log "$out/flips-$phase.jsonl" < /dev/null > "$out/events-$phase.jsonl" 2> "$out/stderr-$phase.log" &
pid=$!
for ((i = 0; i < 3000; i++)); do
    [ -e "$out/ready-$phase" ] || ! kill -0 $pid 2> /dev/null && break
    nap 0.01
done
[ -e "$out/ready-$phase" ] && note "first-frame" || { note "no first frame"; exit 1; }
for ((i = 0; i < 100; i++)); do [ -S $sock ] && break; nap 0.01; done
if [ "$phase" = set ]; then
    for v in 11 22 33 44 55 66 77 88 99 42; do
        "$bin" ctl $sock "{\"command\":\"set\",\"widget\":\"volume\",\"value\":$v}" >> "$out/replies-$phase.jsonl" 2>&1
        nap 0.3
    done
    nap 1   # the debounced save (250 ms) is long done; then power off with the panel running
    note "sets done"
    cp "$out/state.json" "$out/state-before-poweroff.json" 2>/dev/null
else
    "$bin" ctl $sock '{"command":"get","widget":"volume"}' > "$out/replies-$phase.jsonl" 2>&1
    note "get done"
    kill $pid; wait $pid
fi
