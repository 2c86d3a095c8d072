import PanelLayout
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
import Testing
import ControlWidgets

/// `knob-panel bench --json`: the shape of its one object (keys, types, null for a phase the
/// panel cannot show), never its timings. The benches run 2 frames after 1 warm-up.
@Suite struct BenchReportTests {
    static let repoRoot = String(#filePath.dropLast("Tests/PanelRuntimeTests/BenchReportTests.swift".count))
    static let keys = ["size", "frames", "full", "first", "knob", "dial", "slider", "fader", "meter", "drawer", "cursor", "chart", "clock",
                       "label", "idleShift", "full1080", "full2160", "knobs6", "knobs24", "knobs96",
                       "peakRSSMiB", "blursPerFrame", "resamplesAtRestPerFrame"]
    /// The generated phases (BenchPanels) run whatever the panel has.
    static let phases = ["full", "first", "knob", "dial", "slider", "fader", "meter", "drawer", "cursor", "chart", "clock",
                         "label", "idleShift", "full1080", "full2160", "knobs6", "knobs24", "knobs96"]

    static func report(_ path: String, width: Int, height: Int) throws -> JSONNode {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).load(path: repoRoot + path).get()
        let json = try FrameBench(panel: panel, width: width, height: height, frames: 2, warmUp: 1).run().json
        #expect(!json.contains("\n"))
        return try JSONReader.parse(json).get()
    }

    static func checkShape(_ root: JSONNode, width: Int, height: Int, absent: Set<String>) {
        #expect(root.objectValue?.map(\.key) == keys)
        #expect(root["size"]?.arrayValue?.compactMap(\.numberValue) == [Double(width), Double(height)])
        #expect(root["frames"]?.numberValue == 2)
        for phase in phases {
            guard let node = root[phase] else { Issue.record("no \(phase)"); continue }
            if absent.contains(phase) {
                #expect(node.kind == .null, "\(phase) should be null")
            } else {
                #expect(node.objectValue?.map(\.key) == ["median", "p95", "max"], "\(phase)")
                for key in ["median", "p95", "max"] { #expect((node[key]?.numberValue ?? -1) >= 0, "\(phase).\(key)") }
            }
        }
        #expect((root["peakRSSMiB"]?.numberValue ?? 0) > 0)
        #expect((root["blursPerFrame"]?.numberValue ?? -1) >= 0)
        #expect((root["resamplesAtRestPerFrame"]?.numberValue ?? -1) >= 0)
    }

    @Test func aClockPanelHasTheClockPhase() throws {
        // The clock scenario's panel: three clocks and nothing that moves.
        Self.checkShape(try Self.report("tests/scenarios/clock.panel.json", width: 320, height: 200), width: 320, height: 200,
                        absent: ["knob", "dial", "slider", "fader", "meter", "chart", "drawer"])
    }

    @Test func referenceSceneHasEveryPhaseButTheDrawer() throws {
        // bench-console: six knobs, a dial, two sliders, one page (so no drawer).
        Self.checkShape(try Self.report("panels/bench-console.json", width: 320, height: 200), width: 320, height: 200, absent: ["drawer", "fader", "meter", "chart", "clock"])
    }

    @Test func demoHasADrawerButNoDialNorSlider() throws {
        // demo: knobs, buttons, toggles on three pages and a right view; no dial, no slider.
        Self.checkShape(try Self.report("panels/demo.json", width: 320, height: 200), width: 320, height: 200, absent: ["dial", "slider", "fader", "meter", "chart", "clock"])
    }

    @Test func sliderGalleryHasOnlyTheSliderPhase() throws {
        // sliders: one page of sliders only; no knob, dial or drawer.
        Self.checkShape(try Self.report("panels/sliders.json", width: 320, height: 200), width: 320, height: 200, absent: ["knob", "dial", "drawer", "fader", "meter", "chart", "clock"])
    }

    @Test func instrumentPanelHasTheMeterPhase() throws {
        // instruments: meters and gauges only; the meter phase runs, the controls' do not.
        Self.checkShape(try Self.report("panels/instruments.json", width: 320, height: 200), width: 320, height: 200,
                        absent: ["knob", "dial", "slider", "fader", "drawer", "chart", "clock"])
    }

    /// The bench meter's signal stays inside 0…1: 0.55 + 0.25 sin + 0.2 |sin| − 0.1 is at most 0.9.
    @Test func meterSignalStaysOnTheScale() {
        let levels = (0..<600).map(MeterSignal.level(atUpdate:))
        #expect(levels.allSatisfy { $0 >= 0 && $0 <= 0.9 + 1e-12 } && Set(levels.map { ($0 * 10).rounded() }).count >= 5)
    }

    @Test func faderGalleryHasTheFaderPhase() throws {
        // faders: faders, a knob and a slider on one page; no dial, no drawer.
        Self.checkShape(try Self.report("panels/faders.json", width: 320, height: 200), width: 320, height: 200, absent: ["dial", "drawer", "meter", "chart", "clock"])
    }

    @Test func chartPanelHasTheChartPhase() throws {
        // charts: one page with charts, a toggle and labels; no knob, dial, slider or drawer.
        Self.checkShape(try Self.report("panels/charts.json", width: 320, height: 192), width: 320, height: 192, absent: ["knob", "dial", "slider", "fader", "meter", "drawer", "clock"])
    }

    @Test func knobSweepTurnsThreeDegreesAFrameAndBouncesAtItsLimits() {
        let sweep = KnobSweep(start: 120, lo: -135, hi: 135, circular: false)
        // 120 + 3 = 123, …, 135 at frame 4 (travel 15), then back down: frame 5 is 132.
        #expect(sweep.degrees(atFrame: 0) == 123)
        #expect(sweep.degrees(atFrame: 4) == 135)
        #expect(sweep.degrees(atFrame: 5) == 132)
        // Circular: 179 + 3 = 182 is shown as −178.
        #expect(KnobSweep(start: 179, lo: -180, hi: 180, circular: true).degrees(atFrame: 0) == -178)
    }

    /// The generated pages: 6 knobs are 4 × 2 (the grid keeps about 8 : 5, columns first),
    /// 24 are 7 × 4, 96 are 13 × 8; every one checks (a layout error throws) and has its knobs.
    @Test func generatedPanelsCheckAndHoldTheirWidgets() throws {
        for count in [6, 24, 96] {
            let panel = try BenchPanels.load(BenchPanels.knobs(count), name: "\(count)")
            #expect(panel.pages.first?.widgets.count == count)
        }
        #expect(try BenchPanels.load(BenchPanels.boundLabel, name: "label").pages.first?.widgets.contains { $0.id == "reading" } == true)
        #expect(try BenchPanels.load(BenchPanels.idle, name: "idle").pages.count == 2)
    }

    @Test func percentilesAreNearestRank() {
        // 20 frames of 1…20 ms: median rank ⌈10⌉ = 10 ms, p95 rank ⌈19⌉ = 19 ms, max 20 ms.
        let t = FrameTimes(seconds: (1...20).map { Double($0) / 1000 })
        #expect(abs(t.median - 10) < 1e-9 && abs(t.p95 - 19) < 1e-9 && abs(t.max - 20) < 1e-9)
    }
}
