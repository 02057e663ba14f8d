// The ```swift blocks of Sources/Courier/Documentation.docc/Transports.md,
// word for word, each wrapped in what it needs to compile, so that the article's examples cannot
// drift from the API: `ReadmeMirrorTests` fails when a block of the article is in none of this
// target's files.
//
// To add or change an example: change it in the article, then paste the block here unchanged (in a
// function of its own when it holds statements, at file level when it declares types) and add what
// it takes for granted to the support section of ReadmeExamples.swift. Then run
// `swift test --filter ReadmeTests`.
//
// The curl transport's example needs the `Curl` trait, as `CourierCurl` does.

import Courier
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if COURIER_CURL
import CourierCurl
import Synchronization
#endif
#if os(Linux)
import CourierEngine
#endif

#if os(Linux)
func engine() throws {
    let transport = try EngineTransport(configuration: EngineConfiguration(maximumConnectionsPerHost: 64))
    let client = APIClient(baseURL: URL(string: "http://127.0.0.1:8080/")!, transport: transport)
    _ = client
}
#endif

#if COURIER_CURL
func curl() async throws {
    let transport = try CurlTransport(
        configuration: CurlConfiguration(
            maximumConnectionsPerHost: 64,  // requests in flight per origin; the rest wait in order
            maximumConnections: 256,  // in all
            timeout: .seconds(10),  // per request, counted from when it leaves the queue
            httpVersion: .http1_1  // or .http2 (TLS, ALPN) / .http2PriorKnowledge (h2c, see below)
        ))
    let client = APIClient(baseURL: URL(string: "http://127.0.0.1:8080/")!, transport: transport)
    let movie = try await client.send(MovieDetail())
    await transport.shutdown()  // cancels what is in flight, tears libcurl down on its thread
    show(movie)
}

func observedTransfers() async throws {
    let handshakes = Mutex<[Duration]>([])
    let transport = try CurlTransport(configuration: CurlConfiguration(maximumConnectionsPerHost: 8)) { metrics in
        // On the reactor thread, once per finished transfer: keep it short, never block.
        if let handshake = metrics.tlsHandshake { handshakes.withLock { $0.append(handshake) } }
    }
    await transport.shutdown()
    show(handshakes.withLock { $0 })
}
#endif
