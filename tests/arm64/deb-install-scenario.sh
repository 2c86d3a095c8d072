#!/bin/bash
# deb-install-scenario.sh DEB REPO OUT: runs inside the arm64 VM (deb-install-test.sh) as root
# of a debootstrap --foreign trixie root: the second stage, then the package as `dpkg -i` and
# `apt-get -f install` leave it, then the installed binary. Writes OUT/steps ("ok STEP" lines),
# OUT/scenario.log (a line a step, with the guest's uptime), OUT/installed-demo.png.
set -u
deb=$1 repo=$2 out=$3
: > "$out/steps"
say() { echo "[$(cut -d' ' -f1 /proc/uptime) s] $*" >> "$out/scenario.log"; }
step() { echo "ok $1" >> "$out/steps"; say "ok $1${2:+: $2}"; }
: > "$out/scenario.log"

say "second stage of debootstrap"
/debootstrap/debootstrap --second-stage > "$out/second-stage.log" 2>&1 \
    || { say "second stage failed"; cp /debootstrap/debootstrap.log "$out/" 2>/dev/null; exit 1; }
# debootstrap unmounts what it mounted (/proc, /sys) on its way out.
mountpoint -q /proc || mount -t proc proc /proc
mountpoint -q /sys || mount -t sysfs sysfs /sys
mountpoint -q /dev/pts || mount -t devpts devpts /dev/pts
say "second stage done ($(dpkg-query -W | wc -l) packages)"

echo "deb [trusted=yes] file:$repo ./" > /etc/apt/sources.list
rm -f /etc/apt/sources.list.d/*
export DEBIAN_FRONTEND=noninteractive
apt-get -q -o Acquire::Languages=none update > "$out/apt-update.log" 2>&1 || { say "apt-get update failed"; exit 1; }

# dpkg -i alone: unpacked, not configured, the libraries missing (minbase has no cairo).
dpkg -i "$deb" > "$out/dpkg-i.log" 2>&1
rc=$?
missing=$(sed -n "s/^ knob-panel depends on \([^;]*\);.*/\1/p" "$out/dpkg-i.log" | paste -sd' ')
[ $rc != 0 ] && [ -n "$missing" ] && step dpkg-i-deps "dpkg -i exit $rc, missing: $missing"
apt-get -y -q -f install > "$out/apt-f-install.log" 2>&1 \
    && step apt-f-install "$(grep -c '^Setting up' "$out/apt-f-install.log") packages set up"
# What `apt install ./knob-panel.deb` adds: the Recommends (fonts, the dlopen'd libraries).
rec=$(dpkg-query -W -f '${Recommends}' knob-panel | sed 's/([^)]*)//g; s/,/ /g')
apt-get -y -q install $rec > "$out/apt-recommends.log" 2>&1 || say "Recommends: apt-get install failed"
status=$(dpkg-query -W -f '${db:Status-Abbrev} ${Version} ${Architecture}' knob-panel)
case $status in ii*) step configured "$status, $(command -v knob-panel)" ;; *) say "knob-panel: $status" ;; esac

bin=$(command -v knob-panel)
panel=/usr/share/knob-panel/panels/demo.json
"$bin" check "$panel" > "$out/check.log" 2>&1 && step check "knob-panel check $panel: $(tail -1 "$out/check.log")"
"$bin" render "$panel" --out "$out/installed-demo.png" > "$out/render.log" 2>&1 \
    && [ -s "$out/installed-demo.png" ] && step render "knob-panel render $panel ($(stat -c %s "$out/installed-demo.png") bytes)"
# postinst: the service's user (adduser: minbase has no systemd-sysusers).
getent passwd knob-panel > /dev/null && step user "$(getent passwd knob-panel)"
say "done; $(dpkg-query -W | wc -l) packages, $(df -k / | awk 'NR==2 {print int($3/1024)}') MB used"
exit 0
