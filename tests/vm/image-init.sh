#!/bin/busybox sh
# /init of the appliance image (make image): PID 1 brings the panel up and keeps it up.
/bin/busybox --install -s /bin
export PATH=/bin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /run /tmp /var/lib/knob-panel /var/cache/fontconfig /dev/pts
mount -t tmpfs tmpfs /run
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /var/cache/fontconfig
say() { echo "@@knob-image:$*@@" > /dev/console; }
for m in $(cat /modules.order); do insmod "/mods/$m" 2>/dev/null; done
# Saved state: the host shares a directory (9p, tag "state"); without it, state lasts until power-off.
mount -t 9p -o trans=virtio,version=9p2000.L,cache=none state /var/lib/knob-panel 2>/dev/null \
    || echo "knob-panel image: no 'state' share; values are kept in memory only" > /dev/console
i=0
while [ ! -e /dev/dri/card0 ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
say "init uptime=$(cut -d' ' -f1 /proc/uptime)"
# The host reaches the control socket through a virtio serial port: a relay per connection.
( while :; do
    port=$(ls /dev/vport*p1 2>/dev/null | head -1)
    if [ -n "$port" ] && [ -S /run/knob-panel.sock ]; then
        # One open, read-write: a virtio port may be opened only once at a time.
        /usr/bin/knob-panel ctl /run/knob-panel.sock --follow <> "$port" >&0 2> /dev/null
    fi
    sleep 0.2
  done ) &
# Restart=on-failure, as the systemd unit says it.
while :; do
    rm -f /run/ready
    ( while [ ! -e /run/ready ]; do sleep 0.02; done; say "first-frame uptime=$(cut -d' ' -f1 /proc/uptime)" ) &
    /usr/bin/knob-panel run /usr/share/knob-panel/panels/demo.json --state /var/lib/knob-panel/state.json \
        --ipc /run/knob-panel.sock --ready-file /run/ready < /dev/null > /dev/null 2> /dev/console
    rc=$?
    say "panel exited rc=$rc"
    [ $rc = 0 ] && break
    sleep 1
done
sync
poweroff -f
