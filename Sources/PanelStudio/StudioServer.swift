import Graphics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelHost
import PanelLoop
import PanelProtocol

/// The layout studio (`knob-panel studio`, `run --studio`): a small HTTP/1.1 server driven by
/// the panel's own `poll()` loop (no thread, non-blocking sockets), serving the page
/// (StudioAssets), the picture and the panel's events as Server-Sent Events (FrameStream),
/// mouse input (StudioInput), the editor's file, check and save (StudioEditor) and what is
/// under the pointer (StudioWidgets). Every request passes StudioAccess first.
///
/// It joins the loop like the MQTT client does: one listening source, one source per
/// connection, an event observer and a frame-shown hook on `PanelServices`.
public final class StudioServer: PollSource {
    public struct Options: Sendable {
        public var address: ListenAddress
        /// Required unless the address is loopback.
        public var token: String?
        public var maxClients = 32
        /// The most frames per second pushed to browsers.
        public var maxFrameRate = 30.0
        /// The screen switcher may resize and turn the screen: only without a real display
        /// (`studio`), whose scanout has the size it has.
        public var screenPreview = false
        public init(address: ListenAddress) { self.address = address }
    }

    public let options: Options
    /// The port bound (the one asked for, or the kernel's choice for port 0).
    public let port: UInt16
    private let listenFD: Int32
    private let access: StudioAccess
    private let services: PanelServices
    private let editor: StudioEditor
    /// Debian's CodeMirror for the editor, when installed, and the page that loads it (or not).
    private var library = StudioLibrary()
    private let page: String
    package let frames: FrameStream
    private var connections: [HTTPConnection] = []
    private var nextID = 1
    private let limits = HTTPLimits()
    public private(set) var isFinished = false
    public private(set) var refusedConnections = 0
    private let report: (String) -> Void

    /// Opens the socket and joins `services`' loop. A non-loopback address without a token
    /// is refused here too (the command line refuses it first, with a better message).
    public init(options: Options, services: PanelServices, panelPath: String, report: @escaping (String) -> Void) throws(StudioError) {
        guard options.address.isLoopback || options.token != nil else {
            throw StudioError("--listen \(options.address) is reachable from other machines: it needs --token-file")
        }
        if let t = options.token, !StudioAccess.validToken(t) {
            throw StudioError("the token must be 16 to 256 printable ASCII characters without spaces, quotes, ',' or ';'")
        }
        self.options = options
        self.services = services
        self.report = report
        switch options.address.listen() {
        case .failure(let e): throw StudioError("cannot listen on \(options.address): \(e)")
        case .success(let (fd, port)): listenFD = fd; self.port = port
        }
        access = StudioAccess(token: options.token, loopbackOnly: options.address.isLoopback, port: port)
        let controller = services.controller
        editor = StudioEditor(path: panelPath, controller: controller)
        page = StudioAssets.page(codeMirror: library.isInstalled, screenPreview: options.screenPreview)
        frames = FrameStream(minInterval: 1 / options.maxFrameRate) { [unowned controller] () throws(GraphicsError) -> ImageSurface in
            try controller.physicalFrame()
        }
        frames.report = report
        services.add(self)
        services.add(frames)
        services.addEventSink(self)
        services.onFrameShown.append { [unowned self] time, _ in self.frames.frameChanged(at: time) }
        services.onShutdown.append { [unowned self] _ in self.close() }
    }

    deinit { close() }

    /// 16 to 256 printable ASCII characters without spaces, quotes, ',' or ';' (it travels in a cookie).
    public static func isValidToken(_ token: String) -> Bool { StudioAccess.validToken(token) }

    public var url: String { "http://\(options.address.host == "0.0.0.0" ? "127.0.0.1" : options.address.host):\(port)/" }

    public func close() {
        guard !isFinished else { return }
        isFinished = true
        Glibc.close(listenFD)
        for c in connections { c.finish() }
    }

    /// Frame-stream numbers for the closing summary: bytes and frames sent to browsers.
    public var streamStatistics: (bytes: Int, frames: Int) { (frames.bytesSent, frames.patchesSent) }

    // MARK: PollSource (the listening socket)

    public var pollRequests: [PollRequest] { isFinished ? [] : [.readable(listenFD)] }
    public var hasPendingWork: Bool { false }

    public func service(_ revents: [Int16], at time: Double) {
        connections.removeAll { $0.isFinished }
        ConnectionAcceptor.acceptPending(on: listenFD, refusal: {
            let r = HTTPResponse.failure(503, "too many connections (at most \(options.maxClients)); try again later")
            return Array(r.head(keepAlive: false) + r.body)
        }) { fd in
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            guard connections.count < options.maxClients else { refusedConnections += 1; return false }
            let c = HTTPConnection(fd: fd, id: nextID, at: time, limits: limits,
                                   shareEnd: { [unowned loop = services.loop] in loop.shareEnd(HTTPConnection.requestShare) },
                                   mayStart: { [unowned loop = services.loop] in loop.mayStartWork() }) { [unowned self] request, connection, t in
                self.respond(to: request, on: connection, at: t)
            }
            nextID += 1
            connections.append(c)
            services.add(c)
            return true
        }
    }

