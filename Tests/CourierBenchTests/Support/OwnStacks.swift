import CourierBench
import Testing

#if COURIER_CURL
import CourierBenchCurl
#endif
#if os(Linux)
import CourierBenchEngine
#endif

/// The transports with their own connections, TLS options and counts that this build has: the
/// tests that use those run over each, so that no transport is held to less than another.
let ownStacks: [TransportKind] = {
    var kinds: [TransportKind] = []
    #if COURIER_CURL
    kinds.append(.curl)
    #endif
    #if os(Linux)
    kinds.append(.engine)
    #endif
    return kinds
}()

extension TransportKind: CustomTestStringConvertible {
    public var testDescription: String { name }
}

extension BenchSuite {
    /// The test suite's models, offering `kind` beside URLSession.
    static func offering(_ kind: TransportKind) -> BenchSuite {
        BenchSuite(tool: "bench", scenarios: [], models: testSuite.models, transports: [kind])
    }
}
