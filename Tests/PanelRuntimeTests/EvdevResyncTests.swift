import CLinux
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

/// The evdev reader after a kernel buffer overflow (SYN_DROPPED) and at open: recorded event
/// sequences (evemu-record's "E: time type code value" lines) played into the decoder against
/// a fake kernel state, as libevdev resyncs: drop up to the next SYN_REPORT, then report the
/// differences between what was reported and what the kernel holds.
@Suite struct EvdevResyncTests {
    struct FakeKernel: EvdevKernelState {
        var keys: Set<Int32>? = []
        var abs: [Int32: Int32] = [:]
        /// Per MT axis, one value per slot; nil: EVIOCGMTSLOTS fails.
        var slots: [Int32: [Int32]]? = [:]
        func keysDown() -> Set<Int32>? { keys }
        func absValue(_ axis: Int32) -> Int32? { abs[axis] }
        func slotValues(_ code: Int32, count: Int) -> [Int32]? {
            slots.map { s in (0..<count).map { i in s[code].flatMap { i < $0.count ? $0[i] : nil } ?? (code == ABS_MT_TRACKING_ID ? -1 : 0) } }
        }
    }

    /// Plays evemu lines; returns every report, in order.
    func play(_ recording: String, into decoder: EvdevDecoder, kernel: FakeKernel) -> [EvdevReport] {
        var reports: [EvdevReport] = []
        for line in recording.split(separator: "\n") where line.hasPrefix("E: ") {
            let f = line.dropFirst(3).split(separator: " ")
            let time = Double(f[0])!, type = Int32(f[1], radix: 16)!, code = Int32(f[2], radix: 16)!
            let value = Int32(f[3])!
            reports += decoder.decode(type: type, code: code, value: value, time: time, kernel: kernel)
        }
        return reports
    }

    func touches(_ reports: [EvdevReport]) -> [[EvdevReport.Touch]] { reports.map(\.touches) }

    // Two fingers down (slot 0 id 5, slot 1 id 6); then the queue overflowed: the kernel
    // dropped what followed and said SYN_DROPPED. Events after it belong to a frame whose
    // start was lost, up to the next SYN_REPORT.
    static let twoFingersThenOverflow = """
        E: 0.000000 0003 002f 0
        E: 0.000000 0003 0039 5
        E: 0.000000 0003 0035 1000
        E: 0.000000 0003 0036 2000
        E: 0.000000 0001 014a 1
        E: 0.000000 0000 0000 0
        E: 0.010000 0003 0035 1010
        E: 0.010000 0000 0000 0
        E: 0.020000 0003 002f 1
        E: 0.020000 0003 0039 6
        E: 0.020000 0003 0035 3000
        E: 0.020000 0003 0036 2500
        E: 0.020000 0000 0000 0
        E: 0.030000 0000 0003 0
        E: 0.040000 0003 0035 3050
        E: 0.040000 0000 0000 0
        E: 0.050000 0003 0035 3100
        E: 0.050000 0000 0000 0
        """

