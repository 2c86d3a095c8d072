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
            // Started on first use, after the loop blocked its signals (signalfd): the thread
            // inherits that mask, so SIGTERM never lands on it.
            var t = pthread_t()
            let box = Unmanaged.passRetained(mailbox).toOpaque()
            guard pthread_create(&t, nil, { arg in
                let mailbox = Unmanaged<Mailbox>.fromOpaque(arg!).takeRetainedValue()
                mailbox.run()
                return nil
            }, box) == 0 else {
                Unmanaged<Mailbox>.fromOpaque(box).release()
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

/// What the loop and the worker thread share, behind one mutex: jobs in, results out, and a
/// pipe whose byte tells the loop's `poll()` that results wait.
private final class Mailbox: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [Job] = []
    private var results: [(Int, PNGWorker.Outcome)] = []
    private var stopping = false
    let wakeRead: Int32
    private let wakeWrite: Int32

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(wake, nil)
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    deinit {
        pthread_cond_destroy(wake); wake.deallocate()
        pthread_mutex_destroy(mutex); mutex.deallocate()
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    func post(_ job: Job) {
        pthread_mutex_lock(mutex)
        jobs.append(job)   // at most `capacity` long: removing from the front is bounded
        pthread_cond_signal(wake)
        pthread_mutex_unlock(mutex)
    }

    func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        pthread_cond_signal(wake)
        pthread_mutex_unlock(mutex)
    }

    /// On the loop's thread: empties the pipe, then takes the results.
    func takeResults() -> [(Int, PNGWorker.Outcome)] {
        var sink = [UInt8](repeating: 0, count: 64)
        while sink.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
        pthread_mutex_lock(mutex)
        let taken = results
        results.removeAll()
        pthread_mutex_unlock(mutex)
        return taken
    }

    /// The worker thread's body.
    func run() {
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        // Below the loop's thread: on a busy machine (two cores here) the loop's flips and
        // pings come first, the PNGs when there is time.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(kp_gettid()), 10)
        while true {
            pthread_mutex_lock(mutex)
            while jobs.isEmpty && !stopping { pthread_cond_wait(wake, mutex) }
            if stopping && jobs.isEmpty { pthread_mutex_unlock(mutex); return }
            let job = jobs.removeFirst()
            pthread_mutex_unlock(mutex)
            let outcome = Self.perform(job)
            pthread_mutex_lock(mutex)
            results.append((job.id, outcome))
            pthread_mutex_unlock(mutex)
            var one: UInt8 = 1
            _ = write(wakeWrite, &one, 1)   // a full pipe already says "results wait"
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
