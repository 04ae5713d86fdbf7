import Glibc

/// What a system call on a (usually non-blocking) descriptor came to, with the two errors every
/// caller treats alike handled once: `EINTR` is retried, `EAGAIN`/`EWOULDBLOCK` means "not ready".
package enum SystemCallResult: Equatable, CustomStringConvertible {
    /// The call succeeded and returned this: a byte or event count, a descriptor, 0.
    case done(Int)
    /// The descriptor is not ready; epoll says when it is.
    case wouldBlock
    /// The call failed for another reason.
    case failed(SystemError)

    /// Makes `call`, a system call that returns -1 and sets `errno` on failure, until it is not
    /// interrupted by a signal.
    @inline(__always)
    init(_ call: () -> some BinaryInteger) {
        while true {
            let result = call()
            if result >= 0 {
                self = .done(Int(result))
                return
            }
            let code = errno
            guard code != EINTR else { continue }
            self = code == EAGAIN || code == EWOULDBLOCK ? .wouldBlock : .failed(SystemError(code: code))
            return
        }
    }

    /// How the call ended, for an error log: for a failure, the C library's sentence for its `errno`.
    package var description: String {
        switch self {
        case let .done(value): "returned \(value)"
        case .wouldBlock: SystemError(code: EAGAIN).description
        case let .failed(error): error.description
        }
    }
}
