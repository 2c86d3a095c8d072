import Glibc

/// The accept side of a listening socket, shared by the control socket and the studio's HTTP
/// port: a bounded number of accepts per turn (a connect storm waits its turn like the rest),
/// each connection close-on-exec and non-blocking, and a polite refusal over the limit.
package enum ConnectionAcceptor {
    /// Accepts up to `perTurn` pending connections. `admit` returns false when the server is
    /// full; the connection then gets `refusal` (best effort, never blocking) and is closed.
    package static func acceptPending(on listenFD: Int32, perTurn: Int = 16,
                              refusal: () -> [UInt8], admit: (Int32) -> Bool) {
        for _ in 0..<perTurn {
            let fd = accept(listenFD, nil, nil)
            if fd < 0 { return }
            // (accept4 needs _GNU_SOURCE, which Swift's Glibc module does not define.)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            if !admit(fd) {
                let bytes = refusal()
                _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                Glibc.close(fd)
            }
        }
    }
}
