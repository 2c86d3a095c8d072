import CLinux
import PanelProtocol

/// One SYN_REPORT of an evdev device, in device units: what EvdevSource maps to the screen.
package struct EvdevReport: Equatable {
    package enum Phase: Equatable { case down, motion, up }
    package struct Touch: Equatable { var slot: Int; var phase: Phase; var x: Int32; var y: Int32 }
    package var touches: [Touch] = []
    /// The absolute (single-touch, tablet) position moved; an axis never reported is nil.
    package var absoluteMoved = false
    package var absoluteX: Int32?, absoluteY: Int32?
    package var relative = (dx: 0.0, dy: 0.0)
    package var buttons: [(InputEvent.PointerButton, Bool)] = []
    package var wheel = 0.0
    package var keys: [(String, Bool)] = []
    /// The kernel time of the report (CLOCK_MONOTONIC seconds).
    package var time = 0.0

    package var isEmpty: Bool {
        touches.isEmpty && !absoluteMoved && relative == (0, 0) && buttons.isEmpty && wheel == 0 && keys.isEmpty
    }

    package static func == (a: EvdevReport, b: EvdevReport) -> Bool {
        a.touches == b.touches && a.absoluteMoved == b.absoluteMoved && a.absoluteX == b.absoluteX
            && a.absoluteY == b.absoluteY && a.relative == b.relative
            && a.buttons.elementsEqual(b.buttons) { $0 == $1 } && a.wheel == b.wheel
            && a.keys.elementsEqual(b.keys) { $0 == $1 } && a.time == b.time
    }
}

