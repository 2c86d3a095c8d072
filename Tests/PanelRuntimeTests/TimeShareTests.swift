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

/// Issue 24, section 1: no source stalls the loop. Screenshots are encoded on the PNG thread
/// through a bounded queue, a client waits for its owed reply before its next request, request
/// handling stops at a share, and the loop's turn starts one source further each time. (The
/// storm itself, timed, is tests/cli/stall.py on the release binary.)
@Suite(.serialized) struct TimeShareTests {
    static func temporaryDirectory() -> String {
        var template = Array("/tmp/knob-timeshare.XXXXXX".utf8CString)
        precondition(mkdtemp(&template) != nil)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    static func image() throws -> CapturedImage {
        let s = try ImageSurface(width: 40, height: 30)
        let ctx = DrawingContext(surface: s)
        ctx.setColor(Color(red: 1, green: 0, blue: 0))
        ctx.addRect(Rect(x: 0, y: 0, width: 40, height: 30))
        ctx.fill()
        return try CapturedImage(s)
    }

    @Test func theWorkerTakesAtMostItsCapacityAndReportsBack() throws {
        let worker = PNGWorker(capacity: 2)
        let dir = Self.temporaryDirectory()
        var outcomes: [String] = []
        let image = try Self.image()
        #expect(worker.submit(image, to: .file(dir + "/a.png", .none)) { _ in outcomes.append("a") })
        #expect(worker.submit(image, to: .memory(opaque: true)) { o in
            if case .data(let png) = o, Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47] { outcomes.append("png") }
        })
        // Full: refused without queuing, nothing captured is kept.
        #expect(!worker.hasRoom)
        #expect(!worker.submit(image, to: .memory(opaque: true)) { _ in outcomes.append("never") })
        #expect(worker.refused == 1)
        worker.drain(seconds: 30)
        #expect(outcomes.sorted() == ["a", "png"])
        #expect(worker.inFlight == 0 && worker.hasRoom)
        let written = try ImageSurface(pngPath: dir + "/a.png")
        #expect(written.width == 40 && written.height == 30)
        #expect(written.pixel(x: 5, y: 5).red > 0.99)
    }

    @Test func aFullQueueAnswersBusyAndTheQueuedOneIsWrittenLater() throws {
        let controller = try IPCTest.controller()
        let worker = PNGWorker(capacity: 1)
        controller.pngWorker = worker
        let dir = Self.temporaryDirectory()
        controller.screenshotDirectory = dir
        controller.renderFrame(at: 0)   // no frame due: the screenshots are taken now
        let client = CapturingClient()
        controller.execute(commandLine: #"{"command":"screenshot","path":"one.png","request_id":1}"#, at: 0, from: client)
        controller.execute(commandLine: #"{"command":"screenshot","path":"two.png","request_id":2}"#, at: 0, from: client)
        // The second is refused at once; the first is on the worker (its reply comes later).
        #expect(client.lines.count == 1)
        #expect(client.lines.first?.hasPrefix(#"{"request_id":2,"ok":false,"error":"busy: "#) == true)
        #expect(client.owed == 1)
        worker.drain(seconds: 30)
        #expect(client.owed == 0)
        #expect(client.lines.last == #"{"request_id":1,"ok":true,"data":{"path":"\#(dir)/one.png","width":200,"height":200}}"#)
        #expect(access(dir + "/two.png", F_OK) != 0)
        #expect((try? ImageSurface(pngPath: dir + "/one.png"))?.width == 200)
    }

    @Test func aSocketClientWaitsForItsScreenshotBeforeItsNextRequest() throws {
        let path = IPCTest.temporaryPath("ipc.sock")
        var o = PanelServices.Options()
        o.ipc = IPCServer.Options(path: path)
        let services = try PanelServices(controller: try IPCTest.controller(), options: o, write: { _ in })
        defer { services.shutdown(at: 0) }
        services.controller.screenshotDirectory = Self.temporaryDirectory()
        services.controller.renderFrame(at: 0)
        let a = try TestSocket(path: path)
        IPCTest.spin(services, turns: 20) { services.ipc?.clientCount == 1 }
        // Without waiting, the get (answered at once) would overtake the screenshot's reply.
        a.write(#"{"command":"screenshot","path":"s.png","request_id":1}"# + "\n" + #"{"command":"get","widget":"k","request_id":2}"# + "\n")
        var lines: [String] = []
        IPCTest.spin(services, turns: 2000) { lines += a.readLines().lines; return lines.count >= 2 }
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(#"{"request_id":1,"ok":true"#) == true)
        #expect(lines.last?.hasPrefix(#"{"request_id":2,"ok":true"#) == true)
    }

    @Test func readingStopsWhenTheShareSaysSoAndResumesNextTurn() throws {
        let fd = LineReaderTests.file(Array("a\nb\nc\nd\n".utf8))
        defer { close(fd) }
        let r = LineReader(fd: fd)
        var seen: [LineReader.Item] = []
        // The first item always goes (every source gets at least one request a turn).
        r.readLines(while: { false }) { seen.append($0) }
        #expect(seen == [.line("a")])
        #expect(r.hasBufferedLines)
        r.readLines(while: { seen.count < 3 }) { seen.append($0) }
        #expect(seen == [.line("a"), .line("b"), .line("c")])
        r.readLines { seen.append($0) }
        #expect(seen.count == 4 && seen.last == .line("d"))
    }

    @Test func eachTurnStartsOneSourceFurther() throws {
        final class Recorder: PollSource {
            let name: String
            let log: (String) -> Void
            init(_ name: String, _ log: @escaping (String) -> Void) { self.name = name; self.log = log }
            var pollRequests: [PollRequest] { [] }
            var hasPendingWork: Bool { true }
            var isFinished: Bool { false }
            func service(_ revents: [Int16], at time: Double) { log(name) }
        }
        let loop = PollLoop()
        var order: [String] = []
        for n in ["a", "b", "c"] { loop.add(Recorder(n) { order.append($0) }) }
        for _ in 0..<3 {
            _ = try loop.wait(fixed: [], timeout: 0)
            loop.dispatch(at: 0)
        }
        // When a turn's share runs out, the sources that came last come first next time.
        #expect(order == ["a", "b", "c", "b", "c", "a", "c", "a", "b"])
    }

    @Test func pastTheTurnsShareOnlyTheFirstSourceStartsWork() throws {
        final class Worker: PollSource {
            let loop: PollLoop
            let busy: useconds_t
            var started: [Bool] = []
            init(_ loop: PollLoop, busy: useconds_t) { self.loop = loop; self.busy = busy }
            var pollRequests: [PollRequest] { [] }
            var hasPendingWork: Bool { true }
            var isFinished: Bool { false }
            func service(_ revents: [Int16], at time: Double) {
                let may = loop.mayStartWork()
                started.append(may)
                if may { usleep(busy) }
            }
        }
        let loop = PollLoop()
        // The first overruns the turn's share (sleeping beyond it, so not a timing guess).
        let slow = Worker(loop, busy: useconds_t(PollLoop.turnShare * 1e6) + 2000), other = Worker(loop, busy: 0)
        loop.add(slow); loop.add(other)
        _ = try loop.wait(fixed: [], timeout: 0)
        loop.dispatch(at: 0)
        #expect(slow.started == [true] && other.started == [false])
        // Next turn the other one goes first: it always gets its start.
        _ = try loop.wait(fixed: [], timeout: 0)
        loop.dispatch(at: 0)
        #expect(other.started == [false, true])
        #expect(loop.mayStartWork())   // between turns there is no share to run out
    }
}
