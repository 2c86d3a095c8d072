@preconcurrency import Glibc
import Graphics
import PanelLayout
import PanelSystem
import PanelLoop
import PanelProtocol
import PanelCore
import PanelInput
import PanelDisplay
import PanelHost
import PanelMQTT
import PanelStudio
import PanelBench

/// The golden-image check the project's own tests use, offered to CI authors: two PNGs,
/// equal within a per-channel tolerance or not, with where they differ.
enum CompareCommand {
    /// Exit statuses, one per outcome, as `help compare` and the README list them.
    enum Status {
        static let differ: Int32 = 1
        static let unreadable: Int32 = 2
        static let sizeMismatch: Int32 = 3
        static let diffNotWritten: Int32 = 4
    }

    static let spec = CommandSpec(
        name: "compare", abstract: "Compare two PNGs pixel by pixel (the golden-image check); exit 0 when equal within the tolerance.",
        usage: "compare EXPECTED.png ACTUAL.png [--tolerance N] [--max-pixels N] [--diff DIFF.png]",
        arguments: [("EXPECTED.png", "The reference image."), ("ACTUAL.png", "The image to check (e.g. from 'render').")],
        options: [
            OptionSpec("tolerance", value: "n", help: "Largest difference of any channel (0-255, alpha included) still counted as equal.", default: "0"),
            OptionSpec("max-pixels", value: "n", help: "How many pixels may differ by more than the tolerance and still pass.", default: "0"),
            OptionSpec("diff", value: "png", help: "Write an image of the differences: the actual image in dim grey, differing pixels magenta (written whether or not they pass)."),
        ],
        discussion: """
        Prints one JSON line on stdout: {"equal":BOOL,"differingPixels":N,"totalPixels":N,"maxChannelDelta":N,
        "tolerance":N,"bounds":[x,y,width,height]} (bounds only when some pixel differs), and on a
        mismatch one line on stderr with the count and bounding box.
        EXIT STATUS: 0 equal within the tolerance; 1 the images differ; 2 a file is not a PNG; 3 the
        images have different sizes; 4 the --diff image could not be written; 64 usage; 66 a file
        does not exist or cannot be read.
        """)

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        guard args.positionals.count == 2 else { throw CommandFailure("compare needs EXPECTED.png and ACTUAL.png (see 'knob-panel compare --help')", status: 64) }
        let tolerance: Int, maxPixels: Int
        do {
            tolerance = try args.int("tolerance") ?? 0
            maxPixels = try args.int("max-pixels") ?? 0
        } catch { throw CommandFailure(error.description, status: 64) }
        guard (0...255).contains(tolerance) else { throw CommandFailure("--tolerance must be 0...255, got \(tolerance)", status: 64) }
        guard maxPixels >= 0 else { throw CommandFailure("--max-pixels must not be negative, got \(maxPixels)", status: 64) }

        let (expectedPath, actualPath) = (args.positionals[0], args.positionals[1])
        let expected = try load(expectedPath), actual = try load(actualPath)
        let difference: ImageDifference?
        do {
            difference = try ImageComparison.compare(expected: expected, actual: actual, tolerance: tolerance,
                                                     makeDiffImage: args.value("diff") != nil)
        } catch { throw CommandFailure("\(error)", status: Status.unreadable) }
        guard let d = difference else {
            throw CommandFailure("sizes differ: '\(expectedPath)' is \(expected.width)x\(expected.height), '\(actualPath)' is \(actual.width)x\(actual.height)",
                                 status: Status.sizeMismatch)
        }
        let equal = d.differingPixels <= maxPixels
        var line = JSONLineWriter()
        line.add("equal", equal)
        line.add("differingPixels", d.differingPixels)
        line.add("totalPixels", d.totalPixels)
        line.add("maxChannelDelta", d.maxChannelDelta)
        line.add("tolerance", tolerance)
        if let b = d.bounds { line.add("bounds", [b.x, b.y, b.width, b.height].map(Double.init)) }
        Console.out(line.line)

        // The diff goes out before the verdict, so a failing CI job still leaves it behind.
        if let diffPath = args.value("diff"), let image = d.diffImage {
            do { try image.writePNG(to: diffPath) }
            catch { throw CommandFailure("\(error)", status: Status.diffNotWritten) }
        }
        if !equal, let b = d.bounds {
            let pixels = d.differingPixels == 1 ? "1 pixel differs" : "\(d.differingPixels) pixels differ"
            throw CommandFailure("\(pixels) by more than \(tolerance) (largest channel difference \(d.maxChannelDelta)) within \(b.width)x\(b.height) at (\(b.x), \(b.y)); allowed: \(maxPixels)",
                                 status: Status.differ)
        }
    }

    /// Larger than any screen a panel renders for (layouts stop at 4096); a PNG header can
    /// declare 20 000 × 20 000 pixels in a few KB, which would take gigabytes to decode.
    static let maxImageSide = 8192

    private static func load(_ path: String) throws(CommandFailure) -> ImageSurface {
        if inputMissing(path) { throw CommandFailure("cannot read '\(path)': \(String(cString: strerror(errno)))", status: ExitStatus.noInput) }
        if let size = FileSystem.pngDimensions(path), size.width > maxImageSide || size.height > maxImageSide {
            throw CommandFailure("\(path): \(size.width)x\(size.height) pixels is larger than compare takes (\(maxImageSide)x\(maxImageSide))", status: Status.unreadable)
        }
        do { return try ImageSurface(pngPath: path) }
        catch { throw CommandFailure("\(error)", status: Status.unreadable) }
    }
}
