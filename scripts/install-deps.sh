#!/bin/sh
# Installs the Debian packages knob-panel needs, only those missing (fast when done).
#   scripts/install-deps.sh build   # the C runtime Swift links with, libraries, pkg-config, fonts (text; Material Design Icons for mdi: icons), python3 (make build's hot-functions list)
#   scripts/install-deps.sh deb     # build + dpkg-dev, lintian, debootstrap (make deb, make deb-test)
#   scripts/install-deps.sh arm64   # build + qemu-user-static, qemu-system-arm, dpkg-dev, lintian (make build-arm64, deb-arm64, test-arm64)
#   scripts/install-deps.sh test    # build + what the VM display and MQTT tests need (a broker, openssl for TLS; libjpeg's header and a C compiler for the JPEG ABI check), libasound2 (the click test),
#                                   # and make deb's tools (dpkg-dev, lintian, debootstrap for its throwaway root, zsh and groff to check the pages)
set -eu
what=${1:-build}
pkgs="libdrm-dev libcairo2-dev libharfbuzz-dev libfribidi-dev libinput-dev libmosquitto-dev pkg-config python3 fonts-dejavu-core fonts-wqy-microhei fonts-materialdesignicons-webfont"
# What Swift's toolchain links every program with (swift.org's list for Debian 12): a
# toolchain unpacked without them cannot link (-lgcc_s, crt1.o); libstdc++.a is linked in.
pkgs="$pkgs libc6-dev libgcc-12-dev libstdc++-12-dev"
# make deb and make deb-test on their own: Debian's packaging tools and the throwaway root's maker.
[ "$what" = deb ] && pkgs="$pkgs dpkg-dev lintian debootstrap"
# make build-arm64, deb-arm64, test-arm64: qemu-user and qemu-system for the emulated tests,
# Debian's packaging tools (the arm64 trees come from trixie's archive, scripts/arm64-sdk.sh).
[ "$what" = arm64 ] && pkgs="$pkgs qemu-user-static qemu-system-arm dpkg-dev lintian"
[ "$what" = test ] && pkgs="$pkgs qemu-system-x86 busybox-static mosquitto mosquitto-clients openssl chromium dpkg-dev lintian debootstrap zsh groff-base"
# The click on press (a layout's "sound"): libasound2, opened with dlopen; the panel runs
# silent without it, so only the tests need it (tests/cli/click_sound.py, ALSA's file output).
[ "$what" = test ] && pkgs="$pkgs libasound2"
# The studio's editor: Debian's CodeMirror, served from /usr/share/javascript/codemirror.
pkgs="$pkgs libjs-codemirror"
# Opened with dlopen when text needs them (Sources/CCairo/linebreak.h): UAX #14 line breaking,
# Thai word breaks; the colour emoji font; JPEG decoding for the image widget (jpeg.h).
pkgs="$pkgs libunibreak1 libthai0 fonts-noto-color-emoji libjpeg62-turbo"
# tests/cli/jpeg_abi.sh compares jpeg.h's hand-written structs with libjpeg's own header.
[ "$what" = test ] && pkgs="$pkgs libjpeg62-turbo-dev gcc libc6-dev"

missing=""
for p in $pkgs; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
# libudev-dev must match the installed libudev1 exactly, or apt upgrades systemd.
udev_version=$(dpkg-query -W -f='${Version}' libudev1 2>/dev/null || true)
if ! dpkg -s libudev-dev >/dev/null 2>&1; then
    missing="$missing libudev-dev${udev_version:+=$udev_version}"
fi

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
if [ -n "$missing" ]; then
    echo "install-deps: installing$missing"
    $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $missing
fi
# The studio's browser tests drive Debian's chromium with Playwright for Python (PyPI; only
# its driver: the system chromium is the browser, Playwright's own downloads are never used).
if [ "$what" = test ] && ! python3 -c 'import playwright' >/dev/null 2>&1; then
    echo "install-deps: installing playwright (pip)"
    python3 -m pip --version >/dev/null 2>&1 || {
        DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends python3-pip; }
    pip="python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore playwright"
    $pip 2>/dev/null || $pip --break-system-packages   # Debian's own python3 is "externally managed"
fi
command -v swift >/dev/null 2>&1 || [ -x /opt/swift/usr/bin/swift ] || {
    echo "install-deps: Swift 6 is not installed (expected 'swift' on PATH or /opt/swift); see https://swift.org/install" >&2
    exit 1
}
