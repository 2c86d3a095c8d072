#!/bin/bash
# vt-background-scenario.sh KNOB_PANEL LAYOUT OUT [root|user] [backlight]: inside the VM (issue 12).
# The panel is started on tty2 (its controlling terminal, as a unit with TTYPath=/dev/tty2)
# while tty1 is on screen; it must not draw over tty1 (before.ppm) and must come up when tty2
# is switched to (shown.ppm; the time from `chvt 2` to the ready file). A round trip follows
# (away1.ppm tty1, back1.ppm the panel). Then screen power across a switch: `screen off`, chvt 1
# (away2.ppm: tty1's console, lit), chvt 2: the screen stays off (the connector's DPMS in sysfs,
# no flip) until `screen on` (woke.ppm); `screen dim`, chvt 1, chvt 2: still dimmed (dimback.ppm
# darkened; with `backlight`, a fake sysfs backlight found at 200: 60 dimmed, 0 off, 200 while
# tty1 shows). Last, chvt 1 and SIGTERM while away: exit 0, tty2's keyboard, text mode and
# switching mode as before the panel (vt-modes.py), and tty2 shows its console (console.ppm).
# Results: OUT/results.txt (key=value), screendumps, panel logs, scenario.log for
# vt-background-check.py.
set -u
bin=$1 layout=$2 out=$3 who=${4:-root} light=${5:-}
here=$(dirname "$0")
res=$out/results.txt
note() { local up; read -r up _ < /proc/uptime; echo "$up $*" >> "$out/scenario.log"; }
put() { echo "$1=$2" >> "$res"; }
shot() { "$here/guest-qmp.sh" "$1" "{\"execute\":\"screendump\",\"arguments\":{\"filename\":\"$out/$1.ppm\"}}"; }
exec {tick}<> <(:)   # an empty pipe: `read -t S -u $tick` sleeps without a fork
nap() { read -r -t "$1" -u $tick; }
# count FILE TEXT: sets n to the lines of FILE that contain TEXT (bash builtins only, no
# subshell: process starts are slow under TCG).
count() {
    local lines l
    n=0
    [ -e "$1" ] || return 0
    mapfile -t lines < "$1"
    for l in "${lines[@]}"; do [[ $l == *"$2"* ]] && n=$((n + 1)); done
    return 0
}
# wait_count FILE TEXT N SECONDS: until N lines of FILE contain TEXT.
wait_count() {
    local i
    for ((i = 0; i < $4 * 100; i++)); do
        count "$1" "$2"; [ $n -ge "$3" ] && return 0
        kill -0 $pid 2> /dev/null || return 1
        nap 0.01
    done
    return 1
}
stamp() { read -r up _ < /proc/uptime; }   # sets up (no subshell)
ms() { awk "BEGIN { printf \"%.0f\", ($2 - $1) * 1000 }"; }
# The connector's DPMS as the kernel has it (On / Off): what the panel's screen power set.
dpms() { local f v=none; for f in /sys/class/drm/card0-*/dpms; do [ -e "$f" ] && read -r v < "$f"; done; echo "$v"; }
light() { local v=none; [ -n "$light" ] && read -r v < "$bl/brightness"; echo "$v"; }
stderr_log=$out/panel-stderr.log stdout_log=$out/panel-stdout.log
panel_cmd() { echo "$1" >&3; }
# screen_cmd STATE N: the `screen` command, then until N stdout lines name the state (replies and events).
screen_cmd() { panel_cmd "{\"command\":\"screen\",\"state\":\"$1\"}"; wait_count "$stdout_log" "\"state\":\"$1\"" "$2" 5 && note "screen $1"; }
# to_tty1 N WHY / to_tty2 N WHY: chvt, then until the panel's Nth release / return note.
to_tty1() { $bb chvt 1; note "chvt 1 ($2)"; wait_count "$stderr_log" "switched away" "$1" 5 && note "panel away"; }
to_tty2() { $bb chvt 2; note "chvt 2 ($2)"; wait_count "$stderr_log" "back on" "$1" 5 && note "panel back ($2)"; }

rm -f "$out"/{*.ppm,flips.jsonl,ready,panel.rc,panel-stdout.log,panel-stderr.log,scenario.log,vcs2.txt} "$res"
printf '\033[37;44m\033[2J\033[H knob-panel VT test: tty1, on screen while the panel starts on tty2\n' > /dev/tty1
printf '\033[30;45m\033[2J\033[H knob-panel VT test: tty2, the panel'"'"'s VT\n' > /dev/tty2
bb=/bin/busybox
$bb chvt 1

run_as=()
runtime=$out
if [ "$who" = user ]; then
    . "$here/guest-user.sh"   # devices and tty1 handed over; KNOB_USER, KNOB_UID, runtime, run_as
    chown "$KNOB_USER" /dev/tty2 && chmod 0620 /dev/tty2   # login/logind give the VT to its user
fi
extra=()
if [ -n "$light" ]; then
    bl=$runtime/backlight
    mkdir -p "$bl" && echo 255 > "$bl/max_brightness" && echo 200 > "$bl/brightness" && echo raw > "$bl/type"
    [ "$who" = user ] && chown -R "$KNOB_UID" "$bl"
    extra=(--backlight "$bl")
