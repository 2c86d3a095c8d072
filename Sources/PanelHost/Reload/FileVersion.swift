#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Which version of a file is on disk: its inode (a file replaced by rename, as the studio and
/// most editors save, gets a new one), size, and modification and change times (a rewrite in
/// place moves them). Lets the watcher tell an edit from the echo of a write whose result the
/// panel has already loaded.
package struct FileVersion: Equatable {
    package let device: UInt64
    package let inode: UInt64
    package let size: Int64
    package let modified: [Int]
    package let changed: [Int]

    /// nil when the file cannot be looked at (missing).
    package init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        modified = [st.st_mtim.tv_sec, st.st_mtim.tv_nsec]
        changed = [st.st_ctim.tv_sec, st.st_ctim.tv_nsec]
    }
}
