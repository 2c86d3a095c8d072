import Glibc
import Graphics
import PanelSystem

/// Reading the scenario folder without Foundation (the package keeps it out of every module,
/// DESIGN.md): the one file reader of the panel, and readdir for the listing.
package enum ScenarioFiles {
    package struct Unreadable: Error, CustomStringConvertible { package let description: String }

    package static func names(in directory: String) throws -> [String] {
        guard let dir = opendir(directory) else { throw Unreadable(description: "\(directory): \(String(cString: strerror(errno)))") }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".json") && !name.hasSuffix(".panel.json") { names.append(String(name.dropLast(5))) }
        }
        return names.sorted()
    }

    package static func read(_ path: String) throws -> String {
        switch RegularFile.read(path, limit: 64 << 20) {
        case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .failure(let e): throw Unreadable(description: "\(path): \(e.reason)")
        }
    }

    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}
