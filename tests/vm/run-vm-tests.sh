#!/bin/bash
# run-vm-tests.sh: the real display path test.  Boots Debian's kernel in QEMU (TCG) once per
# emulated GPU, runs `knob-panel run tests/vm/panel.json` on its KMS device, and compares QMP
# screendumps with `knob-panel render`; then turns the volume knob with a QMP tablet drag
# through the guest kernel's input stack and checks the events and a second screendump.
# Run from the repo root.  See tests/vm/README.md.
#   KNOB_PANEL  the binary (default .build/release/knob-panel)
#   RES         display size (default 1024x768)
#   GPUS        emulated GPUs to test (default "bochs virtio")
#   LAYOUT      panel layout (default tests/vm/panel.json: the first demo, whose volume knob drag.py knows)
#   KNOB_VM_OUT results folder (default .build/vm-tests); KNOB_VM_CACHE kernel cache
#   EXIT_AFTER  the panel's --exit-after (default 11: room for the drag and the final screendump under a slow TCG start)
#   VM_TIMEOUT  seconds before a VM is killed (default 60)
#   DRAG        1 (default): the input step; 0 leaves it out (it needs tests/vm/panel.json's volume knob)
#   FLOOD       1 (default): the stdin flood step on the first GPU (flood-scenario.sh); 0 leaves it out
#   SCREEN      1 (default): screen power on the first GPU (screen-scenario.sh); 0 leaves it out
#   WAIT        1 (default): --wait-for-display with the GPU driver loaded late (wait-scenario.sh); 0 leaves it out
#   VT          1 (default): VT switching on tty1 as root and as an unprivileged user (vt-scenario.sh), and a
#               panel started on tty2 in the background (vt-background-scenario.sh); 0 leaves it out
#   HOTPLUG     1 (default, with virtio in GPUS): display hotplug (hotplug-scenario.sh); 0 leaves it out
#   HEADS       1 (default, with virtio in GPUS): two screens from one process (heads-scenario.sh); 0 leaves it out
#   LIBINPUT    1 (default, with the input step): the drag read through libinput on the first GPU (libinput-scenario.sh); 0 leaves it out
# Exit status 0 only if every GPU passed.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
KNOB_PANEL=${KNOB_PANEL:-.build/release/knob-panel}
RES=${RES:-1024x768}
GPUS=${GPUS:-bochs virtio}
LAYOUT=${LAYOUT:-tests/vm/panel.json}
OUT=${KNOB_VM_OUT:-$PWD/.build/vm-tests}
EXIT_AFTER=${EXIT_AFTER:-11}
VM_TIMEOUT=${VM_TIMEOUT:-60}
DRAG=${DRAG:-1}
FLOOD=${FLOOD:-1}

die() { echo "run-vm-tests.sh: $*" >&2; exit 1; }
[ -x "$KNOB_PANEL" ] || die "no executable $KNOB_PANEL (build it, or set KNOB_PANEL)"
[[ $EXIT_AFTER =~ ^[0-9]+$ ]] || die "EXIT_AFTER must be whole seconds"
[ -r "$LAYOUT" ] || die "no layout $LAYOUT (run from the repo root)"
KNOB_PANEL=$(realpath "$KNOB_PANEL")
mkdir -p "$OUT" && OUT=$(realpath "$OUT")

python3 "$HERE/vm.py" setup > /dev/null || die "VM setup failed"

"$KNOB_PANEL" render "$LAYOUT" --out "$OUT/expected.png" --size "$RES" \
    || die "$KNOB_PANEL render $LAYOUT --size $RES failed"

# The input step: one drag, as QMP tablet events for the guest and as a render input script.
drag_qmp= drag_check=()
if [ "$DRAG" = 1 ]; then
    drag_time=$(python3 "$HERE/drag.py" --layout "$LAYOUT" --res "$RES" --out "$OUT"); drag_rc=$?
    [ $drag_rc = 0 ] || [ $drag_rc = 2 ] || die "drag.py failed (exit $drag_rc)"
    if [ $drag_rc = 0 ]; then
        "$KNOB_PANEL" render "$LAYOUT" --out "$OUT/expected-turned.png" --size "$RES" \
            --input "$OUT/drag-input.jsonl" --events "$OUT/expected-events.jsonl" --time "$drag_time" \
            || die "$KNOB_PANEL render $LAYOUT --input $OUT/drag-input.jsonl failed"
        drag_qmp=$OUT/drag-qmp.jsonl
        drag_check=(--drag "$OUT/drag.json" --expected-turned "$OUT/expected-turned.png"
                    --expected-events "$OUT/expected-events.jsonl")
    else
        echo "run-vm-tests.sh: input step left out (DRAG=0 to silence this note)"
    fi
