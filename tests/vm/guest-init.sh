#!/bin/busybox sh
# /init (PID 1) of the initramfs that vm.py builds.  Loads the modules, makes the host root
# (9p, read-only, under a tmpfs overlay) the new root with fresh /proc /sys /dev /run, mounts
# the output folder writable at its own path, runs $OUT/.vm/cmd.sh there and powers off.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
. /vm.conf    # OUT=/abs/path MODULES="a.ko b.ko" (dependencies first) REPO=/abs/path (vm.py --root)

say() { echo "@@knob-vm:$*@@"; }
fail() { say "fail $*"; poweroff -f; sleep 10; }

for m in $MODULES; do
    err=$(insmod "/mods/$m" 2>&1) || case "$err" in *exists*) ;; *) echo "insmod $m: $err" ;; esac
done

if [ "${NET:-0}" = 1 ]; then   # vm.py --hostfwd: QEMU user-mode networking, static address
    i=0
    while [ ! -e /sys/class/net/eth0 ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
    ip link set lo up
    ip link set eth0 up && ip addr add 10.0.2.15/24 dev eth0 || echo "WARNING: no network card"
fi

P9="trans=virtio,version=9p2000.L,msize=512000"
R=/newroot
mkdir -p /lower /upper $R
mount -t 9p -o "$P9,ro,cache=loose" hostroot /lower || fail "cannot mount the host root (9p)"
mount -t tmpfs -o mode=755 tmpfs /upper
mkdir -p /upper/u /upper/w
if ! mount -t overlay overlay -o lowerdir=/lower,upperdir=/upper/u,workdir=/upper/w $R; then
    echo "overlay failed: read-only root with a tmpfs /tmp"
    mount --move /lower $R || fail "cannot move the root"
    mount -t tmpfs -o mode=1777 tmpfs $R/tmp
fi
mount -t proc proc $R/proc
mount -t sysfs sysfs $R/sys
mount -t devtmpfs devtmpfs $R/dev
mkdir -p $R/dev/pts $R/dev/shm
ln -s /proc/self/fd $R/dev/fd   # udev's job on a full system; bash's <(...) needs it
for i in 0 1 2; do ln -s /proc/self/fd/$i $R/dev/$(echo stdin stdout stderr | cut -d' ' -f$((i + 1))); done
mount -t devpts devpts $R/dev/pts
mount -t tmpfs -o mode=1777 tmpfs $R/dev/shm
mount -t tmpfs -o mode=755 tmpfs $R/run
if [ -n "${DEFERRED:-}" ]; then   # vm.py --defer-gpu: the command loads these itself
    mkdir -p $R/run/knob-vm-modules
    for m in $DEFERRED; do cp "/mods/$m" $R/run/knob-vm-modules/; done
fi
if [ -n "${REPO:-}" ]; then   # vm.py --root: the worktree at its own path inside that root
    mkdir -p "$R$REPO" && mount -t 9p -o "$P9,ro,cache=loose" repo "$R$REPO" || fail "cannot mount the worktree $REPO"
fi
mount -t 9p -o "$P9,rw,cache=none" out "$R$OUT" || fail "cannot mount the output folder $OUT"

i=0   # devices appear asynchronously after insmod
while { { [ -z "${DEFERRED:-}" ] && [ ! -e /dev/dri/card0 ]; } || ! ls /dev/input/event* >/dev/null 2>&1; } && [ $i -lt 100 ]; do
    sleep 0.05; i=$((i + 1))
done
[ -e /dev/dri/card0 ] || [ -n "${DEFERRED:-}" ] || echo "WARNING: no /dev/dri/card0"

say "start uptime=$(cut -d' ' -f1 /proc/uptime)"
chroot $R /usr/bin/env -i TERM=linux LANG=C.UTF-8 /bin/bash "$OUT/.vm/cmd.sh" \
    > "$R$OUT/command.log" 2>&1 < /dev/null
rc=$?
echo $rc > "$R$OUT/command.rc"
say "end rc=$rc uptime=$(cut -d' ' -f1 /proc/uptime)"
sync
umount "$R$OUT"
poweroff -f
sleep 10
