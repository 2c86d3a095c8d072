#!/bin/bash
# End-to-end checks of the knob-panel binary as a user runs it: exit codes, error lines
# with file:line:column, offscreen renders with sampled pixels, the no-display fallback.
set -u
cd "$(dirname "$0")/../.."
BIN=${KNOB_PANEL:-.build/release/knob-panel}
[ -x "$BIN" ] || { echo "cli-tests: $BIN not built (run 'make build')" >&2; exit 1; }
T=$(mktemp -d /tmp/knob-cli.XXXXXX)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok()   { pass=$((pass + 1)); echo "  ok    $1"; }
bad()  { fail=$((fail + 1)); echo "  FAIL  $1"; [ -n "${2:-}" ] && echo "$2" | sed 's/^/        /'; }
expect_status() {   # name expected-status command...
    local name=$1 want=$2; shift 2
    out=$("$@" 2>&1); got=$?
    if [ "$got" = "$want" ]; then ok "$name"; else bad "$name (exit $got, wanted $want)" "$out"; fi
}

echo "cli tests ($BIN)"
# The manifest must stay hermetic: SwiftPM caches its evaluation, so a pkg-config run from it
# before the packages were installed poisons later builds (issue 6, item 8).
grep -qE 'import Foundation|Process\(' Package.swift && bad "Package.swift runs processes (use pkgConfig: on system library targets)" || ok "Package.swift is hermetic"
# The panel core and the protocol make no system calls: those live in PanelSystem, the file
# helpers of Graphics and PanelLayout, or the host (issue 25).
glibc=$(grep -rlE 'import (Glibc|Musl|Foundation)' Sources/PanelCore Sources/PanelProtocol 2>/dev/null)
[ -z "$glibc" ] && ok "PanelCore and PanelProtocol import no Glibc" || bad "these import Glibc: $glibc"
# make's release binary links the Swift runtime statically (runs without the toolchain);
# make cli-test sets KNOB_REQUIRE_STATIC=1, a hand-built dynamic binary only gets a note.
if ldd "$BIN" 2>/dev/null | grep -q libswiftCore; then
    if [ "${KNOB_REQUIRE_STATIC:-0}" = 1 ]; then bad "$BIN links libswiftCore dynamically (build with --static-swift-stdlib)"
    else echo "  note  $BIN links the Swift runtime dynamically (make build links it statically)"; fi
else
    ok "binary needs no Swift runtime library"
fi
# Where Debian's archives are installed, make's binary links cairo, fontconfig, FreeType and
# libdrm statically (scripts/static-c-link.sh decides in the recipe, after deps ran).
if [ "${KNOB_REQUIRE_STATIC:-0}" = 1 ] && [ "$(scripts/static-c-link.sh --expect)" = static ]; then
    shared=$(ldd "$BIN" 2>/dev/null | grep -oE 'lib(cairo|fontconfig|freetype|drm|pixman-1|png16)\.so[^ ]*' | tr '\n' ' ')
    [ -z "$shared" ] && ok "cairo, pixman, fontconfig, freetype, libpng and libdrm linked statically" \
        || bad "$BIN should link the C libraries statically but ldd lists: $shared"
fi
# The rest of make's link (Makefile, LEAN_LINK): relative relocations packed as RELR, and the
# peak RSS of the reference scene within docs/performance.md's budget, which the hot-functions
# list, the static libraries and RELR together keep. A fresh copy of the binary: fault-around
# maps only cached pages, so a partly evicted file would read low. The largest of three runs
# (they differ by about 0.4 MiB): the budget holds every time, not on average.
RSS_BUDGET_MIB="1280x800:15.5 1920x1080:19"
if [ "${KNOB_REQUIRE_STATIC:-0}" = 1 ]; then
    readelf -d "$BIN" 2>/dev/null | grep -q '(RELR)' && readelf -S -W "$BIN" | grep -q ' \.relr\.dyn ' \
        && ok "relative relocations packed as RELR" || bad "$BIN has no RELR relocations (make build links with -z pack-relative-relocs)"
    cp "$BIN" "$T/fresh-knob-panel"
    for entry in $RSS_BUDGET_MIB; do
        size=${entry%:*} budget=${entry#*:} peak=0
        for run in 1 2 3; do
            mib=$("$T/fresh-knob-panel" bench panels/bench-console.json --size "$size" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["peakRSSMiB"])')
            peak=$(python3 -c "print(max($peak, ${mib:-999}))")
        done
        python3 -c "import sys; sys.exit(not $peak <= $budget)" \
            && ok "bench-console at $size: peak RSS $peak MiB (budget $budget)" \
            || bad "bench-console at $size: peak RSS $peak MiB over the budget of $budget MiB (docs/performance.md)"
    done
    rm -f "$T/fresh-knob-panel"
else
    echo "  note  RELR and the peak RSS budget are checked on make's binary (KNOB_REQUIRE_STATIC=1)"
fi
# libmosquitto (and with it OpenSSL) is opened only for --mqtt, never linked: ~1.8 MiB
# resident less for every panel without MQTT (docs/performance.md).
if ldd "$BIN" 2>/dev/null | grep -qE 'libmosquitto|libssl|libcrypto'; then bad "$BIN links libmosquitto/OpenSSL (CMosquitto opens it with dlopen)"
else ok "libmosquitto and OpenSSL not linked (dlopen for --mqtt)"; fi
# libinput and libudev likewise, for `run` where udevd runs (CInput/shim.h): render, check and
# bench never load them, nor libevdev, libmtdev, libwacom and libgudev, which libinput needs.
if ldd "$BIN" 2>/dev/null | grep -qE 'libinput|libudev|libevdev|libmtdev|libwacom|libgudev'; then bad "$BIN links libinput/libudev (CInput opens them with dlopen)"
else ok "libinput and libudev not linked (dlopen for run)"; fi
# libunibreak and libthai (line breaking) are opened only when a text must break (Thai only
# for libthai): the reference scene never loads them, a panel with a wrapped label does
# (LD_DEBUG=libs: the loader names each library it opens).
if ldd "$BIN" 2>/dev/null | grep -qE 'libunibreak|libthai'; then bad "$BIN links libunibreak/libthai (CCairo/linebreak.h opens them with dlopen)"
else
    loaded=$(LD_DEBUG=libs "$BIN" render panels/bench-console.json --out "$T/bench.png" 2>&1 | grep -oE 'calling init: [^ ]*(unibreak|thai)[^ ]*' | sort -u)
    cat > "$T/wrapped.json" <<'JSON'
{ "panel": "Wrapped", "size": [400, 300],
  "pages": [ { "id": "main", "widgets": [
    { "id": "status", "type": "label", "text": "See https://example.com/some-long-path/file.html and ภาษาไทย", "fontSize": 20, "frame": [20, 20, 200, 120] }
  ] } ] }
JSON
    wrapped=$(LD_DEBUG=libs "$BIN" render "$T/wrapped.json" --out "$T/wrapped.png" 2>&1 | grep -oE 'calling init: [^ ]*(unibreak|thai)[^ ]*' | sort -u | wc -l)
    [ -z "$loaded" ] && [ "$wrapped" = 2 ] && ok "libunibreak and libthai opened only for text that wraps (bench-console: none; Thai label: both)" \
        || bad "line-breaking libraries: bench-console loaded '$loaded', a wrapped Thai label loaded $wrapped of 2"
fi
for f in panels/*.json; do
    case "$f" in */schema.json) continue ;; esac
    expect_status "check $f" 0 "$BIN" check "$f"
