#if canImport(Glibc)
import Glibc
#endif

/// The click's samples, made once: 6 ms of a 2.8 kHz tone whose envelope rises over 0.3 ms
/// (no step, which would pop) and decays with a 1 ms time constant (a key's tick, not a
/// beep), signed 16-bit mono at 48 kHz. Peak `volume` × 0.8 of full scale.
public enum ClickTick {
    public static let rate = 48_000
    public static let frequency = 2_800.0
    public static let duration = 0.006
    public static let attack = 0.0003
    public static let decay = 0.001
    /// 288 frames: 6 ms at 48 kHz.
    public static var frames: Int { Int((duration * Double(rate)).rounded()) }

    public static func samples(volume: Double) -> [Int16] {
        let v = Swift.min(1, Swift.max(0, volume.isFinite ? volume : 0))
        return (0..<frames).map { i in
            let t = Double(i) / Double(rate)
            let envelope = Swift.min(1, t / attack) * exp(-Swift.max(0, t - attack) / decay)
            return Int16((0.8 * 32767 * v * envelope * sin(2 * .pi * frequency * t)).rounded())
        }
    }
}
