import Graphics
import PanelCore
import PanelDisplay
import PanelHost
import PanelLayout
import PanelSystem
import ControlWidgets

/// Two screens of one panel process on the fake KMS device, on a virtual clock: connector
/// Virtual-1 (the primary) and Virtual-2, each at its own mode, as `run --output …` builds
/// them. Each screen flips on its own: a flip completes one refresh period after it was
/// queued (a driver with vblank), and a frame is asked for at the times a test names.
package final class TwoScreenBench {
    package struct SizesDiffer: Error {}
    package let dev: FakeKMSDevice
    package let screens: [DisplayScreen]
    private var queuedAt: [Double] = [0, 0]
    package let services: PanelServices
    package let session: DisplaySession
    package var primary: PanelController { screens[0].controller }
    package var second: PanelController { screens[1].controller }

    /// - Parameters: modes: (width, height, Hz) of Virtual-1 and Virtual-2.
    ///   secondPanel: the second screen's layout (nil: the primary's, mirrored).
    ///   dpms: connectors (31, 32) whose driver has DPMS; backlights: a backlight per screen (nil: none).
    package init(_ panelText: String, modes: [(Int, Int, Double)], secondPanel: String? = nil,
         dpms: Set<UInt32> = [], backlights: [Backlight?] = [nil, nil]) throws {
        dev = FakeKMSDevice(connectors: modes.enumerated().map { i, m in
            ConnectorInfo(id: UInt32(31 + i), name: "Virtual-\(i + 1)", isConnected: true,
                          modes: [FakeKMSDevice.mode(m.0, m.1, m.2, preferred: true, index: 0)], crtcCandidates: [41, 42])
        })
        dev.dpmsConnectors = dpms
        let panels = [try PanelLoader(kinds: WidgetCatalog.kinds).parse(panelText, file: "p.json").get(),
                      try PanelLoader(kinds: WidgetCatalog.kinds).parse(secondPanel ?? panelText, file: "q.json").get()]
        var built: [DisplayScreen] = []
        for (info, panel) in zip(try dev.connectors(), panels) {
            let out = try KMSOutput(device: dev, connector: info, modeRequest: .preferred, busyCRTCs: Set(built.compactMap { $0.output?.crtc }))
            built.append(DisplayScreen(controller: try PanelController(panel: panel, screenWidth: out.width, screenHeight: out.height), output: out))
        }
        screens = built
        if secondPanel == nil {
            built[1].mirrorsPrimary = true
            built[0].controller.addMirror(built[1].controller, at: 0)
        }
        // The session makes the screens share one screen-power state; its run() connects
        // each connector's own light and DPMS.
        services = try PanelServices(controller: built[0].controller, options: .init(), write: { _ in })
        session = DisplaySession(screens: built, options: .init(), services: services)
        for (s, light) in zip(screens, backlights) {
            s.power = DisplayPower(output: s.output!, backlight: light)
            s.connectPower()
        }
        session.attachConsole(nil, at: 0)   // no VT: screen-power changes reach every screen's power
        for s in screens { try s.start(at: 0); s.flipQueued(at: 0) }
    }

    /// What the loop does at the top of a turn: screen-power changes reach the backlights and
    /// DPMS of every screen.
    package func loopTurn(at time: Double) throws { _ = try session.serviceConsole(at: time) }

    package func period(_ i: Int) -> Double { screens[i].output!.mode.refreshPeriod }

    /// Screen `i`'s frame at `time`: its pending flip completes first (it must be due by then).
    /// Returns whether a frame was queued (false: nothing to show).
    @discardableResult
    package func frame(_ i: Int, at time: Double) throws -> Bool {
        let s = screens[i]
        if s.output!.flipPending {
            precondition(queuedAt[i] + period(i) <= time + 1e-9, "screen \(i)'s flip is not done by \(time)")
            s.flipCompleted(at: queuedAt[i] + period(i), sinceExec: queuedAt[i] + period(i))
        }
        let (presented, slot) = try s.presentIfDue(at: time)
        precondition(slot == nil, "the pacer holds screen \(i) until \(slot!)")
        if presented { queuedAt[i] = time; s.flipQueued(at: time) }
        return presented
    }

    /// A pixel as screen `i` scans it out (XRGB8888).
    package func scanout(_ i: Int, x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let v = dev.shownOn[screens[i].output!.crtc]!.pixel(x: x, y: y)
        return (Int(v >> 16 & 0xff), Int(v >> 8 & 0xff), Int(v & 0xff))
    }

    package static func near(_ p: (r: Int, g: Int, b: Int), _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 2) -> Bool {
        abs(p.r - r) <= tolerance && abs(p.g - g) <= tolerance && abs(p.b - b) <= tolerance
    }

    /// The largest channel difference between two frames of one size (0: identical).
    package static func maxDelta(_ a: ImageSurface, _ b: ImageSurface) throws -> Int {
        guard let d = try ImageComparison.compare(expected: a, actual: b, tolerance: 0) else { throw SizesDiffer() }
        return d.maxChannelDelta
    }
}
