#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call the server could not make, with the system's explanation.
public struct SocketError: Error, CustomStringConvertible {
    /// The call that failed, such as `bind`.
    public let call: String
    /// `errno` at the time.
    public let code: Int32

    init(call: String) {
        self.call = call
        code = errno
    }

    /// `bind: Address already in use`.
    public var description: String {
        "\(call): \(String(cString: strerror(code)))"
    }
}
