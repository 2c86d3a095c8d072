/// Who runs a `reload` request (`run`'s reloader; the studio's save asks it too): reads the
/// layout file again and swaps it in. A protocol the host implements, so the controller's
/// `reload` is one visible call rather than a closure slot anyone may fill.
public protocol PanelReloading: AnyObject {
    /// Returns the layout's errors; empty when the new layout was swapped in.
    func reload(at time: Double) -> [String]
}
