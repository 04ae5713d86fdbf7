import Glibc

/// The `errno` of a failed system call; prints as the C library's sentence for it.
struct SystemError: Error, Equatable, CustomStringConvertible {
    let code: Int32

    var description: String { String(cString: strerror(code)) }
}