    // MARK: routes

    private func respond(to request: HTTPRequest, on connection: HTTPConnection, at time: Double) -> HTTPResponse? {
        switch access.check(request) {
        case .deny(let f): return HTTPResponse.failure(f.status, f.reason)
        case let .redirect(location, cookie):
            connection.authenticated = true
            return HTTPResponse(status: 303, contentType: "text/plain", body: [], extraHeaders: [("Location", location), ("Set-Cookie", cookie)])
        case .allow: connection.authenticated = true
        }
        let controller = services.controller
        switch (request.method, request.path) {
        case ("GET", "/"), ("HEAD", "/"):
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", text: page)
        case ("GET", "/studio.js"):
            return HTTPResponse(status: 200, contentType: "text/javascript; charset=utf-8", text: StudioAssets.script)
        case ("GET", "/studio.css"):
            return HTTPResponse(status: 200, contentType: "text/css; charset=utf-8", text: StudioAssets.style)
        case ("GET", "/favicon.ico"):
            return HTTPResponse(status: 204, contentType: "image/x-icon", body: [])
        case ("GET", let path) where path.hasPrefix(StudioLibrary.prefix):
            return library.response(for: path)
        case ("POST", "/api/screen"):
            guard options.screenPreview else { return .failure(403, "the screen switcher is for 'knob-panel studio': this panel drives a display of its own size") }
            return StudioScreen.change(request.bodyText, on: controller, at: time)
        case ("POST", "/api/golden"):
            return StudioGolden.save(request.bodyText, controller: controller, worker: services.pngWorker, panelPath: editor.path, at: time) {
                connection.respondLater(to: request)
            }
        case ("GET", "/schema.json"):
            return .json(StudioWidgets.schemaText)
        case ("GET", "/api/stream"):
            connection.startStream(HTTPResponse(status: 200, contentType: "text/event-stream", body: []))
            frames.add(connection)
            return nil
        case ("GET", "/api/frame.png"), ("HEAD", "/api/frame.png"):
            return framePNG(for: request, on: connection)
        case ("GET", "/api/widgets"):
            return .json(StudioWidgets.json(controller))
        case ("POST", "/api/input"):
            return StudioInput.deliver(request.bodyText, to: controller, at: time) { connection.respondLater(to: request) }
        case ("GET", "/api/file"):
            return editor.file()
        case ("POST", "/api/check"):
            return editor.check(request.body)
        case ("POST", "/api/save"):
            return editor.save(request.body, at: time)
        case (_, "/"), (_, "/studio.js"), (_, "/studio.css"), (_, "/schema.json"), (_, "/api/stream"), (_, "/api/frame.png"),
             (_, "/api/widgets"), (_, "/api/input"), (_, "/api/file"), (_, "/api/check"), (_, "/api/save"), (_, "/api/screen"), (_, "/api/golden"):
            return .failure(405, "\(request.method) is not allowed on \(request.path)")
        default:
            return .failure(404, "no such page: \(request.path)")
        }
    }
}

extension StudioServer {
    /// The picture as a PNG: the pixels are copied now, encoded on the PNG thread (40-115 ms
    /// at 1280x800, which 800 pipelined requests made a 4.9 s stall on the loop).
    private func framePNG(for request: HTTPRequest, on connection: HTTPConnection) -> HTTPResponse? {
        let worker = services.pngWorker
        guard worker.hasRoom else { return .failure(503, "busy: \(worker.capacity) pictures are being encoded; try again") }
        let image: CapturedImage
        do { image = try CapturedImage(services.controller.physicalFrame()) } catch { return .failure(500, "\(error)") }
        let respond = connection.respondLater(to: request)
        worker.submit(image, to: .memory(opaque: true)) { outcome in
            switch outcome {
            case .data(let png): respond(HTTPResponse(status: 200, contentType: "image/png", body: png))
            case .failed(let message): respond(.failure(500, message))
            case .written: respond(.failure(500, "the picture was not encoded"))
            }
        }
        return nil
    }
}

/// Why the studio could not start (a busy port, a missing token): one line for the user.
public struct StudioError: Error, CustomStringConvertible {
    public let description: String
    package init(_ d: String) { description = d }
}

/// The page's event stream: every event as a Server-Sent Event, encoded once for all browsers.
extension StudioServer: PanelEventSink {
    public func deliver(_ event: PanelEvent) {
        frames.broadcast(Array(("event: panel\ndata: " + event.line + "\n\n").utf8))
    }
}
