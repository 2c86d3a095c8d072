# guest-user.sh (sourced by a VM scenario, as root): an unprivileged user for the panel, with
# what a Debian system gives it. udev's rules make /dev/dri/card* root:video and
# /dev/input/event* root:input, mode 0660 (the guest has no udevd, so this does it); logind or
# login hands the VT a user logs in on to that user. Sets KNOB_USER, KNOB_UID, KNOB_GROUPS,
# runtime (a folder the user may write: ready file, flip log) and run_as (the command prefix
# that runs the panel as the user: "${run_as[@]}" knob-panel ...). Replaces bin and layout
# (the scenario's KNOB_PANEL and LAYOUT) with copies the user can read.
KNOB_USER=knob KNOB_UID=4242
grep -q '^video:' /etc/group || echo 'video:x:44:' >> /etc/group
grep -q '^input:' /etc/group || echo 'input:x:4244:' >> /etc/group
grep -q "^$KNOB_USER:" /etc/group || echo "$KNOB_USER:x:$KNOB_UID:" >> /etc/group
grep -q "^$KNOB_USER:" /etc/passwd || echo "$KNOB_USER:x:$KNOB_UID:$KNOB_UID:knob-panel:/tmp:/bin/bash" >> /etc/passwd
sed -i -e "s/^video:\([^:]*\):\([^:]*\):\$/video:\1:\2:$KNOB_USER/" -e "s/^input:\([^:]*\):\([^:]*\):\$/input:\1:\2:$KNOB_USER/" /etc/group
video_gid=$(getent group video | cut -d: -f3) input_gid=$(getent group input | cut -d: -f3)
KNOB_GROUPS=$video_gid,$input_gid
chgrp video /dev/dri/card* && chmod 0660 /dev/dri/card*
chgrp input /dev/input/event* && chmod 0660 /dev/input/event*
chown "$KNOB_USER" /dev/tty1 && chmod 0620 /dev/tty1
runtime=/tmp/knob-run && mkdir -p $runtime && chown "$KNOB_UID" $runtime
# The guest sees the host's checkout with the host's modes: one under /root or made by
# mktemp -d (0700) is closed to the user (setpriv then exits 126). Its own copies live in the
# guest's tmpfs; tests/vm/panel.json names no other files.
install -m 0755 "$bin" $runtime/knob-panel && bin=$runtime/knob-panel
install -m 0644 "$layout" $runtime/layout.json && layout=$runtime/layout.json
run_as=(setpriv --reuid="$KNOB_UID" --regid="$KNOB_UID" --groups="$KNOB_GROUPS" --inh-caps=-all --bounding-set=-all)
