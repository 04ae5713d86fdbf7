#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value shared between threads, reached only inside ``withLock(_:)``, under a `pthread_mutex_t`.
///
/// Shaped like `Synchronization.Mutex` so that it reads the same at every call site. It exists
/// because ThreadSanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`, and so sees
/// one holder's writes happen before the next holder's reads; Swift's `Mutex` on Linux hands a
/// contended lock over with futex system calls inside an uninstrumented library, which
/// ThreadSanitizer cannot see, so it reports races that are not there. Non-recursive: calling
/// ``withLock(_:)`` again from inside its body deadlocks, as with `Mutex`.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
    // Both live on the heap: a `pthread_mutex_t` must not move once initialized, and the value is
    // reached through a pointer so that no exclusivity check runs on top of the lock.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// Holds `initialValue`, which from now on only ``withLock(_:)`` reaches.
    public init(_ initialValue: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value while holding the lock, and returns what `body` returns.
    @inlinable
    public func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
