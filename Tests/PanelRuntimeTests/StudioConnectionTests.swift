import Glibc
import Graphics
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

/// The studio's connection and frame differ on their own: a socketpair stands in for the
/// browser, the test gives the loop's turns with their times.
struct StudioConnectionTests {
    func pair() -> (server: Int32, client: Int32) {
        var fds: [Int32] = [0, 0]
        _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return (fds[0], fds[1])
    }

    func readAll(_ fd: Int32) -> String {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &buf, buf.count)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func aSlowClientIsAnswered408AfterTheRequestTimeout() {
        let (s, c) = pair()
        defer { close(c) }
        var handled = 0
        let conn = HTTPConnection(fd: s, id: 1, at: 0, limits: HTTPLimits()) { _, _, _ in handled += 1; return .json("{}") }
        _ = "GET / HTTP/1.1\r\nHost: 127".withCString { write(c, $0, strlen($0)) }
        conn.service([Int16(POLLIN)], at: 1)
        #expect(conn.deadline == 11)   // 10 s from the request's first byte (read at t = 1)
        conn.service([0], at: 5)
        #expect(readAll(c).isEmpty && !conn.isFinished)
        conn.service([0], at: 11)
        #expect(readAll(c).hasPrefix("HTTP/1.1 408 "))
        #expect(handled == 0)
    }

    @Test func keepAliveServesRequestsInOrderThenIdlesOut() {
        let (s, c) = pair()
        defer { close(c) }
        var paths: [String] = []
        // The server marks a connection whose request passed StudioAccess.
        let conn = HTTPConnection(fd: s, id: 1, at: 0, limits: HTTPLimits()) { r, c, _ in paths.append(r.path); c.authenticated = true; return .json("{}") }
        let two = "GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HTTP/1.1\r\nHost: h\r\n\r\n"
        _ = two.withCString { write(c, $0, strlen($0)) }
        conn.service([Int16(POLLIN)], at: 0)
        #expect(paths == ["/a", "/b"])
        #expect(readAll(c).components(separatedBy: "HTTP/1.1 200 OK").count == 3)
        #expect(conn.deadline == 60)   // idle: 60 s after the last request
        conn.service([0], at: 60)
        #expect(conn.isFinished)
    }

    /// Silent connections cannot hold the studio's slots: until a request passes
    /// StudioAccess, 3 s of silence closes the connection (the first byte, or the next
    /// request after a refused one).
    @Test func anUnauthenticatedConnectionGetsAShortDeadline() {
        let (s, c) = pair()
        defer { close(c) }
        let conn = HTTPConnection(fd: s, id: 1, at: 0, limits: HTTPLimits()) { _, _, _ in .failure(401, "a token is required") }
        #expect(conn.deadline == 3)
        conn.service([0], at: 2)
        #expect(!conn.isFinished)
        conn.service([0], at: 3)
        #expect(conn.isFinished)
        let (s2, c2) = pair()
        defer { close(c2) }
        // A kept-alive answer the handler did not mark as allowed: still the short deadline.
        let refused = HTTPConnection(fd: s2, id: 2, at: 0, limits: HTTPLimits()) { _, _, _ in .failure(404, "no such page") }
        _ = "GET / HTTP/1.1\r\nHost: h\r\n\r\n".withCString { write(c2, $0, strlen($0)) }
        refused.service([Int16(POLLIN)], at: 1)
        #expect(readAll(c2).hasPrefix("HTTP/1.1 404 ") && refused.deadline == 4)
    }

    @Test func theChangedBoxHoldsExactlyTheChangedPixels() throws {
        let a = try ImageSurface(width: 64, height: 48), b = try ImageSurface(width: 64, height: 48)
        #expect(FrameStream.changedBox(a, b) == nil)
        // Two pixels changed, at (10, 5) and (40, 30): the box spans x 10...40, y 5...30.
        b.withPixelBytes { p, stride in
            p.storeBytes(of: UInt32(0xFFFF0000), toByteOffset: 5 * stride + 10 * 4, as: UInt32.self)
            p.storeBytes(of: UInt32(0xFF00FF00), toByteOffset: 30 * stride + 40 * 4, as: UInt32.self)
        }
        let box = FrameStream.changedBox(a, b)
        #expect(box?.x == 10 && box?.y == 5 && box?.w == 31 && box?.h == 26)
        FrameStream.copy(box!, from: b, to: a)
        #expect(FrameStream.changedBox(a, b) == nil)
        // The PNG of that box decodes to its size and its corner pixel.
        let png = try a.pngData(x: 10, y: 5, width: 31, height: 26)
        let path = "/tmp/studio-box-\(getpid()).png"
        let f = try OutputFile(path: path)
        png.withUnsafeBytes { f.write($0) }
        try f.commit()
        defer { unlink(path) }
        let decoded = try ImageSurface(pngPath: path)
        #expect(decoded.width == 31 && decoded.height == 26)
        #expect(decoded.pixel(x: 0, y: 0).red == 1 && decoded.pixel(x: 30, y: 25).green == 1)
    }
}

struct ChangedRegionsTests {
    @Test func farApartChangesBecomeSeparateRectangles() throws {
        let a = try ImageSurface(width: 200, height: 100), b = try ImageSurface(width: 200, height: 100)
        // A 10×10 square at (5, 5) and a 20×4 bar at (150, 80): one box around both would be
        // 165×79 = 13035 pixels; the two rectangles are 100 + 80.
        b.withPixelBytes { p, stride in
            for y in 5..<15 { for x in 5..<15 { p.storeBytes(of: UInt32(0xFFFFFFFF), toByteOffset: y * stride + x * 4, as: UInt32.self) } }
            for y in 80..<84 { for x in 150..<170 { p.storeBytes(of: UInt32(0xFFFFFFFF), toByteOffset: y * stride + x * 4, as: UInt32.self) } }
        }
        let boxes = ChangedRegions.boxes(a, b)
        #expect(boxes.count == 2)
        #expect(boxes.contains { $0 == (5, 5, 10, 10) } && boxes.contains { $0 == (150, 80, 20, 4) })
        #expect(ChangedRegions.boxes(a, a).isEmpty)
    }
}