fi

# Each step below: step (a fresh results folder $dir, the title), vm_run (one boot), judge (a
# check script's report; its last line goes to the summary).
failed=0 summary=()
# step DIR TITLE: DIR emptied as the step's results folder ($dir), and the step's title line.
step() { dir=$1; rm -rf "$dir" && mkdir -p "$dir"; echo "== $2"; }
# vm_run GPU [VM.PY OPTIONS...] -- COMMAND...: boots one VM for the step (vm.py run) at RES with
# VM_TIMEOUT, its results in $dir (a --res or --timeout among the options wins); sets vm_rc.
vm_run() {
    local gpu=$1; shift
    python3 "$HERE/vm.py" run --gpu "$gpu" --res "$RES" --out "$dir" --timeout "$VM_TIMEOUT" "$@"
    vm_rc=$?
    return $vm_rc
}
# vm_failed NAME: how the calibration, cursor and idle steps report a failed VM, on a line of
# its own (their summary line is the check's alone); noted here, so not again by judge.
vm_failed() { echo "  $1 VM failed"; failed=1; vm_rc=0; }
# guest_log TAG: the scenario's own log from the guest, each line tagged.
guest_log() { [ -s "$dir/scenario.log" ] && sed "s/^/  [$1] guest /" "$dir/scenario.log"; }
# judge CHECK [ARGS...]: runs tests/vm/CHECK and prints its report; the report's last line goes
# to the summary, with the VM's failure added. A failed VM or check fails the run.
judge() {
    local report line check_rc
    report=$(python3 "$HERE/$1" "${@:2}"); check_rc=$?
    echo "$report"
    line=$(tail -1 <<< "$report")
    [ $vm_rc = 0 ] || line="$line; VM run failed (exit $vm_rc, see $dir/console.log)"
    [ $vm_rc = 0 ] && [ $check_rc = 0 ] || failed=1
    summary+=("$line")
}

for gpu in $GPUS; do
    step "$OUT/$gpu" "$gpu ($RES): $KNOB_PANEL run $LAYOUT"
    vm_run "$gpu" -- "$HERE/panel-scenario.sh" "$KNOB_PANEL" "$LAYOUT" "$dir" "$EXIT_AFTER" "$drag_qmp"
    vm_note=""
    case $vm_rc in
        0) ;;
        124) vm_note="VM killed after ${VM_TIMEOUT} s (see $dir/console.log)" ;;
        *) vm_note="VM run failed (exit $vm_rc): $(tail -3 "$dir/command.log" 2>/dev/null)" ;;
    esac
    [ -z "$vm_note" ] || echo "  [$gpu] FAIL: $vm_note"
    guest_log "$gpu"
    report=$(python3 "$HERE/check.py" --gpu "$gpu" --dir "$dir" --expected "$OUT/expected.png" "${drag_check[@]}")
    check_rc=$?
    echo "$report"
    line=$(tail -1 <<< "$report")
    [ -z "$vm_note" ] || line="${line/: PASS:/: FAIL:}; $vm_note"
    [ $vm_rc = 0 ] && [ $check_rc = 0 ] || failed=1
    summary+=("$line")
    # The field recording (--record) of that run, replayed offscreen against the screendumps.
    if [ -n "$drag_qmp" ]; then
        report=$(python3 "$HERE/replay.py" --gpu "$gpu" --dir "$dir" --layout "$LAYOUT" --res "$RES" --knob-panel "$KNOB_PANEL") || failed=1
        echo "$report"
        summary+=("$(tail -1 <<< "$report")")
    fi
