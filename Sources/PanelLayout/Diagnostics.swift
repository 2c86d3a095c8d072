/// A position in a layout file. Both numbers are 1-based. `column` counts Unicode scalars
/// (not bytes, not grapheme clusters); a tab counts as one column.
public struct SourceLocation: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
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