done

cat > "$T/bad.json" <<'JSON'
{ "panel": "Bad", "size": [400, 300],
  "pages": [ { "id": "p", "widgets": [
    { "id": "k", "type": "knob", "mdoe": "continuous", "frame": [0, 0, 100, 100] },
    { "id": "k", "type": "knob", "frame": [350, 250, 100, 100] } ] } ] }
JSON
out=$("$BIN" check "$T/bad.json" 2>&1); st=$?
[ $st = 1 ] && ok "check bad file exits 1" || bad "check bad file exits 1 (got $st)" "$out"
echo "$out" | grep -q "bad.json:3:34: error: .*mdoe.*did you mean 'mode'" && ok "unknown key at 3:34 with suggestion" || bad "unknown key position" "$out"
echo "$out" | grep -q "bad.json:4:13: error: duplicate widget id 'k'" && ok "duplicate id at 4:13" || bad "duplicate id position" "$out"
echo "$out" | grep -q "bad.json:4:.*error: .*outside" && ok "widget outside the design size" || bad "outside design size" "$out"
printf '{"panel": "x", "size": [10, 10],\n  "pages": [' > "$T/trunc.json"
out=$("$BIN" check "$T/trunc.json" 2>&1); st=$?
[ $st = 1 ] && echo "$out" | grep -qE "trunc.json:2:[0-9]+: error:" && ok "truncated JSON reports a position" || bad "truncated JSON" "$out"
head -c 3000 /dev/urandom > "$T/garbage.json"
expect_status "binary garbage is an error, not a crash" 1 "$BIN" check "$T/garbage.json"
expect_status "missing file exits 66 (EX_NOINPUT)" 66 "$BIN" check "$T/none.json"
expect_status "unknown subcommand" 64 "$BIN" rendr
expect_status "unknown option" 64 "$BIN" render panels/demo.json --outt x.png
expect_status "bad --size" 64 "$BIN" render panels/demo.json --out "$T/x.png" --size 12
expect_status "help" 0 "$BIN" help render
# Issue 23, item 17: `--` ends the options on every subcommand; a panel named -x.json is a file.
cp panels/demo.json "$T/-x.json"
ABSBIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
in_T() { (cd "$T" && "$ABSBIN" "$@"); }
expect_status "a panel named -x.json without -- is an unknown option" 64 in_T check -x.json
expect_status "check -- -x.json reads the file" 0 in_T check -- -x.json
expect_status "check -- --help is a (missing) file, not help" 66 in_T check -- --help
expect_status "render --out dash.png -- -x.json" 0 in_T render --size 64x40 --out dash.png -- -x.json
[ -s "$T/dash.png" ] && ok "render after -- wrote dash.png" || bad "render after -- wrote no dash.png"
expect_status "layout -- -x.json" 0 in_T layout -- -x.json
expect_status "bench --frames 2 -- -x.json" 0 in_T bench --frames 2 -- -x.json
cp "$T/dash.png" "$T/-a.png"
expect_status "compare -- -a.png dash.png" 0 in_T compare --tolerance 0 -- -a.png dash.png
expect_status "run --headless --exit-after 0.2 -- -x.json" 0 in_T run --headless --exit-after 0.2 -- -x.json
"$BIN" help render | grep -q "^  -- .*End of options" && ok "help lists --" || bad "help lists --"

