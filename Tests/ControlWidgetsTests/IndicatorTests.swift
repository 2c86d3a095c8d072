import Graphics
import PanelLayout
import Testing
@testable import ControlWidgets

/// The status light: its blink rule, its command, its pixels, its layout keys.
@Suite struct IndicatorTests {
    @Test func blinkingFlipsEveryHalfPeriodAndWakesOnlyThen() {
        let m = IndicatorModel(state: .blinking, period: 1)
        #expect(m.isLit(at: 0.1) && !m.isLit(at: 0.6) && m.isLit(at: 1.2))
        #expect(m.nextChange(after: 0.1) == 0.5)
        #expect(m.nextChange(after: 0.5) == 1.0)
        #expect(IndicatorModel(state: .on).nextChange(after: 3) == nil)
        #expect(!IndicatorModel(state: .off).isLit(at: 0) && IndicatorModel(state: .on).isLit(at: 0))
    }

    func view(_ state: IndicatorModel.State) -> IndicatorView {
        IndicatorView(id: "led", frame: Rect(x: 0, y: 0, width: 100, height: 100), model: IndicatorModel(state: state),
                      colorHex: "#ff0000", label: "", fontName: "DejaVu Sans", textColor: Color(white: 1))
    }

    func render(_ v: IndicatorView, at time: Double = 0) throws -> ImageSurface {
        let s = try ImageSurface(width: 100, height: 100)
        v.draw(in: DrawingContext(surface: s), mapping: .identity, time: time)
        return s
    }

    /// The centre of a lit red light is bright red (its hot spot is up and left); unlit it is a
    /// dark red; the glow outside the disc is red only when lit.
    @Test func litAndUnlitPixels() throws {
        let lit = try render(view(.on)).pixel(x: 60, y: 60)
        #expect(lit.red > 0.9 && lit.green < 0.2 && lit.blue < 0.2, "\(lit)")
        let dark = try render(view(.off)).pixel(x: 60, y: 60)
        #expect(dark.red > 0.2 && dark.red < 0.4 && dark.green < 0.12, "\(dark)")
        // The disc has radius 30 around (50, 50): (50, 85) is in the glow.
        let glow = try render(view(.on)).pixel(x: 50, y: 85)
        #expect(glow.alpha > 0.05 && glow.red > 0.5, "\(glow)")
        #expect(try render(view(.off)).pixel(x: 50, y: 85).alpha == 0)
        // Blinking: lit in the first half of the period, dark in the second.
        #expect(try render(view(.blinking), at: 0.75).pixel(x: 60, y: 60).red < 0.4)
    }

    @Test func setChangesStateAndSnapshotRestoresIt() throws {
        let v = view(.off)
        let events = try v.apply(WidgetCommand("set", ["state": .string("blinking"), "color": .string("#0000ff"), "label": .string("Alarm")]), at: 0)
        #expect(events.first?.name == "valueChanged")
        #expect(v.snapshot() == WidgetEvent("state", [EventField("state", .string("blinking")), EventField("color", .string("#0000ff")),
                                                       EventField("label", .string("Alarm"))]))
        #expect(throws: WidgetCommandError.self) { try v.apply(WidgetCommand("set", ["state": .string("flashing")]), at: 0) }
        #expect(v.nextChange(after: 0.2) == 0.5)
        // Advancing repaints on a flip only: not within a half-period, once across it.
        _ = v.advance(to: 0.1); v.needsDisplay = false
        _ = v.advance(to: 0.4)
        #expect(!v.needsDisplay)
        _ = v.advance(to: 0.6)
        #expect(v.needsDisplay)
        // Restoring the snapshot into a fresh light gives the same state.
        let fresh = view(.off)
        _ = try fresh.apply(WidgetCommand("set", Dictionary(uniqueKeysWithValues: v.snapshot()!.fields.map { ($0.key, CommandValue.string($0.value.string ?? "")) })), at: 0)
        #expect(fresh.snapshot() == v.snapshot())
    }

    @Test func badStateInLayoutFileIsReportedWithItsPlace() {
        let text = """
        {"panel": "T", "size": [800, 480], "pages": [{"id": "p", "widgets": [
        {"id": "led", "type": "indicator", "state": "flashing", "frame": [0, 0, 60, 60]}
        ]}]}
        """
        guard case .failure(let errors) = PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json", baseDirectory: ".") else {
            Issue.record("a bad state loaded"); return
        }
        #expect(errors.diagnostics.map(\.description).contains { $0.hasPrefix("t.json:2:45: error:") && $0.contains("'state'") }, "\(errors)")
    }

    @Test func homeAssistantIsASelectOfTheStates() throws {
        #expect(IndicatorDescriptor.homeAssistant(view(.on)) == .select(options: ["off", "on", "blinking"], field: "state"))
        #expect(try IndicatorDescriptor.bareSet(BarePayload(text: "ON", number: nil, shown: "ON"), on: view(.off)).get()
                == BareSet([EventField("state", .string("on"))]))
    }
}
