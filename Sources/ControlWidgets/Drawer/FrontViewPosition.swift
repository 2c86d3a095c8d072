/// Where the front view (the page on show) rests, with the reference's names
/// (SWRevealViewController's `FrontViewPosition…` without the prefix), ordered left to right.
/// `left` is the closed drawer; `right` shows the page menu (the rear view); `leftSide`
/// shows the right view. The raw values are symmetric around `left`, so mirroring a position
/// (treating the right view with the rear view's rules) is negation.
public enum FrontViewPosition: Int, Sendable, CaseIterable, Comparable {
    case leftSideMostRemoved = -3, leftSideMost, leftSide, left, right, rightMost, rightMostRemoved

    /// The name used in layout files, commands and events.
    public var name: String {
        switch self {
        case .leftSideMostRemoved: return "leftSideMostRemoved"
        case .leftSideMost: return "leftSideMost"
        case .leftSide: return "leftSide"
        case .left: return "left"
        case .right: return "right"
        case .rightMost: return "rightMost"
        case .rightMostRemoved: return "rightMostRemoved"
        }
    }

    public init?(name: String) {
        guard let p = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = p
    }

    public static var names: [String] { allCases.map(\.name) }

    /// The same position on the other side (`right` ↔ `leftSide`, `rightMost` ↔ `leftSideMost`).
    public var mirrored: FrontViewPosition { FrontViewPosition(rawValue: -rawValue)! }

    /// The "removed" positions rest where the most positions do, with the front not drawn.
    public var removesFront: Bool { self == .leftSideMostRemoved || self == .rightMostRemoved }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
