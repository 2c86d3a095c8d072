#!/bin/bash
# flood-scenario.sh KNOB_PANEL LAYOUT OUT [DRAG]: runs inside the VM (via vm.py), in the repo root.
# Issue 6, items 2 and 6: a flood on stdin must not stop frames, replies, --exit-after or
# SIGTERM, nor grow memory; SIGTERM during a drag must end it with trackingEnded.
#   A  `yes x | run --exit-after 3`: the panel must exit by itself ~3 s after its first flip.
#   B  a mixed flood from OUT/flood.txt (written by the host): animated `set` commands between
#      junk lines and over-long lines, so the knob animates all the time and frames must flip
#      at the refresh rate; with DRAG, a finger goes down on the knob and moves (no release);
#      then SIGTERM: the lines answered and frames shown after it, the time to exit, and
#      trackingEnded on stdout.
#   C  an endless line of zeros on stdin (a sparse file, read like /dev/zero): memory after 1 s
#      and 3 s, then SIGTERM: the bytes read after the signal and the time to exit.
#   D  no flood (stdin an idle FIFO): the baseline SIGTERM-to-exit time in this VM (reported). Under TCG
#      most of it is the kernel's teardown (closing evdev descriptors waits for RCU grace
#      periods, exit-path code faults in over 9p), which a flood must not lengthen.
# Results: OUT/flood-results.txt (key=value), OUT/flood-{A,B,C}-flips.jsonl and -stderr.log,
# OUT/flood-B-events.log (stdout without the error replies). Waits use bash builtins only.
set -u
bin=$1 layout=$2 out=$3 drag=${4:-}
here=$(dirname "$0")
res=$out/flood-results.txt
: > "$res"
exec {tick}<> <(:)
nap() { read -r -t "$1" -u $tick; }
put() { echo "$1=$2" >> "$res"; }
now_ms() { local t=${EPOCHREALTIME/./}; echo $((t / 1000)); }
# One CI run read no VmRSS line from a live panel once (-1); read again a few times before
# reporting -1, which the check still fails.
rss_kb() {
    local k v _ try
    for try in 1 2 3 4 5; do
        while read -r k v _; do [ "$k" = "$2:" ] && { echo "$v"; return; }; done < "/proc/$1/status"
        sleep 0.1
    done
    echo -1
}
wait_ready() {   # wait_ready FILE PID: up to 20 s
    for ((i = 0; i < 2000; i++)); do
        [ -e "$1" ] && return 0
        kill -0 "$2" 2> /dev/null || return 1
        nap 0.01
    done
    return 1
}
# term PID NAME: SIGTERM, and what the panel still did between the signal and its exit,
# counted in work rather than wall time (a loaded host slows the emulated CPUs, and every
# wall-clock time in the guest with them): the panel is first stopped (SIGSTOP, until every
# thread shows state T), so that the state noted is the one at the signal: NAME_out_at
# (stdout's offset, a file), NAME_in_at (stdin's offset: a file for C; a pipe says 0) and
# NAME_flips_at (flip log lines). Then SIGTERM and SIGCONT, and after the exit NAME_flips_after,
# NAME_rc and NAME_term_ms (SIGTERM until wait returns: information only). A panel that does not
# exit within 20 s is killed (NAME_rc 137). Not in a $(...) subshell: only this shell can wait
# for its child.
term() {
    local t0 t1 rc dog
    (nap 20; kill -KILL "$1" 2> /dev/null) & dog=$!
    kill -STOP "$1"
    if stopped "$1"; then put "$2_stopped" 1; else put "$2_stopped" 0; fi
    put "$2_out_at" "$(fd_pos "/proc/$1/fdinfo/1")"
    put "$2_in_at" "$(fd_pos "/proc/$1/fdinfo/0")"
    local flips; flips=$(lines_in "$out/flood-$2-flips.jsonl"); put "$2_flips_at" "$flips"
    t0=${EPOCHREALTIME/./}
    kill -TERM "$1"; kill -CONT "$1"; wait "$1"; rc=$?
    t1=${EPOCHREALTIME/./}
    kill $dog 2> /dev/null
    put "$2_term_ms" $(( (t1 - t0) / 1000 )); put "$2_rc" $rc
    put "$2_flips_after" $(( $(lines_in "$out/flood-$2-flips.jsonl") - flips ))
}
# stopped PID: every thread of PID is stopped (SIGSTOP acts when each thread next enters the
# kernel or is interrupted, not by the time kill returns); waits up to 5 s.
stopped() {
    local i t line all
    for ((i = 0; i < 500; i++)); do
        all=1
        for t in /proc/$1/task/*/stat; do
            read -r line < "$t" || continue
            line=${line##*) }
            [ "${line%% *}" = T ] || { all=; break; }
        done
        [ -n "$all" ] && return 0
        nap 0.01
    done
    return 1
}
fd_pos() { local k v; while read -r k v; do [ "$k" = pos: ] && { echo "$v"; return; }; done < "$1"; echo -1; }
lines_in() { local a=(); mapfile -t a < "$1"; echo ${#a[@]}; }
# after_term NAME FILE: lines of FILE (the panel's stdout) written after the signal.
after_term() {
    local at; at=$(grep "^$1_out_at=" "$res"); at=${at#*=}
    if [ "${at:--1}" -ge 0 ]; then tail -c +$((at + 1)) "$2" | wc -l; else echo -1; fi
}
# exec: a background pipeline runs this in a subshell, and $! must be the panel itself.
run() { exec "$bin" run "$layout" --ready-file "$out/flood-$1.ready" --flip-log "$out/flood-$1-flips.jsonl" "${@:2}"; }
rm -f "$out"/flood-*

# A: yes x, --exit-after 3.  Replies go to the guest's tmpfs (the 9p output folder is slow).
t0=$(now_ms)
yes x | run A --exit-after 3 > /tmp/flood-A.out 2> "$out/flood-A-stderr.log" &
pid=$!
if wait_ready "$out/flood-A.ready" $pid; then put A_ready_ms $(( $(now_ms) - t0 )); fi
(nap 30; kill -KILL $pid 2> /dev/null) & dog=$!
wait $pid; put A_rc $?
put A_exit_ms $(( $(now_ms) - t0 ))
kill $dog 2> /dev/null
put A_replies "$(grep -c '"error"' /tmp/flood-A.out)"
put A_reply_max_len "$(awk '{ if (length > m) m = length } END { print m + 0 }' /tmp/flood-A.out)"
rm -f /tmp/flood-A.out

# B: the mixed flood, a held drag, SIGTERM.
(while cat "$out/flood.txt"; do :; done) | run B > /tmp/flood-B.out 2> "$out/flood-B-stderr.log" &
pid=$!
if wait_ready "$out/flood-B.ready" $pid; then
    put B_ready 1
    if [ -n "$drag" ]; then
        mapfile -t cmds < "$drag"
        unset 'cmds[${#cmds[@]}-1]'   # everything but the release: the finger stays down
        "$here/guest-qmp.sh" hold "${cmds[@]}" && put B_drag_held 1
    fi
    nap 1.5
    put B_rss_kb "$(rss_kb $pid VmRSS)"
    term $pid B
else
    put B_ready 0; kill -KILL $pid
fi
put B_lines_after "$(after_term B /tmp/flood-B.out)"
grep -v '"error"' /tmp/flood-B.out > "$out/flood-B-events.log"
put B_replies "$(grep -c '"error"' /tmp/flood-B.out)"
put B_overlong_errors "$(grep -c 'longer than' /tmp/flood-B.out)"
put B_reply_max_len "$(awk '{ if (length > m) m = length } END { print m + 0 }' /tmp/flood-B.out)"
rm -f /tmp/flood-B.out

# C: an endless line of zeros. Not /dev/zero itself but a sparse 64 GiB file, read the same way
# (always readable, zero bytes, no newline, no end within the test) whose offset this shell
# shares (one open file): after the exit it tells how much the panel read after SIGTERM.
truncate -s 64G /tmp/flood-zeros
exec {zeros}< /tmp/flood-zeros
run C <&$zeros > "$out/flood-C.out" 2> "$out/flood-C-stderr.log" &
pid=$!
if wait_ready "$out/flood-C.ready" $pid; then
    put C_ready 1
    nap 1; put C_rss1_kb "$(rss_kb $pid VmRSS)"
    nap 2; put C_rss3_kb "$(rss_kb $pid VmRSS)"; put C_hwm_kb "$(rss_kb $pid VmHWM)"
    term $pid C
else
    put C_ready 0; kill -KILL $pid
fi
put C_lines "$(wc -l < "$out/flood-C.out")"
at=$(grep "^C_in_at=" "$res"); at=${at#*=}
put C_read_after $(( $(fd_pos /proc/$$/fdinfo/$zeros) - ${at:-0} ))
exec {zeros}<&-
rm -f /tmp/flood-zeros

# D: the baseline, no flood.
mkfifo /tmp/flood-D.fifo
exec {idle}<> /tmp/flood-D.fifo
run D <&$idle > "$out/flood-D.out" 2> "$out/flood-D-stderr.log" &
pid=$!
if wait_ready "$out/flood-D.ready" $pid; then
    put D_ready 1
    nap 1
    term $pid D
else
    put D_ready 0; kill -KILL $pid
fi
exec {idle}>&-
rm -f /tmp/flood-D.fifo
