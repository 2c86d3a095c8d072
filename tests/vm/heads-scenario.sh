#!/bin/bash
# heads-scenario.sh KNOB_PANEL OUT LAYOUT_A LAYOUT_B WxH DRAG_QMP: two screens on one card
# (virtio-gpu max_outputs=2: vm.py run --heads 2). The host first connects head 1 (Virtual-2)
# at WxH through its VNC server (QEMU 7.2 leaves a second head disconnected with -display
# none); head 0 (Virtual-1) has vm.py's --res. Then one panel process per phase, the tablet
# mapped to Virtual-2 (--touch-output 'QEMU Virtio Tablet=Virtual-2') in both:
#   all    run LAYOUT_B --output all: both heads show LAYOUT_B, each at its own mode
#          (screendumps all-1.ppm, all-2.ppm); the host plays DRAG_QMP (drag.py's tablet drag
#          for head 1's size) on the mirror, which turns the knob on both (all-turned-1, -2);
#   named  run LAYOUT_A --output Virtual-1=LAYOUT_A --output Virtual-2=LAYOUT_B: each head its
#          own panel (named-1, named-2); the same drag must turn LAYOUT_B's knob on Virtual-2
#          and leave Virtual-1 as it was (named-turned-1, named-turned-2);
#   late   head 1 unplugged (VNC 0x0), the named run started, head 1 plugged in again at WxH:
#          the tablet named for it then drives its panel (late-2, late-turned-2).
# Screendump N is head N-1. heads-check.py judges. Waits use bash builtins only (see
# panel-scenario.sh).
set -u
bin=$1 out=$2 layout_a=$3 layout_b=$4 size2=$5 drag=$6
here=$(dirname "$0")
tablet="QEMU Virtio Tablet"
note() { local up; read -r up _ < /proc/uptime; echo "$up $*" >> "$out/scenario.log"; }
nap() { read -r -t "$1" -u $tick; }
# shot NAME HEAD: QMP screendump of one head of the virtio-gpu (id gpu0).
shot() {
    "$here/guest-qmp.sh" "$1" "{\"execute\":\"screendump\",\"arguments\":{\"filename\":\"$out/$1.ppm\",\"device\":\"gpu0\",\"head\":$2}}" \
        && note "$1.ppm taken (head $2)"
}
# Waits (up to 30 s) until the flip log $1 names both outputs; 1 when the panel ($pid) ended.
await_both() {
    local line one two
    for ((i = 0; i < 3000; i++)); do
        one= two=
        if [ -e "$1" ]; then
            while read -r line; do
                [[ $line == *'"output":"Virtual-1"'* ]] && one=1
                [[ $line == *'"output":"Virtual-2"'* ]] && two=1
            done < "$1"
        fi
        [ -n "$one" ] && [ -n "$two" ] && return 0
        kill -0 $pid 2> /dev/null || return 1
        nap 0.01
    done
    return 1
}
# drag PHASE: the host plays the tablet drag; waits for trackingEnded on the phase's stdout,
# then 0.5 s for the last frames, and screendumps both heads (PHASE-turned-1, PHASE-turned-2).
drag() {
    local ended= events
    mapfile -t drag_cmds < "$drag"
    if "$here/guest-qmp.sh" drag "${drag_cmds[@]}"; then
        note "$1: drag played (${#drag_cmds[@]} QMP lines)"
        for ((i = 0; i < 500; i++)); do
            mapfile -t events < "$out/$1-stdout.log"
            [[ ${events[*]} == *'"event":"trackingEnded"'* ]] && { ended=1; break; }
            nap 0.01
        done
        [ -n "$ended" ] && note "$1: trackingEnded seen" || note "$1: no trackingEnded on stdout after the drag"
        nap 0.5
    else
        note "$1: drag failed"
    fi
    shot "$1-turned-1" 0
    shot "$1-turned-2" 1
}
# await_status STATE: until Virtual-2's connector says STATE (10 s at the most), then a note.
await_status() {
    local f
    status=
    for ((i = 0; i < 1000; i++)); do
        for f in /sys/class/drm/card*-Virtual-2/status; do [ -e "$f" ] && read -r status < "$f"; done
        [ "$status" = "$1" ] && break
        nap 0.01
    done
    note "Virtual-2 $status"
}
stop() {
    kill -TERM $pid
    wait $pid
    echo $? > "$out/$1.rc"
    note "$1 exited rc=$(cat "$out/$1.rc")"
}

rm -f "$out"/{scenario.log,*.ppm,*.rc,*-stdout.log,*-stderr.log,*-flips.jsonl}
exec {tick}<> <(:)

# Head 1 (Virtual-2) comes up at size2 once a VNC client asks for it (a hotplug in the guest).
IFS=x read -r w2 h2 <<< "$size2"
"$here/guest-qmp.sh" head2 "{\"vnc_size\":[1,$w2,$h2]}" && note "asked for head 1 at ${w2}x$h2"
await_status connected

# Phase all: one panel on every connected connector; touch on the mirror drives the primary.
"$bin" run "$layout_b" --output all --touch-output "$tablet=Virtual-2" --exit-after 60 --flip-log "$out/all-flips.jsonl" \
    < /dev/null > "$out/all-stdout.log" 2> "$out/all-stderr.log" &
pid=$!
if await_both "$out/all-flips.jsonl"; then
    note "all: both outputs flipped"
    nap 0.3
    shot all-1 0
    shot all-2 1
    drag all
else
    note "all: not both outputs flipped"
fi
stop all

# Phase named: a panel per connector, the tablet on the second one.
fifo=/tmp/knob-panel-stdin.$$
mkfifo "$fifo"
"$bin" run "$layout_a" --output "Virtual-1=$layout_a" --output "Virtual-2=$layout_b" \
    --touch-output "$tablet=Virtual-2" --exit-after 60 --flip-log "$out/named-flips.jsonl" \
    < "$fifo" > "$out/named-stdout.log" 2> "$out/named-stderr.log" &
pid=$!
exec 3> "$fifo"
if await_both "$out/named-flips.jsonl"; then
    note "named: both outputs flipped"
    nap 0.3
    shot named-1 0
    shot named-2 1
    drag named
else
    note "named: not both outputs flipped"
fi
stop named

# Phase late: Virtual-2 has no display when the panel starts; it comes up later (hotplug).
"$here/guest-qmp.sh" unplug '{"vnc_size":[1,0,0]}' && note "asked for head 1 at 0x0 (unplug)"
await_status disconnected
"$bin" run "$layout_a" --output "Virtual-1=$layout_a" --output "Virtual-2=$layout_b" \
    --touch-output "$tablet=Virtual-2" --exit-after 60 --flip-log "$out/late-flips.jsonl" \
    < "$fifo" > "$out/late-stdout.log" 2> "$out/late-stderr.log" &
pid=$!
for ((i = 0; i < 3000; i++)); do
    [ -s "$out/late-flips.jsonl" ] || ! kill -0 $pid 2> /dev/null && break
    nap 0.01
done
note "late: first flip"
"$here/guest-qmp.sh" replug "{\"vnc_size\":[1,$w2,$h2]}" && note "asked for head 1 at ${w2}x$h2 (replug)"
if await_both "$out/late-flips.jsonl"; then
    note "late: Virtual-2 flipped"
    nap 0.3
    shot late-2 1
    drag late
else
    note "late: Virtual-2 did not flip"
fi
stop late
exec 3>&-
rm -f "$fifo"
