// swift-tools-version:6.0
import PackageDescription
import Foundation

// Pango's pkg-config file adds -pthread to the compile flags, which SwiftPM rejects with a
// "prohibited flag" warning for every build. So the CCairo module gets its include paths
// from pkg-config here, minus that flag, and passes them to the targets that import it.
func pkgConfigCFlags(_ packages: String...) -> [String] {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["pkg-config", "--cflags"] + packages
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return [] }
    p.waitUntilExit()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        .filter { $0.hasPrefix("-I") }
        .flatMap { ["-Xcc", String($0)] }
}
let cairoFlags: [SwiftSetting] = [.unsafeFlags(pkgConfigCFlags("pangocairo"))]
let package = Package(
    name: "knob-panel",
    products: [
        .executable(name: "knob-panel", targets: ["knob-panel"]),
    ],
    targets: [
        // C libraries from Debian packages, wrapped once in Swift elsewhere.
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        // timerfd, signalfd, inotify: Linux event-loop calls missing from Swift's Glibc module.
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CInput", pkgConfig: "libinput", providers: [.apt(["libinput-dev", "libudev-dev"])]),

        // Layout files: JSON with positions, schema, validation, placement. Pure Swift.
        .target(name: "PanelLayout"),
        // Cairo + Pango wrapped once in safe Swift types: surfaces, contexts, text, PNG, blur.
        .target(name: "Graphics", dependencies: ["CCairo"], swiftSettings: cairoFlags),
        // Widget models (pure Swift) and painters (through Graphics).
        .target(name: "ControlWidgets", dependencies: ["Graphics"], swiftSettings: cairoFlags),
        // Scene, compositor, frame clock, scheduler, events, outputs (KMS, offscreen), input.
        .target(name: "PanelRuntime", dependencies: ["PanelLayout", "ControlWidgets", "Graphics", "CDRM", "CInput", "CLinux"], swiftSettings: cairoFlags),
        // The command line only.
        .executableTarget(name: "knob-panel", dependencies: ["PanelRuntime", "PanelLayout"], swiftSettings: cairoFlags),

        .testTarget(name: "PanelLayoutTests", dependencies: ["PanelLayout"]),
        .testTarget(name: "ControlWidgetsTests", dependencies: ["ControlWidgets", "Graphics"], swiftSettings: cairoFlags),
        .testTarget(name: "PanelRuntimeTests", dependencies: ["PanelRuntime", "PanelLayout", "ControlWidgets"],
                    exclude: ["Golden"], swiftSettings: cairoFlags),
    ],
    swiftLanguageModes: [.v6]
)
