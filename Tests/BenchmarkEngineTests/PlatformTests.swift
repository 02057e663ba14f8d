import Testing

@testable import BenchmarkEngine

/// The descriptor limit as `bench` raises it at start (issue 19, item 6). Raising this process's
/// soft limit toward its hard one cannot disturb a test running beside this one; lowering it
/// could, so a lowered limit is tested in a child process (`BenchTests/DescriptorLimitTests`).
@Suite struct PlatformTests {
    @Test func raisingTheDescriptorLimitTakesTheSoftOneToTheHardOneAndNeverLowersIt() {
        let before = Platform.descriptorLimit
        #expect(before.soft > 0 && before.soft <= before.hard)
        let raised = Platform.raiseDescriptorLimit()
        #expect(raised.hard == before.hard)
        #expect(raised.soft >= before.soft)
        #if os(Linux)
        #expect(raised.soft == raised.hard)
        #endif
        #expect(Platform.raiseDescriptorLimit() == raised, "a second raise changes nothing")
        #expect(Platform.descriptorLimit == raised)
    }
}
