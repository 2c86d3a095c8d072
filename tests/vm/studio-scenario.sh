#!/bin/bash
# studio-scenario.sh KNOB_PANEL LAYOUT OUT GUESTPORT: runs inside the VM (via vm.py --hostfwd).
# The panel on the KMS display with the studio on 0.0.0.0:GUESTPORT (a token file, 0600), so
# the host reaches it through the forwarded port (studio-host.py). Waits until the host says
# it is done (OUT/studio-host-done, the shared folder), at most 40 s, then stops the panel.
set -u
bin=$1 layout=$2 out=$3 port=$4
nap() { read -r -t "$1" -u $tick; }
exec {tick}<> <(:)
token=/tmp/studio-token
printf 'vm-studio-token-0123456789\n' > $token
chmod 600 $token
rm -f "$out/studio-ready"
"$bin" run "$layout" --studio "0.0.0.0:$port" --token-file $token --exit-after 60 --ready-file "$out/studio-ready" \
    < /dev/null > "$out/studio-events.jsonl" 2> "$out/studio-stderr.log" &
pid=$!
for ((i = 0; i < 4000; i++)); do
    [ -e "$out/studio-host-done" ] || ! kill -0 $pid 2> /dev/null && break
    nap 0.01
done
kill $pid 2> /dev/null
wait $pid
echo "panel exit $?" >> "$out/studio-stderr.log"
