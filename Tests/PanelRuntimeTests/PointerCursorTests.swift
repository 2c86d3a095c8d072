import Graphics
import Testing
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

/// The mouse pointer: shown by relative motion, hidden 3 s after the last motion (a loop
/// deadline, no polling) and at once by a touch.
@Suite struct PointerCursorTests {
    final class FakePlane: CursorPlane {
        var calls: [String] = []
        func show(x: Int, y: Int) -> Bool { calls.append("show \(x),\(y)"); return true }
        func move(x: Int, y: Int) -> Bool { calls.append("move \(x),\(y)"); return true }
        func hide() { calls.append("hide") }
    }

    @Test func showsMovesAndHides() {
        let plane = FakePlane()
        let cursor = PointerCursor(plane: plane)
        #expect(cursor.deadline == nil)               // hidden: nothing to wake up for
        cursor.pointerMoved(to: Point(x: 10.7, y: 20.2))
        #expect(cursor.hasPendingWork)               // the loop gives it a turn to note the time
        cursor.service([], at: 1.0)
        #expect(cursor.deadline == 4.0)              // 1.0 + 3 s
        cursor.pointerMoved(to: Point(x: 11, y: 21))
        cursor.service([], at: 2.5)
        #expect(cursor.deadline == 5.5)
        cursor.service([], at: 5.5)
        #expect(plane.calls == ["show 10,20", "move 11,21", "hide"])
        #expect(cursor.deadline == nil && cursor.hiddenAfterIdle == 1)
        cursor.pointerMoved(to: Point(x: 0, y: 0))
        cursor.service([], at: 6)
        cursor.touched()
        #expect(plane.calls.suffix(2) == ["show 0,0", "hide"])
        #expect(cursor.hiddenByTouch == 1 && cursor.shows == 2 && cursor.deadline == nil)
        cursor.touched()                              // already hidden: no call
        #expect(plane.calls.count == 5)
    }
}