# Issue 6, item 3: "check says ok" implies render works. A PNG cut short after its header
# passes a header check but not a decode; check decodes every image (exit 1, positioned).
"$BIN" render panels/demo.json --size 64x40 --out "$T/img.png" >/dev/null 2>&1
head -c 100 "$T/img.png" > "$T/cut.png"
cat > "$T/cutimg.json" <<'JSON'
{ "panel": "Img", "size": [400, 300], "pages": [ { "id": "p", "widgets": [
    { "id": "k", "type": "knob", "frame": [0, 0, 100, 100], "image": "cut.png" } ] } ] }
JSON
out=$("$BIN" check "$T/cutimg.json" 2>&1); st=$?
[ $st = 1 ] && echo "$out" | grep -q "cutimg.json:2:70: error: 'image': image file 'cut.png' cannot be decoded" && ok "damaged PNG fails check at 2:70" || bad "damaged PNG fails check" "$out"
# Issue 6, item 1: a coordinate of 1e308 in a script is an error at its value, not a frozen screen.
echo '{"t":0.1,"type":"touch_down","id":0,"x":1,"y":1e308}' > "$T/huge.jsonl"
out=$("$BIN" render panels/demo.json --input "$T/huge.jsonl" --out "$T/huge.png" 2>&1); st=$?
[ $st = 1 ] && echo "$out" | grep -q "huge.jsonl:1:47: error: 'y' must be within ±1000000 design pixels" && ok "huge script coordinate refused at 1:47" || bad "huge script coordinate" "$out"
# Touch targets: the room panel's physicalSize (154x86 mm) gives no warning; on a 90x54 mm
# screen a design pixel is min(90/800, 54/480) = 0.1125 mm, so the 56-pixel buttons are 6.3 mm:
# warnings on stderr, exit 0.
out=$("$BIN" check panels/room-800x480.json 2>&1); st=$?
[ $st = 0 ] && ! echo "$out" | grep -q warning && ok "room panel: no touch-target warning at 154x86 mm" || bad "room panel warnings (exit $st)" "$out"
out=$("$BIN" check panels/room-800x480.json --screen-mm 90x54 2>&1); st=$?
[ $st = 0 ] && echo "$out" | grep -q "room-800x480.json:[0-9]*:[0-9]*: warning: button 'minus' is a 6.3 mm touch target on a 90×54 mm screen" && ok "check --screen-mm warns, exit 0" || bad "check --screen-mm (exit $st)" "$out"
expect_status "check --screen-mm malformed" 64 "$BIN" check panels/room-800x480.json --screen-mm 90
# A layout from before resetOnDoubleTap (issue 23 item 4) must keep working after an upgrade:
# defaultPosition is a deprecated alias (warning at the key, exit 0), the knob loads and its
# double tap still returns to -67.5 deg (-60 dB on -80..0); with resetOnDoubleTap too: error.
cat > "$T/legacy.json" <<'JSON'
{ "panel": "Legacy", "size": [400, 300],
  "pages": [ { "id": "p", "widgets": [
    { "id": "vol", "type": "knob", "frame": [100, 50, 200, 200], "mode": "continuous", "circular": false, "min": -135, "max": 135, "range": [-80, 0], "value": -20, "defaultPosition": -67.5 } ] } ] }
JSON
cat > "$T/doubletap.jsonl" <<'JSONL'
{"t":0.10,"type":"touch_down","id":0,"x":200,"y":100}
{"t":0.15,"type":"touch_up","id":0}
{"t":0.30,"type":"touch_down","id":0,"x":200,"y":100}
{"t":0.35,"type":"touch_up","id":0}
JSONL
out=$("$BIN" check "$T/legacy.json" 2>&1); st=$?
[ $st = 0 ] && echo "$out" | grep -q "legacy.json:3:165: warning: 'defaultPosition' is deprecated: use 'resetOnDoubleTap' (-60 here: in range units, the value at -67.5°)" \
    && ok "legacy defaultPosition: warning at 3:165, exit 0" || bad "legacy defaultPosition check (exit $st)" "$out"
out=$("$BIN" render "$T/legacy.json" --input "$T/doubletap.jsonl" --events "$T/legacy-ev.jsonl" --time 1 --out "$T/legacy.png" 2>&1); st=$?
[ $st = 0 ] && echo "$out" | grep -q "warning: 'defaultPosition' is deprecated" && grep -q '"widget":"vol","event":"valueChanged","position":-67.5,.*"value":-60,"source":"user"' "$T/legacy-ev.jsonl" \
    && ok "legacy knob renders and resets to -67.5 deg on a double tap" || bad "legacy knob render (exit $st)" "$out$(cat "$T/legacy-ev.jsonl" 2>/dev/null)"
sed 's/"defaultPosition": -67.5/"defaultPosition": -67.5, "resetOnDoubleTap": -60/' "$T/legacy.json" > "$T/both.json"
out=$("$BIN" check "$T/both.json" 2>&1); st=$?
[ $st = 1 ] && echo "$out" | grep -q "both.json:3:191: error: 'defaultPosition' and 'resetOnDoubleTap' both give the double-tap reset" \
    && ok "defaultPosition with resetOnDoubleTap is an error at 3:191" || bad "both reset keys (exit $st)" "$out"

