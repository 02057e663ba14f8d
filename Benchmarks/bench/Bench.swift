import CourierBench

#if COURIER_CURL
import CourierBenchCurl
#endif
#if os(Linux)
import CourierBenchEngine
#endif

/// `bench`: Courier's own scenarios, declared with CourierBench as any package declares its own,
/// plus the fixture server's two commands.
@main struct Bench: BenchMain {
    static let suite = BenchSuite(
        tool: "bench",
        scenarios: RequestBuildingScenarios.all + EncodingScenarios.all + DecodingScenarios.all + LoadScenarios.all + JourneyScenarios.all
            + EngineScenarios.all,
        models: FixtureModels.all,
        transports: transports,
        commands: [ServeCommand.self, FixturesCommand.self]
    )

    /// The HTTP stacks this build offers beside URLSession: Courier's own engine on Linux, and curl
    /// when libcurl's header was found.
    static var transports: [TransportKind] {
        var kinds: [TransportKind] = []
        #if os(Linux)
        kinds.append(.engine)
        #endif
        #if COURIER_CURL
        kinds.append(.curl)
        #endif
        return kinds
    }
}
