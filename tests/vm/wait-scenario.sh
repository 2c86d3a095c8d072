#!/bin/bash
# wait-scenario.sh KNOB_PANEL LAYOUT OUT: --wait-for-display inside a VM booted with
# `vm.py run --defer-gpu` (no GPU driver loaded yet, so no /dev/dri). Three phases:
#  late:    the panel starts first; 1 s after its "waiting" line the driver is loaded (insmod);
#           it must come up by itself (no polling: its context switches while waiting are logged);
#  holder:  a tiny program holds DRM master (the first opener of the card) for 2 s; the panel,
#           started meanwhile, comes up when it exits;
#  timeout: the holder keeps master for 20 s; `--wait-for-display 1` gives up after 1 s with
#           the cause's status (13).
# Per phase: OUT/PHASE-stderr.log, PHASE-flips.jsonl, PHASE.rc; OUT/scenario.log has the times
# (guest uptime) and the panel's process start (PHASE start=TICKS of /proc/PID/stat).
set -u
bin=$1 layout=$2 out=$3
here=$(dirname "$0")
note() { local up; read -r up _ < /proc/uptime; echo "$up $*" >> "$out/scenario.log"; }
nap() { read -r -t "$1" -u $tick; }
exec {tick}<> <(:)
wait_line() {   # wait_line FILE PATTERN SECONDS PID
    local i lines
    for ((i = 0; i < $3 * 100; i++)); do
        mapfile -t lines < "$1"
        [[ ${lines[*]} == *$2* ]] && return 0
        kill -0 $4 2> /dev/null || return 1
        nap 0.01
    done
    return 1
}
switches() { local k v; while read -r k v; do [ "$k" = voluntary_ctxt_switches: ] && echo "$v"; done < /proc/$1/status; }
start_panel() {   # start_panel PHASE ARGS...: in the background, pid in $pid
    local phase=$1; shift
    rm -f "$out/$phase"-*
    "$bin" run "$layout" --flip-log "$out/$phase-flips.jsonl" "$@" < /dev/null > "$out/$phase-stdout.log" 2> "$out/$phase-stderr.log" &
    pid=$!
    local st; read -r -a st < /proc/$pid/stat
    note "$phase start=${st[21]} pid=$pid"
}
finish() {   # finish PHASE: wait for the panel, record its status
    wait $pid; local rc=$?
    echo $rc > "$out/$1.rc"
    note "$1 exited rc=$rc"
}
hold() {   # hold SECONDS: open the card (becoming DRM master as its first opener) for a while
    python3 -c 'import os, sys, time
fd = os.open("/dev/dri/card0", os.O_RDWR)
open(sys.argv[1], "w").close()
time.sleep(float(sys.argv[2]))' "$out/holder-ready" "$1" &
    holder=$!
    for ((i = 0; i < 1000; i++)); do [ -e "$out/holder-ready" ] && break; nap 0.01; done
    rm -f "$out/holder-ready"
}
rm -f "$out/scenario.log"
[ -e /dev/dri/card0 ] && note "WARNING: /dev/dri/card0 exists before the driver is loaded"

# late: no /dev/dri at all, the driver loaded a second after the panel said it waits.
start_panel late --wait-for-display 60 --exit-after 5
if wait_line "$out/late-stderr.log" "waiting for the display" 30 $pid; then
    note "late waiting (switches=$(switches $pid))"
    nap 1
    note "late insmod (switches=$(switches $pid))"
    for m in /run/knob-vm-modules/*.ko; do /bin/busybox insmod "$m" || note "insmod $m failed"; done
    note "late insmod done"
else
    note "late: no waiting line"
fi
finish late

# holder: master held for 2 s by another process.
hold 2
note "holder 2 s holding"
start_panel holder --wait-for-display 60 --exit-after 5
wait $holder; note "holder exited"
finish holder

# timeout: master held for 20 s, the panel waits 1 s.
hold 20
start_panel timeout --wait-for-display 1 --exit-after 2
finish timeout
kill $holder 2> /dev/null
