#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Which version of a file is on disk: its inode (a file replaced by rename, as the studio and
/// most editors save, gets a new one), size, and modification and change times (a rewrite in
/// place moves them). Lets the watcher tell an edit from the echo of a write whose result the
/// panel has already loaded.
struct FileVersion: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: [Int]
    let changed: [Int]

    /// nil when the file cannot be looked at (missing).
    init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        modified = [st.st_mtim.tv_sec, st.st_mtim.tv_nsec]
        changed = [st.st_ctim.tv_sec, st.st_ctim.tv_nsec]
    }
}