# Texts (issue 23, item 19): a Thai label on a machine without a Thai font draws boxes, and a
# label whose text is taller than its frame is cut off; check says so, positioned, exit 0.
# A fontconfig with DejaVu only, so no Thai font is found whatever this machine has.
cat > "$T/fonts.conf" <<XML
<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>$T/fontcache</cachedir></fontconfig>
XML
cat > "$T/thai.json" <<'JSON'
{ "panel": "Thai", "size": [400, 300],
  "pages": [ { "id": "main", "widgets": [
    { "id": "hello", "type": "label", "text": "สวัสดี", "fontSize": 24, "frame": [20, 20, 360, 40] },
    { "id": "long", "type": "label", "text": "Living room temperature and humidity", "fontSize": 24, "frame": [20, 80, 160, 30] },
    { "id": "fits", "type": "label", "text": "Living room", "fontSize": 24, "frame": [20, 140, 360, 30] }
  ] } ] }
JSON
out=$(FONTCONFIG_FILE="$T/fonts.conf" "$BIN" check "$T/thai.json" 2>&1); st=$?
[ $st = 0 ] && echo "$out" | grep -q "thai.json:3:47: warning: label 'hello': 'text' has 5 Thai characters no installed font has (U+0E2A ส" \
    && echo "$out" | grep -q "thai.json:4:46: warning: label 'long': its text does not fit its 160×30 frame at fontSize 24" \
    && [ "$(echo "$out" | grep -c warning)" = 2 ] \
    && ok "check warns about a Thai label without a Thai font and a text cut off by its frame, exit 0" || bad "check text warnings (exit $st)" "$out"

# Offscreen render, sampled pixels (python3 + zlib reads the PNG).
expect_status "render demo" 0 "$BIN" render panels/demo.json --out "$T/demo.png"
python3 tests/cli/png_pixels.py "$T/demo.png" 640,10 400,260 >/dev/null && ok "demo.png decodes" || bad "demo.png decodes"
rgb=$(python3 tests/cli/png_pixels.py "$T/demo.png" 400,260)
# Volume knob's disc left of the value readout: the disc is centred at (488, 277.8), radius 106.
# demo.json's knobs are flat, so the disc is the dark theme's surface token #292e38 = (41, 46, 56).
[ "$rgb" = "41,46,56" ] && ok "knob fill colour $rgb" || bad "knob fill colour $rgb (wanted 41,46,56)"
# render --cursor X,Y: the mouse arrow (as run composites it without a cursor plane) with its
# tip at X,Y; inside it, 3 px right of its left edge and 11 px below the tip, pure white; the
# knob fill at (400,260) is untouched. Off screen or malformed: usage error.
expect_status "render --cursor 400,250" 0 "$BIN" render panels/demo.json --out "$T/cursor.png" --cursor 400,250
rgb=$(python3 tests/cli/png_pixels.py "$T/cursor.png" 403,261 400,240)
[ "$(echo $rgb)" = "255,255,255 $(python3 tests/cli/png_pixels.py "$T/demo.png" 400,240)" ] && ok "arrow drawn at the tip ($(echo $rgb))" || bad "render --cursor pixels ($(echo $rgb))"
expect_status "render --cursor off screen" 64 "$BIN" render panels/demo.json --out "$T/x.png" --cursor 1280,10
expect_status "render --cursor malformed" 64 "$BIN" render panels/demo.json --out "$T/x.png" --cursor 10
# Screen power (issue 16): --dim-after/--off-after on render; the frame at t = 2 is the one
# above x 0.3 (41,46,56 -> 12,14,17), at t = 4 black; the screen events at 1 and 3.
expect_status "render --dim-after 1 --off-after 3" 0 "$BIN" render panels/demo.json --out "$T/dim.png" --time 2 --dim-after 1 --off-after 3
rgb=$(python3 tests/cli/png_pixels.py "$T/dim.png" 400,260)
[ "$rgb" = "12,14,17" ] && ok "dimmed knob fill $rgb" || bad "dimmed knob fill $rgb (wanted 12,14,17)"
"$BIN" render panels/demo.json --out "$T/off.png" --time 4 --dim-after 1 --off-after 3 --events "$T/screen.jsonl" >/dev/null 2>&1
rgb=$(python3 tests/cli/png_pixels.py "$T/off.png" 400,260 640,10)
[ "$(echo $rgb)" = "0,0,0 0,0,0" ] && ok "off frame black" || bad "off frame black ($rgb)"
grep -q '{"t":1,"event":"screen","state":"dim","cause":"idle"}' "$T/screen.jsonl" && grep -q '{"t":3,"event":"screen","state":"off","cause":"idle"}' "$T/screen.jsonl" \
    && ok "screen events at 1 s and 3 s" || bad "screen events" "$(cat "$T/screen.jsonl")"
expect_status "--off-after 0 is a usage error" 64 "$BIN" render panels/demo.json --out "$T/x.png" --off-after 0
expect_status "--dim-after never" 0 "$BIN" render panels/demo.json --out "$T/x.png" --dim-after never

