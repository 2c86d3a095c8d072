import CCairo
import PanelSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Fontconfig reads its configuration (dozens of XML files) the first time it is used, about
/// a quarter of a first frame's work. A panel starts that on a thread of its own
/// (`loadInBackground`) while it builds its scene and draws what has no text; the first text
/// waits for it (`waitUntilLoaded`, before any fontconfig call) instead of loading it again.
public enum FontConfiguration {
    private enum State { case idle, loading(pthread_t), loaded }
    private static let state = Mutex<State>(.idle)

    /// Starts loading fontconfig's configuration on a thread, once a process; does nothing
    /// when it is loaded or loading. Without a thread (none could be made) the first text
    /// loads it as before.
    public static func loadInBackground() {
        state.withLock { state in
            guard case .idle = state else { return }
            // The parse's garbage stays in this thread's malloc arena, which the loop never reuses:
            // handed back to the system once the configuration is read.
            guard let thread = WorkerThread.start(detached: false, background: false, { _ = FcInit(); FreedMemory.release() }) else { return }
            state = .loading(thread)
        }
    }

    /// Returns once a load started by `loadInBackground` is done (at once when none was).
    package static func waitUntilLoaded() {
        state.withLock { state in
            guard case let .loading(thread) = state else { return }
            pthread_join(thread, nil)
            state = .loaded
        }
    }
}
