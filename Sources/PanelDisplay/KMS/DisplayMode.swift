/// One video mode a connector offers.
public struct DisplayMode: Sendable, Equatable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Refresh rate in Hz, computed from the pixel clock for precision (59.94 stays 59.94).
    public var refreshRate: Double
    public var isPreferred: Bool
    /// Index in the connector's mode list (how the device finds the raw mode again).
    public var index: Int

    public init(width: Int, height: Int, refreshRate: Double, isPreferred: Bool, index: Int) {
        self.width = width; self.height = height; self.refreshRate = refreshRate
        self.isPreferred = isPreferred; self.index = index
    }

    public var refreshPeriod: Double { refreshRate > 1 ? 1 / refreshRate : 1.0 / 60 }

    public var description: String {
        let hz = (refreshRate * 100).rounded() / 100
        let hzText = hz == hz.rounded() ? String(Int(hz)) : String(hz)
        return "\(width)x\(height)@\(hzText)"
    }
}

/// What the user asked for with `--mode`: the preferred mode, or a size with an optional rate.
public enum ModeRequest: Sendable, Equatable {
    case preferred
    case size(width: Int, height: Int, refresh: Double?)

    /// Parses "preferred", "WxH" or "WxH@Hz".
    public init?(_ text: String) {
        if text == "preferred" { self = .preferred; return }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let dims = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard dims.count == 2, let w = Int(dims[0]), let h = Int(dims[1]), w > 0, h > 0 else { return nil }
        var hz: Double?
        if parts.count == 2 {
            guard let r = Double(parts[1]), r > 0 else { return nil }
            hz = r
        }
        self = .size(width: w, height: h, refresh: hz)
    }

    /// Picks the mode to use from `modes`, or nil when the request is not offered.
    /// Preferred falls back to the first (largest) mode when no mode is marked preferred.
    public func select(from modes: [DisplayMode]) -> DisplayMode? {
        switch self {
        case .preferred:
            return modes.first(where: \.isPreferred) ?? modes.first
        case let .size(w, h, hz):
            let sized = modes.filter { $0.width == w && $0.height == h }
            guard let hz else { return sized.first(where: \.isPreferred) ?? sized.max { $0.refreshRate < $1.refreshRate } }
            return sized.filter { abs($0.refreshRate - hz) < 0.6 }.min { abs($0.refreshRate - hz) < abs($1.refreshRate - hz) }
        }
    }
}
