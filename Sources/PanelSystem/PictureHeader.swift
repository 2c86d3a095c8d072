/// What a picture's first bytes say before anything is decoded: PNG or JPEG, and its size.
/// Read first so that a small file declaring 20 000 × 20 000 pixels (1.6 GB decoded) is
/// refused before a decoder allocates anything: the layout checker, the image widget's
/// MQTT payloads and the decoders all go through here.
public struct PictureHeader: Equatable, Sendable {
    public enum Format: String, Sendable { case png, jpeg }

    public let format: Format
    public let width: Int
    public let height: Int

    public init(format: Format, width: Int, height: Int) {
        self.format = format; self.width = width; self.height = height
    }

    /// How many bytes of a file `read` may need: a JPEG's size follows its APP segments
    /// (EXIF with a thumbnail is up to 64 KiB each), so a few of them.
    public static let searchLimit = 256 * 1024

    public static func read(_ bytes: ArraySlice<UInt8>) -> Result<PictureHeader, PictureProblem> {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes) }
        return .failure(PictureProblem("is not a PNG or a JPEG"))
    }

    public static func read(_ bytes: [UInt8]) -> Result<PictureHeader, PictureProblem> { read(bytes[...]) }

    /// The IHDR chunk right after the signature.
    static func png(_ b: ArraySlice<UInt8>) -> Result<PictureHeader, PictureProblem> {
        let s = b.startIndex
        guard b.count >= 24, Array(b[s + 12..<s + 16]) == Array("IHDR".utf8) else {
            return .failure(PictureProblem("is a truncated or damaged PNG (no image header)"))
        }
        let width = be32(b, s + 16), height = be32(b, s + 20)
        guard width > 0, height > 0 else { return .failure(PictureProblem("is a damaged PNG (zero width or height)")) }
        return .success(PictureHeader(format: .png, width: width, height: height))
    }

    /// The first start-of-frame marker, walking the segments after SOI by their lengths.
    static func jpeg(_ b: ArraySlice<UInt8>) -> Result<PictureHeader, PictureProblem> {
        var i = b.startIndex + 2
        while i + 1 < b.endIndex {
            guard b[i] == 0xFF else { return .failure(PictureProblem("is a damaged JPEG (no marker where one belongs)")) }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }   // fill byte
            i += 2
            // Markers without a length: TEM, RSTn, and SOI/EOI.
            if marker == 0x01 || (0xD0...0xD9).contains(marker) {
                if marker == 0xD9 { break }
                continue
            }
            guard i + 1 < b.endIndex else { break }
            let length = Int(b[i]) << 8 | Int(b[i + 1])
            guard length >= 2 else { return .failure(PictureProblem("is a damaged JPEG (segment length \(length))")) }
            // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard i + 7 <= b.endIndex, length >= 8 else { break }
                let height = Int(b[i + 3]) << 8 | Int(b[i + 4]), width = Int(b[i + 5]) << 8 | Int(b[i + 6])
                guard width > 0, height > 0 else { return .failure(PictureProblem("is a damaged JPEG (zero width or height)")) }
                return .success(PictureHeader(format: .jpeg, width: width, height: height))
            }
            if marker == 0xDA { break }   // the scan began without a frame header
            i += length
        }
        return .failure(PictureProblem("is a truncated or damaged JPEG (no frame header)"))
    }

    private static func be32(_ b: ArraySlice<UInt8>, _ i: Int) -> Int { b[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }

    /// nil when the picture is at most `side` pixels each way, else why not (for a message
    /// that goes on with "it is decoded whole into memory").
    public func tooLarge(side: Int) -> String? {
        width > side || height > side ? "is \(width)x\(height) pixels; at most \(side)x\(side)" : nil
    }
}

/// Why bytes are not a picture the panel reads (a phrase after the file's name: "is not …").
public struct PictureProblem: Error, Equatable, Sendable {
    public var text: String
    public init(_ text: String) { self.text = text }
}
