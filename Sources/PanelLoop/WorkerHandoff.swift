import CLinux
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What the loop and one worker thread share (the PNG encoder, the picture decoder): a mutex
/// and a condition over the worker's queue, and a pipe whose byte tells the loop's `poll()`
/// that results wait. The queues themselves are the workers' own.
final class WorkerHandoff: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
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

    /// Runs `body` holding the mutex.
    func locked<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// With the mutex held: wakes the worker waiting in `wait(while:)`.
    func signal() { pthread_cond_signal(wake) }

    /// With the mutex held: sleeps while `condition` holds.
    func wait(while condition: () -> Bool) {
        while condition() { pthread_cond_wait(wake, mutex) }
    }

    /// On the worker's thread: tells the loop that results wait.
    func notifyLoop() {
        var one: UInt8 = 1
        _ = write(wakeWrite, &one, 1)   // a full pipe already says "results wait"
    }

    /// On the loop's thread, before it takes the results: empties the pipe.
    func drainWakes() {
        var sink = [UInt8](repeating: 0, count: 64)
        while sink.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
    }
}
