import Glibc
import PanelSystem
import Testing

/// Work handed to a thread of its own (`BackgroundWork`): it runs there, not on the caller's
/// thread, and `take` hands back exactly what it made, waiting for it.
@Suite struct BackgroundWorkTests {
    final class Made {
        let numbers: [Int]
        let thread: pthread_t
        init(numbers: [Int], thread: pthread_t) { self.numbers = numbers; self.thread = thread }
    }

    @Test func runsOnAnotherThreadAndHandsBackItsResult() {
        let work = BackgroundWork { () -> Made in
            usleep(20_000)   // still running when `take` is called: take waits
            return Made(numbers: (1...1000).map { $0 * $0 }, thread: pthread_self())
        }
        #expect(work.startedThread)
        let made = work.take()
        #expect(made.numbers.count == 1000 && made.numbers.last == 1_000_000)
        #expect(pthread_equal(made.thread, pthread_self()) == 0, "the work ran on the caller's thread")
    }

    /// Never taken: dropping it neither waits for the work nor frees what it still uses.
    @Test func droppedWorkFinishesAlone() {
        var work: BackgroundWork<[Int]>? = BackgroundWork { usleep(20_000); return [1, 2, 3] }
        #expect(work?.startedThread == true)
        work = nil
        usleep(40_000)
    }
}
