/// Which touch device drives which connector (`run --touch-output DEVICE=CONNECTOR,...`).
///
/// Without a compositor there is no udev `WL_OUTPUT` / libinput `output_name` to read, so the
/// default is our own guess, in this order: a mapping given on the command line (the device by
/// its name, e.g. "ILITEK ILITEK-TP", or its node, /dev/input/event3); with one connector,
/// every device drives it; else a device whose physical size (axis range ÷ resolution, in mm)
/// is within 10 % of exactly one connector's reported size drives that one; else the first
/// connector (the primary). Keys, mice and encoders have no size: they drive the first
/// connector unless a rule names them (the hardware cursor is on the first screen).
public struct TouchOutputMap: Sendable, Equatable {
    public struct Rule: Sendable, Equatable {
        public var device: String
        public var connector: String
    }
    public var rules: [Rule]

    public init(rules: [Rule] = []) { self.rules = rules }

    /// `DEVICE=CONNECTOR[,DEVICE=CONNECTOR...]`; nil with a message on a malformed entry.
    public static func parse(_ text: String) -> Result<TouchOutputMap, TouchOutputMapError> {
        var rules: [Rule] = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let eq = entry.lastIndex(of: "=") else { return .failure(.init("'\(entry)' is not DEVICE=CONNECTOR")) }
            let device = String(entry[..<eq]), connector = String(entry[entry.index(after: eq)...])
            guard !device.isEmpty, !connector.isEmpty else { return .failure(.init("'\(entry)' needs both a DEVICE and a CONNECTOR")) }
            guard !rules.contains(where: { $0.device == device }) else { return .failure(.init("device '\(device)' is given twice")) }
            rules.append(Rule(device: device, connector: connector))
        }
        return .success(TouchOutputMap(rules: rules))
    }

    /// A touch device as the matcher sees it.
    public struct Device: Sendable {
        public var name: String
        public var path: String
        public var sizeMM: (width: Double, height: Double)?
        public init(name: String, path: String, sizeMM: (width: Double, height: Double)? = nil) {
            self.name = name; self.path = path; self.sizeMM = sizeMM
        }
    }

    /// A connector as the matcher sees it (size 0 when the display does not say).
    public struct Output: Sendable {
        public var name: String
        public var mmWidth: Int
        public var mmHeight: Int
        public init(name: String, mmWidth: Int, mmHeight: Int) { self.name = name; self.mmWidth = mmWidth; self.mmHeight = mmHeight }
    }

    /// The connector `device` drives, among `outputs` (in priority order); nil when it is
    /// mapped to a connector that is not among them (that device's touches are ignored here).
    public func output(for device: Device, among outputs: [Output]) -> String? {
        if let rule = rules.first(where: { $0.device == device.name || $0.device == device.path }) {
            return outputs.contains(where: { $0.name == rule.connector }) ? rule.connector : nil
        }
        guard let first = outputs.first else { return nil }
        if outputs.count == 1 { return first.name }
        if let mm = device.sizeMM {
            let close = outputs.filter { o in
                o.mmWidth > 0 && o.mmHeight > 0
                    && abs(mm.width - Double(o.mmWidth)) <= 0.1 * Double(o.mmWidth)
                    && abs(mm.height - Double(o.mmHeight)) <= 0.1 * Double(o.mmHeight)
            }
            if close.count == 1 { return close[0].name }
        }
        return first.name
    }

    /// Connector names the rules mention that are not among `outputs` (a typo, or a screen
    /// that is not connected), for one warning line at start.
    public func unknownConnectors(among outputs: [Output]) -> [String] {
        rules.map(\.connector).filter { c in !outputs.contains(where: { $0.name == c }) }
    }
}

public struct TouchOutputMapError: Error, Sendable, CustomStringConvertible {
    public var description: String
    package init(_ message: String) { description = "--touch-output: " + message }
}
