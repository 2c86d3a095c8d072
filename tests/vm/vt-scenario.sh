#!/bin/bash
# vt-scenario.sh KNOB_PANEL LAYOUT OUT [root|user] [DRAG]: VT switching (issue 12), inside the VM.
# The panel runs on tty1 as its controlling terminal (as under systemd's TTYPath=) -- with
# `user`, as an unprivileged user in the video and input groups, devices group-owned as
# udev rules make them (guest-user.sh). The scenario screendumps the panel (panel.ppm), types
# keys (they must not reach tty1: K_OFF), switches to tty2 with busybox chvt (away.ppm: the
# tty2 console), types again (tty2 gets them, the panel must not), switches back (back.ppm:
# the panel), plays the tablet drag (the knob must turn: events after the return), sends
# SIGTERM and screendumps the restored console (console.ppm); tty1's text goes to vcs1.txt.
# Leaves panel-stdout.log, panel-stderr.log, panel.rc, flips.jsonl, scenario.log for vt-check.py.
set -u
bin=$1 layout=$2 out=$3 who=${4:-root} drag=${5:-}
here=$(dirname "$0")
note() { local up; read -r up _ < /proc/uptime; echo "$up $*" >> "$out/scenario.log"; }
shot() { "$here/guest-qmp.sh" "$1" "{\"execute\":\"screendump\",\"arguments\":{\"filename\":\"$out/$1.ppm\"}}"; }
keys() {   # QMP key presses on the guest's PS/2 keyboard
    local cmds=() k
    for k in "$@"; do
        for down in true false; do
            cmds+=("{\"execute\":\"input-send-event\",\"arguments\":{\"events\":[{\"type\":\"key\",\"data\":{\"down\":$down,\"key\":{\"type\":\"qcode\",\"data\":\"$k\"}}}]}}")
        done
    done
    "$here/guest-qmp.sh" keys "${cmds[@]}"
}
nap() { read -r -t "$1" -u $tick; }
wait_for() {   # wait_for FILE PATTERN SECONDS: until a line of FILE matches
    local i lines
    for ((i = 0; i < $3 * 100; i++)); do
        mapfile -t lines < "$1"
        [[ ${lines[*]} == *$2* ]] && return 0
        kill -0 $pid 2> /dev/null || return 1
        nap 0.01
    done
    return 1
}
exec {tick}<> <(:)   # an empty pipe: `read -t S -u $tick` sleeps without a fork

rm -f "$out"/{flips.jsonl,*.ppm,panel.rc,panel-stdout.log,panel-stderr.log,scenario.log,vcs1.txt,ready}
printf '\033[37;44m\033[2J\033[H knob-panel VT test: this is tty1\n' > /dev/tty1
printf '\033[30;42m\033[2J\033[H knob-panel VT test: this is tty2, the console shown while the panel is away\n' > /dev/tty2
bb=/bin/busybox
$bb chvt 1

run_as=()
runtime=$out
if [ "$who" = user ]; then
    . "$here/guest-user.sh"   # devices and tty1 handed over; KNOB_USER, KNOB_UID, runtime, run_as
fi
fifo=/tmp/knob-panel-stdin.$$
mkfifo -m 666 "$fifo"
note "start $bin run $layout as $who"
# setsid: a new session without a terminal; opening tty1 then makes it the controlling terminal.
"${run_as[@]}" setsid bash -c 'exec 9<> /dev/tty1 && exec "$@"' vt "$bin" run "$layout" --exit-after 120 \
    --ready-file "$runtime/ready" --flip-log "$runtime/flips.jsonl" \
    < "$fifo" > "$out/panel-stdout.log" 2> "$out/panel-stderr.log" &
pid=$!
exec 3> "$fifo"
nap 0.2

for ((i = 0; i < 3000; i++)); do
    [ -e "$runtime/ready" ] || ! kill -0 $pid 2> /dev/null && break
    nap 0.01
done
# Read the ids once the panel is ready: earlier, under a loaded host, $pid can still be setpriv
# before it has changed user (one CI run read uid 0 at 0.2 s).
ids=
while read -r key rest; do [[ $key == Uid: || $key == Groups: ]] && ids+="$key $rest "; done < /proc/$pid/status
note "panel process $ids"
if [ -e "$runtime/ready" ]; then
    note "ready"
    shot panel && note "panel screendump taken"
    keys q q q q q && note "keys typed on tty1 (must not reach the console)"
    note "chvt 2"
    $bb chvt 2 && note "chvt 2 returned"
    nap 0.5
    shot away && note "away screendump taken"
    keys w w w w w && note "keys typed on tty2"
    note "chvt 1"
    $bb chvt 1 && note "chvt 1 returned"
    if wait_for "$out/panel-stderr.log" "back on" 5; then note "panel back"; else note "no 'back on' note from the panel"; fi
    nap 0.3
    shot back && note "back screendump taken"
    if [ -n "$drag" ]; then
        mapfile -t drag_cmds < "$drag"
        "$here/guest-qmp.sh" drag "${drag_cmds[@]}" && note "drag played"
        if wait_for "$out/panel-stdout.log" '"event":"trackingEnded"' 2; then note "trackingEnded seen"; else note "no trackingEnded after the drag"; fi
        nap 0.5
        shot turned && note "turned screendump taken"
    fi
else
    note "no ready file (process $(kill -0 $pid 2> /dev/null && echo running || echo exited))"
fi
note "SIGTERM"
kill -TERM $pid 2> /dev/null
(nap 20; kill -KILL $pid 2> /dev/null && note "still running 20 s after SIGTERM: killed") &
watchdog=$!
wait $pid
rc=$?
note "exited rc=$rc"
kill $watchdog 2> /dev/null
exec 3>&-
echo $rc > "$out/panel.rc"
[ "$runtime" = "$out" ] || cp "$runtime"/flips.jsonl "$runtime"/ready "$out"/ 2> /dev/null
nap 0.3   # let fbcon repaint the console
shot console && note "console screendump taken"
cat /dev/vcs1 > "$out/vcs1.txt"
rm -f "$fifo"
