@preconcurrency import Glibc
import PanelLayout
import PanelSystem
import PanelLoop
import PanelProtocol
import PanelCore
import PanelInput
import PanelDisplay
import PanelHost
import PanelMQTT
import PanelStudio
import PanelBench

/// `knob-panel ctl SOCKET [JSON…]`: a small client of the control socket for shell scripts.
enum CtlCommand {
    static let spec = CommandSpec(
        name: "ctl", abstract: "Send requests to a running panel's control socket and print the replies (and events with --follow).",
        usage: "ctl SOCKET [JSON...] [--follow]",
        arguments: [("SOCKET", "The panel's --ipc path."),
                    ("JSON", "Requests, one per argument, e.g. '{\"command\":\"get\",\"widget\":\"volume\"}'; without any, lines are read from stdin.")],
        options: [
            OptionSpec("follow", help: "After the replies, keep printing events until the panel closes the connection or Ctrl-C. Without JSON arguments: a relay, stdin's lines go to the panel as they come and everything it sends is printed."),
        ])

    static func relay(_ path: String) throws(CommandFailure) {
        let fd: Int32
        switch UnixSocket.connect(path: path) {
        case .success(let s): fd = s
        case .failure(let e): throw CommandFailure("cannot connect to '\(path)': \(e)", status: unreachableStatus)
        }
        defer { close(fd) }
        var inputOpen = true
        var buf = [UInt8](repeating: 0, count: 65536)
        func copy(_ from: Int32, _ to: Int32, socket: Bool) -> Bool {
            guard case .done(let n) = syscall(nonBlocking: false, { Syscalls.read(from, &buf, buf.count) }), n > 0 else { return false }
            var off = 0
            while off < n {
                let sent = syscall(nonBlocking: false) {
                    buf.withUnsafeBytes { socket ? Syscalls.send(to, $0.baseAddress! + off, n - off, Int32(MSG_NOSIGNAL)) : Syscalls.write(to, $0.baseAddress! + off, n - off) }
                }
                guard case .done(let w) = sent, w > 0 else { return false }
                off += w
            }
            return true
        }
        // A serial port (a character device, not a terminal) reads as "end of file" while
        // nobody is connected at the other end: wait for the peer instead of giving up.
        var st = stat()
        let isPort = fstat(STDIN_FILENO, &st) == 0 && st.st_mode & S_IFMT == S_IFCHR && isatty(STDIN_FILENO) == 0
        var idleUntil = 0.0
        while true {
            let portIdle = isPort && MonotonicClock.seconds() < idleUntil
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: inputOpen && !portIdle ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0)]
            guard case .done = syscall(nonBlocking: false, { Syscalls.poll(&fds, 2, portIdle ? 200 : -1) }) else { break }
            if fds[0].revents != 0 && !copy(fd, STDOUT_FILENO, socket: false) { break }
            if fds[1].revents != 0 && !copy(STDIN_FILENO, fd, socket: true) {
                if isPort { idleUntil = MonotonicClock.seconds() + 0.2 } else { inputOpen = false }
            }
        }
    }

    /// Exit status when the socket cannot be reached: EX_UNAVAILABLE.
    static let unreachableStatus: Int32 = 69

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        guard let path = args.positionals.first else { throw CommandFailure("ctl needs the SOCKET path (see 'knob-panel ctl --help')", status: 64) }
        let follow = args.flags.contains("follow")
        var requests = Array(args.positionals.dropFirst())
        if requests.isEmpty && follow {
            // A relay: stdin's lines go to the panel as they come, everything the panel sends
            // goes to stdout (e.g. a virtio serial port to the host: `ctl SOCK --follow <>PORT >&0`).
            return try relay(path)
        }
        if requests.isEmpty && isatty(STDIN_FILENO) == 0 {
            requests = try readTextFile("/dev/stdin").split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }
        requests = requests.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
        if let bad = requests.first(where: { $0.contains("\n") }) {
            throw CommandFailure("a request must be one line: \(bad.prefix(40))…", status: 64)
        }
        let fd: Int32
        switch UnixSocket.connect(path: path) {
        case .success(let s): fd = s
        case .failure(let e): throw CommandFailure("cannot connect to '\(path)': \(e)", status: unreachableStatus)
        }
        defer { close(fd) }
        // With --follow no events are lost: they are printed while requests are answered.
        let payload = requests.map { $0 + "\n" }.joined()
        var bytes = Array(payload.utf8)[...]
        // A panel that refuses the connection ("too many clients") writes why and closes:
        // the send then fails (EPIPE), but its line is still there to read and print.
        var sendError: Errno?
        while !bytes.isEmpty {
            switch syscall(nonBlocking: false, { bytes.withUnsafeBytes { Syscalls.send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) } }) {
            case .done(let n) where n > 0: bytes = bytes.dropFirst(n); continue
            case .done, .wouldBlock: sendError = Errno(EPIPE)
            case .failed(let e): sendError = e
            }
            break
        }
        if !follow || sendError != nil { shutdown(fd, Int32(SHUT_WR)) }
        var pending: [UInt8] = []
        var replies = 0, failures = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        reading: while (follow && sendError == nil) || replies < requests.count {
            guard case .done(let n) = syscall(nonBlocking: false, { Syscalls.read(fd, &chunk, chunk.count) }), n > 0 else { break }
            pending += chunk[0..<n]
            var start = 0
            while let nl = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[start..<nl], as: UTF8.self)
                start = nl + 1
                // A reply carries `ok` (Reply), an event never does; read by the JSON reader,
                // not by matching text (a string holding `"ok":true` must not count).
                let ok: JSONNode? = if case .success(let node) = JSONReader.parseKeepingHugeNumbers(line) { node["ok"] } else { nil }
                let isReply = ok != nil
                if isReply {
                    replies += 1
                    if ok?.boolValue != true { failures += 1 }
                }
                if isReply || follow { Console.out(line) }
                if !follow && replies >= requests.count { break reading }
            }
            pending.removeSubrange(0..<start)
        }
        if failures > 0 { throw CommandFailure(nil, status: 1) }
        if let sendError { throw CommandFailure("cannot send to '\(path)': \(sendError)") }
        if replies < requests.count { throw CommandFailure("the panel closed the connection after \(replies) of \(requests.count) replies") }
        if failures > 0 { throw CommandFailure(nil, status: 1) }
    }
}
