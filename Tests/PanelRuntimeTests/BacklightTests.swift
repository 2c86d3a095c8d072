import Foundation
import PanelLayout
import Testing
import PanelTesting
@testable import PanelSystem
@testable import PanelLoop
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelInput
@testable import PanelDisplay
@testable import PanelHost
@testable import PanelMQTT
@testable import PanelStudio
@testable import PanelBench
import ControlWidgets

/// The backlight path against a fake sysfs tree (what `KNOB_PANEL_SYSFS=ROOT` points at):
/// which backlight is chosen for a connector, what is written for dim/off/on, and that the
/// brightness found at start is written back at exit.
@Suite struct BacklightTests {
    /// A fresh ROOT with `ROOT/sys/class/backlight/NAME/{type,max_brightness,brightness}`.
    final class FakeSysfs {
        let root: String
        init() throws {
            root = NSTemporaryDirectory() + "knob-sysfs-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: root + "/sys/class/backlight", withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }

        func addBacklight(_ name: String, type: String, max: Int = 255, brightness: Int = 200) throws {
            let dir = "\(root)/sys/class/backlight/\(name)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try "\(type)\n".write(toFile: dir + "/type", atomically: true, encoding: .utf8)
            try "\(max)\n".write(toFile: dir + "/max_brightness", atomically: true, encoding: .utf8)
            try "\(brightness)\n".write(toFile: dir + "/brightness", atomically: true, encoding: .utf8)
        }
        func brightness(_ name: String) throws -> String {
            try String(contentsOfFile: "\(root)/sys/class/backlight/\(name)/brightness", encoding: .utf8)
        }
        func mkdir(_ path: String) throws { try FileManager.default.createDirectory(atPath: root + path, withIntermediateDirectories: true) }
        func link(_ path: String, to target: String) throws { try FileManager.default.createSymbolicLink(atPath: root + path, withDestinationPath: root + target) }
    }

    /// systemd-backlight's order for a built-in screen: firmware before platform before raw;
    /// an external connector (HDMI) takes none of them.
    @Test func builtInScreenPrefersFirmware() throws {
        let fs = try FakeSysfs()
        try fs.addBacklight("intel_backlight", type: "raw")
        try fs.addBacklight("acpi_video0", type: "firmware")
        try fs.addBacklight("dell_backlight", type: "platform")
        #expect(BacklightFinder.find(card: "card0", connector: "eDP-1", sysfsRoot: fs.root) == fs.root + "/sys/class/backlight/acpi_video0")
        #expect(BacklightFinder.find(card: "card0", connector: "HDMI-A-1", sysfsRoot: fs.root) == nil)
        let empty = try FakeSysfs()
        #expect(BacklightFinder.find(card: "card0", connector: "eDP-1", sysfsRoot: empty.root) == nil)
    }

    /// Tied to the connector or the card wins over the ranking, also for other connectors.
    @Test func connectorOrCardBacklightWins() throws {
        let fs = try FakeSysfs()
        try fs.addBacklight("acpi_video0", type: "firmware")
        try fs.addBacklight("intel_backlight", type: "raw")
        try fs.mkdir("/sys/class/drm/card0-eDP-1/intel_backlight")
        #expect(BacklightFinder.find(card: "card0", connector: "eDP-1", sysfsRoot: fs.root) == fs.root + "/sys/class/backlight/intel_backlight")

        let gpu = try FakeSysfs()
        try gpu.addBacklight("acpi_video0", type: "firmware")
        try gpu.addBacklight("amdgpu_bl1", type: "raw")
        try gpu.mkdir("/sys/devices/pci0000:00/0000:03:00.0")
        try gpu.mkdir("/sys/class/drm/card1")
        try gpu.link("/sys/class/drm/card1/device", to: "/sys/devices/pci0000:00/0000:03:00.0")
        try gpu.link("/sys/class/backlight/amdgpu_bl1/device", to: "/sys/devices/pci0000:00/0000:03:00.0")
        #expect(BacklightFinder.find(card: "card1", connector: "DP-2", sysfsRoot: gpu.root) == gpu.root + "/sys/class/backlight/amdgpu_bl1")
    }

    /// Found at 200 of 255: "on" is 200 (the user's setting), dim 0.3 is 200 × 0.3 = 60,
    /// off is 0, and exit writes 200 back. A tiny dim level never rounds down to off.
    @Test func brightnessWrittenAndRestored() throws {
        let fs = try FakeSysfs()
        try fs.addBacklight("panel", type: "raw", max: 255, brightness: 200)
        let light = try Backlight(path: fs.root + "/sys/class/backlight/panel")
        #expect(light.maxBrightness == 255 && light.original == 200)
        light.set(fraction: 0.3)
        #expect(try fs.brightness("panel") == "60\n")
        light.set(fraction: 0)
        #expect(try fs.brightness("panel") == "0\n")
        light.set(fraction: 0.001)
        #expect(try fs.brightness("panel") == "1\n")
        light.restore()
        #expect(try fs.brightness("panel") == "200\n")
        #expect(light.errors.isEmpty)
        #expect(throws: DisplayError.self) { try Backlight(path: fs.root + "/sys/class/backlight/none") }
    }

    /// Through the controller: with a backlight the frame is neither darkened nor blanked
    /// (the light does it), no frame is wanted while off, and the light follows the states.
    @Test func controllerDrivesTheBacklight() throws {
        let fs = try FakeSysfs()
        try fs.addBacklight("panel", type: "raw", max: 100, brightness: 80)
        let output = try KMSOutput(device: FakeKMSDevice.typical(), connectorName: nil, modeRequest: .preferred)
        let power = DisplayPower(output: output, backlight: try Backlight(path: fs.root + "/sys/class/backlight/panel"))
        #expect(power.abilities.dims && power.abilities.blanks)
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse("""
        { "panel": "B", "size": [200, 100], "theme": {"background": "#808080"}, "screen": {"dimAfter": 1, "dimLevel": 0.5, "offAfter": 2}, "pages": [ { "id": "p" } ] }
        """, file: "b.json").get()
        let controller = try PanelController(panel: panel, screenWidth: 200, screenHeight: 100)
        controller.screenAbilities = power.abilities
        controller.screenLight = power
        controller.renderFrame(at: 0)
        controller.advance(to: 1.5)
        #expect(try fs.brightness("panel") == "40\n")   // 80 × 0.5
        controller.renderFrame(at: 1.5)
        #expect(controller.shownFrame.pixel(x: 100, y: 50) == controller.frame.pixel(x: 100, y: 50))   // not darkened: the light is
        controller.advance(to: 2.5)
        #expect(try fs.brightness("panel") == "0\n")
        #expect(!controller.wantsFrame(at: 2.5))   // no black frame needed
        controller.execute(commandLine: #"{"command":"screen","state":"on"}"#, at: 3)
        #expect(try fs.brightness("panel") == "80\n")
        // A late loop turn brings dim and off together: the light goes 40, then 0.
        final class Logged: ScreenLight {
            let power: DisplayPower
            var written: [Double] = []
            init(_ power: DisplayPower) { self.power = power }
            func screenChanged(to state: ScreenState, brightness: Double) { power.apply(state, brightness: brightness); written.append(brightness) }
        }
        let logged = Logged(power)
        controller.screenLight = logged
        controller.advance(to: 10)
        #expect(logged.written == [0.5, 0])
        #expect(try fs.brightness("panel") == "0\n")
        power.restore()
        #expect(try fs.brightness("panel") == "80\n")
    }
}
