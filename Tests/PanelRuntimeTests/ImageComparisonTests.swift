import Graphics
import Testing

/// The pixel comparison shared by the golden tests and `knob-panel compare`.
@Suite struct ImageComparisonTests {
    /// A 4×3 opaque grey image, with `changes` as (x, y, ARGB) overrides.
    static func image(_ changes: [(Int, Int, UInt32)] = []) throws -> ImageSurface {
        let s = try ImageSurface(width: 4, height: 3)
        s.withPixelBytes { p, stride in
            for y in 0..<3 { for x in 0..<4 { p.storeBytes(of: 0xFF80_8080, toByteOffset: y * stride + x * 4, as: UInt32.self) } }
            for (x, y, v) in changes { p.storeBytes(of: v, toByteOffset: y * stride + x * 4, as: UInt32.self) }
        }
        return s
    }

    @Test func equalImagesHaveNoDifference() throws {
        let d = try #require(try ImageComparison.compare(expected: Self.image(), actual: Self.image(), tolerance: 0))
        #expect(d.differingPixels == 0 && d.maxChannelDelta == 0 && d.bounds == nil && d.totalPixels == 12)
    }

    /// (1,0) has red 0x80 → 0x90 (delta 16) and (3,2) blue 0x80 → 0x00 (delta 128): with a
    /// tolerance of 16 only the second counts; with 15 both do, and the box spans (1,0)...(3,2).
    @Test func countsPixelsBeyondTheToleranceAndTheirBoundingBox() throws {
        let actual = try Self.image([(1, 0, 0xFF90_8080), (3, 2, 0xFF80_8000)])
        let at16 = try #require(try ImageComparison.compare(expected: Self.image(), actual: actual, tolerance: 16))
        #expect(at16.differingPixels == 1 && at16.maxChannelDelta == 128)
        #expect(at16.bounds == PixelRect(x: 3, y: 2, width: 1, height: 1))
        let at15 = try #require(try ImageComparison.compare(expected: Self.image(), actual: actual, tolerance: 15, makeDiffImage: true))
        #expect(at15.differingPixels == 2)
        #expect(at15.bounds == PixelRect(x: 1, y: 0, width: 3, height: 3))
        // The diff marks differing pixels magenta; the rest is the actual image in dim grey:
        // luma of 0x80 = 128, a third of it 42 (0x2a).
        let diff = try #require(at15.diffImage)
        #expect(diff.pixel(x: 1, y: 0) == Color(red: 1, green: 0, blue: 1, alpha: 1))
        let grey = diff.pixel(x: 0, y: 0)
        #expect(abs(grey.red - 42.0 / 255) < 1e-9 && grey.red == grey.green && grey.green == grey.blue)
    }

    /// Alpha is a channel too: a transparent pixel where an opaque one was expected differs.
    @Test func alphaCounts() throws {
        let d = try #require(try ImageComparison.compare(expected: Self.image(), actual: Self.image([(0, 0, 0)]), tolerance: 200))
        #expect(d.differingPixels == 1 && d.maxChannelDelta == 255)
    }

    @Test func differentSizesCannotBeCompared() throws {
        let other = try ImageSurface(width: 3, height: 4)
        #expect(try ImageComparison.compare(expected: Self.image(), actual: other, tolerance: 255) == nil)
    }
}
