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

        // printf-style value formats ("%.1f °C") in pure Swift, shared by the layout checker
        // and the widgets that show values.
        .target(name: "Formatting"),
        // Layout files: JSON with positions, schema, validation, placement. Pure Swift.
        .target(name: "PanelLayout", dependencies: ["Formatting"]),
        // Cairo wrapped once in safe Swift types: surfaces, contexts, text (fontconfig, FreeType,
        // HarfBuzz on demand), PNG, blur.
        .target(name: "Graphics", dependencies: ["CCairo"]),
        // Widget models (pure Swift) and painters (through Graphics).
        .target(name: "ControlWidgets", dependencies: ["Graphics", "Formatting", "PanelLayout"]),
        // Scene, compositor, frame clock, scheduler, events, outputs (KMS, offscreen), input.
        .target(name: "PanelRuntime", dependencies: ["PanelLayout", "ControlWidgets", "Formatting", "Graphics", "CDRM", "CInput", "CLinux", "CMosquitto"]),
        // The command line only.
        .executableTarget(name: "knob-panel", dependencies: ["PanelRuntime", "PanelLayout"]),

        .testTarget(name: "PanelLayoutTests", dependencies: ["PanelLayout"]),
        .testTarget(name: "ControlWidgetsTests", dependencies: ["ControlWidgets", "Graphics", "Formatting"]),
        .testTarget(name: "PanelRuntimeTests", dependencies: ["PanelRuntime", "PanelLayout", "ControlWidgets"],
                    exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