    @Test func aFingerLiftedDuringAnOverflowEnds() {
        let decoder = EvdevDecoder(multitouch: true, slotCount: 10)
        // While events were lost, finger 0 lifted; finger 1 is at 3050,2500, slot 1 current.
        let kernel = FakeKernel(keys: [BTN_TOUCH], abs: [ABS_MT_SLOT: 1],
                                slots: [ABS_MT_TRACKING_ID: [-1, 6], ABS_MT_POSITION_X: [1010, 3050], ABS_MT_POSITION_Y: [2000, 2500]])
        let reports = play(Self.twoFingersThenOverflow, into: decoder, kernel: kernel)
        #expect(touches(reports) == [
            [.init(slot: 0, phase: .down, x: 1000, y: 2000)],
            [.init(slot: 0, phase: .motion, x: 1010, y: 2000)],
            [.init(slot: 1, phase: .down, x: 3000, y: 2500)],
            [.init(slot: 0, phase: .up, x: 1010, y: 2000)],     // the resync: finger 0 ended
            [.init(slot: 1, phase: .motion, x: 3050, y: 2500)], // finger 1 where the kernel has it
            [.init(slot: 1, phase: .motion, x: 3100, y: 2500)], // and on, in the current slot
        ])
        #expect(decoder.downSlots == [1])
    }

    @Test func aSlotReusedDuringAnOverflowEndsThenBegins() {
        let decoder = EvdevDecoder(multitouch: true, slotCount: 10)
        // Finger 0 lifted and a new contact (id 7) went down in slot 0; finger 1 did not move.
        let kernel = FakeKernel(keys: [BTN_TOUCH], abs: [ABS_MT_SLOT: 0],
                                slots: [ABS_MT_TRACKING_ID: [7, 6], ABS_MT_POSITION_X: [500, 3000], ABS_MT_POSITION_Y: [600, 2500]])
        let reports = play(Self.twoFingersThenOverflow, into: decoder, kernel: kernel)
        #expect(Array(touches(reports).dropFirst(3)) == [
            [.init(slot: 0, phase: .up, x: 1010, y: 2000)],
            [.init(slot: 0, phase: .down, x: 500, y: 600)],
            // 0.05 s moves the current slot, now 0 (the dropped frame's slot switch is gone)
            [.init(slot: 0, phase: .motion, x: 3100, y: 600)],
        ])
        #expect(decoder.downSlots == [0, 1])
    }

    @Test func everyFingerEndsWhenTheKernelCannotBeAsked() {
        let decoder = EvdevDecoder(multitouch: true, slotCount: 10)
        let reports = play(Self.twoFingersThenOverflow, into: decoder, kernel: FakeKernel(keys: nil, slots: nil))
        #expect(touches(reports)[3] == [.init(slot: 0, phase: .up, x: 1010, y: 2000), .init(slot: 1, phase: .up, x: 3000, y: 2500)])
        #expect(decoder.downSlots.isEmpty)
    }

    @Test func aButtonReleasedDuringAnOverflowIsReleased() {
        // A tablet: absolute axes and BTN_LEFT. Pressed, then the release was lost.
        let decoder = EvdevDecoder(multitouch: false, slotCount: 0)
        let recording = """
            E: 0.000000 0003 0000 100
            E: 0.000000 0003 0001 200
            E: 0.000000 0001 0110 1
            E: 0.000000 0000 0000 0
            E: 0.010000 0000 0003 0
            E: 0.020000 0003 0000 400
            E: 0.020000 0000 0000 0
            """
        let reports = play(recording, into: decoder, kernel: FakeKernel(keys: [], abs: [ABS_X: 300, ABS_Y: 200]))
        #expect(reports.count == 2)
        #expect(reports[0].buttons.map(\.1) == [true] && decoder.leftHeld == false)
        #expect(reports[1].buttons.map(\.0) == [.left] && reports[1].buttons.map(\.1) == [false])
        #expect(reports[1].absoluteMoved && reports[1].absoluteX == 300 && reports[1].absoluteY == 200)
    }

    @Test func theSlotStateIsReadAtOpen() {
        // Opened while a finger rests in slot 1 (the current slot): its events carry no
        // ABS_MT_SLOT. It begins at its first motion and ends when lifted.
        let decoder = EvdevDecoder(multitouch: true, slotCount: 10)
        let kernel = FakeKernel(keys: [BTN_TOUCH], abs: [ABS_MT_SLOT: 1],
                                slots: [ABS_MT_TRACKING_ID: [-1, 9], ABS_MT_POSITION_X: [0, 700], ABS_MT_POSITION_Y: [0, 800]])
        decoder.start(from: kernel)
        let reports = play("""
            E: 1.000000 0003 0035 710
            E: 1.000000 0000 0000 0
            E: 1.010000 0003 0039 -1
            E: 1.010000 0001 014a 0
            E: 1.010000 0000 0000 0
            """, into: decoder, kernel: kernel)
        #expect(touches(reports) == [[.init(slot: 1, phase: .down, x: 710, y: 800)], [.init(slot: 1, phase: .up, x: 710, y: 800)]])
        #expect(decoder.downSlots.isEmpty)
    }

    @Test func aSlotOutsideTheDevicesRangeTakesNothing() {
        // A device with two slots names slot 5, then -1: neither becomes a touch (numbers
        // are checked at the edge; the slot table stays bounded). Slot 1 still works.
        let decoder = EvdevDecoder(multitouch: true, slotCount: 2)
        let reports = play("""
            E: 0.000000 0003 002f 5
            E: 0.000000 0003 0039 3
            E: 0.000000 0003 0035 100
            E: 0.000000 0000 0000 0
            E: 0.010000 0003 002f -1
            E: 0.010000 0003 0039 4
            E: 0.010000 0000 0000 0
            E: 0.020000 0003 002f 1
            E: 0.020000 0003 0039 8
            E: 0.020000 0003 0035 200
            E: 0.020000 0000 0000 0
            """, into: decoder, kernel: FakeKernel())
        #expect(touches(reports) == [[.init(slot: 1, phase: .down, x: 200, y: 0)]])
        #expect(decoder.downSlots == [1])
    }

    @Test func withoutAnOverflowNothingIsAskedOrChanged() {
        struct Refusing: EvdevKernelState {
            func keysDown() -> Set<Int32>? { Issue.record("asked the kernel"); return nil }
            func absValue(_ axis: Int32) -> Int32? { Issue.record("asked the kernel"); return nil }
            func slotValues(_ code: Int32, count: Int) -> [Int32]? { Issue.record("asked the kernel"); return nil }
        }
        let decoder = EvdevDecoder(multitouch: true, slotCount: 10)
        var reports: [EvdevReport] = []
        for line in Self.twoFingersThenOverflow.split(separator: "\n").prefix(13) {
            let f = line.split(separator: " ")   // E: time type code value
            reports += decoder.decode(type: Int32(f[2], radix: 16)!, code: Int32(f[3], radix: 16)!,
                                      value: Int32(f[4])!, time: 0, kernel: Refusing())
        }
        #expect(reports.count == 3 && decoder.downSlots == [0, 1])
    }
}
