// swift-tools-version:6.0
import PackageDescription

// The manifest is hermetic: no Foundation, no processes. SwiftPM caches evaluated manifests
// across builds, so anything computed here (e.g. by running pkg-config) before the Debian
// packages were installed would be served again after they are, and the build would keep
// failing. The C flags come from each system library target's `pkgConfig:` instead, which
// SwiftPM evaluates at every build.
let package = Package(
    name: "knob-panel",
    products: [
        .executable(name: "knob-panel", targets: ["knob-panel"]),
    ],
    targets: [
        // C libraries from Debian packages, wrapped once in Swift elsewhere.
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        // cairo with its FreeType backend, fontconfig, FreeType; HarfBuzz and FriBidi headers only
        // (opened with dlopen when a text needs shaping: shaping.h).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo-ft", providers: [.apt(["libcairo2-dev", "libfontconfig-dev", "libfreetype-dev", "libharfbuzz-dev", "libfribidi-dev"])]),
        // timerfd, signalfd, inotify: Linux event-loop calls missing from Swift's Glibc module.
        .systemLibrary(name: "CLinux"),
        // libinput + libudev (run, where udevd runs): opened with dlopen on first use, not linked
        // (shim.h), like CMosquitto: no pkgConfig, whose libs would link them.
        .systemLibrary(name: "CInput", providers: [.apt(["libinput-dev", "libudev-dev"])]),
        // sd_notify for systemd's Type=notify and watchdog; a no-op without NOTIFY_SOCKET.
        // MQTT client (run --mqtt); its socket joins the panel's poll loop, no thread. Opened
        // with dlopen on first use, not linked (shim.h): no pkgConfig, whose libs would link it.
        .systemLibrary(name: "CMosquitto", providers: [.apt(["libmosquitto-dev"])]),
        // ALSA playback for the click on press ("sound" in a layout): opened with dlopen on
        // demand, never linked; its prototypes are in shim.h, so no -dev package is needed.
        .systemLibrary(name: "CSound"),

        // The pipeline, bottom to top; each module sees only those below it (one-way).
        // System calls behind one mockable seam, errno, clocks, atomic and regular files, the line reader.
        .target(name: "PanelSystem", dependencies: ["CLinux"]),
        // printf-style value formats ("%.1f °C") in pure Swift, for the checker and the widgets.
        .target(name: "Formatting"),
        // Layout files: JSON with positions, schema, validation, placement (files read through PanelSystem).
        .target(name: "PanelLayout", dependencies: ["Formatting", "PanelSystem"]),
        // Cairo wrapped once in safe Swift types: surfaces, contexts, text, PNG, blur.
        .target(name: "Graphics", dependencies: ["CCairo", "PanelSystem"]),
        // Widget models (pure Swift) and painters (through Graphics).
        .target(name: "ControlWidgets", dependencies: ["Graphics", "Formatting", "PanelLayout"]),
        // The poll loop, its sources (signals, timers) and the PNG worker thread.
        .target(name: "PanelLoop", dependencies: ["PanelSystem", "CLinux", "Graphics"]),
        // Commands, replies, input scripts, events and their JSON encoding; saved state.
        .target(name: "PanelProtocol", dependencies: ["PanelLayout", "ControlWidgets"]),
        // The panel itself: scene, compositing, controller, drawer, screen power, flight recorder; no raw calls.
        .target(name: "PanelCore", dependencies: ["PanelProtocol", "PanelLoop", "PanelSystem", "PanelLayout", "ControlWidgets", "Graphics"]),
        // evdev, libinput, touch calibration.
        .target(name: "PanelInput", dependencies: ["PanelProtocol", "PanelSystem", "ControlWidgets", "Graphics", "CInput", "CLinux"]),
        // KMS, page flips, the console (VT), DPMS and backlight, cursors.
        .target(name: "PanelDisplay", dependencies: ["PanelCore", "PanelProtocol", "PanelLoop", "PanelSystem", "Graphics", "CDRM", "CInput", "CLinux"]),
        // The process around a panel: stdio, the socket, state, reload, service notification, sessions, the click.
        .target(name: "PanelHost", dependencies: ["PanelCore", "PanelDisplay", "PanelInput", "PanelProtocol", "PanelLoop", "PanelSystem", "PanelLayout", "Graphics", "CLinux", "CSound"]),
        // A leaf: MQTT with Home Assistant discovery.
        .target(name: "PanelMQTT", dependencies: ["PanelCore", "PanelProtocol", "PanelLoop", "PanelSystem", "PanelLayout", "ControlWidgets", "CMosquitto"]),
        // A leaf: the HTTP studio (server, editor, frame stream).
        .target(name: "PanelStudio", dependencies: ["PanelHost", "PanelCore", "PanelProtocol", "PanelLoop", "PanelSystem", "PanelLayout", "ControlWidgets", "Graphics"]),
        // A leaf: `knob-panel bench` (phases, in-memory KMS device, peak RSS).
        .target(name: "PanelBench", dependencies: ["PanelCore", "PanelDisplay", "PanelProtocol", "PanelSystem", "PanelLayout", "ControlWidgets", "Graphics"]),
        // The command line only.
        .executableTarget(name: "knob-panel", dependencies: ["PanelSystem", "PanelLoop", "PanelProtocol", "PanelCore", "PanelInput", "PanelDisplay", "PanelHost", "PanelMQTT", "PanelStudio", "PanelBench", "PanelLayout", "Graphics", "CLinux"]),

        // Test support, never linked into knob-panel: the scenario files' loader, matcher and
        // rig, the golden check, and the fakes (a GPU, a socket client) several suites share.
        .target(name: "PanelTesting", dependencies: ["PanelSystem", "PanelLoop", "PanelProtocol", "PanelCore", "PanelDisplay", "PanelHost", "PanelLayout", "ControlWidgets", "Graphics"]),

        .testTarget(name: "PanelLayoutTests", dependencies: ["PanelLayout", "ControlWidgets"]),
        .testTarget(name: "ControlWidgetsTests", dependencies: ["ControlWidgets", "Graphics", "Formatting", "PanelSystem"]),
        .testTarget(name: "PanelRuntimeTests", dependencies: ["PanelSystem", "PanelLoop", "PanelProtocol", "PanelCore", "PanelInput", "PanelDisplay", "PanelHost", "PanelMQTT", "PanelStudio", "PanelBench", "PanelLayout", "ControlWidgets", "PanelTesting"],
                    exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
