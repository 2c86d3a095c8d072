import Graphics
import PanelSystem
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `OutputFile` (issue 6, item 4): outputs replace files whole, never through a link, and
/// every write error is reported.
@Suite struct OutputFileTests {
    static func directory() -> String {
        var template = Array("/tmp/knob-outputfile.XXXXXX".utf8CString)
        let p = mkdtemp(&template)!
        return String(cString: p)
    }
    static func contents(_ path: String) -> String? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var out = ""
        var buf = [CChar](repeating: 0, count: 256)
        while fgets(&buf, 256, f) != nil { out += String(cString: buf) }
        return out
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

    @Test func commitReplacesAndNothingShowsBefore() throws {
        let dir = Self.directory()
        let path = dir + "/out.txt"
        let old = try OutputFile(path: path); old.write("old\n"); try old.commit()
        let f = try OutputFile(path: path)
        f.write("new\n")
        f.flush()
        #expect(Self.contents(path) == "old\n")       // the temporary holds the new bytes
        #expect(Self.entries(dir).count == 2)
        try f.commit()
        #expect(Self.contents(path) == "new\n")
        #expect(Self.entries(dir) == ["out.txt"])
    }

    @Test func abandonedOutputLeavesThePreviousFile() throws {
        let dir = Self.directory()
        let path = dir + "/out.txt"
        let old = try OutputFile(path: path); old.write("old\n"); try old.commit()
        do {
            let f = try OutputFile(path: path)
            f.write("half")
        }   // never committed (a failed render): deinit removes the temporary
        #expect(Self.contents(path) == "old\n")
        #expect(Self.entries(dir) == ["out.txt"])
    }

    @Test func symbolicLinkIsRefused() throws {
        let dir = Self.directory()
        let target = dir + "/target.txt", link = dir + "/link.txt"
        let t = try OutputFile(path: target); t.write("keep\n"); try t.commit()
        symlink(target, link)
        #expect(throws: OutputFileError.self) { try OutputFile(path: link) }
        #expect(Self.contents(target) == "keep\n")
    }

    @Test func writeErrorsAreReported() throws {
        let f = try OutputFile(path: "/dev/full")
        f.write("event\n")
        #expect(throws: OutputFileError.self) { try f.commit() }
        #expect(throws: OutputFileError.self) { try OutputFile(path: "/nonexistent-dir/x.png") }
    }

    @Test func pngIsWrittenWhole() throws {
        let dir = Self.directory()
        let image = try ImageSurface(width: 4, height: 3)
        try image.writePNG(to: dir + "/a.png")
        let back = try ImageSurface(pngPath: dir + "/a.png")
        #expect(back.width == 4 && back.height == 3)
        #expect(Self.entries(dir) == ["a.png"])
    }

    /// A live output (the flip log) is readable while it is written, and refuses links too.
    @Test func liveOutputIsReadableAtOnce() throws {
        let dir = Self.directory()
        let f = try OutputFile(path: dir + "/log.jsonl", live: true)
        f.write("{\"flip\":1}\n"); f.flush()
        #expect(Self.contents(dir + "/log.jsonl") == "{\"flip\":1}\n")
        try f.commit()
        symlink(dir + "/log.jsonl", dir + "/link.jsonl")
        #expect(throws: OutputFileError.self) { try OutputFile(path: dir + "/link.jsonl", live: true) }
    }
}
