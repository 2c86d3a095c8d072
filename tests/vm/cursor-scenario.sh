#!/bin/bash
# cursor-scenario.sh KNOB_PANEL LAYOUT OUT: runs inside the VM (vm.py run --mouse). Starts the
# panel, moves the relative mouse (QMP input-send-event "rel" axes: 10 steps of +20,+12),
# screendumps (cursor-shown.ppm), waits 3.6 s without motion (the cursor hides after 3 s),
# screendumps (cursor-hidden.ppm), moves again, then a tablet (absolute, stands in for touch)
# motion hides it at once, and SIGTERM. The panel's exit line counts shows and hides; stderr
# says whether the driver has a cursor plane.
set -u
bin=$1 layout=$2 out=$3
here=$(dirname "$0")
exec {tick}<> <(:)
nap() { read -r -t "$1" -u $tick; }
note() { local up; read -r up _ < /proc/uptime; echo "$up $*" >> "$out/scenario.log"; }
shot() { "$here/guest-qmp.sh" "$1" "{\"execute\":\"screendump\",\"arguments\":{\"filename\":\"$out/$1.ppm\"}}"; }
rel() { echo "{\"execute\":\"input-send-event\",\"arguments\":{\"events\":[{\"type\":\"rel\",\"data\":{\"axis\":\"x\",\"value\":$1}},{\"type\":\"rel\",\"data\":{\"axis\":\"y\",\"value\":$2}}]}}"; }
rm -f "$out"/{ready,scenario.log,cursor-*.ppm}
fifo=/tmp/knob-cursor.$$
mkfifo "$fifo"
"$bin" run "$layout" --exit-after 60 --ready-file "$out/ready" < "$fifo" > "$out/panel-stdout.log" 2> "$out/panel-stderr.log" &
pid=$!
exec 3> "$fifo"
for ((i = 0; i < 3000; i++)); do [ -e "$out/ready" ] && break; nap 0.01; done
note ready
moves=(); for i in $(seq 10); do moves+=("$(rel 20 12)" '{"sleep":0.03}'); done
"$here/guest-qmp.sh" mouse "${moves[@]}" && note "mouse moved"
nap 0.3
shot cursor-shown && note "shown screendump"
nap 3.6
shot cursor-hidden && note "hidden screendump"
"$here/guest-qmp.sh" mouse2 "$(rel 5 5)" && note "mouse moved again"
nap 0.3
"$here/guest-qmp.sh" tablet '{"execute":"input-send-event","arguments":{"events":[{"type":"abs","data":{"axis":"x","value":16000}},{"type":"abs","data":{"axis":"y","value":16000}}]}}' && note "tablet moved"
nap 0.3
kill -TERM $pid; wait $pid; echo $? > "$out/panel.rc"
exec 3>&-
rm -f "$fifo"
note "exited"
