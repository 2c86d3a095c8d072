import CLinux
import Graphics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelSystem

/// Decodes pictures (an image widget's MQTT payloads) on a thread of its own, so the loop never
/// waits for one: a 4 MiB 4096² JPEG is 0.1–0.25 s of decoding, which on the loop's thread held
/// every command, touch and flip that long. Per key (a widget) only the newest picture counts:
/// one that arrives while an older one waits replaces it (the older is dropped, never decoded),
/// and a result whose key has had a newer picture since is dropped when it comes back. So memory
/// is bounded by the keys: per key one payload waiting, one decoding, one result. Completions
/// run on the loop's thread, in `service`, when the worker's pipe becomes readable.
public final class PictureWorker: PollSource {
    public typealias Key = ObjectIdentifier

    /// Per key, the newest picture submitted: its number and what to do with it.
    private var wanted: [Key: (generation: Int, completion: (DecodedPicture, Double) -> Void)] = [:]
    private var nextGeneration = 1
    private let mailbox = PictureMailbox()
    private var started = false
    /// Pictures replaced by a newer one before they were shown (dropped waiting, or their
    /// result dropped), and pictures whose result was handed over: for tests and notes.
    public private(set) var superseded = 0
    public private(set) var delivered = 0

    public init() {}

    deinit { mailbox.stop() }

    /// Pictures submitted whose completion has not run yet (one at most per key).
    public var pending: Int { wanted.count }

    /// Queues `job` for `key`; `completion` runs on the loop's thread with the result and the
    /// loop's time, once, unless a newer job for `key` is submitted first (then never). Without
    /// a thread (none could be started) it runs now, with `time`.
    public func submit(_ job: PictureDecode, for key: Key, at time: Double, completion: @escaping (DecodedPicture, Double) -> Void) {
        if !started {
            // Started on first use, after the loop blocked its signals (signalfd): the thread
            // inherits that mask, so SIGTERM never lands on it.
            guard mailbox.start() else { return completion(job.run(), time) }
            started = true
        }
        let generation = nextGeneration
        nextGeneration += 1
        if wanted.updateValue((generation, completion), forKey: key) != nil { superseded += 1 }
        mailbox.post(PictureJob(key: key, generation: generation, decode: job))
    }

    /// Waits up to `seconds` for every pending picture and runs their completions with `time`
    /// (tests; the loop's own turns do this as results come).
    public func drain(seconds: Double, at time: Double) {
        let end = MonotonicClock.seconds() + seconds
        while !wanted.isEmpty {
            let left = end - MonotonicClock.seconds()
            if left <= 0 { break }
            var p = pollfd(fd: mailbox.wakeRead, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, Int32(left * 1000) + 1)
            collect(at: time)
        }
    }

    // MARK: PollSource

    public var pollRequests: [PollRequest] { wanted.isEmpty ? [] : [.readable(mailbox.wakeRead)] }
    public var hasPendingWork: Bool { false }
    public var isFinished: Bool { false }

    public func service(_ revents: [Int16], at time: Double) { collect(at: time) }

    private func collect(at time: Double) {
        for (key, result) in mailbox.takeResults() {
            guard let w = wanted[key], w.generation == result.generation else { continue }   // a newer one comes
            wanted.removeValue(forKey: key)
            delivered += 1
            w.completion(result.picture, time)
        }
    }
}

struct PictureJob: Sendable {
    let key: PictureWorker.Key
    let generation: Int
    let decode: PictureDecode
}

/// Per key the newest job waiting and the newest result, shared with the decoding thread
/// through `handoff`. A job superseded while it decodes is decoded to the end (libjpeg cannot
/// be stopped midway) and its result dropped here if a newer job for its key waits already.
final class PictureMailbox: @unchecked Sendable {
    private let handoff = WorkerHandoff()
    private var jobs = NewestPerKey<PictureWorker.Key, PictureJob>()
    private var results = NewestPerKey<PictureWorker.Key, (generation: Int, picture: DecodedPicture)>()
    private var stopping = false
    var wakeRead: Int32 { handoff.wakeRead }

    /// Starts the decoding thread (detached: at exit a decode under way is not waited for).
    func start() -> Bool {
        guard wakeRead >= 0 else { return false }
        return WorkerThread.start(detached: true, background: true, { self.run() }) != nil
    }

    func post(_ job: PictureJob) {
        handoff.locked {
            jobs.put(job, for: job.key)
            handoff.signal()
        }
    }

    func stop() {
        handoff.locked {
            stopping = true
            jobs = NewestPerKey()
            handoff.signal()
        }
    }

    /// On the loop's thread.
    func takeResults() -> [(key: PictureWorker.Key, item: (generation: Int, picture: DecodedPicture))] {
        handoff.drainWakes()
        return handoff.locked { results.takeAll() }
    }

    /// The decoding thread's body.
    private func run() {
        while true {
            let job: PictureJob? = handoff.locked {
                handoff.wait { jobs.isEmpty && !stopping }
                return stopping ? nil : jobs.take()?.item
            }
            guard let job else { return }
            let picture = job.decode.run()
            // A newer picture for this key waits: this one would only be dropped by the loop.
            let newer = handoff.locked {
                let newer = jobs.contains(job.key)
                if !newer { results.put((job.generation, picture), for: job.key) }
                return newer
            }
            if !newer { handoff.notifyLoop() }
        }
    }
}
