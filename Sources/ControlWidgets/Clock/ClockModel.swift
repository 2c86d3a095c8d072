import Formatting

/// What a clock shows and until when: the text at a wall time, and the wall time of its next
/// change, found by formatting the following boundaries (each second for a format with
/// seconds, else each minute) until the text differs. Found once per change, not per frame.
struct ClockModel {
    let formatter: ZonedTimeFormatter
    private(set) var text = ""
    /// The wall-time second the text was found at, and the first one that shows another text.
    private(set) var shownFrom = Int.max
    private(set) var changesAt = Int.min

    /// How far ahead a change is looked for: a date changes at least once in two days; a
    /// format with no conversion never does, and is looked at again after that.
    static let horizon = 2 * 86_400
    /// A wake-up lands within floating-point noise of the change: 0.5 ms of slack makes the
    /// frame at the change show it (instead of waking again for nothing).
    static let slack = 0.0005

    init(formatter: ZonedTimeFormatter) { self.formatter = formatter }

    /// Brings the text up to `unixTime`; true when it changed.
    mutating func update(unixTime: Double) -> Bool {
        let now = Int((unixTime + Self.slack).rounded(.down))
        guard now < shownFrom || now >= changesAt else { return false }
        let old = text
        let step = formatter.format.changesEverySecond ? 1 : 60
        text = formatter.texts(at: [now])[0]
        shownFrom = now
        var boundary = (now / step + 1) * step
        changesAt = now + Self.horizon
        // In batches, so a named zone is swapped in once per batch, not once per boundary; the
        // first holds one boundary (a time changes at the next one), later ones 4, 16, then 64.
        var size = 1
        search: while boundary < now + Self.horizon {
            let batch = Array(stride(from: boundary, to: Swift.min(boundary + size * step, now + Self.horizon), by: step))
            size = Swift.min(size * 4, 64)
            for (second, t) in zip(batch, formatter.texts(at: batch)) where t != text {
                changesAt = second; break search
            }
            boundary = batch.last! + step
        }
        return text != old
    }
}
