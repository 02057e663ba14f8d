#if COURIER_OPENSSL
import CourierSystem
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A hostile server's accepting thread: polls the listener and the wake-up pipe, and starts a
/// thread for each connection it admits.
struct HostileAcceptor: Sendable {
    let listener: Int32
    let wake: Int32
    let context: TLSContext
    let behaviour: HostileBehaviour
    let counters: HostileCounters
    let registry: ConnectionRegistry

    /// Accepts until a byte arrives on the wake-up pipe, then closes the listener and the pipe's
    /// read end. Connection threads outlive it until their connections end.
    func run() {
        var descriptors = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0), pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
        while true {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            _ = Posix.poll(&descriptors, timeout: -1)
            if descriptors[0].revents != 0 { break }
            while let descriptor = Posix.accept(from: listener) {
                guard registry.admit(descriptor) else { continue }
                counters.connectionsAccepted.wrappingAdd(1, ordering: .relaxed)
                let thread = Thread { [self] in serve(descriptor) }
                thread.name = "HostileServer connection \(descriptor)"
                thread.start()
            }
        }
        Posix.close(listener)
        Posix.close(wake)
    }

    /// One connection, on its own thread: the handshake, then the behaviour, then the close.
    private func serve(_ descriptor: Int32) {
        defer { registry.close(descriptor) }
        Posix.blockBrokenPipeSignal()
        guard Posix.makeBlocking(descriptor, timeout: HostileServer.ioTimeoutSeconds),
            let connection = TLSConnection(descriptor: descriptor, context: context), connection.handshake()
        else { return }
        switch behaviour {
        case .http1OK:
            HTTP1Session(connection: connection, counters: counters).run(bodyBytes: nil, closeNotify: false)
        case .http1CloseDelimited(let bodyBytes, let closeNotify):
            HTTP1Session(connection: connection, counters: counters).run(bodyBytes: bodyBytes, closeNotify: closeNotify)
        default:
            HTTP2Session(connection: connection, behaviour: behaviour, counters: counters).run()
        }
    }
}
#endif
