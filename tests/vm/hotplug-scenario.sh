#!/bin/bash
# hotplug-scenario.sh KNOB_PANEL LAYOUT OUT: display hotplug in the VM (virtio-gpu with a VNC
# server on its head: vm.py run --vnc). The panel runs; the host resizes the head to 1280x800
# through VNC SetDesktopSize (virtio-gpu tells the guest, whose kernel sends a drm HOTPLUG
# uevent), then to 0x0 (the connector is reported disconnected), an animated `set` is sent
# while it is away, then it comes back at 1024x768. Screendumps: hp-initial, hp-resized,
# hp-back. hotplug-check.py judges. Waits use bash builtins only (see panel-scenario.sh).
set -u
bin=$1 layout=$2 out=$3
here=$(dirname "$0")
note() { local up; read -r up _ < /proc/uptime; echo "$up $*" >> "$out/scenario.log"; }
shot() { "$here/guest-qmp.sh" "$1" "{\"execute\":\"screendump\",\"arguments\":{\"filename\":\"$out/$1.ppm\"}}"; }
nap() { read -r -t "$1" -u $tick; }
flips() { local n=0; while read -r _; do n=$((n + 1)); done < "$out/flips.jsonl"; echo $n; }
# Waits (up to 10 s) until ${2:-1} lines on the panel's stderr contain $1.
await() {
    local want=${2:-1} n line
    for ((i = 0; i < 1000; i++)); do
        mapfile -t lines < "$out/panel-stderr.log"
        n=0
        for line in "${lines[@]}"; do [[ $line == *"$1"* ]] && n=$((n + 1)); done
        [ $n -ge $want ] && return 0
        kill -0 $pid 2> /dev/null || return 1
        nap 0.01
    done
    return 1
}

rm -f "$out"/{ready,flips.jsonl,hp-*.ppm,panel.rc,panel-stdout.log,panel-stderr.log,scenario.log}
fifo=/tmp/knob-panel-stdin.$$
mkfifo "$fifo"
exec {tick}<> <(:)
"$bin" run "$layout" --exit-after 60 --ready-file "$out/ready" --flip-log "$out/flips.jsonl" \
    < "$fifo" > "$out/panel-stdout.log" 2> "$out/panel-stderr.log" &
pid=$!
exec 3> "$fifo"
for ((i = 0; i < 3000; i++)); do
    [ -e "$out/ready" ] || ! kill -0 $pid 2> /dev/null && break
    nap 0.01
done
[ -e "$out/ready" ] || { note "no ready file"; kill $pid; exit 1; }
note "ready"
shot hp-initial && note "initial screendump taken"

"$here/guest-qmp.sh" resize '{"vnc_size":[0,1280,800]}' && note "asked for 1280x800"
await "changed to 1280x800" && note "panel relaid out" || note "no relayout note"
await "first flip" && note "flipped after the hotplug" || note "no flip after the hotplug"
nap 0.5
shot hp-resized && note "resized screendump taken"

"$here/guest-qmp.sh" unplug '{"vnc_size":[0,0,0]}' && note "asked for 0x0 (unplug)"
await "disconnected" && note "panel saw the disconnect" || note "no disconnect note"
nap 0.3
note "flips while away start $(flips)"
echo '{"command":"set","widget":"volume","position":270,"animated":true}' >&3 && note "command sent"
nap 1.5
note "flips while away end $(flips)"

"$here/guest-qmp.sh" replug '{"vnc_size":[0,1024,768]}' && note "asked for 1024x768 (replug)"
await "connected: 1024x768" && note "panel saw the display come back" || note "no reconnect note"
await "first flip" 2 && note "flipped after the replug" || note "no flip after the replug"
nap 0.5
shot hp-back && note "back screendump taken"

kill -TERM $pid
wait $pid
echo $? > "$out/panel.rc"
exec 3>&-
note "exited rc=$(cat "$out/panel.rc")"
rm -f "$fifo"
