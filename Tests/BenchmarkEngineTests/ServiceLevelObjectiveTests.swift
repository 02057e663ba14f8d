import Testing

@testable import BenchmarkEngine

/// Parsing `--slo` expressions: every metric, operator and unit, and a caret under what is wrong.
@Suite struct ServiceLevelObjectiveTests {
    @Test(arguments: [
        ("p99<=50ms", ServiceLevelObjective.Metric.percentile(99), ServiceLevelObjective.Comparison.atMost, 50_000_000.0),
        ("p99.9<=200ms", .percentile(99.9), .atMost, 200_000_000),
        ("p99.99 < 1s", .percentile(99.99), .lessThan, 1_000_000_000),
        ("p50<250us", .percentile(50), .lessThan, 250_000),
        ("p0>=1ns", .percentile(0), .atLeast, 1),
        ("p100<=2µs", .percentile(100), .atMost, 2_000),
        ("max<=1.5s", .maximum, .atMost, 1_500_000_000),
        ("mean<20ms", .mean, .lessThan, 20_000_000),
        ("errors<=0.1%", .errors, .atMost, 0.001),
        ("errors < 0 %", .errors, .lessThan, 0),
        ("rate>=99%", .rate, .atLeast, 0.99),
        ("rate>50%", .rate, .greaterThan, 0.5),
    ])
    func parsesEveryMetricOperatorAndUnit(
        text: String, metric: ServiceLevelObjective.Metric, comparison: ServiceLevelObjective.Comparison, threshold: Double
    ) throws {
        let objective = try ServiceLevelObjective(parsing: text)
        #expect(objective.metric == metric)
        #expect(objective.comparison == comparison)
        #expect(abs(objective.threshold - threshold) <= threshold * 1e-12)
        #expect(objective.expression == text.filter { !$0.isWhitespace })
    }

    @Test func aNameAndAColonMakeItAnObjectiveOfOneRequest() throws {
        let objective = try ServiceLevelObjective(parsing: "GET /issues/{id}: p99 <= 80ms")
        #expect(objective.request == "GET /issues/{id}")
        #expect(objective.metric == .percentile(99))
        #expect(objective.threshold == 80_000_000)
        #expect(objective.expression == "GET /issues/{id}:p99<=80ms")
        // The last colon ends the name: an absolute URL may be a name.
        #expect(try ServiceLevelObjective(parsing: "http://x:8080/a:errors<=1%").request == "http://x:8080/a")
        #expect(try ServiceLevelObjective(parsing: "p99<=80ms").request == nil)
    }

    @Test func aNamedObjectiveLocatesItsErrorInTheWholeText() {
        #expect {
            try ServiceLevelObjective(parsing: "list:p99<=80")
        } throws: { error in
            guard let error = error as? ObjectiveSyntaxError else { return false }
            return error.offset == 12 && error.problem.hasPrefix("a duration needs a unit")
        }
        #expect {
            try ServiceLevelObjective(parsing: " :p99<=80ms")
        } throws: { error in
            (error as? ObjectiveSyntaxError)?.problem == "expected a request's name before ':'"
        }
    }

    @Test(arguments: [
        // text, offset, length, start of the problem
        ("p99x<=50ms", 3, 1, "expected a comparison"),
        ("p99=50ms", 3, 1, "expected a comparison"),
        ("p99==50ms", 3, 2, "expected a comparison"),
        ("p99=<50ms", 3, 2, "expected a comparison"),
        ("latency<=50ms", 0, 7, "unknown metric 'latency'"),
        ("<=50ms", 0, 1, "expected a metric"),
        ("p<=50ms", 0, 1, "a percentile is"),
        ("p101<=50ms", 0, 4, "a percentile is"),
        ("p99.<=50ms", 0, 4, "a percentile is"),
        ("p99<=50", 7, 1, "a duration needs a unit"),
        ("p99<=50 parsecs", 8, 7, "unknown unit 'parsecs'"),
        ("p99<=ms", 5, 1, "expected a duration"),
        ("p99<=50%", 7, 1, "unknown unit '%'"),
        ("errors<=0.1", 11, 1, "errors is a percentage"),
        ("errors<=5ms", 9, 2, "errors is a percentage"),
        ("rate>=150%", 6, 4, "a percentage is at most 100%"),
        ("p99<=50ms and more", 10, 8, "unexpected text"),
        ("", 0, 1, "expected a metric"),
    ])
    func aBadExpressionPointsAtItsBadPart(text: String, offset: Int, length: Int, problem: String) {
        #expect {
            try ServiceLevelObjective(parsing: text)
        } throws: { error in
            guard let error = error as? ObjectiveSyntaxError else { return false }
            return error.offset == offset && error.length == length && error.problem.hasPrefix(problem)
        }
    }

    @Test func theErrorShowsACaretUnderTheBadPart() {
        let error = ObjectiveSyntaxError(text: "p99=<50ms", offset: 3, length: 2, problem: "expected a comparison: <, <=, > or >=")
        #expect(error.description == "expected a comparison: <, <=, > or >=\n  p99=<50ms\n     ^^")
    }

    @Test func comparisonsHoldAsWritten() {
        #expect(ServiceLevelObjective.Comparison.atMost.holds(5, 5))
        #expect(!ServiceLevelObjective.Comparison.lessThan.holds(5, 5))
        #expect(ServiceLevelObjective.Comparison.atLeast.holds(5, 5))
        #expect(!ServiceLevelObjective.Comparison.greaterThan.holds(5, 5))
        #expect(ServiceLevelObjective.Metric.percentile(99.9).description == "p99.9")
        #expect(ServiceLevelObjective.Metric.percentile(50).description == "p50")
    }
}
