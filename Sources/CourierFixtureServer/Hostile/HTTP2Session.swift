#if COURIER_OPENSSL
import CourierSystem
import Foundation

/// The HTTP/2 behaviours on one connection: reads the preface and frames, takes each client
/// HEADERS frame as a request (its HPACK block is never decoded), and answers as the behaviour says.
///
/// Frames are handled a read at a time: first everything the read brought (SETTINGS acknowledged,
/// PINGs answered, streams opened or refused), then every stream whose request is complete is
/// answered. Used on its connection's thread only.
final class HTTP2Session {
    let connection: TLSConnection
    let behaviour: HostileBehaviour
    let counters: HostileCounters
    private var reader = HTTP2FrameReader()
    /// Streams whose HEADERS has been read and which have not been answered, in arrival order, with
    /// whether their request has ended (END_STREAM seen).
    private var open: [(stream: UInt32, complete: Bool)] = []
    /// Streams opened so far: ``HostileBehaviour/h2GoAwayAfter(requests:)`` counts to its limit.
    private var streamsOpened = 0
    /// The last stream GOAWAY promised to process, once sent.
    private var lastStream: UInt32?
    /// Set once the connection must end after what has been queued.
    private var finished = false
    /// What this batch of handling has to send, written once per batch.
    private var output: [UInt8] = []

    init(connection: TLSConnection, behaviour: HostileBehaviour, counters: HostileCounters) {
        self.connection = connection
        self.behaviour = behaviour
        self.counters = counters
    }

    /// Serves the connection until the client closes, a read fails or times out, or the behaviour
    /// ends it.
    func run() {
        guard readPreface() else { return }
        switch behaviour {
        case .h2NoSettings: break
        case .h2RefuseBeyond(let limit, true): send(.settings(maximumConcurrentStreams: UInt32(clamping: limit)))
        default: send(.settings(maximumConcurrentStreams: 100))
        }
        while true {
            do {
                while let frame = try reader.next() { handle(frame) }
            } catch {
                send(.goAway(lastStream: 0, .frameSizeError))
                finish()
            }
            if !finished { answerCompleteStreams() }
            guard flush(), !finished else { return }
            if case .h2GoAwayAfter = behaviour, lastStream != nil, open.isEmpty {
                // The grace nginx gives a connection it is retiring: long enough for the client to
                // read the last answer before the close.
                Thread.sleep(forTimeInterval: 0.1)
                connection.closeNotify()
                return
            }
            guard readBatch() else { return }
        }
    }

    // MARK: Reading

    private func readPreface() -> Bool {
        var bytes: [UInt8] = []
        while true {
            guard connection.read(appendingTo: &bytes) else { return false }
            reader.append(bytes)
            bytes.removeAll(keepingCapacity: true)
            if reader.takePreface() { return true }
            guard reader.mayBecomePreface else { return false }
        }
    }

    /// Reads once; for ``HostileBehaviour/h2RefuseBeyond(concurrentStreams:advertised:)``, goes on
    /// reading until the connection has been quiet for 2 ms (or 256 KiB have come), so that a burst
    /// of requests is one batch. False when the client closed or the read failed.
    private func readBatch() -> Bool {
        var bytes: [UInt8] = []
        guard connection.read(appendingTo: &bytes) else { return false }
        if case .h2RefuseBeyond = behaviour {
            while bytes.count < 256 * 1024, connection.hasPendingBytes || Posix.isReadable(connection.descriptor, within: 2) {
                guard connection.read(appendingTo: &bytes) else { break }
            }
        }
        reader.append(bytes)
        return true
    }

    // MARK: Handling

    private func handle(_ frame: HTTP2Frame) {
        switch frame.type {
        case .settings where !frame.has(HTTP2Frame.ack):
            send(HTTP2Frame(type: .settings, flags: HTTP2Frame.ack))
        case .ping where !frame.has(HTTP2Frame.ack):
            send(HTTP2Frame(type: .ping, flags: HTTP2Frame.ack, payload: frame.payload))
        case .headers where frame.stream & 1 == 1:
            open(frame.stream, complete: frame.has(HTTP2Frame.endStream))
        case .data:
            // Hands the request body's bytes back to the client's connection window, so that request
            // bodies on a long-lived connection never stall it.
            if !frame.payload.isEmpty { send(.windowUpdate(0, increment: UInt32(frame.payload.count))) }
            if frame.has(HTTP2Frame.endStream), let index = open.firstIndex(where: { $0.stream == frame.stream }) {
                open[index].complete = true
            }
        case .rstStream:
            open.removeAll { $0.stream == frame.stream }
        case .goAway:
            finish()
        default:
            // WINDOW_UPDATE, PRIORITY, CONTINUATION, acknowledgements, and what a client must not send.
            break
        }
    }

    private func open(_ stream: UInt32, complete: Bool) {
        counters.streamsStarted.wrappingAdd(1, ordering: .relaxed)
        switch behaviour {
        case .h2RefuseBeyond(let limit, _) where open.count >= limit:
            send(.rstStream(stream, .refusedStream))
            counters.streamsRefused.wrappingAdd(1, ordering: .relaxed)
            return
        case .h2GoAwayAfter:
            if let lastStream, stream > lastStream { return }
        case .h2WindowUpdateOverflow where streamsOpened == 0:
            send(.windowUpdate(0, increment: 0x7fff_ffff))
            send(.windowUpdate(0, increment: 0x7fff_ffff))
        default:
            break
        }
        open.append((stream, complete))
        streamsOpened += 1
        if case .h2GoAwayAfter(let requests) = behaviour, streamsOpened == requests {
            send(.goAway(lastStream: stream, .noError))
            counters.goAwaysSent.wrappingAdd(1, ordering: .relaxed)
            lastStream = stream
        }
    }

    private func answerCompleteStreams() {
        for entry in open where entry.complete {
            answer(entry.stream)
            if finished { return }
        }
        open.removeAll { $0.complete }
    }

    /// Queues `frame` for the write that ends this batch.
    func send(_ frame: HTTP2Frame) {
        frame.encode(into: &output)
    }

    /// Writes what is queued now; false when the client has gone.
    func flush() -> Bool {
        defer { output.removeAll(keepingCapacity: true) }
        return connection.write(output)
    }

    /// Ends the connection once what is queued has been written.
    func finish() {
        finished = true
    }
}
#endif
