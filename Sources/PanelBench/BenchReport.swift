import PanelProtocol
/// What `knob-panel bench` found: per phase the frame times (nil: the panel cannot show that
/// phase), peak memory and the per-frame counts of operations a frame should not need.
public struct BenchReport: Sendable {
    public var width: Int
    public var height: Int
    public var frames: Int
    public var full: FrameTimes?
    public var first: FrameTimes?
    public var knob: FrameTimes?
    public var dial: FrameTimes?
    public var slider: FrameTimes?
    public var meter: FrameTimes?
    public var fader: FrameTimes?
    public var drawer: FrameTimes?
    public var cursor: FrameTimes?
    public var chart: FrameTimes?
    public var clock: FrameTimes?
    /// Generated scenes (BenchPanels): a bound label, the idle page's shift, the panel at
    /// 1920×1080 and 3840×2160, one knob turning among 6, 24 and 96.
    public var label: FrameTimes?
    public var idleShift: FrameTimes?
    public var full1080: FrameTimes?
    public var full2160: FrameTimes?
    public var knobs6: FrameTimes?
    public var knobs24: FrameTimes?
    public var knobs96: FrameTimes?
    /// Peak RSS (VmHWM) less the bench's two scanout stand-ins, which `run` maps from the GPU.
    public var peakRSSMiB: Double?
    public var scanoutStandInMiB: Double = 0
    /// Shadow blurs per frame of the animation phases (knob, dial, slider, fader, meter, drawer).
    public var blursPerFrame: Double = 0
    /// Image resamplings per frame of the full phase, where nothing moves.
    public var resamplesAtRestPerFrame: Double = 0

    public init(width: Int, height: Int, frames: Int) {
        self.width = width; self.height = height; self.frames = frames
    }

    package static let phaseNames = ["full", "first", "knob", "dial", "slider", "fader", "meter", "drawer", "cursor", "chart", "clock",
                                     "label", "idleShift", "full1080", "full2160", "knobs6", "knobs24", "knobs96"]
    package var phases: [(String, FrameTimes?)] {
        [("full", full), ("first", first), ("knob", knob), ("dial", dial), ("slider", slider), ("fader", fader), ("meter", meter), ("drawer", drawer), ("cursor", cursor), ("chart", chart), ("clock", clock),
         ("label", label), ("idleShift", idleShift), ("full1080", full1080), ("full2160", full2160), ("knobs6", knobs6), ("knobs24", knobs24), ("knobs96", knobs96)]
    }

    /// One JSON object, times in ms rounded to 3 decimals:
    /// `{"size":[w,h],"frames":n,"full":{"median":…,"p95":…,"max":…},…,"drawer":null,"cursor":{…},
    /// "peakRSSMiB":…,"blursPerFrame":…,"resamplesAtRestPerFrame":…}`.
    public var json: String {
        func num(_ v: Double) -> String { JSONLineWriter.number((v * 1000).rounded() / 1000) }
        var parts = ["\"size\":[\(width),\(height)]", "\"frames\":\(frames)"]
        for (name, times) in phases {
            let value = times.map { "{\"median\":\(num($0.median)),\"p95\":\(num($0.p95)),\"max\":\(num($0.max))}" } ?? "null"
            parts.append("\"\(name)\":\(value)")
        }
        parts.append("\"peakRSSMiB\":" + (peakRSSMiB.map(num) ?? "null"))
        parts.append("\"blursPerFrame\":" + num(blursPerFrame))
        parts.append("\"resamplesAtRestPerFrame\":" + num(resamplesAtRestPerFrame))
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// A table for people.
    public func textLines(panelName: String) -> [String] {
        func ms(_ v: Double) -> String {
            let s = JSONLineWriter.number((v * 100).rounded() / 100)
            let parts = s.split(separator: ".", omittingEmptySubsequences: false)
            let fraction = parts.count > 1 ? String(parts[1]) : ""
            return pad(String(parts[0]) + "." + fraction + String(repeating: "0", count: 2 - fraction.count), 8)
        }
        func pad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: Swift.max(0, n - s.count)) + s }
        func label(_ s: String) -> String { s + String(repeating: " ", count: Swift.max(0, 9 - s.count)) }
        let what: [String: String] = [
            "full": "every pixel repainted, caches warm",
            "first": "controller, every cache, buffers, first paint (one frame)",
            "knob": "one knob turning 3° a frame",
            "dial": "the rotary dial dialling 0 (wind and return)",
            "slider": "one slider's value moving",
            "fader": "one fader's thumb moving",
            "meter": "one meter set 30 times a second (peak hold falling)",
            "drawer": "the front page sliding open and closed",
            "cursor": "the composited mouse arrow moving (no cursor plane)",
            "chart": "a chart taking 10 points a second (a frame a point)",
            "clock": "a clock's minute changing (its text formatted and laid out again)",
            "label": "generated: a bound label taking 100 values a second",
            "idleShift": "generated: the idle page (a large clock) shifting against burn-in",
            "full1080": "this panel's full frame at 1920x1080",
            "full2160": "this panel's full frame at 3840x2160",
            "knobs6": "generated: one knob turning among 6",
            "knobs24": "generated: one knob turning among 24",
            "knobs96": "generated: one knob turning among 96",
        ]
        var lines = ["\(panelName) at \(width)x\(height): \(frames) frames a phase after 10 warm-up frames;",
                     "ms a frame, each including the damage painted into a scanout-like buffer",
                     "phase      median     p95     max"]
        for (name, times) in phases {
            if let t = times {
                let cells = name == "first" ? ms(t.median) + pad("–", 8) + pad("–", 8) : ms(t.median) + ms(t.p95) + ms(t.max)
                lines.append(label(name) + cells + "   " + (what[name] ?? ""))
            } else {
                lines.append(label(name) + pad("–", 8) + pad("–", 8) + pad("–", 8) + "   (the panel has none)")
            }
        }
        if let peak = peakRSSMiB {
            lines.append("peak RSS \(JSONLineWriter.number((peak * 10).rounded() / 10)) MiB (VmHWM less the bench's two scanout-like buffers, \(JSONLineWriter.number((scanoutStandInMiB * 10).rounded() / 10)) MiB, which run maps from the GPU)")
        }
        lines.append("blurs per animation frame \(JSONLineWriter.number((blursPerFrame * 1000).rounded() / 1000)); image resamplings per frame at rest \(JSONLineWriter.number((resamplesAtRestPerFrame * 1000).rounded() / 1000))")
        return lines
    }
}