fi
put modes_before "$(python3 "$here/vt-modes.py" /dev/tty2)"
fifo=/tmp/knob-panel-stdin.$$
mkfifo -m 666 "$fifo"
note "start $bin run $layout on tty2 as $who ${extra[*]}"
# setsid: a new session without a terminal; opening tty2 then makes it the controlling terminal.
panel=("$bin" run "$layout" --exit-after 150 --ready-file "$runtime/ready" --flip-log "$runtime/flips.jsonl" "${extra[@]}")
case ${KNOB_VT_LAUNCH:-ctty} in
    openvt)   # busybox openvt -c 2: a new session on tty2 (stdio redirected again inside)
        "${run_as[@]}" $bb openvt -c 2 -- bash -c 'echo $$ > /tmp/knob-pid; exec "$@" < '"$fifo"' > '"$stdout_log"' 2> '"$stderr_log" vt "${panel[@]}"
        for ((i = 0; i < 500; i++)); do [ -s /tmp/knob-pid ] && break; nap 0.01; done
        read -r pid < /tmp/knob-pid ;;
    vtpath)   # root names the VT; no controlling terminal at all
        setsid "${panel[@]}" --vt /dev/tty2 < "$fifo" > "$stdout_log" 2> "$stderr_log" &
        pid=$! ;;
    *)
        "${run_as[@]}" setsid bash -c 'exec 9<> /dev/tty2 && exec "$@"' vt "${panel[@]}" \
            < "$fifo" > "$stdout_log" 2> "$stderr_log" &
        pid=$! ;;
esac
exec 3> "$fifo"
(nap 150; kill -KILL $pid 2> /dev/null) & watchdog=$!

if wait_count "$stderr_log" "waiting for a switch" 1 30; then
    note "panel waits for tty2"
    nap 1   # time to (wrongly) draw, if it would
    count "$runtime/flips.jsonl" flip; put flips_before $n
    put ready_before "$([ -e "$runtime/ready" ] && echo yes || echo no)"
    shot before && note "before screendump taken"
    stamp; t0=$up; note "chvt 2"
    $bb chvt 2
    for ((i = 0; i < 1000; i++)); do
        [ -e "$runtime/ready" ] || ! kill -0 $pid 2> /dev/null && break
        nap 0.01
    done
    if [ -e "$runtime/ready" ]; then
        stamp; note "ready"
        put switch_to_ready_ms "$(ms $t0 $up)"
        nap 0.3; shot shown && note "shown screendump taken"
        # A round trip: tty1 and back (each from chvt to the panel's note; busybox starts ~50 ms).
        stamp; t0=$up; $bb chvt 1; note "chvt 1"
        if wait_count "$stderr_log" "switched away" 1 5; then stamp; put release_ms "$(ms $t0 $up)"; note "panel away"; fi
        nap 0.5; shot away1 && note "away1 screendump taken"
        stamp; t0=$up; $bb chvt 2; note "chvt 2"
        if wait_count "$stderr_log" "back on" 1 5; then stamp; put return_ms "$(ms $t0 $up)"; note "panel back"; fi
        nap 0.3; shot back1 && note "back1 screendump taken"

        # Screen off across a switch: the console shows lit, the panel's screen stays off.
        screen_cmd off 2   # the reply and the event
        nap 0.5
        put off_dpms "$(dpms)"; put off_light "$(light)"
        to_tty1 2 "screen off"
        nap 0.5; shot away2 && note "away2 screendump taken"
        put away_off_dpms "$(dpms)"; put away_off_light "$(light)"
        count "$runtime/flips.jsonl" flip; flips0=$n
        to_tty2 2 "screen off"
        nap 1
        put back_off_dpms "$(dpms)"; put back_off_light "$(light)"
        count "$runtime/flips.jsonl" flip; put back_off_flips $((n - flips0))
        shot offback && note "offback screendump taken"
        screen_cmd on 2
        nap 0.5
        put woke_dpms "$(dpms)"; put woke_light "$(light)"
        shot woke && note "woke screendump taken"

        # Dimmed across a switch.
        screen_cmd dim 2
        nap 0.5
        put dim_light "$(light)"
        shot dim && note "dim screendump taken"
        to_tty1 3 dimmed
        nap 0.5; put away_dim_light "$(light)"
        to_tty2 3 dimmed
        nap 0.5
        put back_dim_dpms "$(dpms)"; put back_dim_light "$(light)"
        shot dimback && note "dimback screendump taken"
        screen_cmd on 4

        # SIGTERM while another VT shows.
        to_tty1 4 "then SIGTERM"
        nap 0.3
    else
        note "no ready file after chvt 2 (process $(kill -0 $pid 2> /dev/null && echo running || echo exited))"
        shot shown && note "shown screendump taken (no ready file)"
        $bb chvt 1
    fi
else
    note "no 'waiting for a switch' note (process $(kill -0 $pid 2> /dev/null && echo running || echo exited))"
fi
note "SIGTERM"
kill -TERM $pid 2> /dev/null
if [ "${KNOB_VT_LAUNCH:-ctty}" = openvt ]; then   # not our child: no exit status
    while kill -0 $pid 2> /dev/null; do nap 0.05; done; rc=openvt
else
    wait $pid; rc=$?
fi
kill $watchdog 2> /dev/null
note "exited rc=$rc"
exec 3>&-
echo $rc > "$out/panel.rc"
put exit_light "$(light)"
put exit_dpms "$(dpms)"
put modes_after "$(python3 "$here/vt-modes.py" /dev/tty2)"
[ "$runtime" = "$out" ] || cp "$runtime"/flips.jsonl "$runtime"/ready "$out"/ 2> /dev/null
$bb chvt 2; note "chvt 2 (after exit)"
nap 0.5   # let fbcon repaint tty2
shot console && note "console screendump taken"
cat /dev/vcs2 > "$out/vcs2.txt"
$bb chvt 1
rm -f "$fifo"
