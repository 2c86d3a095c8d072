#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A non-blocking TCP connect to a host and port, driven by the poll loop, tried on each
/// address the name resolves to in turn (as libmosquitto does), and closed once it answers.
/// libmosquitto 2.0 sends MQTT 5 CONNECT properties only through its blocking connect: the
/// probe first shows, without blocking the loop, that the broker answers, so that connect
/// then takes one round trip instead of a SYN timeout of minutes. (The name is resolved
/// synchronously, as libmosquitto does it: use an address or a local resolver.)
package final class TCPProbe {
    package enum State: Equatable { case pending, answered, failed(String) }

    private var addresses: [(family: Int32, address: [UInt8])] = []
    private var nextAddress = 0
    private(set) var fd: Int32 = -1
    private(set) var state: State = .pending
    private var lastError = "no address"

    package init(host: String, port: Int32) {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0 else {
            state = .failed("cannot resolve '\(host)': \(String(cString: gai_strerror(rc)))")
            return
        }
        defer { freeaddrinfo(list) }
        var p = list
        while let a = p {
            let bytes = UnsafeRawBufferPointer(start: a.pointee.ai_addr, count: Int(a.pointee.ai_addrlen))
            addresses.append((a.pointee.ai_family, Array(bytes)))
            p = a.pointee.ai_next
        }
        tryNext()
    }

    deinit { closeSocket() }

    /// Called when `fd` is writable (or has an error): the connect finished one way or the other.
    package func check() {
        guard state == .pending, fd >= 0 else { return }
        var err: Int32 = 0
        var len = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0 { err = errno }
        if err == EINPROGRESS || err == EALREADY { return }
        if err == 0 {
            closeSocket()
            state = .answered
            return
        }
        lastError = String(cString: strerror(err))
        tryNext()
    }

    private func tryNext() {
        closeSocket()
        while nextAddress < addresses.count {
            let (family, address) = addresses[nextAddress]
            nextAddress += 1
            let s = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            if s < 0 { lastError = String(cString: strerror(errno)); continue }
            let rc = address.withUnsafeBytes { connect(s, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count)) }
            if rc == 0 { close(s); state = .answered; return }
            if errno == EINPROGRESS { fd = s; return }
            lastError = String(cString: strerror(errno))
            close(s)
        }
        state = .failed(lastError)
    }

    private func closeSocket() {
        if fd >= 0 { close(fd); fd = -1 }
    }
}
