import PanelProtocol
/// A source of input events for the display loop (libinput, later the socket).
public protocol InputSource: AnyObject {
    var descriptors: [Int32] { get }
    /// Reads what is pending, in physical pixels of `screenSize`: the panel maps points to its
    /// design when it takes them (`PanelController.deliver(screenEvent:measuredOn:at:)`).
    func read() -> [InputEvent]
    /// The screen size the source was opened for (a hotplug may change the screen since).
    var screenSize: (width: Int, height: Int) { get }
    /// Kernel timestamps (CLOCK_MONOTONIC seconds) of the reports behind the events read
    /// since the last call, for input-to-flip latency; empty where unknown.
    func drainReportTimes() -> [Double]
}

extension InputSource {
    public func drainReportTimes() -> [Double] { [] }
}
