import Foundation

/// A JUnit XML document, the results format CI systems read by themselves (GitLab's and Jenkins'
/// test reports, Buildkite's test analytics, GitHub's test-reporter actions): one `<testsuite>` of
/// test cases, each passed, failed (a regression, a broken limit: with its figures), in error (a
/// scenario that failed to run) or skipped (a metric measured on one side only).
///
/// The elements and attributes are the common subset that those readers and the Jenkins schema
/// (`junit-10.xsd`) agree on; `Tests/CourierBenchTests/Fixtures/junit.xsd` states it, and the tests
/// validate every document against it and read it back with PyPI's `junitparser`.
public struct JUnitReport: Sendable, Equatable {
    /// One test case: a scenario, or one judged metric of one.
    public struct TestCase: Sendable, Equatable {
        /// How it ended.
        public enum Outcome: Sendable, Equatable {
            /// Nothing to report.
            case passed
            /// A judgement against it (`<failure>`): the message in one line, the figures after it.
            case failure(message: String, details: String)
            /// It could not be judged because it failed to run (`<error>`).
            case error(message: String, details: String)
            /// Not judged, and why (`<skipped>`).
            case skipped(message: String)
        }

        /// The group a reader files it under: the scenario of a metric, or what judged the scenarios.
        public var classname: String
        /// Its own name: the metric, or the scenario.
        public var name: String
        /// Seconds it took, when that means something.
        public var seconds: Double?
        /// How it ended.
        public var outcome: Outcome
        /// Anything worth reading that does not fail it (a warning), as `<system-out>`.
        public var output: String?

        /// A test case as given.
        public init(classname: String, name: String, seconds: Double? = nil, outcome: Outcome = .passed, output: String? = nil) {
            self.classname = classname
            self.name = name
            self.seconds = seconds
            self.outcome = outcome
            self.output = output
        }
    }

    /// The suite's name: what was judged (`bench run 20261207-…`).
    public var name: String
    /// When the run started, ISO 8601.
    public var timestamp: String?
    /// The machine.
    public var hostname: String?
    /// Name–value pairs about the run: its build, version and commit.
    public var properties: [(name: String, value: String)]
    /// The test cases, in order.
    public var cases: [TestCase]
    /// Text for the whole suite: a debug build's warning.
    public var output: String?

    /// A suite of `cases`.
    public init(
        name: String, timestamp: String? = nil, hostname: String? = nil, properties: [(name: String, value: String)] = [],
        cases: [TestCase], output: String? = nil
    ) {
        self.name = name
        self.timestamp = timestamp
        self.hostname = hostname
        self.properties = properties
        self.cases = cases
        self.output = output
    }

    public static func == (a: JUnitReport, b: JUnitReport) -> Bool {
        a.name == b.name && a.timestamp == b.timestamp && a.hostname == b.hostname && a.cases == b.cases && a.output == b.output
            && a.properties.map(\.name) == b.properties.map(\.name) && a.properties.map(\.value) == b.properties.map(\.value)
    }

    /// The suite of a run judged as `name`: its environment's build, versions and commit as
    /// properties, and the debug build's warning as its output.
    public init(judging name: String, of report: Report, cases: [TestCase]) {
        let environment = report.environment
        var properties = [
            (name: "buildConfiguration", value: environment.buildConfiguration), (name: "toolVersion", value: environment.toolVersion),
            (name: "runID", value: report.runID),
        ]
        if let commit = environment.gitCommit { properties.append((name: "commit", value: commit)) }
        self.init(
            name: name, timestamp: report.startedAt, hostname: environment.hostName, properties: properties, cases: cases,
            output: environment.debugBuildWarning)
    }

    /// A run's suite (`--format junit`): a test case per scenario, in error when it failed to run, and
    /// one per judged metric of its comparison with a baseline when it has one.
    public init(run report: Report) {
        let tool = report.commandLine.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "bench"
        let scenarios =
            report.scenarios.map { TestCase(classname: "\(tool) run", name: $0.name, seconds: $0.durationSeconds) }
            + report.failedScenarios.map { failure in
                TestCase(
                    classname: "\(tool) run", name: failure.name,
                    outcome: .error(
                        message: "\(failure.name) \(failure.cause.rawValue): \(failure.reason)",
                        details: failure.log.map { "Its standard error: \($0), in the run's directory." } ?? failure.reason))
            }
        let judged = report.baselineComparison.map(Self.cases(of:)) ?? []
        self.init(judging: "\(tool) run \(report.runID)", of: report, cases: scenarios + judged)
    }

