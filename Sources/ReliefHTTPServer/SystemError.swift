import Glibc

/// The `errno` of a failed system call; prints as the C library's sentence for it.
package struct SystemError: Error, Equatable, CustomStringConvertible {
    package let code: Int32

    package init(code: Int32) {
        self.code = code
    }

    package var description: String { String(cString: strerror(code)) }
}
