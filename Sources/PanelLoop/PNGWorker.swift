import CLinux
import Graphics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelSystem

/// Encodes and writes PNGs on a thread of its own, so a screenshot costs the loop only the copy
/// of its pixels (PNG encoding is 40-115 ms at 1280x800: sixteen clients asking for 64 each
/// stalled the loop for 73 s). Only Sendable data crosses: a `CapturedImage` and a path go
/// to the worker, an `Outcome` comes back; completions run on the loop's thread when the
/// worker's pipe becomes readable. At most `capacity` jobs are in flight (each holds a frame's
/// pixels); `submit` refuses more, and the caller answers "busy".
public final class PNGWorker: PollSource {
    public enum Destination: Sendable {
        /// A file, replaced whole (OutputFile); `special`: which non-regular files are allowed.
        case file(String, OutputFile.SpecialFiles)
        /// The PNG's bytes (the studio's picture); `opaque`: RGB without alpha.
        case memory(opaque: Bool)
    }

    public enum Outcome: Sendable {
        case written
        case data([UInt8])
        case failed(String)
    }

    public let capacity: Int
    public private(set) var inFlight = 0
    /// Jobs refused because the queue was full, for tests and the summary.
    public private(set) var refused = 0
    private var completions: [Int: (Outcome) -> Void] = [:]
    private var nextID = 1
    private let mailbox: Mailbox
    private var thread: pthread_t?

    public init(capacity: Int = 2) {
        self.capacity = capacity
        mailbox = Mailbox()
    }

    deinit {
        mailbox.stop()
        if let thread, inFlight == 0 { pthread_join(thread, nil) }
    }

    /// Whether a job would be taken now (check before capturing: the copy costs a frame's bytes).
    public var hasRoom: Bool { inFlight < capacity }

    /// Queues a job; false when `capacity` jobs are in flight (nothing is queued then).
    /// `completion` runs on the loop's thread, once.
    @discardableResult
    public func submit(_ image: CapturedImage, to destination: Destination, completion: @escaping (Outcome) -> Void) -> Bool {
        guard hasRoom else { refused += 1; return false }
        if thread == nil {
            // Started on first use, after the loop blocked its signals (signalfd).
            let mailbox = self.mailbox
            guard let t = WorkerThread.start(detached: false, background: true, { mailbox.run() }) else {
                completion(.failed("cannot start the PNG thread: \(Errno(errno))"))
                return true
            }
            thread = t
        }
        let id = nextID
        nextID += 1
        completions[id] = completion
        inFlight += 1
        mailbox.post(Job(id: id, image: image, destination: destination))
        return true
    }

    /// Waits up to `seconds` for the jobs in flight (at exit: their replies still go out).
    public func drain(seconds: Double) {
        let end = MonotonicClock.seconds() + seconds
        while inFlight > 0 {
            let left = end - MonotonicClock.seconds()
            if left <= 0 { break }
            var p = pollfd(fd: mailbox.wakeRead, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, Int32(left * 1000) + 1)
            collect()
        }
    }

    // MARK: PollSource

    public var pollRequests: [PollRequest] { inFlight > 0 ? [.readable(mailbox.wakeRead)] : [] }
    public var hasPendingWork: Bool { false }
    public var isFinished: Bool { false }

    public func service(_ revents: [Int16], at time: Double) { collect() }

    private func collect() {
        for (id, outcome) in mailbox.takeResults() {
            inFlight -= 1
            completions.removeValue(forKey: id)?(outcome)
        }
    }
}

private struct Job: Sendable {
    let id: Int
    let image: CapturedImage
    let destination: PNGWorker.Destination
}

/// The jobs in and the results out, shared with the worker thread through `handoff`.
private final class Mailbox: @unchecked Sendable {
    private let handoff = WorkerHandoff()
    private var jobs: [Job] = []
    private var results: [(Int, PNGWorker.Outcome)] = []
    private var stopping = false
    var wakeRead: Int32 { handoff.wakeRead }

    func post(_ job: Job) {
        handoff.locked {
            jobs.append(job)   // at most `capacity` long: removing from the front is bounded
            handoff.signal()
        }
    }

    func stop() { handoff.locked { stopping = true; handoff.signal() } }

    /// On the loop's thread.
    func takeResults() -> [(Int, PNGWorker.Outcome)] {
        handoff.drainWakes()
        return handoff.locked {
            defer { results.removeAll() }
            return results
        }
    }

    /// The worker thread's body.
    func run() {
        while true {
            let job: Job? = handoff.locked {
                handoff.wait { jobs.isEmpty && !stopping }
                return jobs.isEmpty ? nil : jobs.removeFirst()
            }
            guard let job else { return }
            let outcome = Self.perform(job)
            handoff.locked { results.append((job.id, outcome)) }
            handoff.notifyLoop()
        }
    }

    private static func perform(_ job: Job) -> PNGWorker.Outcome {
        do {
            switch job.destination {
            case let .file(path, special):
                try job.image.writePNG(to: path, special: special)
                return .written
            case .memory(let opaque):
                return .data(try job.image.pngData(opaque: opaque))
            }
        } catch {
            return .failed(error.description)
        }
    }
}
