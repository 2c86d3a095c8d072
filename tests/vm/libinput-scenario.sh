#!/bin/bash
# libinput-scenario.sh KNOB_PANEL LAYOUT OUT [EXIT_AFTER [DRAG [RUN_OPTIONS]]]: panel-scenario.sh with
# the input read through libinput (runs inside the VM). `run` uses libinput where udevd runs, and
# libinput takes only devices that udev has initialised; the guest has no udevd, so this writes
# what udevd would: /run/udev/control (how the panel tells that udevd runs) and, for each input
# device, its database entry /run/udev/data/cMAJOR:MINOR with the ID_INPUT tags udev's input_id
# gives it (a VM tablet, absolute axes with mouse buttons, is a mouse to input_id). libinput and
# libudev are opened with dlopen (Sources/CInput/shim.h): this is the run that loads them.
set -u
mkdir -p /run/udev/data
: > /run/udev/control
for dev in /sys/class/input/event*; do
    read -r majmin < "$dev/dev"
    read -r abs < "$dev/device/capabilities/abs"
    read -r rel < "$dev/device/capabilities/rel"
    if [ "$abs" != 0 ] || [ "$rel" != 0 ]; then tags=$'E:ID_INPUT=1\nE:ID_INPUT_MOUSE=1'
    else tags=$'E:ID_INPUT=1\nE:ID_INPUT_KEY=1\nE:ID_INPUT_KEYBOARD=1'; fi
    printf 'I:1\n%s\n' "$tags" > "/run/udev/data/c$majmin"
done
exec "$(dirname "$0")/panel-scenario.sh" "$@"
