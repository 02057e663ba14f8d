import Foundation
import Testing

@testable import BenchmarkEngine
@testable import CourierBench

@Suite struct RequestMixTests {
    private static let shares = #"""
        {"version": 1, "requests": [
          {"name": "a", "url": "/a", "weight": 70}, {"name": "b", "url": "/b", "weight": 20},
          {"name": "c", "url": "/c", "weight": 8}, {"name": "d", "method": "POST", "url": "/d", "weight": 2, "body": {"text": "{}"}}]}
        """#

    private func counts(of mix: RequestMix, picks: Int) throws -> [Int] {
        var counts = Array(repeating: 0, count: mix.requests.count)
        for _ in 0..<picks { counts[try mix.request(mix.choose()).index] += 1 }
        return counts
    }

    @Test func sharesOf70_20_8_2AreHeldTightly() throws {
        let mix = try loadTargets(Self.shares).mix()
        let counts = try counts(of: mix, picks: 10_000)
        for (count, weight) in zip(counts, [70.0, 20, 8, 2]) {
            #expect(abs(Double(count) / 100 - weight) <= 0.5)
        }
        // Smooth weighted round-robin is exact in every run of 100 choices.
        #expect(counts == [7000, 2000, 800, 200])
    }

    @Test func everyWindowOfTheWeightsSumHasEachShareExactly() throws {
        let mix = try loadTargets(Self.shares).mix()
        for _ in 0..<5 {
            #expect(try counts(of: mix, picks: 100) == [70, 20, 8, 2])
        }
    }

    @Test func decimalWeightsAreShares() throws {
        let mix = try loadTargets(#"{"version": 1, "requests": [{"url": "/a", "weight": 0.5}, {"url": "/b", "weight": 1.5}]}"#).mix()
        #expect(try counts(of: mix, picks: 4000) == [1000, 3000])
    }

    @Test func concurrentWorkersTogetherMakeTheExactCounts() async throws {
        let mix = try loadTargets(Self.shares).mix()
        let counts = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var counts = [0, 0, 0, 0]
                    for _ in 0..<1250 { counts[try mix.request(mix.choose()).index] += 1 }
                    return counts
                }
            }
            var total = [0, 0, 0, 0]
            for try await part in group {
                for index in total.indices { total[index] += part[index] }
            }
            return total
        }
        #expect(counts == [7000, 2000, 800, 200])
    }

    @Test func aPreparedRequestHasItsNameMethodURLHeadersAndBody() throws {
        let targets = try loadTargets(
            #"""
            {"version": 1, "data": {"i": {"file": "i.csv"}}, "requests": [
              {"method": "PATCH", "url": "/issues/{{id}}?q={{title}}", "data": "i",
               "headers": {"X-Title": "{{title}}", "Accept": "application/json"}, "body": {"text": "{\"id\": {{id}}}"}}]}
            """#,
            files: ["i.csv": "id,title\n7,a b/c\n"])
        let mix = targets.mix()
        let request = try mix.request(mix.choose())
        #expect(request.name == "PATCH /issues/{{id}}?q={{title}}")
        #expect(request.index == 0)
        #expect(request.method == "PATCH")
        #expect(request.url == "http://127.0.0.1:8080/issues/7?q=a%20b/c")
        #expect(
            request.headers == [
                RequestOptions.Header(name: "Accept", value: "application/json"), RequestOptions.Header(name: "X-Title", value: "a b/c"),
            ])
        #expect(request.body == Data("{\"id\": 7}".utf8))
        let bareMix = try loadTargets(#"{"version": 1, "requests": [{"url": "/"}]}"#).mix()
        let bare = try bareMix.request(bareMix.choose())
        #expect(bare.body == nil)
        #expect(bare.headers.isEmpty)
    }

    private static let rows = ["d.csv": "id\n1\n2\n3\n"]

    private func ids(_ strategy: String, picks: Int) throws -> [String] {
        let mix = try loadTargets(
            #"{"version": 1, "data": {"d": {"file": "d.csv", \#(strategy)}}, "requests": [{"url": "/{{id}}", "data": "d"}]}"#,
            files: Self.rows
        ).mix()
        return try (0..<picks).map { _ in String(try mix.request(mix.choose()).url.dropFirst("http://127.0.0.1:8080/".count)) }
    }

    @Test func sequentialWrapsAround() throws {
        #expect(try ids(#""strategy": "sequential""#, picks: 7) == ["1", "2", "3", "1", "2", "3", "1"])
    }

    @Test func randomIsReproducibleByItsSeed() throws {
        let seven = try ids(#""strategy": "random", "seed": 7"#, picks: 40)
        #expect(try ids(#""strategy": "random", "seed": 7"#, picks: 40) == seven)
        #expect(try ids(#""strategy": "random", "seed": 8"#, picks: 40) != seven)
        #expect(Set(seven) == ["1", "2", "3"])
    }

    @Test func theSeededGeneratorIsSplitMix64() {
        // The first outputs of SplitMix64 seeded with 0, from the reference implementation.
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        for bound in [1, 2, 3, 1000] {
            #expect((0..<100).allSatisfy { _ in (0..<bound).contains(generator.index(below: bound)) })
        }
    }

    @Test func onceGivesEachRowOnceThenSaysWhichFileRanOut() throws {
        let targets = try loadTargets(
            #"{"version": 1, "data": {"d": {"file": "d.csv", "strategy": "once"}}, "requests": [{"url": "/{{id}}", "data": "d"}]}"#,
            files: Self.rows)
        let mix = targets.mix()
        #expect(try (0..<3).map { _ in try mix.request(mix.choose()).url.split(separator: "/").last ?? "" } == ["1", "2", "3"])
        let file = targets.dataSources[0].table.file
        #expect(throws: TargetsFileError.dataExhausted(file: file, rows: 3)) { try mix.request(mix.choose()) }
        #expect(throws: TargetsFileError.dataExhausted(file: file, rows: 3)) { try mix.request(mix.choose()) }
        #expect(
            TargetsFileError.dataExhausted(file: file, rows: 3).description
                == "the data file '\(file)' has run out: each of its 3 rows was used once (strategy 'once')")
    }

    @Test func aRequestWithTwoDataFilesLosesNoRowWhenOneRunsOut() throws {
        let targets = try loadTargets(
            #"""
            {"version": 1, "data": {"d": {"file": "d.csv"}, "o": {"file": "o.csv", "strategy": "once"}},
             "requests": [{"name": "both", "url": "/{{id}}/{{x}}", "data": ["d", "o"], "weight": 1},
                          {"name": "d", "url": "/d/{{id}}", "data": "d", "weight": 1}]}
            """#,
            files: Self.rows.merging(["o.csv": "x\nonly\n"]) { $1 })
        let mix = targets.mix()
        #expect(try mix.request(mix.choose()).url.hasSuffix("/1/only"))
        #expect(try mix.request(mix.choose()).url.hasSuffix("/d/2"))
        #expect(throws: TargetsFileError.dataExhausted(file: targets.dataSources[1].table.file, rows: 1)) { try mix.request(mix.choose()) }
        // The failed request took no row of `d`: the next one gets row 3.
        #expect(try mix.request(mix.choose()).url.hasSuffix("/d/3"))
    }

    @Test func onceGivesRowsInOrder() throws {
        #expect(try ids(#""strategy": "once""#, picks: 3) == ["1", "2", "3"])
    }

    @Test func requestsSharingADataFileShareItsCursor() throws {
        let mix = try loadTargets(
            #"{"version": 1, "data": {"d": {"file": "d.csv"}}, "requests": [{"url": "/a/{{id}}", "data": "d"}, {"url": "/b/{{id}}", "data": "d"}]}"#,
            files: Self.rows
        ).mix()
        let urls = try (0..<4).map { _ in try mix.request(mix.choose()).url.split(separator: "/").suffix(2).joined(separator: "/") }
        #expect(urls == ["a/1", "b/2", "a/3", "b/1"])
    }

    @Test func aValueWithALineBreakIsRefusedForAHeaderNamingItsLine() throws {
        let targets = try loadTargets(
            #"{"version": 1, "data": {"d": {"file": "d.csv"}}, "requests": [{"name": "r", "url": "/", "data": "d", "headers": {"Authorization": "Bearer {{token}}"}}]}"#,
            files: ["d.csv": "token\nfine\n\"evil\r\nX-Injected: 1\"\n"])
        let mix = targets.mix()
        #expect(try mix.request(mix.choose()).headers == [RequestOptions.Header(name: "Authorization", value: "Bearer fine")])
        let file = targets.dataSources[0].table.file
        let error = TargetsFileError.headerInjection(request: "r", header: "Authorization", variable: "token", file: file, line: 3)
        #expect(throws: error) { try mix.request(mix.choose()) }
        #expect(!error.description.contains("evil"))
        #expect(error.description.contains("\(file):3"))
    }
}
