import Glibc
import Graphics

/// A frame against a reference PNG: the pixel rule is Graphics' `ImageComparison`, the one
/// `knob-panel compare` applies (a pixel differs when a channel differs by more than
/// `tolerance`; the check passes with at most `maxPixels` such pixels). This adds the file
/// workflow of the Swift goldens: KNOB_UPDATE_GOLDEN=1 (or a missing file) writes the
/// reference, and a mismatch leaves PNG-actual.png and PNG-diff.png next to it.
package enum Golden {
    /// What went wrong, one sentence per problem; empty when the frame matches. A written
    /// reference is reported too, so that someone looks at it before it is committed.
    package static func check(_ frame: ImageSurface, against png: String, tolerance: Int, maxPixels: Int) throws -> [String] {
        if getenv("KNOB_UPDATE_GOLDEN") != nil || access(png, F_OK) != 0 {
            try frame.writePNG(to: png)
            return ["wrote \(png); look at it and run again"]
        }
        let expected = try ImageSurface(pngPath: png)
        guard let d = try ImageComparison.compare(expected: expected, actual: frame, tolerance: tolerance, makeDiffImage: true) else {
            return ["the frame is \(frame.width)×\(frame.height), \(png) \(expected.width)×\(expected.height)"]
        }
        guard d.differingPixels > maxPixels else { return [] }
        try frame.writePNG(to: png + "-actual.png")
        try d.diffImage?.writePNG(to: png + "-diff.png")
        return ["\(d.differingPixels) pixels differ by more than \(tolerance) (max delta \(d.maxChannelDelta), allowed \(maxPixels)); see \(png)-actual.png and \(png)-diff.png"]
    }

    /// `maxPixels` for a share of the frame (the product goldens allow 0.2 %).
    package static func pixels(_ fraction: Double, of frame: ImageSurface) -> Int {
        Int((fraction * Double(frame.width * frame.height)).rounded(.down))
    }
}
