import CEpoll
import Glibc

/// Linux's epoll and eventfd, and `accept4`, from the C library through the `CEpoll` module.
package enum Epoll {
    /// Readiness bits of `epoll_event.events`.
    package static let readable = EPOLLIN.rawValue
    package static let writable = EPOLLOUT.rawValue
    package static let error = EPOLLERR.rawValue
    package static let hangUp = EPOLLHUP.rawValue
    /// The peer shut down its sending side (a FIN arrived), whatever input is still unread.
    package static let peerHalfClosed = EPOLLRDHUP.rawValue

    /// `epoll_ctl` operations.
    enum Operation {
        case add
        case remove
        case modify

        fileprivate var code: Int32 {
            switch self {
            case .add: EPOLL_CTL_ADD
            case .remove: EPOLL_CTL_DEL
            case .modify: EPOLL_CTL_MOD
            }
        }
    }

    /// A new epoll instance, close-on-exec.
    static func create() -> SystemCallResult {
        SystemCallResult { epoll_create1(Int32(EPOLL_CLOEXEC)) }
    }

    /// A non-blocking, close-on-exec eventfd, the loop's doorbell for work from other threads.
    static func makeEventDescriptor() -> SystemCallResult {
        SystemCallResult { eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC)) }
    }

    /// Adds, changes or removes the interest of `epoll` in `descriptor`; `token` comes back with its events.
    @discardableResult
    static func control(_ epoll: Int32, _ operation: Operation, _ descriptor: Int32, events: UInt32, token: UInt64)
        -> SystemCallResult
    {
        var event = epoll_event()
        event.events = events
        event.data.u64 = token
        return SystemCallResult { epoll_ctl(epoll, operation.code, descriptor, &event) }
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) and fills `buffer`; `.done` holds how many
    /// events arrived.
    static func wait(_ epoll: Int32, into buffer: borrowing EventBuffer, timeoutMilliseconds: Int32) -> SystemCallResult {
        SystemCallResult { epoll_wait(epoll, buffer.storage.baseAddress, Int32(buffer.storage.count), timeoutMilliseconds) }
    }

    /// Accepts a connection as a non-blocking, close-on-exec descriptor in one call.
    static func accept(_ listener: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>)
        -> SystemCallResult
    {
        SystemCallResult { accept4(listener, address, length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)) }
    }

    /// Storage for the events one `epoll_wait` returns; owned by one event loop.
    struct EventBuffer: ~Copyable {
        fileprivate let storage: UnsafeMutableBufferPointer<epoll_event>

        init(capacity: Int) {
            storage = .allocate(capacity: capacity)
            storage.initialize(repeating: epoll_event())
        }

        deinit {
            storage.deallocate()
        }

        /// The readiness bits and token of event `index`.
        func event(at index: Int) -> (events: UInt32, token: UInt64) {
            (storage[index].events, storage[index].data.u64)
        }
    }
}
