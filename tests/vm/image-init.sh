#!/bin/busybox sh
# /init of the appliance image (make image): PID 1 brings the panel up and keeps it up.
/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
say() { echo "@@knob-image:$*@@" > /dev/console; }
# The panel runs as knob-panel.service says (the image has no systemd, so this init does what
# systemd would): the unit's ExecStart (one source of truth: 'make install' writes the same
# unit), as its User= in its SupplementaryGroups=, on its TTYPath= as controlling terminal
# and standard input, with its StateDirectory= and RuntimeDirectory=. Only a ready file for
# the boot-time mark is added.
unit=/usr/lib/systemd/system/knob-panel.service
setting() { sed -n "s/^$1=//p" "$unit" | tail -n 1; }   # the last assignment wins, as in systemd
exec_start=$(setting ExecStart) user=$(setting User) group=$(setting Group) groups=$(setting SupplementaryGroups)
tty=$(setting TTYPath) umask_=$(setting UMask)
state=/var/lib/$(setting StateDirectory) runtime=/run/$(setting RuntimeDirectory) runtime_mode=$(setting RuntimeDirectoryMode)
# Environment=, then EnvironmentFile= (its VAR=value lines win, as in systemd), then $VAR and
# ${VAR} in ExecStart (both split at spaces here: the image's paths have none).
set -f
for a in $(sed -n "s/^Environment=//p" "$unit"); do export "$a"; done
set +f
envfile=$(setting EnvironmentFile); envfile=${envfile#-}
if [ -f "$envfile" ]; then
    while IFS= read -r line; do
        case $line in ""|\#*) ;; [A-Za-z_]*=*) export "${line%%=*}=${line#*=}" ;; esac
    done < "$envfile"
fi
case $exec_start in
    ""|*[\"\'\\%\`]*) echo "knob-panel image: cannot run the unit's ExecStart '$exec_start' (quotes and specifiers are not understood here)" > /dev/console
                  poweroff -f ;;
esac
exec_start=$(eval "printf '%s' \"$exec_start\"")
mkdir -p /run /tmp "$state" /var/cache/fontconfig /dev/pts
mount -t tmpfs tmpfs /run
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /var/cache/fontconfig
for m in $(cat /modules.order); do insmod "/mods/$m" 2>/dev/null; done
# Saved state: the host shares a directory (9p, tag "state"); without it, state lasts until power-off.
mount -t 9p -o trans=virtio,version=9p2000.L,cache=none state "$state" 2>/dev/null \
    || echo "knob-panel image: no 'state' share; values are kept in memory only" > /dev/console
i=0
while [ ! -e /dev/dri/card0 ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
say "init uptime=$(cut -d' ' -f1 /proc/uptime)"
# The unit's user and groups (sysusers.d and Debian's base groups on a real system); the
# groups own the devices as udev's rules make them (card and render node, input devices).
gid=900
for g in $group $groups; do
    grep -q "^$g:" /etc/group || { echo "$g:x:$gid:$user" >> /etc/group; gid=$((gid + 1)); }
done
grep -q "^$user:" /etc/passwd || echo "$user:x:999:$(sed -n "s/^$group:x:\([0-9]*\):.*/\1/p" /etc/group):knob-panel:$state:/bin/sh" >> /etc/passwd
chgrp video /dev/dri/card* && chmod 0660 /dev/dri/card*
chgrp render /dev/dri/renderD* 2>/dev/null && chmod 0660 /dev/dri/renderD*
chgrp input /dev/input/event* && chmod 0660 /dev/input/event*
# StateDirectory=, RuntimeDirectory=: the user's; StandardInput=tty: the VT is handed to it.
chown "$user:$group" "$state" && chmod 0750 "$state"
mkdir -p "$runtime" && chown "$user:$group" "$runtime" && chmod "${runtime_mode:-0755}" "$runtime"
chown "$user" "$tty" && chmod 0620 "$tty"
ipc=; prev=
set -f
for word in $exec_start; do [ "$prev" = --ipc ] && ipc=$word; prev=$word; done   # its control socket
set +f
# The host reaches the control socket through a virtio serial port: a relay per connection.
( while :; do
    port=$(ls /dev/vport*p1 2>/dev/null | head -1)
    if [ -n "$port" ] && [ -S "$ipc" ]; then
        # One open, read-write: a virtio port may be opened only once at a time.
        /usr/bin/knob-panel ctl "$ipc" --follow <> "$port" >&0 2> /dev/null
    fi
    sleep 0.2
  done ) &
# Restart=on-failure, as the systemd unit says it.
ready=$runtime/ready
while :; do
    rm -f "$ready"
    # The ready file's owner is the user the panel runs as.
    ( while [ ! -e "$ready" ]; do sleep 0.02; done; say "first-frame uptime=$(cut -d' ' -f1 /proc/uptime) user=$(stat -c %U "$ready")" ) &
    # su: the user's uid, gid and groups (from /etc/group); setsid: a session of its own, in
    # which opening the VT makes it the controlling terminal.
    umask "${umask_:-0022}"
    # (The command goes in -c whole: su would take the panel's options for its own. The words
    # have no quotes, $ or backslashes, so the user's shell splits them as the words above.)
    setsid su -s /bin/sh "$user" -c "exec 0<> $tty && exec $exec_start --ready-file $ready" \
        > /dev/null 2> /dev/console
    rc=$?
    umask 0022
    say "panel exited rc=$rc"
    [ $rc = 0 ] && break
    sleep 1
done
sync
poweroff -f
