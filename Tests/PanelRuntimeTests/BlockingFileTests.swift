import Glibc
import Graphics
import PanelLayout
import Testing
import PanelTesting
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
import ControlWidgets

/// Issue 24, section 3: a FIFO in place of a file the loop reads or writes is an error, never a
/// wait. (Before, each of these calls blocked until someone opened the other end: a test that
/// regresses hangs here instead of failing; tests/cli/stall.py bounds it in time.)
@Suite struct BlockingFileTests {
    static func fifo() -> String {
        var template = Array("/tmp/knob-fifo.XXXXXX".utf8CString)
        precondition(mkdtemp(&template) != nil)
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } + "/pipe"
        precondition(mkfifo(path, 0o600) == 0)
        return path
    }

    @Test func anImageThatIsAFIFOIsRefused() {
        let path = Self.fifo()
        #expect(ImageSurface.decodingProblem(pngPath: path)?.contains("not a regular file") == true)
        let layout = #"{"panel":"p","size":[100,100],"pages":[{"id":"a","widgets":[{"id":"k","type":"knob","frame":[0,0,80,80],"image":"\#(path)"}]}]}"#
        guard case .failure(let e) = PanelLoader(kinds: WidgetCatalog.kinds).parse(layout, file: "p.json", imageDecoder: ImageSurface.decodingProblem(pngPath:)) else {
            Issue.record("a layout whose image is a FIFO passed the check"); return
        }
        #expect(e.diagnostics.contains { $0.message.contains("not a regular file") })
    }

    @Test func aLayoutFileThatIsAFIFOIsAReadError() {
        guard case .failure(let e) = PanelLoader(kinds: WidgetCatalog.kinds).load(path: Self.fifo()) else { Issue.record("a FIFO loaded as a layout"); return }
        #expect(e.diagnostics.first?.message.contains("not a regular file") == true)
    }

    @Test func aStateFileThatIsAFIFOIsReportedAndSavingFails() throws {
        let path = Self.fifo()
        var notes: [String] = []
        let store = StateStore(path: path, controller: try IPCTest.controller()) { notes.append($0) }
        #expect(store.restore(at: 0).isEmpty)
        #expect(notes.contains { $0.contains("not a regular file") })
        guard case .failure = FileReplacer.replace(path, with: Array("{}".utf8)) else { Issue.record("wrote into a FIFO"); return }
    }

    @Test func screenshotsOntoAFIFOAreRefusedForEveryClient() throws {
        let path = Self.fifo()
        let image = try CapturedImage(try ImageSurface(width: 4, height: 4))
        for special in [OutputFile.SpecialFiles.none, .devices] {
            #expect(throws: GraphicsError.self) { try image.writePNG(to: path, special: special) }
        }
        do { _ = try OutputFile(path: path, special: .none); Issue.record("opened a FIFO") } catch {
            #expect(error.reason.contains("FIFO"))
        }
        // A device is for outputs the user named (stdin), never for the socket's clients.
        #expect(throws: OutputFileError.self) { _ = try OutputFile(path: "/dev/null", special: .none) }
        #expect((try? OutputFile(path: "/dev/null", special: .devices)) != nil)
    }
}
