#!/bin/bash
# count-instructions-scenario.sh COUNTER KNOB_PANEL OUT "N1 N2": runs inside the arm64 VM booted
# with -icount (count-instructions-vm.sh): the counter checked against a known loop, then
# bench-console's phases run one at a time with N1 and N2 timed frames, each run's user-space
# instructions a line of OUT/counts.txt ("PHASE FRAMES COUNT"; "loop N COUNT" for the check).
# "rest": --phases dial, which bench-console has none of: what a run does a frame besides its
# phase (before 348beaf bench ran the generated phases, label to knobs96, whatever --phases
# said). KNOB_COUNT_MAIN=1: also counting only the main thread ("PHASE-main FRAMES COUNT").
set -u
counter=$1 bin=$2 out=$3 frames=$4
# Swift seeds its hashing per process; fixed, one cause of run-to-run spread fewer (counts still
# vary by a few million, 0.05 %, between runs).
export SWIFT_DETERMINISTIC_HASHING=1
: > "$out/counts.txt"
count() {   # count LABEL CMD...: the count of CMD's instructions, a line of counts.txt
    local label=$1; shift
    local c
    c=$("$counter" "$@" 2>&1 >/dev/null | sed -n "s/^instructions:u //p" | head -1)   # the first: an inner counter's (--main)
    echo "$label ${c:-?}" >> "$out/counts.txt"
}
if [ -n "${KNOB_COUNT_PROFILE:-}" ]; then   # COUNTER is then sample-ips: where the frames go
    : > "$out/samples.log"
    for phase in full knob; do
        "$counter" 1000000 "$out/samples-$phase.txt" "$bin" bench panels/bench-console.json --size 1280x800 \
            --phases "$phase" --frames "$KNOB_COUNT_PROFILE" > /dev/null 2>> "$out/samples.log"
    done
    exit 0
fi
for n in 1000000 10000000; do count "loop $n" "$counter" --loop "$n"; done
for phase in full knob rest; do
    sel=$phase; [ "$phase" = rest ] && sel=dial
    for n in $frames; do
        count "$phase $n" "$bin" bench panels/bench-console.json --size 1280x800 --phases "$sel" --frames "$n"
    done
    for n in $frames; do
        [ -n "${KNOB_COUNT_MAIN:-}" ] && [ "$phase" != rest ] || continue
        count "$phase-main $n" "$counter" --main "$bin" bench panels/bench-console.json --size 1280x800 --phases "$phase" --frames "$n"
    done
done
exit 0
