/// The parent process as a client: request lines on a descriptor (stdin), replies and events
/// through `write` (stdout). Reading gets a bounded share of each loop turn (LineReader).
final class StdioClient: PollSource, CommandClient {
    var filter: EventFilter = .all
    private let reader: LineReader?
    private let write: (String) -> Void
    private let controller: PanelController

    init(commandFD: Int32?, controller: PanelController, write: @escaping (String) -> Void) {
        reader = commandFD.map { LineReader(fd: $0) }
        self.controller = controller
        self.write = write
    }

    func send(_ line: String) { write(line) }

    var pollRequests: [PollRequest] {
        guard let reader, !reader.atEOF else { return [] }
        return [.readable(reader.fd)]
    }
    var hasPendingWork: Bool { reader?.hasBufferedLines ?? false }
    /// Stays registered after end of file: stdout keeps receiving events.
    var isFinished: Bool { false }

    func service(_ revents: [Int16], at time: Double) {
        guard let reader else { return }
        for item in reader.readLines() {
            switch item {
            case .line(let line):
                if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
                controller.execute(commandLine: line, at: time, from: self)
            case .overlong(let prefix):
                controller.rejectCommand("command line longer than \(reader.maxLineLength) bytes ignored (it starts '\(prefix)…')", at: time, from: self)
            }
        }
    }
}
