import CLinux
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelLoop
import PanelSystem

/// Watches one file for changes with inotify on its directory, so editors that write a
/// temporary file and rename it over the original are seen too (a watch on the file itself
/// would stay on the old inode). Changes are debounced: `onChange` runs `settle` seconds after
/// the last event, once an editor's several steps (truncate, write, rename) are done.
public final class FileWatcher: PollSource {
    public let path: String
    private let fd: Int32
    private let name: String
    private let settle: Double
    private var changedAt: Double?
    private let onChange: (Double) -> Void

    public init(path: String, settle: Double = 0.1, onChange: @escaping (Double) -> Void) throws(DisplayError) {
        self.path = path
        self.settle = settle
        self.onChange = onChange
        let dir = FileReplacer.directory(of: path)
        name = path.split(separator: "/").last.map(String.init) ?? path
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if fd < 0 { throw DisplayError.call("inotify_init1", errno: errno) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY)
        if inotify_add_watch(fd, dir, mask) < 0 {
            let e = errno
            close(fd)
            throw DisplayError.call("inotify_add_watch \(dir)", errno: e)
        }
    }

    deinit { close(fd) }

    public var pollRequests: [PollRequest] { [.readable(fd)] }
    public var hasPendingWork: Bool { false }
    public var isFinished: Bool { false }
    public var deadline: Double? { changedAt.map { $0 + settle } }

    public func service(_ revents: [Int16], at time: Double) {
        if revents.first.map({ $0 != 0 }) == true { readEvents(at: time) }
        if let changedAt, time >= changedAt + settle {
            self.changedAt = nil
            onChange(time)
        }
    }

    private func readEvents(at time: Double) {
        var buf = [UInt8](repeating: 0, count: 16384)
        // One buffer per turn: a storm of changes in the directory is bounded like any source.
        let n = read(fd, &buf, buf.count)
        guard n > 0 else { return }
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= n {
            let len = buf.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
            let nameBytes = buf[(offset + header)..<Swift.min(offset + header + len, n)]
            let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            if eventName == name { changedAt = time }
            offset += header + len
        }
    }
}
