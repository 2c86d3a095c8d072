import Testing
@testable import PanelSystem
#if canImport(Glibc)
import Glibc
#endif

/// The warm-up reads the executable's own code: its mappings hold this test's code, and
/// nothing of a library's.
@Suite struct CodeWarmUpTests {
    @Test func findsTheCodeThisFunctionRunsFrom() throws {
        let code = CodeWarmUp.executableCode()
        #expect(!code.isEmpty)
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        for m in code { #expect(m.start % page == 0 && m.length > 0) }
        // A function of this binary lies in them; the C library's `close` does not.
        let here = UInt(bitPattern: unsafeBitCast(CodeWarmUpTests.marker, to: UnsafeRawPointer.self))
        #expect(code.contains { here >= $0.start && here < $0.start + UInt($0.length) }, "\(code) \(here)")
        let libc = UInt(bitPattern: unsafeBitCast(CodeWarmUpTests.libcFunction, to: UnsafeRawPointer.self))
        #expect(!code.contains { libc >= $0.start && libc < $0.start + UInt($0.length) })
    }

    static let libcFunction: @convention(c) (Int32) -> Int32 = close
    static let marker: @convention(c) () -> Void = {}
}
