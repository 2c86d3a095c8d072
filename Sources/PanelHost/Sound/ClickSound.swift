import CSound
import PanelLayout

/// The click on press (the layout's `sound`): ALSA opened with dlopen (CSound/shim.h) the
/// first time a layout asks for it, the PCM opened non-blocking with a 30 ms buffer, and
/// the tick (ClickTick, 576 bytes) made once. A press writes the tick without waiting:
/// when the device has no room (a tick still playing, a stalled device) the press is
/// silent rather than late. No device, no library: one note, then silence.
public final class ClickSound {
    private var pcm: OpaquePointer?
    /// What is open (or failed to open): the device and volume.
    private var opened: SoundSettings?
    private var tick: [Int16] = []
    /// libasound's functions, loaded by the first `prepare` (CSound/shim.h).
    private var asound = knob_asound_t()
    private let report: (String) -> Void
    private var noted = false
    /// Ticks written and ticks dropped (no room, an error), for tests and `--verbose`-style notes.
    public private(set) var played = 0
    public private(set) var dropped = 0

    public init(report: @escaping (String) -> Void) { self.report = report }

    deinit { close() }

    /// Opens `settings.device` unless it is already open (a reload that changed the device
    /// opens the new one); a failure is noted once per panel run.
    public func prepare(_ settings: SoundSettings) {
        guard settings.click, settings != opened else { return }
        close()
        opened = settings
        tick = ClickTick.samples(volume: settings.volume)
        if let why = knob_asound_load(&asound) {
            return note("no click: \(String(cString: why)) (install libasound2)")
        }
        let a = asound
        var handle: OpaquePointer?
        var err = settings.device.withCString { a.open!(&handle, $0, Int32(KNOB_SND_PCM_STREAM_PLAYBACK), Int32(KNOB_SND_PCM_NONBLOCK)) }
        if err >= 0, let handle {
            err = a.set_params!(handle, Int32(KNOB_SND_PCM_FORMAT_S16_LE), Int32(KNOB_SND_PCM_ACCESS_RW_INTERLEAVED), 1,
                                UInt32(ClickTick.rate), 1, 30_000)
            if err < 0 { _ = a.close!(handle) } else { pcm = handle }
        }
        if err < 0 { note("no click: ALSA device '\(settings.device)': \(a.strerror!(err).map { String(cString: $0) } ?? "error \(err)")") }
    }

    /// One tick, now, without blocking: after an underrun (the last tick ended) or at the
    /// first press the PCM is prepared again and started by hand, since a tick is shorter
    /// than the start threshold ALSA sets.
    public func click(_ settings: SoundSettings) {
        prepare(settings)
        guard let pcm else { return }
        let a = asound
        let state = a.state!(pcm)
        if state == Int32(KNOB_SND_PCM_STATE_XRUN) || state == Int32(KNOB_SND_PCM_STATE_SETUP) || state == Int32(KNOB_SND_PCM_STATE_SUSPENDED) {
            _ = a.prepare!(pcm)
        }
        let written = tick.withUnsafeBytes { a.writei!(pcm, $0.baseAddress, UInt(ClickTick.frames)) }
        guard written > 0 else { dropped += 1; return }
        played += 1
        if a.state!(pcm) == Int32(KNOB_SND_PCM_STATE_PREPARED) { _ = a.start!(pcm) }
    }

    /// Closes the PCM (a file output writes what it holds).
    public func close() {
        if let pcm { _ = asound.close!(pcm) }
        pcm = nil
    }

    private func note(_ text: String) {
        guard !noted else { return }
        noted = true
        report("\(text); the panel runs silent")
    }
}
