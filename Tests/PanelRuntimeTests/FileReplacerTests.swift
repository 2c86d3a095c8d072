import Glibc
import Testing
@testable import PanelSystem
@testable import PanelLoop
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelInput
@testable import PanelDisplay
@testable import PanelHost
@testable import PanelMQTT
@testable import PanelStudio
@testable import PanelBench

/// FileReplacer (saved state) against real files: a device node at the path stays a device
/// node (`--state /dev/null` run as root once turned it into a regular file), a directory is
/// refused, and a symlink at the path is replaced, never followed.
@Suite struct FileReplacerTests {
    func scratch() -> String {
        var template = Array("/tmp/knob-replace.XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    @Test func deviceNodesStayDevicesAndDirectoriesAreRefused() {
        _ = FileReplacer.replace("/dev/null", with: Array("x".utf8))
        var st = stat()
        #expect(stat("/dev/null", &st) == 0 && (st.st_mode & S_IFMT) == S_IFCHR)
        let dir = scratch()
        mkdir(dir + "/sub", 0o700)
        guard case .failure = FileReplacer.replace(dir + "/sub", with: Array("x".utf8)) else {
            Issue.record("replaced a directory"); return
        }
    }

    @Test func symlinksAreReplacedNotFollowed() throws {
        let dir = scratch()
        let victim = dir + "/victim", target = dir + "/out"
        #expect((try? FileReplacer.replace(victim, with: Array("keep".utf8)).get()) != nil)
        symlink(victim, target)
        #expect((try? FileReplacer.replace(target, with: Array("new".utf8)).get()) != nil)
        func read(_ p: String) -> String {
            let f = fopen(p, "r")!; defer { fclose(f) }
            var buf = [UInt8](repeating: 0, count: 64)
            return String(decoding: buf[..<fread(&buf, 1, 64, f)], as: UTF8.self)
        }
        #expect(read(victim) == "keep")
        #expect(read(target) == "new")
        var st = stat()
        #expect(lstat(target, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG)
    }
}