done
# Input-event-to-flip latency of the drags above (kernel event time to the flip showing it).
if [ -n "$drag_qmp" ]; then
    for gpu in $GPUS; do python3 "$HERE/latency.py" "$OUT/$gpu/flips.jsonl" | sed "s|^$OUT/||;s|^|latency |"; done
fi
first=${GPUS%% *} last=${GPUS##* }
# Touch calibration: the same drag with a mirror-X matrix lands on the mirrored spot.
if [ "${CALIBRATION:-1}" = 1 ] && [ -n "$drag_qmp" ]; then
    step "$OUT/calibration" "calibration ($first): --touch-matrix -1,0,1,0,1,0, the same drag"
    vm_run "$first" -- "$HERE/panel-scenario.sh" "$KNOB_PANEL" "$LAYOUT" "$dir" "$EXIT_AFTER" "$drag_qmp" \
        "--touch-matrix -1,0,1,0,1,0" || vm_failed calibration
    judge calibration-check.py --dir "$dir" --reference "$OUT/$first" --layout "$LAYOUT"
fi
# libinput (opened with dlopen, Sources/CInput/shim.h): the same drag read through libinput where
# udevd runs; libinput-scenario.sh writes the udev database entries udevd would have.
if [ "${LIBINPUT:-1}" = 1 ] && [ -n "$drag_qmp" ]; then
    step "$OUT/libinput" "libinput ($first): the same drag, read through libinput (dlopen)"
    vm_run "$first" -- "$HERE/libinput-scenario.sh" "$KNOB_PANEL" "$LAYOUT" "$dir" "$EXIT_AFTER" "$drag_qmp"
    guest_log "libinput-$first"
    judge check.py --gpu "libinput-$first" --dir "$dir" --expected "$OUT/expected.png" "${drag_check[@]}" --reader libinput
fi
# The mouse cursor: a relative mouse shows it (hardware plane on virtio, composited into the
# scanout buffers on bochs), 3 s without motion hide it, a tablet (touch) hides it at once.
if [ "${CURSOR:-1}" = 1 ]; then
    # 10 moves of +20,+12 from the screen's centre (the evdev reader adds raw deltas).
    tip="$(( ${RES%x*} / 2 + 200 )),$(( ${RES#*x} / 2 + 120 ))"
    "$KNOB_PANEL" render "$LAYOUT" --out "$OUT/expected-cursor.png" --size "$RES" --cursor "$tip" \
        || die "$KNOB_PANEL render $LAYOUT --cursor $tip failed"
    for gpu in $GPUS; do
        step "$OUT/cursor-$gpu" "cursor ($gpu): relative mouse, 3 s idle, tablet"
        vm_run "$gpu" --mouse -- "$HERE/cursor-scenario.sh" "$KNOB_PANEL" "$LAYOUT" "$dir" || vm_failed cursor
        judge cursor-check.py --gpu "$gpu" --dir "$dir" --expected "$OUT/expected.png" \
            --expected-cursor "$OUT/expected-cursor.png" --tip "$tip"
    done
fi
# Idle cost: 10 s with nothing changing on screen; the goal is zero wake-ups.
if [ "${IDLE:-1}" = 1 ]; then
    for gpu in ${IDLE_GPUS:-$first}; do
        step "$OUT/idle-$gpu" "idle ($gpu): 10 s with nothing changing"
        vm_run "$gpu" -- "$HERE/idle-scenario.sh" "$KNOB_PANEL" "$LAYOUT" "$dir" 10 || vm_failed idle
        judge idle-check.py --dir "$dir" --gpu "$gpu"
    done
fi
# The appliance on the display path: `set` over the control socket, then a power-off with
# the panel running and a second boot that must show the value again (--state).
if [ "${APPLIANCE:-1}" = 1 ]; then
    step "$OUT/appliance" "appliance (bochs, $RES): --ipc, --state, power-off, reboot"
    for phase in set verify; do
        vm_run bochs -- "$HERE/appliance-scenario.sh" "$KNOB_PANEL" "$LAYOUT" "$dir" $phase
    done
    if report=$(python3 "$HERE/appliance-check.py" "$dir"); then
        summary+=("appliance: PASS")
    else
        summary+=("appliance: FAIL (see $dir)"); failed=1
    fi
    echo "$report"
    # The appliance image itself: boots to the panel within a limit, a value set from the host
    # (virtio serial port -> the panel's socket) survives a power cut and a reboot.
    echo "== appliance image (make image): boot, set from the host, power off, boot"
    if python3 "$HERE/image.py" build --bin "$KNOB_PANEL" --out "$OUT/image" \
        && python3 "$HERE/image.py" test --bin "$KNOB_PANEL" --out "$OUT/image" --limit "$VM_TIMEOUT"; then
        summary+=("appliance image: PASS")
    else
        summary+=("appliance image: FAIL (see $OUT/image)"); failed=1
    fi
fi
# The studio on the display path: the panel in the VM serves the studio on a forwarded port
# (QEMU user-mode networking, hostfwd); the host fetches the page and a frame and turns a knob.
if [ "${STUDIO:-1}" = 1 ]; then
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    step "$OUT/studio" "studio (bochs, $RES): run --studio 0.0.0.0:8080 in the VM, host on 127.0.0.1:$port"
    python3 "$HERE/studio-host.py" --dir "$dir" --port "$port" --expected "$OUT/expected.png" > "$dir/host.log" 2>&1 &
    host_pid=$!
    vm_run bochs --hostfwd "$port:8080" -- "$HERE/studio-scenario.sh" "$KNOB_PANEL" "$LAYOUT" "$dir" 8080
    touch "$dir/studio-host-done"
    wait $host_pid; host_rc=$?
    cat "$dir/host.log"
    line=$(tail -1 "$dir/host.log")
    [ $vm_rc = 0 ] || line="studio: FAIL: VM run failed (exit $vm_rc, see $dir/console.log)"
    [ $vm_rc = 0 ] && [ $host_rc = 0 ] || failed=1
    summary+=("$line")
fi
# The stdin flood (issue 6, items 2 and 6): frames, replies, memory and SIGTERM under a flood.
# It needs the layout's volume knob (the flood's set commands aim at it).
if [ "$FLOOD" = 1 ] && [ -n "$drag_qmp" ]; then
    step "$OUT/flood" "flood ($first): yes x, a mixed flood with a held drag, an endless line of zeros"
    python3 "$HERE/flood.py" make "$dir/flood.txt" || die "flood.py make failed"
    vm_run "$first" -- "$HERE/flood-scenario.sh" "$KNOB_PANEL" "$LAYOUT" "$dir" "$drag_qmp"
    judge flood.py check --dir "$dir" --drag
elif [ "$FLOOD" = 1 ]; then
    echo "run-vm-tests.sh: flood step left out (it needs the input step's volume knob)"
fi

# Screen power (issue 16): dim, off (no flips, no CPU), a tablet touch wakes without turning
# the knob under it. It needs the layout's volume knob (the waking drag aims at it).
if [ "${SCREEN:-1}" = 1 ] && [ -n "$drag_qmp" ]; then
    step "$OUT/screen" "screen power ($first): --dim-after 4 --off-after 6, 10 s off, a waking tablet drag"
    vm_run "$first" -- "$HERE/screen-scenario.sh" "$KNOB_PANEL" "$LAYOUT" "$dir" "$drag_qmp"
    guest_log screen
    judge screen-check.py --gpu "$first" --dir "$dir"
fi
# VT switching (issue 12): the panel on tty1 as its controlling terminal, chvt 2 and back, keys
# off, SIGTERM; as root on the first GPU and as an unprivileged user (video, input) on the last.
if [ "${VT:-1}" = 1 ]; then
    for who in root user; do
        gpu=$([ $who = root ] && echo "$first" || echo "$last")
        step "$OUT/vt-$who" "VT switching ($gpu, as $who): chvt 2, chvt 1, drag, SIGTERM"
        vm_run "$gpu" -- "$HERE/vt-scenario.sh" "$KNOB_PANEL" "$LAYOUT" "$dir" $who "$drag_qmp"
        judge vt-check.py --dir "$dir" --expected "$OUT/expected.png" --label "vt-$who ($gpu)" \
            $([ $who = user ] && echo --unprivileged)
    done
    # Started on tty2 while tty1 shows: nothing drawn until chvt 2; screen off and dimmed kept
    # across a switch; SIGTERM while away. As root with a (fake) backlight on the first GPU,
    # as the user without one (the frame is darkened) on the last.
    for who in root user; do
        gpu=$([ $who = root ] && echo "$first" || echo "$last")
        light=$([ $who = root ] && echo backlight)
        step "$OUT/vt-background-$who" "VT started in the background ($gpu, as $who${light:+, backlight}): chvt 2, round trip, screen off/dim across switches, SIGTERM away"
        # ~35 s of switches and screendumps: at least 120 s before the VM is killed.
        vm_run "$gpu" --timeout $((VM_TIMEOUT > 120 ? VM_TIMEOUT : 120)) -- \
            "$HERE/vt-background-scenario.sh" "$KNOB_PANEL" "$LAYOUT" "$dir" $who $light
        judge vt-background-check.py --dir "$dir" --expected "$OUT/expected.png" \
            --label "vt-background-$who ($gpu)" ${light:+--backlight} $([ $who = user ] && echo --unprivileged)
    done
fi
# Waiting for the display (issue 12): the GPU driver loaded after the panel started, DRM master
# held by another process for 2 s, and a wait that times out.
if [ "${WAIT:-1}" = 1 ]; then
    step "$OUT/wait" "--wait-for-display ($first, driver loaded late): late display, master holder, timeout"
    vm_run "$first" --defer-gpu -- "$HERE/wait-scenario.sh" "$KNOB_PANEL" "$LAYOUT" "$dir"
    judge wait-check.py --dir "$dir" --label "wait ($first)"
fi

# Display hotplug (issue 12): virtio-gpu's head resized, unplugged and replugged from the host
# through VNC SetDesktopSize while the panel runs (it needs the volume knob for its `set`).
if [ "${HOTPLUG:-1}" = 1 ] && [[ " $GPUS " == *" virtio "* ]] && [ -n "$drag_qmp" ]; then
    step "$OUT/hotplug" "hotplug (virtio): resize to 1280x800, unplug, set while away, replug at 1024x768"
    printf '%s\n' '{"t":0.1,"type":"command","command":{"command":"set","widget":"volume","position":270,"animated":true}}' > "$dir/away.jsonl"
    "$KNOB_PANEL" render "$LAYOUT" --out "$dir/expected-resized.png" --size 1280x800 \
        && "$KNOB_PANEL" render "$LAYOUT" --out "$dir/expected-back.png" --size 1024x768 --input "$dir/away.jsonl" \
        || die "$KNOB_PANEL render for the hotplug step failed"
    vm_run virtio --vnc --res 1024x768 -- "$HERE/hotplug-scenario.sh" "$KNOB_PANEL" "$LAYOUT" "$dir"
    judge hotplug-check.py --dir "$dir" --resized "$dir/expected-resized.png" --back "$dir/expected-back.png"
fi

# Two screens (issue 12): virtio-gpu with two heads (RES and 800x480), one panel process:
# --output all (each head at its own mode), then a panel per connector, then the same with the
# second head plugged in after the start; a tablet mapped to the second head (--touch-output)
# turns the knob there and nowhere else. It needs the volume knob.
if [ "${HEADS:-1}" = 1 ] && [[ " $GPUS " == *" virtio "* ]] && [ -n "$drag_qmp" ]; then
    res2=800x480 other=panels/room-800x480.json
    step "$OUT/heads" "two heads (virtio, $RES + $res2): --output all, --output Virtual-1=$other --output Virtual-2=$LAYOUT, touch on Virtual-2"
    python3 "$HERE/drag.py" --layout "$LAYOUT" --res "$res2" --out "$dir" > /dev/null || die "drag.py for $res2 failed"
    # Three panel runs in one boot (~36 s on a shared machine): twice the usual limit.
    vm_run virtio --heads 2 --timeout $((VM_TIMEOUT * 2)) -- \
        "$HERE/heads-scenario.sh" "$KNOB_PANEL" "$dir" "$other" "$LAYOUT" "$res2" "$dir/drag-qmp.jsonl"
    judge heads-check.py --dir "$dir" --knob-panel "$KNOB_PANEL" --layout-a "$other" --layout-b "$LAYOUT" \
        --res1 "$RES" --res2 "$res2"
fi

echo "== results in $OUT"
printf '%s\n' "${summary[@]}"
exit $failed
