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

/// `--wait-for-display`'s decisions (the waking itself, by inotify and uevents, is proven in
/// the VM: tests/vm/wait-scenario.sh).
@Suite struct DisplayWaiterTests {
    @Test func onlyFailuresThatTimeCanMendAreWaitedFor() {
        for kind: DisplayError.Kind in [.noDevice, .noConnectedConnector, .masterHeld, .permissionDenied] {
            #expect(DisplayWaiter.isWorthWaiting(kind))
        }
        for kind: DisplayError.Kind in [.notKMSDevice, .unknownConnector, .modeNotOffered, .system] {
            #expect(!DisplayWaiter.isWorthWaiting(kind))
        }
    }

    @Test func aDisplayThatIsThereIsTakenAtOnce() throws {
        let waiter = DisplayWaiter()
        var reports: [String] = []
        let value = try waiter.wait(timeout: 5, report: { reports.append($0) }) { () throws(DisplayError) -> Int in 42 }
        #expect(value == 42 && waiter.attempts == 1 && reports.isEmpty)
    }

    @Test func aWrongConnectorFailsWithoutWaiting() {
        let waiter = DisplayWaiter()
        var reports: [String] = []
        #expect(throws: DisplayError.self) {
            try waiter.wait(timeout: nil, report: { reports.append($0) }) { () throws(DisplayError) -> Int in
                throw DisplayError(.unknownConnector, "no connector named 'HDMI-A-9'")
            }
        }
        #expect(waiter.attempts == 1 && reports.isEmpty)
    }

    @Test func theTimeoutKeepsTheCauseAndSaysItWaited() {
        let waiter = DisplayWaiter()
        var reports: [String] = []
        do {
            _ = try waiter.wait(timeout: 0.05, report: { reports.append($0) }) { () throws(DisplayError) -> Int in
                throw DisplayError(.noConnectedConnector, "no connected display on /dev/dri/card0")
            }
            Issue.record("the wait succeeded")
        } catch {
            #expect(error.kind == .noConnectedConnector)
            #expect(error.message.contains("still so after waiting"))
        }
        #expect(reports.count == 1 && reports[0].hasPrefix("waiting for the display (up to 0.05 s)"))
    }
}