# Scripted input with events: a command-free script turning the volume knob by touch.
cat > "$T/turn.jsonl" <<'JSONL'
{"t":0.10,"type":"touch_down","id":0,"x":540,"y":200}
{"t":0.20,"type":"touch_motion","id":0,"x":420,"y":320}
{"t":0.30,"type":"touch_up","id":0}
JSONL
expect_status "render with input script" 0 "$BIN" render panels/demo.json --input "$T/turn.jsonl" --events "$T/ev.jsonl" --time 0.5 --out "$T/turned.png"
grep -q '"widget":"volume","event":"trackingBegan"' "$T/ev.jsonl" && grep -q '"event":"valueChanged"' "$T/ev.jsonl" && ok "events written" || bad "events written" "$(cat "$T/ev.jsonl" 2>/dev/null)"
echo '{"t":0.1,"type":"touch_dwn","id":0,"x":1,"y":2}' > "$T/badscript.jsonl"
out=$("$BIN" render panels/demo.json --input "$T/badscript.jsonl" --out "$T/y.png" 2>&1); st=$?
[ $st = 1 ] && echo "$out" | grep -q "badscript.jsonl:1:17: error: unknown input type" && ok "bad script line reported with position" || bad "bad script" "$out"

# render without --time plays the whole script and waits until animations end: the reverb
# knob (linearReturn, 5 positions 72 degrees apart, resting on one) dragged 40 degrees and
# released at 0.3 s turns on 32 degrees to the next position at 30 deg/s: at rest at
# 0.3 + 32/30 = 1.367 s. So the
# default frame equals the one at 3 s and differs from the one at 1.3 s (still turning).
cat > "$T/return.jsonl" <<'JSONL'
{"t":0.10,"type":"touch_down","id":0,"widget":"reverb","angle":0,"radius":0.8}
{"t":0.20,"type":"touch_motion","id":0,"widget":"reverb","angle":40,"radius":0.8}
{"t":0.30,"type":"touch_up","id":0}
JSONL
expect_status "render without --time" 0 "$BIN" render panels/demo.json --input "$T/return.jsonl" --events "$T/rest.jsonl" --out "$T/rest.png"
"$BIN" render panels/demo.json --input "$T/return.jsonl" --time 3 --out "$T/at3.png" 2>/dev/null
grep -q '"widget":"reverb","event":"trackingEnded"' "$T/rest.jsonl" && ok "a script without --time is played" || bad "script without --time played" "$(cat "$T/rest.jsonl")"
expect_status "rest frame equals the frame at 3 s" 0 "$BIN" compare "$T/at3.png" "$T/rest.png"
"$BIN" render panels/demo.json --input "$T/return.jsonl" --time 1.3 --out "$T/at13.png" 2>/dev/null
expect_status "rest frame is not the frame at 1.3 s" 1 "$BIN" compare "$T/at13.png" "$T/rest.png"
echo '{"t":0.1,"type":"touch_down","id":0,"widget":"volum","angle":45,"radius":0.8}' > "$T/aimbad.jsonl"
out=$("$BIN" render panels/demo.json --input "$T/aimbad.jsonl" --out "$T/z.png" 2>&1); st=$?
[ $st = 1 ] && echo "$out" | grep -q "aimbad.jsonl:1:46: error: no widget 'volum'" && ok "aim at an unknown widget is a positioned error" || bad "aim at unknown widget (exit $st)" "$out"

# compare: exit 0 equal, 1 differ (JSON summary on stdout, count and box on stderr),
# 2 unreadable, 3 size mismatch, 64 usage.
out=$("$BIN" compare "$T/demo.png" "$T/demo.png" 2>"$T/err"); st=$?
[ $st = 0 ] && echo "$out" | grep -q '^{"equal":true,"differingPixels":0,' && [ ! -s "$T/err" ] && ok "compare equal images" || bad "compare equal (exit $st)" "$out $(cat "$T/err")"
out=$("$BIN" compare "$T/demo.png" "$T/turned.png" --diff "$T/diff.png" 2>"$T/err"); st=$?
[ $st = 1 ] && echo "$out" | python3 -c 'import json,sys; d=json.loads(sys.stdin.read()); assert not d["equal"] and d["differingPixels"] > 0 and len(d["bounds"]) == 4' \
    && grep -q "pixels differ by more than 0 .* within [0-9]*x[0-9]* at" "$T/err" && ok "compare different images exits 1 with count and box" || bad "compare differ (exit $st)" "$out $(cat "$T/err")"
python3 tests/cli/png_pixels.py "$T/diff.png" 0,0 >/dev/null && ok "compare --diff writes a PNG" || bad "compare --diff"
expect_status "compare within a tolerance" 0 "$BIN" compare "$T/demo.png" "$T/turned.png" --tolerance 255
expect_status "compare with allowed differing pixels" 0 "$BIN" compare "$T/demo.png" "$T/turned.png" --max-pixels 1000000
expect_status "compare a missing file" 66 "$BIN" compare "$T/demo.png" "$T/none.png"
expect_status "compare a file that is not a PNG" 2 "$BIN" compare "$T/turn.jsonl" "$T/demo.png"
"$BIN" render panels/demo.json --size 320x200 --out "$T/small.png"
expect_status "compare images of different sizes" 3 "$BIN" compare "$T/demo.png" "$T/small.png"
expect_status "compare --tolerance out of range" 64 "$BIN" compare "$T/demo.png" "$T/demo.png" --tolerance 256

