import Foundation

/// Reading the scenario folder (test-only: Foundation is fine here).
enum ScenarioFiles {
    static func names(in directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".panel.json") }
            .map { String($0.dropLast(5)) }.sorted()
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}
