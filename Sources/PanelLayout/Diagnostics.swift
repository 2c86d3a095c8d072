/// A position in a layout file. Both numbers are 1-based. `column` counts Unicode scalars
/// (not bytes, not grapheme clusters); a tab counts as one column.
///
/// Stored in 32 bits each (files are at most 64 MB): every JSON value and key carries one,
/// so this keeps the parsed tree of a large file about a fifth smaller.
public struct SourceLocation: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    private var storedLine: UInt32
    private var storedColumn: UInt32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// "LINE:COLUMN"
    public var description: String { "\(line):\(column)" }
}

/// One problem in a layout file, printed the way compilers do so editors can jump to it.
public struct LayoutDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation
    public var message: String
    /// A warning (the file works, but something is likely wrong on the real screen).
    public var isWarning: Bool

    public init(file: String, location: SourceLocation, message: String, isWarning: Bool = false) {
        self.file = file
        self.location = location
        self.message = message
        self.isWarning = isWarning
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE` (or `warning:`)
    public var description: String {
        "\(file):\(location.line):\(location.column): \(isWarning ? "warning" : "error"): \(message)"
    }
}

/// Every problem found in one layout file, in source order.
public struct LayoutErrors: Error, Sendable, Equatable, CustomStringConvertible {
    public var diagnostics: [LayoutDiagnostic]

    public init(diagnostics: [LayoutDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic per line, no trailing newline.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
