// Fuzz target: bytes from a studio client, as the HTTP request parser sees them (the first
// byte picks tight or default limits; the rest is the connection's bytes, any of them). A
// refusal is a 4xx/5xx with a one-line reason; a request uses part of the buffer, holds to
// the limits, and every shorter prefix of it is only "incomplete" (non-blocking reads split
// requests anywhere, so a prefix must never be refused or read as another request);
// pipelined requests after it are read the same way.
@testable import PanelSystem
@testable import PanelLoop
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelInput
@testable import PanelDisplay
@testable import PanelHost
@testable import PanelMQTT
@testable import PanelStudio
@testable import PanelBench

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let tight = data[0] & 1 == 1
    let limits = tight ? HTTPLimits(requestLine: 64, headerBytes: 128, headerCount: 4, body: 64) : HTTPLimits()
    let buffer = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var start = 0
    for _ in 0..<16 {
        switch HTTPRequestParser.parse(buffer, from: start, limits: limits) {
        case .incomplete:
            return 0
        case .failure(let f):
            contract((400...599).contains(f.status), "status \(f.status) for a refusal")
            contract(!f.reason.isEmpty && !f.reason.contains("\n") && !f.reason.contains("\r"), "reason is not one line: \(f.reason)")
            return 0
        case .request(let r, let consumed):
            contract(consumed > 0 && start + consumed <= buffer.count, "consumed \(consumed) of \(buffer.count - start)")
            contract(HTTPRequestParser.methods.contains(r.method), "method \(r.method)")
            contract(r.path.hasPrefix("/"), "path \(r.path)")
            contract(r.body.count <= limits.body, "body of \(r.body.count) bytes over \(limits.body)")
            contract(r.headers.count <= limits.headerCount, "\(r.headers.count) headers over \(limits.headerCount)")
            contract(r.headers.keys.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty }, "header names \(r.headers.keys.sorted())")
            contract(r.headers["content-length"].map { Int($0) == r.body.count } ?? r.body.isEmpty, "body does not match Content-Length")
            for cut in Set([1, consumed / 3, consumed / 2, consumed - 1]) where cut > 0 && cut < consumed {
                let prefix = Array(buffer[..<(start + cut)])
                guard case .incomplete = HTTPRequestParser.parse(prefix, from: start, limits: limits) else {
                    contract(false, "a prefix of \(cut) of \(consumed) bytes is not incomplete")
                    return 0
                }
            }
            start += consumed
        }
    }
    return 0
}
