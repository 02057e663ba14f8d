import CourierBench

#if COURIER_CURL
import CourierBenchCurl
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

    /// The HTTP stacks this build offers beside URLSession: curl when libcurl's header was found.
    static var transports: [TransportKind] {
        #if COURIER_CURL
        [.curl]
        #else
        []
        #endif
    }
}
