import ControlWidgets
import PanelLayout
import Testing
@testable import PanelProtocol
@testable import PanelCore

/// `screen.idlePage`: the idle state in the power rules, and the checker's cross-checks.
@Suite struct IdlePageTests {
    static let wall = ScreenSettings(dimAfter: 300, dimLevel: 0.3, offAfter: 600, idleAfter: 60, idlePage: "clock")

    /// No input from t = 0: the idle page at 60 (full brightness), dim at 300, off at 600.
    @Test func idleComesBeforeDimAndOff() {
        var power = ScreenPower(settings: Self.wall)
        #expect(power.nextChange == 60)
        #expect(power.advance(to: 60) == [ScreenChange(time: 60, state: .idle, cause: .idle)])
        #expect(power.brightness == 1)
        #expect(power.advance(to: 1000).map(\.state) == [.dim, .off])
        // A touch on the idle page wakes the screen and is swallowed, as on a dimmed one.
        var touched = ScreenPower(settings: Self.wall)
        _ = touched.advance(to: 61)
        let (deliver, change) = touched.filter(.touchDown(id: 0, x: 1, y: 1), at: 62)
        #expect(!deliver && change == ScreenChange(time: 62, state: .on, cause: .input))
        #expect(touched.nextChange == 122)   // the timers count again from the touch
    }

    /// An idle page after dimAfter would never be reached; without an idle page, idleAfter does nothing.
    @Test func idleAfterDimOrWithoutAPageIsNeverReached() {
        var late = Self.wall
        late.idleAfter = 300
        var power = ScreenPower(settings: late)
        #expect(power.advance(to: 1000).map(\.state) == [.dim, .off])
        var none = Self.wall
        none.idlePage = nil
        power = ScreenPower(settings: none)
        #expect(power.advance(to: 1000).map(\.state) == [.dim, .off])
    }

    func diagnostics(_ text: String) -> [String] {
        guard case .failure(let e) = PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json") else { return [] }
        return e.diagnostics.map(\.description)
    }

    @Test func theIdlePageMustBeAPageAndComeWithIdleAfter() {
        let two = #"[{"id": "room"}, {"id": "side", "role": "right"}]"#
        var d = diagnostics(#"{"panel": "S", "size": [800, 480], "pages": \#(two), "screen": {"idleAfter": 60, "idlePage": "rom"}}"#)
        #expect(d.contains { $0.hasPrefix("t.json:1:136: error: 'idlePage': no page 'rom' (did you mean 'room'?)") }, "\(d)")
        d = diagnostics(#"{"panel": "S", "size": [800, 480], "pages": \#(two), "screen": {"idleAfter": 60, "idlePage": "side"}}"#)
        #expect(d.contains { $0.contains("'idlePage': page 'side' is the drawer's right view") }, "\(d)")
        d = diagnostics(#"{"panel": "S", "size": [800, 480], "pages": \#(two), "screen": {"idlePage": "room"}}"#)
        #expect(d.contains { $0.contains("'idlePage' needs 'idleAfter'") }, "\(d)")
        d = diagnostics(#"{"panel": "S", "size": [800, 480], "pages": \#(two), "screen": {"idleAfter": 60, "pixelShift": 40}}"#)
        #expect(d.contains { $0.contains("'idleAfter' needs 'idlePage'") }, "\(d)")
        #expect(d.contains { $0.contains("'pixelShift': 40 is out of range") }, "\(d)")
    }
}
