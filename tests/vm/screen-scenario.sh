#!/bin/bash
# screen-scenario.sh KNOB_PANEL LAYOUT OUT DRAG: runs inside the VM (via vm.py), in the repo root.
# Screen power on the real display path (issue 16): the panel runs with --dim-after 4
# --off-after 6; the host screendumps it on (panel.ppm), dimmed (dim.ppm: no backlight in the
# VM, so the frame is darkened) and off (off.ppm). While off, the panel's CPU time over 10 s
# is read from /proc and the flip log must stay still. Then the host plays drag.py's tablet
# drag on the volume knob: it must wake the panel and be swallowed whole (no tracking, no
# valueChanged); woke.ppm must show the untouched panel. The same drag again must turn the
# knob (turned.ppm). Part 2 runs the panel again with --backlight on a fake sysfs directory:
# the brightness written for dim and off, and restored after SIGTERM.
# Results: OUT/screen-results.txt (key=value) for screen-check.py.
set -u
bin=$1 layout=$2 out=$3 drag=$4
here=$(dirname "$0")
res=$out/screen-results.txt
note() { local up; read -r up _ < /proc/uptime; echo "$up $*" >> "$out/scenario.log"; }
put() { echo "$1=$2" >> "$res"; }
shot() { "$here/guest-qmp.sh" "$1" "{\"execute\":\"screendump\",\"arguments\":{\"filename\":\"$out/$1.ppm\"}}"; }
exec {tick}<> <(:)   # an empty pipe: `read -t S -u $tick` sleeps without a fork
nap() { read -r -t "$1" -u $tick; }
# wait_for TEXT SECONDS: until the panel's stdout has TEXT (bash builtins only).
stdout_log=$out/panel-stdout.log
wait_for() {
    local i
    for ((i = 0; i < $2 * 100; i++)); do
        lines=()   # a log not created yet must not leave the last one's lines here
        [ -e "$stdout_log" ] && mapfile -t lines < "$stdout_log"
        [[ ${lines[*]} == *"$1"* ]] && return 0
        kill -0 $pid 2> /dev/null || return 1
        nap 0.01
    done
    return 1
}
# cpu_ticks: utime + stime of the panel (fields 14 and 15 of /proc/PID/stat, in USER_HZ ticks).
cpu_ticks() {
    local stat rest f
    read -r stat < "/proc/$pid/stat"
    rest=${stat##*) }
    read -r -a f <<< "$rest"
    echo $(( f[11] + f[12] ))
}
# cpu_ns: the panel's time on a CPU in ns (first field of /proc/PID/schedstat; finer than ticks).
cpu_ns() { local a _; read -r a _ < "/proc/$pid/schedstat"; echo "$a"; }
# wakeups: context switches of all the panel's threads (each sleep in poll() that ends is one).
wakeups() {
    local k v n=0 t
    for t in /proc/$pid/task/*/status; do
        while read -r k v; do [ "$k" = voluntary_ctxt_switches: ] || [ "$k" = nonvoluntary_ctxt_switches: ] && n=$((n + v)); done < "$t"
    done
    echo $n
}
flip_count() { mapfile -t flips < "$out/flips.jsonl"; echo ${#flips[@]}; }

rm -f "$out"/{ready,flips.jsonl,panel.ppm,dim.ppm,off.ppm,woke.ppm,turned.ppm,panel.rc,panel-stdout.log,panel-stderr.log,scenario.log} "$res"
fifo=/tmp/knob-panel-stdin.$$
mkfifo "$fifo"
note "start $bin run $layout --dim-after 4 --off-after 6"
"$bin" run "$layout" --dim-after 4 --off-after 6 --ready-file "$out/ready" --flip-log "$out/flips.jsonl" \
    < "$fifo" > "$out/panel-stdout.log" 2> "$out/panel-stderr.log" &
pid=$!
exec 3> "$fifo"
(nap 60; kill -KILL $pid 2> /dev/null) & watchdog=$!

for ((i = 0; i < 3000; i++)); do
    [ -e "$out/ready" ] || ! kill -0 $pid 2> /dev/null && break
    nap 0.01
done
if [ -e "$out/ready" ]; then
    note "ready"; shot panel && note "panel screendump taken"
    if wait_for '"state":"dim"' 10; then
        note "dim seen"; nap 0.3; shot dim && note "dim screendump taken"
    fi
    if wait_for '"state":"off"' 10; then
        note "off seen"
        nap 0.5   # a flip queued just before going off completes
        shot off && note "off screendump taken"
        f0=$(flip_count) c0=$(cpu_ticks) n0=$(cpu_ns) w0=$(wakeups)
        nap 10
        f1=$(flip_count) c1=$(cpu_ticks) n1=$(cpu_ns) w1=$(wakeups)
        put off_flips $((f1 - f0)); put off_cpu_ticks $((c1 - c0)); put off_seconds 10
        put off_cpu_ns $((n1 - n0)); put off_wakeups $((w1 - w0))
        note "off for 10 s: $((f1 - f0)) flips, $((c1 - c0)) CPU ticks, $((n1 - n0)) ns on CPU, $((w1 - w0)) context switches"
        mapfile -t before < "$out/panel-stdout.log"
        put lines_before_wake ${#before[@]}
        mapfile -t drag_cmds < "$drag"
        "$here/guest-qmp.sh" wake "${drag_cmds[@]}" && note "waking drag played"
        if wait_for '"state":"on"' 5; then
            note "on seen"
            nap 1   # the drag's release and any frame it could (wrongly) cause
            shot woke && note "woke screendump taken"
            # A slow screendump (a loaded host) can outlast --dim-after, and a dimmed panel
            # swallows the next touch as a waking one: bring it on first, over stdin.
            mapfile -t since < "$out/panel-stdout.log"
            if [[ ${since[*]:${#before[@]}} == *'"state":"dim"'* ]]; then
                echo '{"command":"screen","state":"on"}' >&3
                nap 0.3; note "dimmed again before the second drag: screen on over stdin"
            fi
            mapfile -t before < "$out/panel-stdout.log"
            put lines_before_second_drag ${#before[@]}
            "$here/guest-qmp.sh" drag "${drag_cmds[@]}" && note "second drag played"
            wait_for '"event":"trackingEnded"' 3 && { nap 0.5; shot turned && note "turned screendump taken"; }
        fi
    fi
else
    note "no ready file"
fi
kill -TERM $pid 2> /dev/null
wait $pid; rc=$?
kill $watchdog 2> /dev/null
exec 3>&-
echo $rc > "$out/panel.rc"
note "exited rc=$rc"
rm -f "$fifo"

# Part 2: a backlight (a fake sysfs directory: the panel only reads and writes its files).
# Found at 200 of 255: dim 0.3 writes 60, off 0, and SIGTERM puts 200 back.
bl=$out/backlight
mkdir -p "$bl" && echo 255 > "$bl/max_brightness" && echo 200 > "$bl/brightness" && echo raw > "$bl/type"
read_bl() { local v; read -r v < "$bl/brightness"; echo "$v"; }
note "start $bin run $layout --backlight $bl --dim-after 3 --off-after 5"
"$bin" run "$layout" --backlight "$bl" --dim-after 3 --off-after 5 --no-input --flip-log "$out/flips-backlight.jsonl" \
    < /dev/null > "$out/panel-backlight-stdout.log" 2> "$out/panel-backlight-stderr.log" &
pid=$! stdout_log=$out/panel-backlight-stdout.log
(nap 40; kill -KILL $pid 2> /dev/null) & watchdog=$!
# (nap is a read that times out: non-zero, so it cannot sit in an && chain)
wait_for '"state":"dim"' 30 && { nap 0.2; put backlight_dim "$(read_bl)"; }
wait_for '"state":"off"' 10 && { nap 0.2; put backlight_off "$(read_bl)"; }
kill -TERM $pid 2> /dev/null
wait $pid; put backlight_rc $?
kill $watchdog 2> /dev/null
put backlight_exit "$(read_bl)"
note "backlight: dim $(grep backlight_dim "$res"), off $(grep backlight_off "$res"), after SIGTERM $(read_bl)"