/// The evdev protocol of one device (multitouch protocol B slots, absolute and relative axes,
/// keys), without the descriptor: events in, reports out. When the kernel's buffer overflowed
/// (SYN_DROPPED) it drops events up to the next SYN_REPORT and resyncs to the kernel's state,
/// as libevdev does, so a finger lifted while events were lost ends instead of staying down.
package final class EvdevDecoder {
    private struct Slot { var id: Int32 = -1, x: Int32 = 0, y: Int32 = 0, dirty = false, wasDown = false }
    package let multitouch: Bool
    /// ABS_MT_SLOT's maximum + 1 (0 when the device did not say).
    package let slotCount: Int
    private var slot = 0
    private var slots: [Int: Slot] = [:]
    private var absX: Int32?, absY: Int32?
    private var absMoved = false
    private var relX = 0.0, relY = 0.0
    private var wheel = 0.0
    private var pendingKeys: [(code: Int32, pressed: Bool)] = []
    /// Keys and buttons held as last reported (the codes this reader maps).
    private var held = Set<Int32>()
    private var dropping = false

    /// Slots a device may use: what it says, at most 256 (a device claiming more is not
    /// believed); 64 when it says nothing.
    private var slotLimit: Int { slotCount > 0 ? slotCount : 64 }

    package init(multitouch: Bool, slotCount: Int) {
        self.multitouch = multitouch
        self.slotCount = Swift.min(Swift.max(0, slotCount), 256)
    }

    /// Touches that are down now (a device unplugged cancels them).
    package var downSlots: [Int] { slots.filter { $0.value.wasDown }.map(\.key).sorted() }
    package var leftHeld: Bool { held.contains(BTN_LEFT) || (!multitouch && held.contains(BTN_TOUCH)) }

    /// The state at open: the current slot, held keys and the contacts already on the glass.
    /// A contact found here begins at its first motion; one lifted before that never began.
    package func start(from kernel: EvdevKernelState) {
        if let down = kernel.keysDown() { held = down.filter(Self.maps) }
        absX = kernel.absValue(ABS_X); absY = kernel.absValue(ABS_Y)
        guard multitouch, slotCount > 0 else { return }
        slot = Self.checked(kernel.absValue(ABS_MT_SLOT) ?? 0, below: slotLimit)
        guard let ids = kernel.slotValues(ABS_MT_TRACKING_ID, count: slotCount) else { return }
        let xs = kernel.slotValues(ABS_MT_POSITION_X, count: slotCount), ys = kernel.slotValues(ABS_MT_POSITION_Y, count: slotCount)
        for (i, id) in ids.enumerated() where id >= 0 {
            slots[i] = Slot(id: id, x: xs?[i] ?? 0, y: ys?[i] ?? 0)
        }
    }

    /// One event; a SYN_REPORT returns its report (a resync can return two: ends, then the rest).
    package func decode(type: Int32, code: Int32, value: Int32, time: Double, kernel: EvdevKernelState) -> [EvdevReport] {
        if dropping {
            guard type == EV_SYN, code == SYN_REPORT else { return [] }
            dropping = false
            return resync(kernel, time: time)
        }
        switch type {
        case EV_ABS:
            switch code {
            case ABS_MT_SLOT: slot = Self.checked(value, below: slotLimit)
            // A slot out of the device's range (-1) takes nothing: the table stays bounded.
            case ABS_MT_TRACKING_ID where slot >= 0: slots[slot, default: Slot()].id = value; slots[slot]!.dirty = true
            case ABS_MT_POSITION_X where slot >= 0: slots[slot, default: Slot()].x = value; slots[slot]!.dirty = true
            case ABS_MT_POSITION_Y where slot >= 0: slots[slot, default: Slot()].y = value; slots[slot]!.dirty = true
            case ABS_X: absX = value; absMoved = true
            case ABS_Y: absY = value; absMoved = true
            default: break
            }
        case EV_REL:
            switch code {
            case REL_X: relX += Double(value)
            case REL_Y: relY += Double(value)
            case REL_WHEEL, REL_DIAL: wheel += Double(value)
            default: break
            }
        case EV_KEY where value != 2 && Self.maps(code):   // 2: autorepeat
            pendingKeys.append((code, value != 0))
        case EV_SYN where code == SYN_REPORT:
            let report = flush(time: time)
            return report.isEmpty ? [] : [report]
        case EV_SYN where code == SYN_DROPPED:
            // The frame in progress is incomplete: forget it; the kernel's state replaces it.
            pendingKeys.removeAll()
            relX = 0; relY = 0; wheel = 0; absMoved = false
            dropping = true
        default:
            break
        }
        return []
    }

    /// Compares what was reported with the kernel's state and reports the differences: first
    /// contacts that ended (or changed tracking id) and keys released, then the new state.
    /// A query that fails ends what it covers: better a lifted finger than one down for good.
    private func resync(_ kernel: EvdevKernelState, time: Double) -> [EvdevReport] {
        let down: Set<Int32> = kernel.keysDown()?.filter(Self.maps) ?? []
        for code in held.subtracting(down).sorted() { pendingKeys.append((code, false)) }
        let pressed = down.subtracting(held).sorted()
        if !multitouch, let x = kernel.absValue(ABS_X), let y = kernel.absValue(ABS_Y), x != absX || y != absY {
            absX = x; absY = y; absMoved = true
        }
        var later: [Int: Slot] = [:]
        if multitouch {
            let n = slotCount > 0 ? slotCount : (slots.keys.max() ?? -1) + 1
            let ids = kernel.slotValues(ABS_MT_TRACKING_ID, count: n)
            let xs = kernel.slotValues(ABS_MT_POSITION_X, count: n), ys = kernel.slotValues(ABS_MT_POSITION_Y, count: n)
            for i in 0..<n {
                let old = slots[i] ?? Slot()
                let id = ids?[i] ?? -1
                if old.wasDown, id != old.id {   // ended while events were lost
                    slots[i]!.id = -1; slots[i]!.dirty = true
                } else if id < 0 {
                    slots[i] = nil   // never began, or already up
                } else {
                    slots[i]?.dirty = false   // a dropped frame's half-made changes
                }
                if id >= 0 {
                    later[i] = Slot(id: id, x: xs?[i] ?? old.x, y: ys?[i] ?? old.y, dirty: true, wasDown: old.wasDown && id == old.id)
                }
            }
            if let current = kernel.absValue(ABS_MT_SLOT) { slot = Self.checked(current, below: slotLimit) }
        }
        var reports = [flush(time: time)]
        for (i, s) in later {
            // Unchanged contacts stay quiet; new ones go down, moved ones move.
            if let old = slots[i], s.wasDown, old.x == s.x, old.y == s.y { continue }
            slots[i] = s
        }
        for code in pressed { pendingKeys.append((code, true)) }
        reports.append(flush(time: time))
        return reports.filter { !$0.isEmpty }
    }

    /// One SYN_REPORT: position first, then buttons, so a press lands where the pointer is.
    private func flush(time: Double) -> EvdevReport {
        var r = EvdevReport(time: time)
        if multitouch {
            for (i, s) in slots.sorted(by: { $0.key < $1.key }) where s.dirty {
                if s.id < 0 {
                    if s.wasDown { r.touches.append(.init(slot: i, phase: .up, x: s.x, y: s.y)) }
                    slots[i]!.wasDown = false
                } else {
                    r.touches.append(.init(slot: i, phase: s.wasDown ? .motion : .down, x: s.x, y: s.y))
                    slots[i]!.wasDown = true
                }
                slots[i]!.dirty = false
            }
        } else if absMoved {
            r.absoluteMoved = true; r.absoluteX = absX; r.absoluteY = absY
        }
        absMoved = false
        r.relative = (relX, relY); relX = 0; relY = 0
        r.wheel = wheel; wheel = 0
        for (code, pressed) in pendingKeys {
            if pressed { held.insert(code) } else { held.remove(code) }
            switch code {
            // A multitouch screen reports BTN_TOUCH too; its slots already say it all.
            case BTN_TOUCH where multitouch: break
            case BTN_LEFT, BTN_TOUCH: r.buttons.append((.left, pressed))
            case BTN_RIGHT: r.buttons.append((.right, pressed))
            case BTN_MIDDLE: r.buttons.append((.middle, pressed))
            default: if let name = LibinputSource.keyNames[code] { r.keys.append((name, pressed)) }
            }
        }
        pendingKeys.removeAll()
        return r
    }

    /// A slot number from the device or the kernel, -1 when outside 0..<limit.
    private static func checked(_ value: Int32, below limit: Int) -> Int {
        value >= 0 && Int(value) < limit ? Int(value) : -1
    }

    /// The keys and buttons this reader turns into events.
    private static func maps(_ code: Int32) -> Bool {
        code == BTN_LEFT || code == BTN_RIGHT || code == BTN_MIDDLE || code == BTN_TOUCH || LibinputSource.keyNames[code] != nil
    }
}
