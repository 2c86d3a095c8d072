import PanelSystem

/// What an image widget shows, as rules without pixels: a picture (its header's format and
/// size) or the placeholder, which stands while there is no picture yet, while the picture is
/// stale (its topic's `staleAfter` passed) and after damaged data. A run of damaged payloads
/// is noted once (`noteDamage`), so a camera sending junk every second is one log line.
public struct ImageModel: Equatable, Sendable {
    public enum Origin: String, Sendable { case file, mqtt }

    /// The picture shown (nil: none, or the last data was damaged).
    public private(set) var picture: PictureHeader?
    public private(set) var origin: Origin?
    /// Bytes of the picture's data (a payload's size).
    public private(set) var bytes = 0
    /// Why the last data could not be shown, until a good picture replaces it.
    public private(set) var damage: String?
    public private(set) var stale = false
    /// Pictures accepted since the start.
    public private(set) var pictures = 0

    public init() {}

    public var showsPlaceholder: Bool { picture == nil || stale }

    public mutating func accepted(_ header: PictureHeader, bytes: Int, from origin: Origin) {
        picture = header; self.bytes = bytes; self.origin = origin
        damage = nil; stale = false; pictures += 1
    }

    /// Damaged data: the placeholder replaces the picture. True for the first damage after a
    /// good picture (or the start): the one to note.
    @discardableResult
    public mutating func damaged(_ why: String, bytes: Int) -> Bool {
        let first = damage == nil
        picture = nil; self.bytes = bytes; damage = why; stale = false
        return first
    }

    public mutating func setStale(_ stale: Bool) { self.stale = stale }
}
