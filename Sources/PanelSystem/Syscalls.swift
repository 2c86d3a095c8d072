#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The raw I/O calls the panel retries through `syscall(nonBlocking:_:)`, and the two that
/// make a replaced file final (fsync, rename), in one place (as swift-system's
/// `Internals/Syscalls.swift`), so a test can script their outcomes (EINTR, EAGAIN, short
/// transfers, a failing disk) inside the real readers and writers: see `SyscallMock`. Only a
/// debug build looks for a mock; a release build compiles each one to the bare libc call.
package enum Syscalls {
    @inline(__always)
    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if DEBUG
        if let mock = SyscallMock.current { return mock.transfer(.read, count) { Glibc.read(fd, buffer, $0) } }
        #endif
        return Glibc.read(fd, buffer, count)
    }

    @inline(__always)
    package static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if DEBUG
        if let mock = SyscallMock.current { return mock.transfer(.write, count) { Glibc.write(fd, bytes, $0) } }
        #endif
        return Glibc.write(fd, bytes, count)
    }

    @inline(__always)
    package static func send(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
        #if DEBUG
        if let mock = SyscallMock.current { return mock.transfer(.send, count) { Glibc.send(fd, bytes, $0, flags) } }
        #endif
        return Glibc.send(fd, bytes, count, flags)
    }

    @inline(__always)
    package static func recv(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ flags: Int32) -> Int {
        #if DEBUG
        if let mock = SyscallMock.current { return mock.transfer(.recv, count) { Glibc.recv(fd, buffer, $0, flags) } }
        #endif
        return Glibc.recv(fd, buffer, count, flags)
    }

    @inline(__always)
    package static func fsync(_ fd: Int32) -> Int32 {
        #if DEBUG
        if let mock = SyscallMock.current { return mock.result(.fsync) { Glibc.fsync(fd) } }
        #endif
        return Glibc.fsync(fd)
    }

    @inline(__always)
    package static func rename(_ old: String, _ new: String) -> Int32 {
        #if DEBUG
        if let mock = SyscallMock.current { return mock.result(.rename) { Glibc.rename(old, new) } }
        #endif
        return Glibc.rename(old, new)
    }

    @inline(__always)
    package static func poll(_ fds: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ timeout: Int32) -> Int32 {
        #if DEBUG
        if let mock = SyscallMock.current { return Int32(mock.transfer(.poll, Int(count)) { _ in Int(Glibc.poll(fds, count, timeout)) }) }
        #endif
        return Glibc.poll(fds, count, timeout)
    }
}
