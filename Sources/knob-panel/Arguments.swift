/// A small argument parser in swift-argument-parser's spirit: each subcommand declares its
/// options (with value, default and help) and gets a clear error for anything else.
struct OptionSpec: Sendable {
    let name: String          // without dashes
    let valueName: String?    // nil for a flag
    let help: String
    let defaultText: String?
    /// A flag that may take a value (`--studio` or `--studio 0.0.0.0:8080`): the value is
    /// given with `=`, or is the next argument when `acceptsValue` says it looks like one
    /// (so `--studio panel.json` stays a flag and a panel).
    let acceptsValue: (@Sendable (String) -> Bool)?

    init(_ name: String, value: String? = nil, help: String, default defaultText: String? = nil, optionalValue acceptsValue: (@Sendable (String) -> Bool)? = nil) {
        self.name = name; self.valueName = value; self.help = help; self.defaultText = defaultText; self.acceptsValue = acceptsValue
    }
}

struct CommandSpec: Sendable {
    let name: String
    let abstract: String
    let usage: String
    let arguments: [(String, String)]
    let options: [OptionSpec]
    /// Free text after the options: output format, exit statuses, defaults that need a sentence.
    var discussion: String = ""

    var helpText: String {
        var s = "OVERVIEW: \(abstract)\n\nUSAGE: knob-panel \(usage)\n"
        if !arguments.isEmpty {
            s += "\nARGUMENTS:\n"
            for (n, h) in arguments { s += "  " + n.padded(to: 26) + h + "\n" }
        }
        s += "\nOPTIONS:\n"
        for o in options {
            let left = "--\(o.name)" + (o.valueName.map { o.acceptsValue == nil ? " <\($0)>" : " [<\($0)>]" } ?? "")
            s += "  " + left.padded(to: 26) + o.help + (o.defaultText.map { " (default: \($0))" } ?? "") + "\n"
        }
        s += "  " + "-h, --help".padded(to: 26) + "Show help for this command.\n"
        s += "  " + "-V, --version".padded(to: 26) + "Print the version and exit.\n"
        s += "  " + "--".padded(to: 26) + "End of options: every later argument is positional (a panel file named -x.json).\n"
        if !discussion.isEmpty { s += "\n" + discussion + "\n" }
        return s
    }
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    /// Every value of each option in command-line order (`value` gives the last one), for
    /// options that may be repeated (`--output A=a.json --output B=b.json`).
    var repeated: [String: [String]] = [:]
    var flags: Set<String> = []
    var wantsHelp = false
    var wantsVersion = false

    func value(_ name: String) -> String? { values[name] }

    func allValues(_ name: String) -> [String] { repeated[name] ?? [] }

    func double(_ name: String) throws(UsageError) -> Double? {
        guard let v = values[name] else { return nil }
        guard let d = Double(v), d.isFinite else { throw UsageError("--\(name) expects a number, got '\(v)'") }
        return d
    }

    func int(_ name: String) throws(UsageError) -> Int? {
        guard let v = values[name] else { return nil }
        guard let i = Int(v) else { throw UsageError("--\(name) expects a whole number, got '\(v)'") }
        return i
    }

    /// "WxH" as two positive integers.
    func size(_ name: String) throws(UsageError) -> (Int, Int)? {
        guard let v = values[name] else { return nil }
        let parts = v.split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 4096, h <= 4096 else {  // the design size limit (memory, docs/layout.md)
            throw UsageError("--\(name) expects WIDTHxHEIGHT such as 1280x800, got '\(v)'")
        }
        return (w, h)
    }
}

func parseArguments(_ args: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var i = 0
    while i < args.count {
        let a = args[i]
        // The POSIX end of options: what follows is positional however it looks (a panel
        // file named `-x.json`, a command line starting with `--`).
        if a == "--" { parsed.positionals += args[(i + 1)...]; break }
        if a == "-h" || a == "--help" { parsed.wantsHelp = true; i += 1; continue }
        if a == "-V" || a == "--version" { parsed.wantsVersion = true; i += 1; continue }
        if a.hasPrefix("--") {
            var name = String(a.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard let opt = spec.options.first(where: { $0.name == name }) else {
                let hint = closest(name, among: spec.options.map(\.name)).map { " (did you mean '--\($0)'?)" } ?? ""
                throw UsageError("unknown option '--\(name)' for '\(spec.name)'\(hint)")
            }
            if let accepts = opt.acceptsValue {
                if let inlineValue { parsed.values[name] = inlineValue }
                else if i + 1 < args.count, accepts(args[i + 1]) { parsed.values[name] = args[i + 1]; i += 1 }
                parsed.flags.insert(name)
            } else if opt.valueName != nil {
                if let inlineValue { parsed.values[name] = inlineValue }
                else {
                    guard i + 1 < args.count else { throw UsageError("option '--\(name)' needs a value <\(opt.valueName!)>") }
                    parsed.values[name] = args[i + 1]
                    i += 1
                }
                parsed.repeated[name, default: []].append(parsed.values[name]!)
            } else {
                guard inlineValue == nil else { throw UsageError("option '--\(name)' takes no value") }
                parsed.flags.insert(name)
            }
        } else if a.hasPrefix("-") && a.count > 1 {
            throw UsageError("unknown option '\(a)' for '\(spec.name)'")
        } else {
            parsed.positionals.append(a)
        }
        i += 1
    }
    return parsed
}

/// The closest candidate by edit distance, if it is close enough to be a likely typo.
func closest(_ word: String, among candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        var prev = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var cur = [i + 1]
            for (j, cb) in b.enumerated() { cur.append(Swift.min(prev[j + 1] + 1, cur[j] + 1, prev[j] + (ca == cb ? 0 : 1))) }
            prev = cur
        }
        return prev[b.count]
    }
    let w = Array(word.lowercased())
    let best = candidates.map { ($0, distance(w, Array($0.lowercased()))) }.min { $0.1 < $1.1 }
    guard let best, best.1 <= Swift.max(2, word.count / 3) else { return nil }
    return best.0
}

extension String {
    func padded(to width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
