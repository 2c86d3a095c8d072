#!/bin/bash
# idle-scenario.sh KNOB_PANEL LAYOUT OUT [SECONDS]: runs inside the VM (via vm.py). Starts the
# panel (stdin from a held FIFO, no input, nothing animating), waits for its first flip and
# one more second, then reads its CPU time (utime+stime, /proc/PID/stat, clock ticks) and
# context switches (/proc/PID/status) before and after SECONDS (10) of nothing changing.
# Writes OUT/idle.json; the goal is zero wake-ups (no voluntary context switch) while idle.
set -u
bin=$1 layout=$2 out=$3 secs=${4:-10}
exec {tick}<> <(:)
nap() { read -r -t "$1" -u $tick; }
rm -f "$out"/{ready,idle.json,idle-flips.jsonl}
fifo=/tmp/knob-idle.$$
mkfifo "$fifo"
"$bin" run "$layout" --exit-after $((secs + 60)) --ready-file "$out/ready" --flip-log "$out/idle-flips.jsonl" \
    < "$fifo" > "$out/idle-stdout.log" 2> "$out/idle-stderr.log" &
pid=$!
exec 3> "$fifo"
for ((i = 0; i < 3000; i++)); do [ -e "$out/ready" ] && break; nap 0.01; done
nap 1
sample() {
    local stat rest f vol=0 nonvol=0 key val
    read -r stat < /proc/$pid/stat
    rest=${stat##*) }
    f=($rest)   # field 3 (state) is f[0]: utime is field 14 -> f[11], stime f[12]
    while read -r key val _; do
        case $key in voluntary_ctxt_switches:) vol=$val ;; nonvoluntary_ctxt_switches:) nonvol=$val ;; esac
    done < /proc/$pid/status
    echo "${f[11]} ${f[12]} $vol $nonvol"
}
read -r u0 s0 v0 n0 <<< "$(sample)"
read -r up0 _ < /proc/uptime
nap "$secs"
read -r u1 s1 v1 n1 <<< "$(sample)"
read -r up1 _ < /proc/uptime
kill -TERM $pid; wait $pid; rc=$?
exec 3>&-
rm -f "$fifo"
echo "{\"seconds\":$secs,\"from\":$up0,\"to\":$up1,\"utime_ticks\":$((u1 - u0)),\"stime_ticks\":$((s1 - s0)),\"voluntary\":$((v1 - v0)),\"nonvoluntary\":$((n1 - n0)),\"rc\":$rc}" > "$out/idle.json"
