import CourierBench
import Foundation
import Testing

@Suite struct BenchSuiteTests {
    @Test(arguments: [
        ("", "invalid scenario name '': it is empty"),
        ("decode/a\nb", "invalid scenario name 'decode/a\\nb': it contains a control character or line break"),
        ("decode\\list", "invalid scenario name 'decode\\\\list': it contains '\\' (use '/' between a group and a name)"),
        ("decode//list", "invalid scenario name 'decode//list': a part between '/' is empty, '.' or '..'"),
        ("../escape", "invalid scenario name '../escape': a part between '/' is empty, '.' or '..'"),
        ("/leading", "invalid scenario name '/leading': a part between '/' is empty, '.' or '..'"),
        (" padded", "invalid scenario name ' padded': it starts or ends with a space"),
    ])
    func aNameThatBreaksARuleIsRefusedAtStartupNamingIt(name: String, message: String) async {
        let suite = BenchSuite(tool: "bench", scenarios: [.custom(name) {}])
        #expect(suite.validate()?.description == message)
        #expect(await suite.status(["list"]) == 64, "nothing runs, not even help")
        #expect(await suite.status(["--help"]) == 64)
    }

    @Test func aDuplicateNameIsAnErrorNotAnOverwrittenRow() async {
        let suite = BenchSuite(tool: "bench", scenarios: [.custom("custom/a") {}, .custom("custom/a") {}])
        #expect(suite.validate() == .duplicate("scenario", "custom/a"))
        #expect(suite.validate()?.description == "two scenarios are named 'custom/a'; every scenario needs a name of its own")
        #expect(await suite.status(["run", "--quick"]) == 64)
    }

    @Test func aCommandMayNotTakeAStandardCommandsName() {
        let suite = BenchSuite(tool: "bench", scenarios: [], commands: [ListCommand.self])
        #expect(suite.validate() == .duplicate("command", "list"))
    }

    @Test func goodNamesPass() {
        let suite = BenchSuite(
            tool: "bench", scenarios: [.custom("decode/issues page (30)") {}, .custom("a/b/c-d_e.f") {}, .custom("solo") {}])
        #expect(suite.validate() == nil)
    }

    @Test func urlSessionIsAlwaysTheFirstTransportAndComesOnce() {
        let suite = BenchSuite(tool: "bench", scenarios: [], transports: [.urlSession])
        #expect(suite.transports.map(\.name) == ["urlsession"])
    }

    @Test func aScenariosOwnThresholdsApplyToItsPartnerToo() {
        let own = ThresholdOverrides(failingTime: 2)
        let suite = BenchSuite(tool: "bench", scenarios: [.custom("custom/a", thresholds: own) {}])
        #expect(suite.thresholds(for: "custom/a") == own)
        #expect(suite.thresholds(for: "custom/a (baseline: JSONDecoder)") == own)
        #expect(suite.thresholds(for: "custom/ab") == nil)
    }
}
