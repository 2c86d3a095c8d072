#!/bin/bash
# panel-scenario.sh KNOB_PANEL LAYOUT OUT [EXIT_AFTER [DRAG [RUN_OPTIONS]]]: runs inside the VM (via vm.py), in the repo root.
# Writes a marker text on the console, starts the panel with stdin from a FIFO, has the host
# screendump it once it is ready (OUT/panel.ppm), then with DRAG (drag.py's drag-qmp.jsonl)
# has the host play that tablet drag, waits for the panel's "trackingEnded" line and has the
# host screendump the turned knob (OUT/turned.ppm), sends one animated "set" command, waits
# for --exit-after, then has the host screendump the restored console (OUT/console.ppm).
# Leaves OUT/panel-stdout.log, OUT/panel-stderr.log, OUT/panel.rc and OUT/scenario.log for check.py.
# Process starts cost ~50 ms each under TCG, so the waits use bash builtins only: a polling
# `sleep` would steal the CPU the panel's frames need.
set -u
bin=$1 layout=$2 out=$3 EXIT_AFTER=${4:-8} drag=${5:-} extra=(${6:-})   # 6: more run options (word-split)
here=$(dirname "$0")
note() { local up; read -r up _ < /proc/uptime; echo "$up $*" >> "$out/scenario.log"; }
shot() { "$here/guest-qmp.sh" "$1" "{\"execute\":\"screendump\",\"arguments\":{\"filename\":\"$out/$1.ppm\"}}"; }
nap() { read -r -t "$1" -u $tick; }

rm -f "$out"/{ready,flips.jsonl,record.jsonl,panel.ppm,turned.ppm,final.ppm,console.ppm,panel.rc,panel-stdout.log,panel-stderr.log,scenario.log}
# White on blue, so the restored console can be told from a blank or black screen.
printf '\033[37;44m\033[2J\033[H knob-panel VM test on %s: this is the text console\n' \
    "${KNOB_VM_GPU:-?}" > /dev/tty1
fifo=/tmp/knob-panel-stdin.$$
mkfifo "$fifo"
note "start $bin run $layout"
launched=$(cut -d' ' -f1 /proc/uptime)   # --exit-after counts from later than this
"$bin" run "$layout" --exit-after $EXIT_AFTER --ready-file "$out/ready" --flip-log "$out/flips.jsonl" \
    --record "$out/record.jsonl" "${extra[@]}" < "$fifo" > "$out/panel-stdout.log" 2> "$out/panel-stderr.log" &
pid=$!
exec 3> "$fifo"   # held open so the panel never sees EOF before it exits by itself
exec {tick}<> <(:)   # an empty pipe: `read -t S -u $tick` sleeps without a fork

# Under TCG the first frame can take seconds (longer than --exit-after with a debug build):
# wait for the ready file as long as the panel runs, up to the watchdog's limit.
for ((i = 0; i < (EXIT_AFTER + 20) * 100; i++)); do
    [ -e "$out/ready" ] || ! kill -0 $pid 2> /dev/null && break
    nap 0.01
done
if [ -e "$out/ready" ]; then
    note "ready"
    shot panel && note "panel screendump taken"
else
    note "no ready file (process $(kill -0 $pid 2> /dev/null && echo running || echo exited))"
fi
# The input step: real tablet events through the guest kernel's input stack.  The host plays
# the whole drag (one QMP command per SYN_REPORT, STEP_S apart), so the pacing does not
# depend on this guest's slow process starts.
if [ -n "$drag" ] && [ -e "$out/ready" ] && kill -0 $pid 2> /dev/null; then
    mapfile -t drag_cmds < "$drag"
    note "drag: ${#drag_cmds[@]} QMP lines"
    if "$here/guest-qmp.sh" drag "${drag_cmds[@]}"; then
        note "drag played"
        ended=
        for ((i = 0; i < 200; i++)); do   # up to 2 s for the panel to report the release (~10 ms here)
            mapfile -t events < "$out/panel-stdout.log"
            [[ ${events[*]} == *'"event":"trackingEnded"'* ]] && { ended=1; break; }
            kill -0 $pid 2> /dev/null || break
            nap 0.01
        done
        if [ -n "$ended" ]; then
            note "trackingEnded seen"
            nap 0.5   # the last frame: the final position was drawn on the last move, 80 ms before
            shot turned && note "turned screendump taken"
        else
            note "no trackingEnded on stdout after the drag (${#events[@]} lines)"
        fi
    else
        note "drag failed"
    fi
elif [ -n "$drag" ]; then
    note "drag left out: the panel is not running"
fi
trap '' PIPE   # if the panel is gone, the write below fails instead of killing this script
if kill -0 $pid 2> /dev/null; then
    echo '{"command":"set","widget":"volume","position":270,"animated":true}' >&3 && note "command sent"
    # The field recording's final frame: once the set's animation has ended (replay.py).
    # The animation takes ~0.7 s; a shot that raced with --exit-after shows the console: dropped.
    if [ -n "$drag" ]; then
        nap 0.9
        # While the panel exits it restores the console before the process is gone, so `kill -0`
        # alone cannot tell a shot of the panel from one of the console: keep a second in hand.
        in_time=$(awk -v l="$launched" -v e="$EXIT_AFTER" '{ print ($1 - l < e - 1) ? 1 : 0 }' /proc/uptime)
        if [ "$in_time" = 1 ] && kill -0 $pid 2> /dev/null && shot final && kill -0 $pid 2> /dev/null; then note "final screendump taken"
        else rm -f "$out/final.ppm"; note "final screendump left out: the panel exited (--exit-after) around it"; fi
    fi
fi

(nap $((EXIT_AFTER + 20)); kill -KILL $pid 2> /dev/null && note "still running after $((EXIT_AFTER + 20)) s: killed") &
watchdog=$!
wait $pid
rc=$?
kill $watchdog 2> /dev/null
exec 3>&-
echo $rc > "$out/panel.rc"
note "exited rc=$rc"
nap 0.3   # let fbcon repaint the console
shot console && note "console screendump taken"
rm -f "$fifo"
