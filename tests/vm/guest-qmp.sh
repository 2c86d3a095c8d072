#!/bin/bash
# guest-qmp.sh NAME JSON...: from inside a vm.py guest, have the host run QMP commands
# (one JSON object per argument, e.g. '{"execute":"screendump","arguments":{"filename":"/out/a.ppm"}}';
# '{"sleep":0.1}' pauses) and wait until it has.  Exit 0 when the host answers "ok".
# Process starts are slow under TCG, so the wait loop uses only bash builtins.
name=$1; shift
ctl=${KNOB_VM_CTL:?guest-qmp.sh runs only inside a vm.py guest}
[ -e "$ctl/$name.done" ] && rm -f "$ctl/$name.done"
printf '%s\n' "$@" > "$ctl/$name.tmp" && mv -f "$ctl/$name.tmp" "$ctl/$name.req" || exit 1
tick=
for ((i = 0; i < 2000; i++)); do
    if [ -e "$ctl/$name.done" ]; then
        read -r answer < "$ctl/$name.done"
        [ "$answer" = ok ] && exit 0
        echo "guest-qmp.sh: $name: $answer" >&2; exit 1
    fi
    [ -n "$tick" ] || exec {tick}<> <(:)   # an empty pipe: `read -t` on it sleeps without a fork
    read -r -t 0.01 -u $tick
done
echo "guest-qmp.sh: $name: no answer from the host in 20 s" >&2
exit 1
