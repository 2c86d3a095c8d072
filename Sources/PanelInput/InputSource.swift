import PanelProtocol
/// A source of input events for the display loop (libinput, later the socket).
public protocol InputSource: AnyObject {
    var descriptors: [Int32] { get }
    /// Reads what is pending, already in design pixels.
    func read() -> [InputEvent]
    /// Kernel timestamps (CLOCK_MONOTONIC seconds) of the reports behind the events read
    /// since the last call, for input-to-flip latency; empty where unknown.
    func drainReportTimes() -> [Double]
}

extension InputSource {
    public func drainReportTimes() -> [Double] { [] }
}
