import Testing
@testable import PanelSystem
@testable import PanelLayout
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The atomic file writer and the file readers under the seam (issue 25, item 4): interrupted
/// and short transfers scripted through `SyscallMock` into `OutputFile`, `FileReplacer`,
/// `RegularFile` and the layout reader, on real files. A failing write, fsync or rename must
/// leave the previous file as it was and no temporary behind. Debug builds only, as the mock is.
@Suite struct AtomicFileTests {
    static func scratch() -> String {
        var template = Array("/tmp/knob-atomic.XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    /// The file's bytes, read without the code under test.
    static func contents(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var all: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { return all }
            all += chunk[0..<n]
        }
    }

    static func put(_ path: String, _ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0 && bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
        close(fd)
    }

    static func entries(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// More than the writer buffers (64 KiB), so writes happen during `write` and at `commit`.
    static let payload: [UInt8] = (0..<150_000).map { (i: Int) -> UInt8 in UInt8(truncatingIfNeeded: i &* 7 &+ i >> 9) }
    static let old = Array("the previous content\n".utf8)

    /// Writes `payload` over a file holding `old` with `mock` in place; the commit's error, if any.
    static func replace(in dir: String, _ mock: SyscallMock) throws -> OutputFileError? {
        let path = dir + "/out.bin"
        put(path, old)
        let file = try OutputFile(path: path)
        return mock.during { () -> OutputFileError? in
            payload.withUnsafeBytes { bytes in
                // Several calls, as a PNG encoder makes them.
                for start in stride(from: 0, to: bytes.count, by: 40_000) {
                    file.write(UnsafeRawBufferPointer(rebasing: bytes[start..<min(start + 40_000, bytes.count)]))
                }
            }
            do throws(OutputFileError) { try file.commit(); return nil } catch { return error }
        }
    }

    @Test func interruptedAndShortWritesStillReplaceTheWholeFile() throws {
        let dir = Self.scratch()
        let mock = SyscallMock([.write: [.short(3), .fail(EINTR), .short(1000), .fail(EINTR), .fail(EINTR), .short(1), .fail(EINTR)]])
        let failure = try Self.replace(in: dir, mock)
        #expect(failure == nil)
        #expect(Self.contents(dir + "/out.bin") == Self.payload)
        #expect(Self.entries(dir) == ["out.bin"])
        #expect(mock.remaining(.write).isEmpty)
        #expect(mock.taken(.write).last == .real)
        // Data fsync, then the directory's (best effort), both made.
        #expect(mock.taken(.fsync) == [.real, .real])
    }

    @Test func aFailedWriteLeavesThePreviousFile() throws {
        let dir = Self.scratch()
        let mock = SyscallMock([.write: [.short(5), .fail(EINTR), .fail(ENOSPC)]])
        let failure = try Self.replace(in: dir, mock)
        #expect(failure?.code == ENOSPC)
        #expect(failure?.reason.hasPrefix("write failed") == true)
        #expect(Self.contents(dir + "/out.bin") == Self.old)
        #expect(Self.entries(dir) == ["out.bin"])
        // After the first failure nothing more is written, nor synced, nor renamed.
        #expect(mock.taken(.write).count == 3)
        #expect(mock.taken(.fsync).isEmpty && mock.taken(.rename).isEmpty)
    }

    @Test func aFailedFsyncLeavesThePreviousFile() throws {
        let dir = Self.scratch()
        let mock = SyscallMock([.fsync: [.fail(EIO)]])
        let failure = try Self.replace(in: dir, mock)
        #expect(failure?.code == EIO)
        #expect(failure?.reason.hasPrefix("fsync failed") == true)
        #expect(Self.contents(dir + "/out.bin") == Self.old)
        #expect(Self.entries(dir) == ["out.bin"])
        #expect(mock.taken(.rename).isEmpty)
    }

    @Test func aFailedRenameLeavesThePreviousFile() throws {
        let dir = Self.scratch()
        let mock = SyscallMock([.rename: [.fail(EXDEV)]])
        let failure = try Self.replace(in: dir, mock)
        #expect(failure?.code == EXDEV)
        #expect(failure?.reason.hasPrefix("rename failed") == true)
        #expect(Self.contents(dir + "/out.bin") == Self.old)
        #expect(Self.entries(dir) == ["out.bin"])
    }

    /// The directory's fsync only makes the rename durable: its failure fails nothing.
    @Test func aFailedDirectoryFsyncKeepsTheNewFile() throws {
        let dir = Self.scratch()
        let mock = SyscallMock([.fsync: [.real, .fail(EIO)]])
        #expect(try Self.replace(in: dir, mock) == nil)
        #expect(Self.contents(dir + "/out.bin") == Self.payload)
        #expect(mock.remaining(.fsync).isEmpty)
    }

    /// The saved state's path: FileReplacer reports the errno, and the old state survives.
    @Test func theStateFileSurvivesAFailedReplace() {
        let dir = Self.scratch()
        let path = dir + "/state.json"
        Self.put(path, Self.old)
        let interrupted = SyscallMock([.write: [.fail(EINTR), .short(2), .fail(EINTR)]])
        let replaced = interrupted.during { FileReplacer.replace(path, with: Array("{\"page\":2}\n".utf8)) }
        guard case .success = replaced else { Issue.record("not replaced: \(replaced)"); return }
        #expect(Self.contents(path) == Array("{\"page\":2}\n".utf8))
        let failing = SyscallMock([.rename: [.fail(EACCES)]])
        let refused = failing.during { FileReplacer.replace(path, with: Array("{\"page\":3}\n".utf8)) }
        guard case .failure(let e) = refused else { Issue.record("a failed rename passed"); return }
        #expect(e == Errno(EACCES))
        #expect(Self.contents(path) == Array("{\"page\":2}\n".utf8))
        #expect(Self.entries(dir) == ["state.json"])
    }

    /// Reads cut short and interrupted: both whole-file readers return every byte once.
    @Test func interruptedShortReadsReadTheWholeFile() {
        let dir = Self.scratch()
        let path = dir + "/image.bin"
        Self.put(path, Self.payload)
        let script: [SyscallMock.Step] = [.fail(EINTR), .short(7), .fail(EINTR), .fail(EINTR), .short(4096), .short(1)]
        let regular = SyscallMock([.read: script])
        let viaRegularFile = regular.during { RegularFile.read(path, limit: 1 << 20) }
        #expect((try? viaRegularFile.get()) == Self.payload)
        #expect(regular.remaining(.read).isEmpty)
        let layout = SyscallMock([.read: script])
        let viaLayoutReader = layout.during { FileSystem.readFile(path) }
        #expect((try? viaLayoutReader.get()) == Self.payload)
        #expect(layout.remaining(.read).isEmpty)
    }

    /// Another error ends the read with its errno, as before the seam.
    @Test func aFailedReadKeepsItsErrno() {
        let dir = Self.scratch()
        let path = dir + "/image.bin"
        Self.put(path, Self.payload)
        let regular = SyscallMock([.read: [.short(10), .fail(EINTR), .fail(EIO)]])
        guard case .failure(let e) = regular.during({ RegularFile.read(path, limit: 1 << 20) }) else { Issue.record("EIO passed"); return }
        #expect(e.code == EIO)
        #expect(e.reason.hasPrefix("read failed"))
        let layout = SyscallMock([.read: [.fail(EIO)]])
        guard case .failure(let f) = layout.during({ FileSystem.readFile(path) }) else { Issue.record("EIO passed"); return }
        #expect(f.call == "read" && f.code == EIO)
    }

    /// A PNG header read in pieces still gives the size; an error mid-header is a truncated PNG.
    @Test func thePNGHeaderSurvivesShortReads() {
        let dir = Self.scratch()
        let path = dir + "/tiny.png"
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0x01, 0x2C, 0, 0, 0, 0xC8] + [8, 6, 0, 0, 0]
        Self.put(path, header)
        let pieces = SyscallMock([.read: [.short(5), .fail(EINTR), .short(3), .fail(EINTR), .short(9)]])
        let size = pieces.during { FileSystem.pngSize(path) }
        guard case .success(let s) = size else { Issue.record("no size: \(size)"); return }
        #expect(s.width == 300 && s.height == 200)
        #expect(pieces.remaining(.read).isEmpty)
        let broken = SyscallMock([.read: [.short(16), .fail(EIO)]])
        guard case .failure(let problem) = broken.during({ FileSystem.pngSize(path) }) else { Issue.record("EIO passed"); return }
        #expect(problem.text.contains("truncated"))
    }
}