# layout: JSON lines with frames, knob centres and radii in design and screen pixels; at
# 640x400 the 1280x800 demo is scaled by 0.5, so every screen value is half the design value.
out=$("$BIN" layout panels/demo.json --size 640x400 --json); st=$?
echo "$out" | python3 -c '
import json, sys
lines = [json.loads(l) for l in sys.stdin.read().splitlines()]
head, widgets = lines[0], {w["widget"]: w for w in lines[1:]}
assert head["scale"] == 0.5 and head["screen"] == [640, 400], head
v = widgets["volume"]
assert v["type"] == "knob" and v["frame"] == [352, 112, 272, 340] and v["screenFrame"] == [176, 56, 136, 170], v
assert v["screenCenter"] == [c / 2 for c in v["center"]] and v["screenRadius"] == v["radius"] / 2, v
assert "center" not in widgets["title"] and widgets["title"]["shown"]
' && [ $st = 0 ] && ok "layout --json" || bad "layout --json (exit $st)" "$out"
expect_status "layout table" 0 "$BIN" layout panels/knobs.json

# bench --json: exactly one JSON object of the issue's shape (never its timings).
out=$("$BIN" bench panels/bench-console.json --size 320x200 --frames 3 --json); st=$?
[ $st = 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && printf '%s' "$out" | python3 -c '
import json, sys
r = json.load(sys.stdin)
assert list(r) == ["size", "frames", "full", "first", "knob", "dial", "slider", "fader", "meter", "drawer", "cursor", "chart", "clock", "label", "idleShift", "full1080", "full2160", "knobs6", "knobs24", "knobs96", "peakRSSMiB", "blursPerFrame", "resamplesAtRestPerFrame"], list(r)
assert r["size"] == [320, 200] and r["frames"] == 3 and r["drawer"] is None and r["fader"] is None and r["meter"] is None and r["chart"] is None and r["clock"] is None, r
for p in ["full", "first", "knob", "dial", "slider", "cursor", "label", "idleShift", "full1080", "full2160", "knobs6", "knobs24", "knobs96"]:
    assert sorted(r[p]) == ["max", "median", "p95"] and all(isinstance(v, (int, float)) for v in r[p].values()), p
assert r["peakRSSMiB"] > 0
' && ok "bench --json shape" || bad "bench --json (exit $st)" "$out"
"$BIN" bench panels/bench-console.json --size 320x200 --frames 3 | grep -q "^knob " && ok "bench text output" || bad "bench text output"
expect_status "bench --frames 0 is a usage error" 64 "$BIN" bench panels/bench-console.json --frames 0
# --phases: only the phases named (and first, the start-up) run; the rest are null.
out=$("$BIN" bench panels/bench-console.json --size 320x200 --frames 2 --phases knob,cursor --json); st=$?
[ $st = 0 ] && printf '%s' "$out" | python3 -c '
import json, sys
r = json.load(sys.stdin)
assert [p for p in ["full", "first", "knob", "dial", "slider", "cursor"] if r[p] is not None] == ["first", "knob", "cursor"], r
' && ok "bench --phases knob,cursor runs only those (and first)" || bad "bench --phases knob,cursor (exit $st)" "$out"
expect_status "bench --phases with an unknown phase is a usage error" 64 "$BIN" bench panels/bench-console.json --phases knob,spin

# Start-up tells the truth (issue 6, item 7): each cause its own exit status, no fallback
# unless asked, an explicit --device never falls back, stdout carries only JSON lines.
if ! ls /dev/dri/card* >/dev/null 2>&1; then
    out=$("$BIN" run panels/demo.json 2>"$T/err"); st=$?
    [ $st = 10 ] && [ -z "$out" ] && grep -q "no /dev/dri/card" "$T/err" && ok "run without a display exits 10" || bad "run without a display (exit $st)" "$out $(cat "$T/err")"
    out=$("$BIN" run panels/demo.json --fallback png --offscreen-out "$T/fallback.png" 2>"$T/err"); st=$?
    [ $st = 0 ] && [ -z "$out" ] && [ -s "$T/fallback.png" ] && grep -q "rendered offscreen to $T/fallback.png" "$T/err" \
        && ok "run --fallback png renders, path on stderr, stdout empty" || bad "run --fallback png (exit $st)" "$out $(cat "$T/err")"
    mkdir -m 700 "$T/xdg"
    out=$(XDG_RUNTIME_DIR=$T/xdg "$BIN" run panels/demo.json --fallback png 2>&1); st=$?
    [ $st = 0 ] && [ -s "$T/xdg/knob-panel-demo.png" ] && ok "default fallback PNG goes to \$XDG_RUNTIME_DIR" || bad "fallback into XDG_RUNTIME_DIR (exit $st)" "$out"
    ln -s "$T/demo.png" "$T/planted.png"
    expect_status "fallback PNG never written through a planted link" 74 "$BIN" run panels/demo.json --fallback png --offscreen-out "$T/planted.png"
fi
echo x > "$T/regular"; mkfifo "$T/fifo"
expect_status "run --device /dev/null exits 11" 11 "$BIN" run panels/demo.json --device /dev/null
expect_status "run --device REGULAR-FILE exits 11" 11 "$BIN" run panels/demo.json --device "$T/regular"
expect_status "run --device FIFO exits 11" 11 "$BIN" run panels/demo.json --device "$T/fifo"
# Issue 24: a running panel's own live outputs never wait on a FIFO (open blocks until a
# reader comes, with SIGTERM held for the signalfd): refused at once, exit 74.
for opt in flip-log ready-file record; do
    expect_status "run --headless --$opt FIFO is refused (74), not a hang" 74 \
        timeout -k 2 10 "$BIN" run panels/demo.json --headless --exit-after 0.3 --$opt "$T/fifo"
done
expect_status "run --device MISSING exits 10" 10 "$BIN" run panels/demo.json --device "$T/missing"
expect_status "run --fallback png --device is refused" 64 "$BIN" run panels/demo.json --fallback png --device /dev/null
expect_status "run --fallback bogus" 64 "$BIN" run panels/demo.json --fallback gif
"$BIN" help run | grep -q "^  13 *another program holds the display" && ok "help run lists exit statuses" || bad "help run exit statuses"
# Issue 23, item 14: SIGHUP reloads (appliance.py checks the panel keeps running); neither
# help run's nor the README's row for status 0 may call it a way to stop.
row0=$("$BIN" help run | grep "stopped as asked")
readme0=$(grep "^| 0 |" README.md)
if echo "$row0" | grep -q "SIGHUP reloads" && ! echo "$row0" | grep -qE "SIGTERM/SIGHUP|SIGHUP,"; then ok "help run: SIGHUP reloads"; else bad "help run row 0 about SIGHUP" "$row0"; fi
if echo "$readme0" | grep -q "SIGHUP does not stop" && ! echo "$readme0" | grep -q "SIGTERM/SIGHUP"; then ok "README: SIGHUP reloads"; else bad "README row 0 about SIGHUP" "$readme0"; fi
expect_status "help help" 0 "$BIN" help help

# Outputs are replaced safely (issue 6, item 4).
cp "$T/demo.png" "$T/keep.png"; ln -s "$T/keep.png" "$T/link.png"
expect_status "render --out SYMLINK is refused" 74 "$BIN" render panels/demo.json --out "$T/link.png" --time 0.5
cmp -s "$T/demo.png" "$T/keep.png" && [ -L "$T/link.png" ] && ok "the link and its target are untouched" || bad "link target changed"
expect_status "events to /dev/full fail" 74 "$BIN" render panels/demo.json --input "$T/turn.jsonl" --events /dev/full --time 0.5 --out "$T/e.png"
out=$("$BIN" render panels/demo.json --input "$T/turn.jsonl" --events - --time 0.5 --out "$T/e.png" 2>&1 >/dev/full); st=$?
[ $st = 74 ] && echo "$out" | grep -q "stdout.*No space left" && ok "events to a full stdout fail (74)" || bad "events to full stdout (exit $st)" "$out"
"$BIN" check panels/demo.json > /dev/full 2>/dev/null; st=$?
[ $st = 74 ] && ok "check to /dev/full exits 74" || bad "check to /dev/full (exit $st)"
if mkdir -p "$T/small" && mount -t tmpfs -o size=40k tmpfs "$T/small" 2>/dev/null; then
    echo previous > "$T/small/out.png"
    cat /dev/zero > "$T/small/filler" 2>/dev/null   # until the disk is full
    expect_status "render onto a full disk fails" 74 "$BIN" render panels/demo.json --out "$T/small/out.png"
    [ "$(cat "$T/small/out.png")" = previous ] && [ "$(ls -A "$T/small" | wc -l)" = 2 ] \
        && ok "the previous --out survives a full disk, no temporary left" || bad "full disk left $(ls -A "$T/small")"
    expect_status "events onto a full disk fail" 74 "$BIN" render panels/demo.json --input "$T/turn.jsonl" --time 0.5 --out "$T/e.png" --events "$T/small/ev.jsonl"
    umount "$T/small"
else
    echo "  skip  full-disk checks (cannot mount a small tmpfs here)"
fi

# --frames-dir names sort in frame order past frame 99 999 (issue 6, item 9).
printf '%s\n' '{"t":1670,"type":"touch_down","id":0,"x":260,"y":250}' '{"t":1670.1,"type":"touch_up","id":0}' > "$T/late.jsonl"
mkdir -p "$T/frames"
expect_status "render a late script with --frames-dir" 0 "$BIN" render panels/demo.json --input "$T/late.jsonl" --time 1671 --frames-dir "$T/frames" --out "$T/late.png"
first=$(ls "$T/frames" | head -1) last=$(ls "$T/frames" | tail -1)
[ "$first" = frame-000000.png ] && [[ $last == frame-1002??.png ]] && ok "frame names sort: $first .. $last" || bad "frame names: $first .. $last"

# Scenarios as data (tests/scenarios): the files ScenarioTests plays in process, played
# here through `render --input --events` and `compare` (tests/cli/scenarios.py).
if python3 tests/cli/scenarios.py "$BIN"; then ok "scenario tests"; else bad "scenario tests"; fi
# Issue 23, items 12, 13, 15: the button's event order, an animated set's two moments
# (valueChanged at once, settled at rest) and each channel's `source`, as docs/protocol.md says.
if python3 tests/cli/event_vocabulary.py "$BIN"; then ok "event vocabulary"; else bad "event vocabulary"; fi
# The appliance for real: headless loop, control socket and its abuse, ctl, state under
# kill -9, reload, systemd notify/unit, make install (tests/cli/appliance.py).
if python3 tests/cli/appliance.py "$BIN" --kill-runs "${KILL_RUNS:-20}"; then ok "appliance tests"; else bad "appliance tests"; fi

# No source stalls the loop (issue 24): a screenshot storm from many clients and the studio,
# a reload flood, and a FIFO in place of every file the loop touches (tests/cli/stall.py).
if python3 tests/cli/stall.py "$BIN"; then ok "stall tests"; else bad "stall tests"; fi

# MQTT against a real mosquitto on a free port (tests/cli/mqtt.py; 77: broker not installed).
python3 tests/cli/mqtt.py "$BIN"; st=$?
if [ $st = 0 ]; then ok "mqtt tests"; elif [ $st = 77 ]; then echo "  skip  mqtt tests (install: scripts/install-deps.sh test)"; else bad "mqtt tests"; fi
# The click on press through the real libasound2, into ALSA's file output (77: no libasound2).
python3 tests/cli/click_sound.py "$BIN"; st=$?
if [ $st = 0 ]; then ok "click sound through ALSA's file output"; elif [ $st = 77 ]; then echo "  skip  click sound (install libasound2)"; else bad "click sound"; fi
# Keypads and spinboxes as box numbers, meters and gauges as sensors, faders as sliders (HA schema).
python3 tests/cli/ha_entry.py "$BIN"; st=$?
if [ $st = 0 ]; then ok "Home Assistant discovery of entry widgets and instruments"; elif [ $st = 77 ]; then echo "  skip  ha entry tests (install: scripts/install-deps.sh test)"; else bad "ha entry tests"; fi
# Network faults: a silent drop through a proxy (keepalive), TLS with a CA made by openssl.
python3 tests/cli/mqtt_bind.py "$BIN"; st=$?
if [ $st = 0 ]; then ok "mqtt bound data tests"; elif [ $st = 77 ]; then echo "  skip  mqtt bound data tests (install: scripts/install-deps.sh test)"; else bad "mqtt bound data tests"; fi
# The screen as a Home Assistant light, and presence (issue 27), against a real broker.
python3 tests/cli/mqtt_screen.py "$BIN"; st=$?
if [ $st = 0 ]; then ok "mqtt screen light and presence tests"; elif [ $st = 77 ]; then echo "  skip  mqtt screen light tests (install: scripts/install-deps.sh test)"; else bad "mqtt screen light and presence tests"; fi
# Brightness from a fake IIO light sensor to a fake backlight (KNOB_PANEL_SYSFS, --backlight headless).
if python3 tests/cli/screen_brightness.py "$BIN"; then ok "screen brightness from the light sensor"; else bad "screen brightness from the light sensor"; fi
# The wall panel (panels/wall-panel.json) fed through its topics: labels, chart, thermostat, the doorbell JPEG.
python3 tests/cli/wall_panel_mqtt.py "$BIN"; st=$?
if [ $st = 0 ]; then ok "wall panel over mqtt"; elif [ $st = 77 ]; then echo "  skip  wall panel over mqtt (install: scripts/install-deps.sh test)"; else bad "wall panel over mqtt"; fi
# libjpeg's structs as jpeg.h declares them, against libjpeg's own header (77: no header or compiler).
sh tests/cli/jpeg_abi.sh; st=$?
if [ $st = 0 ]; then ok "jpeg.h matches libjpeg 6.2's ABI"; elif [ $st = 77 ]; then echo "  skip  jpeg.h ABI check (install: scripts/install-deps.sh test)"; else bad "jpeg.h ABI check"; fi
# docs/integration.md's statestream example against the real Home Assistant (HA_VENV).
python3 tests/cli/ha_statestream.py "$BIN"; st=$?
if [ $st = 0 ]; then ok "Home Assistant statestream -> bound widgets"; elif [ $st = 77 ]; then echo "  skip  Home Assistant statestream (no HA venv or mosquitto)"; else bad "Home Assistant statestream"; fi
python3 tests/cli/mqtt_net.py "$BIN"; st=$?
if [ $st = 0 ]; then ok "mqtt network tests"; elif [ $st = 77 ]; then echo "  skip  mqtt network tests (install: scripts/install-deps.sh test)"; else bad "mqtt network tests"; fi

# Nothing from outside may stall or bloat the panel (issue 24): memory under attack (a 20 MB
# publish, a broker that never reads, event streams that never read), idle lockouts, headless
# file rules, RLIMIT_FSIZE, --listen 127.0.0.2 (tests/cli/bounds.py).
if python3 tests/cli/bounds.py "$BIN"; then ok "bounds tests"; else bad "bounds tests"; fi
# The flight recorder: drive, dump (socket, SIGUSR1), render --input DUMP equals the screenshot
# pixel for pixel; a small ring, a reload, an idle dim, refused paths (tests/cli/flight_recorder.py).
if python3 tests/cli/flight_recorder.py "$BIN"; then ok "flight recorder tests"; else bad "flight recorder tests"; fi
# Soak: a minute of animation with the socket, MQTT and the state file busy; RSS after the
# warm-up against the end, frames and replies kept coming (tests/cli/soak.py; --seconds 3600 for the notes).
python3 tests/cli/soak.py "$BIN" --seconds "${SOAK_SECONDS:-60}"; st=$?
if [ $st = 0 ]; then ok "soak"; elif [ $st = 77 ]; then echo "  skip  soak (install: scripts/install-deps.sh test)"; else bad "soak"; fi

# Man pages and completions agree with help, --version/-V everywhere, exit 66 for a missing
# input, journal priorities on stderr (tests/cli/conventions.py).
if python3 tests/cli/conventions.py "$BIN"; then ok "conventions tests"; else bad "conventions tests"; fi

echo "cli tests: $pass passed, $fail failed"
[ $fail = 0 ]
