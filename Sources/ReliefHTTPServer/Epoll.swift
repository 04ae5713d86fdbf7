import Glibc

/// Linux's epoll and eventfd calls.
///
/// Glibc's Swift module does not export `<sys/epoll.h>` or `<sys/eventfd.h>`, so the four calls are
/// looked up in the C library by name once; their signatures and constants are the kernel's stable ABI.
enum Epoll {
    /// Readiness bits of `epoll_event.events`.
    static let readable: UInt32 = 0x001
    static let writable: UInt32 = 0x004
    static let error: UInt32 = 0x008
    static let hangUp: UInt32 = 0x010

    /// `epoll_ctl` operations.
    enum Operation: Int32 {
        case add = 1
        case remove = 2
        case modify = 3
    }

    /// A new epoll instance, close-on-exec.
    static func create() -> Int32 {
        functions.create(O_CLOEXEC)
    }

    /// A non-blocking, close-on-exec eventfd, the loop's doorbell for work from other threads.
    static func makeEventDescriptor() -> Int32 {
        functions.eventDescriptor(0, O_NONBLOCK | O_CLOEXEC)
    }

    /// Adds, changes or removes the interest of `epoll` in `descriptor`; `token` comes back with its events.
    @discardableResult
    static func control(_ epoll: Int32, _ operation: Operation, _ descriptor: Int32, events: UInt32, token: UInt64) -> Int32 {
        withUnsafeTemporaryAllocation(byteCount: EventBuffer.stride, alignment: 8) { raw in
            raw.initializeMemory(as: UInt8.self, repeating: 0)
            raw.storeBytes(of: events, toByteOffset: 0, as: UInt32.self)
            raw.storeBytes(of: token, toByteOffset: EventBuffer.tokenOffset, as: UInt64.self)
            return functions.control(epoll, operation.rawValue, descriptor, raw.baseAddress)
        }
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) and fills `buffer`; returns how many events
    /// arrived, or -1 with `errno` set.
    static func wait(_ epoll: Int32, into buffer: borrowing EventBuffer, timeoutMilliseconds: Int32) -> Int32 {
        functions.wait(epoll, buffer.storage.baseAddress, Int32(buffer.capacity), timeoutMilliseconds)
    }

    /// Accepts a connection as a non-blocking, close-on-exec descriptor in one call.
    static func accept(_ listener: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 {
        functions.accept(listener, address, length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
    }

    /// Storage for the events one `epoll_wait` returns; owned by one event loop.
    struct EventBuffer: ~Copyable {
        /// `struct epoll_event` is packed on x86-64 (12 bytes) and naturally aligned elsewhere (16).
        #if arch(x86_64)
        static let stride = 12
        static let tokenOffset = 4
        #else
        static let stride = 16
        static let tokenOffset = 8
        #endif

        let capacity: Int
        fileprivate let storage: UnsafeMutableRawBufferPointer

        init(capacity: Int) {
            self.capacity = capacity
            storage = .allocate(byteCount: capacity * Self.stride, alignment: 8)
            storage.initializeMemory(as: UInt8.self, repeating: 0)
        }

        deinit {
            storage.deallocate()
        }

        /// The readiness bits and token of event `index`.
        func event(at index: Int) -> (events: UInt32, token: UInt64) {
            let offset = index * Self.stride
            return (storage.loadUnaligned(fromByteOffset: offset, as: UInt32.self),
                    storage.loadUnaligned(fromByteOffset: offset + Self.tokenOffset, as: UInt64.self))
        }
    }

    private struct Functions: @unchecked Sendable {
        typealias Create = @convention(c) (Int32) -> Int32
        typealias Control = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
        typealias Wait = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
        typealias EventDescriptor = @convention(c) (UInt32, Int32) -> Int32
        typealias Accept = @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32

        let create: Create
        let control: Control
        let wait: Wait
        let eventDescriptor: EventDescriptor
        let accept: Accept
    }

    private static let functions: Functions = {
        let library = dlopen(nil, RTLD_NOW)
        func bind<Function>(_ name: String, as type: Function.Type) -> Function {
            guard let symbol = dlsym(library, name) else {
                fatalError("The C library has no \(name); the HTTP server needs Linux's epoll.")
            }
            return unsafeBitCast(symbol, to: type)
        }
        return Functions(
            create: bind("epoll_create1", as: Functions.Create.self),
            control: bind("epoll_ctl", as: Functions.Control.self),
            wait: bind("epoll_wait", as: Functions.Wait.self),
            eventDescriptor: bind("eventfd", as: Functions.EventDescriptor.self),
            accept: bind("accept4", as: Functions.Accept.self))
    }()
}