    /// A comparison's suite (`compare`): a test case per scenario and metric it judged.
    public init(comparison: RunComparison, of report: Report) {
        self.init(judging: "comparison with baseline \(comparison.baselineName)", of: report, cases: Self.cases(of: comparison))
    }

    /// A test case per row of `comparison`: a regression fails with its figures, a metric measured in
    /// one run only is skipped, a warning passes with its reason as output.
    public static func cases(of comparison: RunComparison) -> [TestCase] {
        comparison.rows.map { row in
            let figures =
                "baseline \(row.baseline.map(Comparator.format) ?? "–"), current \(row.current.map(Comparator.format) ?? "–")"
                + (row.relativeChange.map { String(format: " (%+.1f%%)", $0 * 100) } ?? "")
            var testCase = TestCase(classname: row.scenario, name: row.metric)
            switch row.verdict {
            case .regression:
                testCase.outcome = .failure(
                    message: "\(row.scenario) \(row.metric) regressed: \(figures)", details: "\(figures): \(row.reason)")
            case .notComparable:
                testCase.outcome = .skipped(message: row.reason)
            case .warning:
                testCase.output = "warning: \(figures): \(row.reason)"
            case .improvement, .withinNoise:
                testCase.output = "\(row.verdict.rawValue): \(figures)"
            }
            return testCase
        }
    }

    /// The document: `<testsuites>` holding the one `<testsuite>`, with the totals both carry.
    public func xml() -> String {
        let failures = cases.count { if case .failure = $0.outcome { true } else { false } }
        let errors = cases.count { if case .error = $0.outcome { true } else { false } }
        let skipped = cases.count { if case .skipped = $0.outcome { true } else { false } }
        let time = Self.seconds(cases.compactMap(\.seconds).reduce(0, +))
        let totals = #"tests="\#(cases.count)" failures="\#(failures)" errors="\#(errors)""#
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="\#(Self.escape(name))" \#(totals) time="\#(time)">"#,
        ]
        var suite = #"  <testsuite name="\#(Self.escape(name))" \#(totals) skipped="\#(skipped)" time="\#(time)""#
        if let timestamp { suite += #" timestamp="\#(Self.escape(timestamp))""# }
        if let hostname { suite += #" hostname="\#(Self.escape(hostname))""# }
        lines.append(suite + ">")
        if !properties.isEmpty {
            lines.append("    <properties>")
            lines += properties.map { #"      <property name="\#(Self.escape($0.name))" value="\#(Self.escape($0.value))"/>"# }
            lines.append("    </properties>")
        }
        for testCase in cases {
            var head = #"    <testcase classname="\#(Self.escape(testCase.classname))" name="\#(Self.escape(testCase.name))""#
            if let seconds = testCase.seconds { head += #" time="\#(Self.seconds(seconds))""# }
            var body: [String] = []
            switch testCase.outcome {
            case .passed: break
            case .failure(let message, let details):
                body.append(#"      <failure message="\#(Self.escape(message))" type="failure">\#(Self.escape(details))</failure>"#)
            case .error(let message, let details):
                body.append(#"      <error message="\#(Self.escape(message))" type="error">\#(Self.escape(details))</error>"#)
            case .skipped(let message):
                body.append(#"      <skipped message="\#(Self.escape(message))"/>"#)
            }
            if let output = testCase.output { body.append("      <system-out>\(Self.escape(output))</system-out>") }
            lines += body.isEmpty ? [head + "/>"] : [head + ">"] + body + ["    </testcase>"]
        }
        if let output { lines.append("    <system-out>\(Self.escape(output))</system-out>") }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text as XML character data and attribute values take it: HTML's escaping serves (the five
    /// markup characters as references, control characters, which XML 1.0 forbids, dropped).
    private static func escape(_ text: String) -> String {
        HTML.escape(text)
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value.isFinite ? value : 0)
    }
}
